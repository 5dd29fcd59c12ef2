/// Links between pages: a chapter or heading to the page that holds it, and the ids headings
/// take in the site. A heading's id is its chapter's slug and its id in the chapter
/// (`writing.front-matter`), so every id occurs once in the whole book.
struct PageLinks: Sendable {
    private let slugs: [String: String]
    private let titles: [String: String]
    private let headingPages: [String: [String: Int]]

    init(chapters: [ParsedChapter], paged: PagedBook) {
        slugs = Dictionary(uniqueKeysWithValues: chapters.map { ($0.chapter.path, $0.chapter.slug) })
        titles = Dictionary(uniqueKeysWithValues: chapters.map { ($0.chapter.slug, $0.title) })
        headingPages = paged.headingPages
    }

    /// The URL of `link` from the document of `page`.
    func url(of link: ChapterLink, from page: Page) -> String {
        guard let slug = slugs[link.chapter] else { return "" }
        let number = link.fragment.flatMap { headingPages[link.chapter]?[$0] } ?? 1
        let fragment = link.fragment.map { "#" + Self.domID(slug: slug, id: $0) } ?? ""
        if slug == page.slug && number == page.numberInSection && !fragment.isEmpty { return fragment }
        return SiteLayout.pageToRoot + SiteLayout.pageURL(slug: slug, number: number) + fragment
    }

    func domID(chapter: ParsedChapter?, id: String) -> String {
        chapter.map { Self.domID(slug: $0.chapter.slug, id: id) } ?? id
    }

    static func domID(slug: String, id: String) -> String {
        "\(slug).\(id)"
    }

    /// The previous or next page, for navigation.
    func neighbour(_ page: Page, root: String) -> TemplateValue {
        ["url": .string(root + page.url), "title": titles[page.slug].map(TemplateValue.string) ?? nil]
    }
}
