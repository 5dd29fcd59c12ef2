/// One Markdown section of the book, loaded but not yet parsed: a chapter, or the front cover.
public struct Chapter: Sendable, Equatable {
    public enum Role: Sendable, Equatable {
        /// A chapter of the reading order, listed in the contents.
        case chapter
        /// The front cover: a Markdown page, or an image made into one. It comes before the
        /// generated pages and is not in the contents.
        case cover
    }

    public var id: ChapterID
    public var role: Role
    /// The title the writer gave (front matter, or the link text in SUMMARY.md);
    /// without one, parsing takes the first level-1 heading, then the file name.
    public var declaredTitle: String?
    /// The chapter's place in URLs. It depends only on its own path, so it stays put when others change.
    public var slug: String
    /// Section number such as [2, 1] for numbered chapters; nil for prefix and suffix chapters.
    public var number: [Int]?
    /// The Markdown after any front matter.
    public var markdown: String
    /// The file line of the Markdown's first line (front matter comes before it).
    public var firstLine: Int

    public init(id: ChapterID, role: Role = .chapter, declaredTitle: String? = nil, slug: String, number: [Int]? = nil,
                markdown: String, firstLine: Int = 1) {
        self.id = id
        self.role = role
        self.declaredTitle = declaredTitle
        self.slug = slug
        self.number = number
        self.markdown = markdown
        self.firstLine = firstLine
    }

    /// Path relative to the book folder, e.g. `02-the-middle/01-a-detour.md`.
    public var path: String { id.path }

    /// Where a position in the Markdown body is in the chapter's file.
    public func location(_ position: MarkdownPosition) -> SourceLocation {
        SourceLocation(file: path, line: position.line + firstLine - 1, column: position.column)
    }
}
