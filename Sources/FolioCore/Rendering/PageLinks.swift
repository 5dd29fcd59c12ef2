/// Links between pages: a chapter or heading to the page that holds it, and the ids headings
/// take in the site. A heading's id is its chapter's slug and its id in the chapter
/// (`writing.front-matter`), so every id occurs once in the whole book.
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
        let number = link.fragment.flatMap { headingPages[link.chapter]?[$0] } ?? 1
        let fragment = link.fragment.map { "#" + Self.domID(slug: slug, id: $0) } ?? ""
        if slug == page.slug && number == page.numberInSection && !fragment.isEmpty { return fragment }
        return SiteLayout.pageToRoot + SiteLayout.pageURL(slug: slug, number: number) + fragment
    }

    static func domID(slug: String, id: String) -> String {
        "\(slug).\(id)"
    }

    /// The previous or next page, for navigation.
    func neighbour(_ page: Page, root: String) -> TemplateValue {
        ["url": .string(root + page.url), "title": title(of: page).map(TemplateValue.string) ?? nil]
    }
}
