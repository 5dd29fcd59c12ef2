import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import Foundation

/// What the page documents are rendered from besides their pages and neighbours: what every
/// page shares (`shared`), and each section's outline and where its targets are, which a page
/// reads of its own section and of those its links lead to.
package struct RenderInputs: Equatable, Encodable {
    struct Section: Equatable, Encodable {
        var id: ChapterID
        var role: Chapter.Role
        var slug: String
        var number: [Int]?
        var title: String
        var headings: [Heading]
        var anchors: [String]
        var meta: [MetaEntry]
    }

    var title: String
    var options: BookOptions
    /// The sections' counterparts in the book's other languages.
    var alternates: [String: [Alternate]]
    var themeOverrides: [String: Data]
    var sections: [Section]
    var targetPages: [ChapterID: [String: Int]]
    var assets: [String]
    /// The page's sizes and the faces' fingerprint: which lines of code may wrap on a page.
    var geometry: String
    var faces: UInt64

    init(_ project: LoadedProject, sections: [ParsedChapter], paged: PagedBook, assets: [String]) {
        title = project.loaded.book.title
        options = project.loaded.book.options
        alternates = project.loaded.book.alternates
        themeOverrides = project.loaded.themeOverrides
        self.sections = sections.map { Section(id: $0.chapter.id, role: $0.chapter.role, slug: $0.chapter.slug, number: $0.chapter.number,
                                               title: $0.title, headings: $0.headings, anchors: $0.anchors,
                                               meta: $0.chapter.meta) }
        targetPages = paged.targetPages
        self.assets = assets
        (geometry, faces) = (paged.geometry.cssVariables, paged.geometry.type.fingerprint)
    }

    /// What every page document reads: all but the sections and where their targets are, and
    /// the bytes of the theme's assets, which are copied, not read (a stylesheet edited changes no page).
    var shared: RenderInputs {
        var shared = self
        (shared.sections, shared.targetPages) = ([], [:])
        for path in themeOverrides.keys where SiteLayout.isResource(path) { shared.themeOverrides[path] = Data() }
        return shared
    }
}
