import FolioBase

/// A line of the contents page, as in a printed book: a chapter's number and title, a link to
/// it, and after dot leaders the number of the page it starts on. The contents are laid out with
/// the book, so a line is made before its page is known and numbered once the chapters are laid
/// out (`GeneratedPages.numbered`).
package struct ContentsLine: Sendable, Equatable, Codable {
    /// The chapter's number and title, linked to it.
    package var title: [Inline]
    package var chapter: ChapterID
    /// The number its first page shows; empty until the chapters are laid out.
    package var page: String

    package init(title: [Inline], chapter: ChapterID, page: String = "") {
        self.title = title
        self.chapter = chapter
        self.page = page
    }
}
