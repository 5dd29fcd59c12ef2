import FolioBase
import FolioOptions

/// A book as loaded: its options, its Markdown sections in reading order and its contents.
package struct Book: Sendable {
    package var options: BookOptions
    /// book.yml's title, or the book folder's name.
    package var title: String
    /// Every Markdown section in reading order: the cover first when it is a page, then the
    /// chapters, drafts left out.
    package var sections: [Chapter]
    /// The table of contents as the writer arranged it: parts, nesting, separators.
    package var contents: [ContentsEntry]
    /// In a book in many languages, each section's counterparts in the others, by the section's slug.
    package var alternates: [String: [Alternate]] = [:]

    init(options: BookOptions, title: String, sections: [Chapter], contents: [ContentsEntry]) {
        self.options = options
        self.title = title
        self.sections = sections
        self.contents = contents
    }

    /// The chapters of the reading order, without the cover.
    package var chapters: [Chapter] { sections.filter { $0.role == .chapter } }
}

/// A section's counterpart in another language: the first page of the same section there, as a
/// link from this book's root (absolute when book.yml gives the site's `url`). `x-default` is the
/// default language's.
package struct Alternate: Sendable, Equatable, Encodable {
    package var language: String
    package var href: String
}
