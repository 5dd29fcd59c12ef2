import FolioBase
import FolioOptions
import FolioBook

/// Links between pages: a chapter or heading to the page that holds it.
package struct PageLinks: Sendable {
    private let sections: [ChapterID: ParsedChapter]
    package let generatedTitles: [GeneratedSection: String]
    private let targetPages: [ChapterID: [String: Int]]
    /// The ids written in raw HTML (and not also a heading's), which the site keeps as they are.
    private let rawHTMLIDs: [ChapterID: Set<String>]

    /// `generatedTitles` name the cover and the sections Folio writes itself, for navigation and
    /// the document title.
    package init(sections: [ChapterID: ParsedChapter], paged: PagedBook, generatedTitles: [GeneratedSection: String]) {
        self.sections = sections
        self.generatedTitles = generatedTitles
        targetPages = paged.targetPages
        rawHTMLIDs = sections.mapValues { Set($0.anchors).subtracting($0.headings.map(\.id)) }
    }

    /// The title of the page's chapter or generated section; the cover's is the book's.
    package func title(of page: Page) -> String? {
        if let id = page.chapter, let section = sections[id], section.chapter.role == .chapter { return section.title }
        return GeneratedSection(rawValue: page.slug).flatMap { generatedTitles[$0] }
    }

    /// The URL of `link` from the document of `page`.
    package func url(of link: ChapterLink, from page: Page) -> String {
        guard let target = target(of: link) else { return "" }
        // On its own page, a target is reached by its fragment alone.
        if let fragment = target.fragment, target.slug == page.slug, target.number == page.numberInSection { return "#" + fragment }
        return SiteLayout.pageToRoot + target.url
    }

    /// The page (and heading) of `link` as a path from the site root; its chapter's first page
    /// when the chapter has no such heading, with the fragment as written (a broken link kept,
    /// which `folio check` reports). Nil for a chapter the book does not have.
    package func siteURL(of link: ChapterLink) -> String? {
        target(of: link)?.url
    }

    /// The page that holds a link's target, and the id it has there: a heading's id in the site
    /// carries its chapter's slug, while raw HTML keeps the ids it was written with.
    private func target(of link: ChapterLink) -> (slug: String, number: Int, fragment: String?, url: String)? {
        guard let slug = sections[link.chapter]?.chapter.slug else { return nil }
        guard let id = link.fragment else { return (slug, 1, nil, SiteLayout.chapterURL(slug)) }
        guard let number = targetPages[link.chapter]?[id] else { return (slug, 1, id, SiteLayout.chapterURL(slug) + "#" + id) }
        let fragment = rawHTMLIDs[link.chapter]?.contains(id) == true ? id : SiteLayout.headingID(slug: slug, id: id)
        return (slug, number, fragment, SiteLayout.pageURL(slug: slug, number: number) + "#" + fragment)
    }
}
