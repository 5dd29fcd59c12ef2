/// Links between pages: a chapter or heading to the page that holds it, and the ids headings
/// take in the site. A heading's id is its chapter's slug and its id in the chapter
/// (`writing.front-matter`), so every id occurs once in the whole book.
struct PageLinks: Sendable {
    private let slugs: [ChapterID: String]
    private let titles: [String: String]
    private let headingPages: [ChapterID: [String: Int]]

    /// `generatedTitles` name the cover and the sections Folio writes itself, for navigation and
    /// the document title.
    init(sections: [ParsedChapter], paged: PagedBook, generatedTitles: [GeneratedSection: String]) {
        slugs = Dictionary(uniqueKeysWithValues: sections.map { ($0.chapter.id, $0.chapter.slug) })
        titles = Dictionary(uniqueKeysWithValues: sections.filter { $0.chapter.role == .chapter }.map { ($0.chapter.slug, $0.title) })
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
        ["url": .string(root + page.url), "title": titles[page.slug].map(TemplateValue.string) ?? nil]
    }
}
