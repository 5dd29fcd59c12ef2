/// One Markdown section of the book, loaded but not yet parsed: a chapter, or the front cover. Its
/// text is in the book's `ChapterSources`.
package struct Chapter: Sendable, Equatable, Codable {
    package enum Role: Sendable, Equatable, Codable {
        /// A chapter of the reading order, listed in the contents.
        case chapter
        /// The front cover: a Markdown page, or an image made into one. It comes before the
        /// generated pages and is not in the contents.
        case cover
    }

    package var id: ChapterID
    package var role: Role
    /// The title the writer gave (front matter, or the link text in SUMMARY.md);
    /// without one, parsing takes the first level-1 heading, then the file name.
    package var declaredTitle: String?
    /// The chapter's place in URLs. It depends only on its own path, so it stays put when others change.
    package var slug: String
    /// Section number such as [2, 1] for numbered chapters; nil for prefix and suffix chapters.
    package var number: [Int]?
    /// The file line of the Markdown's first line (front matter comes before it).
    var firstLine: Int
    /// The file and line each line of the Markdown came from, when `{{#include}}` brought in
    /// other files' lines; empty when they are all the chapter's own, in order.
    package var lineOrigins: [SourceLocation] = []
    /// Its front matter's keys written for other tools.
    package var meta: [MetaEntry] = []

    package init(id: ChapterID, role: Role = .chapter, declaredTitle: String? = nil, slug: String, number: [Int]? = nil,
                firstLine: Int = 1) {
        self.id = id
        self.role = role
        self.declaredTitle = declaredTitle
        self.slug = slug
        self.number = number
        self.firstLine = firstLine
    }

    /// Path relative to the book folder, e.g. `02-the-middle/01-a-detour.md`.
    package var path: String { id.path }

    /// Where a position in the Markdown body is in the chapter's file.
    package func location(_ position: MarkdownPosition) -> SourceLocation {
        if position.line >= 1, position.line <= lineOrigins.count {
            let origin = lineOrigins[position.line - 1]
            return SourceLocation(file: origin.file, line: origin.line, column: position.column)
        }
        return SourceLocation(file: path, line: position.line + firstLine - 1, column: position.column)
    }
}
