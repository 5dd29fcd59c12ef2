/// A book as loaded: its options and its chapters in reading order.
public struct Book: Sendable {
    public var options: BookOptions
    public var cover: Cover?
    /// Every chapter in reading order, drafts left out.
    public var chapters: [Chapter]
    /// The table of contents as the writer arranged it: parts, nesting, separators.
    public var contents: [ContentsEntry]

    public init(options: BookOptions, cover: Cover? = nil, chapters: [Chapter], contents: [ContentsEntry]) {
        self.options = options
        self.cover = cover
        self.chapters = chapters
        self.contents = contents
    }
}

/// One line of the table of contents.
public indirect enum ContentsEntry: Sendable, Equatable {
    /// A part title (`# Part` in SUMMARY.md, or a folder).
    case part(String)
    /// A chapter (index into `Book.chapters`) and the chapters nested under it.
    case chapter(Int, [ContentsEntry])
    /// A draft chapter: listed in SUMMARY.md without a file.
    case draft(String)
    /// A `---` separator.
    case separator
}

/// The front cover: an image shown whole, or a page of Markdown.
public enum Cover: Sendable, Equatable {
    case image(String)
    case page(Chapter)
}

/// The sections Folio writes itself before the first chapter, by their slug.
public enum GeneratedSection: String, Sendable, CaseIterable {
    case cover, title, contents
}
