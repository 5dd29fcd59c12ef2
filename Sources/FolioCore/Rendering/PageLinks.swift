/// Links between pages: a chapter or heading to the page that holds it.
struct PageLinks: Sendable {
    private let slugs: [String: String]
    private let titles: [String: String]
    private let headingPages: [String: [String: Int]]

    /// `generatedTitles` name the sections Folio writes itself, for navigation and the document title.
    init(chapters: [ParsedChapter], paged: PagedBook, generatedTitles: [GeneratedSection: String]) {
        slugs = Dictionary(uniqueKeysWithValues: chapters.map { ($0.chapter.path, $0.chapter.slug) })
        titles = Dictionary(uniqueKeysWithValues: chapters.map { ($0.chapter.slug, $0.title) })
            .merging(generatedTitles.map { ($0.key.rawValue, $0.value) }) { chapter, _ in chapter }
        headingPages = paged.headingPages
    }

    /// The title of the page's chapter or generated section.
    func title(of page: Page) -> String? {
        title(ofSlug: page.slug)
    }

    func title(ofSlug slug: String) -> String? {
        titles[slug]
    }

    /// The URL of `link` from the document of `page`.
    func url(of link: ChapterLink, from page: Page) -> String {
        guard let slug = slugs[link.chapter] else { return "" }
        guard let id = link.fragment else { return SiteLayout.pageToRoot + SiteLayout.chapterURL(slug) }
        let number = headingPages[link.chapter]?[id] ?? 1
        let url = SiteLayout.headingURL(slug: slug, number: number, id: id)
        // On its own page, a heading is reached by its fragment alone.
        let samePage = slug == page.slug && number == page.numberInSection
        return samePage ? "#" + SiteLayout.headingID(slug: slug, id: id) : SiteLayout.pageToRoot + url
    }

    /// The previous or next page, for navigation.
    func neighbour(_ page: Page, root: String) -> TemplateValue {
        ["url": .string(root + page.url), "title": titles[page.slug].map(TemplateValue.string) ?? nil]
    }
}
