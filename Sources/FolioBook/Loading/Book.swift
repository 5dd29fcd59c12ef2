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

    init(options: BookOptions, title: String, sections: [Chapter], contents: [ContentsEntry]) {
        self.options = options
        self.title = title
        self.sections = sections
        self.contents = contents
    }

    /// The chapters of the reading order, without the cover.
    package var chapters: [Chapter] { sections.filter { $0.role == .chapter } }
}
