/// A book as loaded: its options and its chapters in reading order.
public struct Book: Sendable {
    public var options: BookOptions
    /// Every chapter in reading order, drafts left out.
    public var chapters: [Chapter]
    /// The table of contents as the writer arranged it: parts, nesting, separators.
    public var contents: [ContentsEntry]
    /// Files the chapters refer to (images and other assets), relative to the book folder.
    public var assets: [String]

    public init(options: BookOptions, chapters: [Chapter], contents: [ContentsEntry], assets: [String] = []) {
        self.options = options
        self.chapters = chapters
        self.contents = contents
        self.assets = assets
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
