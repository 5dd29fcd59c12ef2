/// Links between pages: a chapter or heading to the page that holds it.
struct PageLinks: Sendable {
    private let sections: [ChapterID: ParsedChapter]
    let generatedTitles: [GeneratedSection: String]
    private let headingPages: [ChapterID: [String: Int]]

    /// `generatedTitles` name the cover and the sections Folio writes itself, for navigation and
    /// the document title.
    init(sections: [ChapterID: ParsedChapter], paged: PagedBook, generatedTitles: [GeneratedSection: String]) {
        self.sections = sections
        self.generatedTitles = generatedTitles
        headingPages = paged.headingPages
    }

    /// The title of the page's chapter or generated section; the cover's is the book's.
    func title(of page: Page) -> String? {
        if let id = page.chapter, let section = sections[id], section.chapter.role == .chapter { return section.title }
        return GeneratedSection(rawValue: page.slug).flatMap { generatedTitles[$0] }
    }

    /// The URL of `link` from the document of `page`.
    func url(of link: ChapterLink, from page: Page) -> String {
        guard let slug = sections[link.chapter]?.chapter.slug else { return "" }
        guard let id = link.fragment else { return SiteLayout.pageToRoot + SiteLayout.chapterURL(slug) }
        let number = headingPages[link.chapter]?[id] ?? 1
        let url = SiteLayout.headingURL(slug: slug, number: number, id: id)
        // On its own page, a heading is reached by its fragment alone.
        let samePage = slug == page.slug && number == page.numberInSection
        return samePage ? "#" + SiteLayout.headingID(slug: slug, id: id) : SiteLayout.pageToRoot + url
    }

    /// The page (and heading) of `link` as a path from the site root; its chapter's first page
    /// when the chapter has no such heading. Nil for a chapter the book does not have.
    func siteURL(of link: ChapterLink) -> String? {
        guard let slug = sections[link.chapter]?.chapter.slug else { return nil }
        guard let id = link.fragment, let number = headingPages[link.chapter]?[id] else { return SiteLayout.chapterURL(slug) }
        return SiteLayout.headingURL(slug: slug, number: number, id: id)
    }

    /// The previous or next page, for navigation.
    func neighbour(_ page: Page, root: String) -> TemplateValue {
        ["url": .string(root + page.url), "title": title(of: page).map(TemplateValue.string) ?? nil]
    }
}
