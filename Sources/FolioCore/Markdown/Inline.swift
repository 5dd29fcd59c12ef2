/// Text-level Markdown as Swift values.
public indirect enum Inline: Sendable, Equatable {
    case text(String)
    case softBreak
    case lineBreak
    case code(String)
    case html(String)
    case emphasis([Inline])
    case strong([Inline])
    case link(Reference, [Inline])
    case image(Reference, alt: [Inline])
}

/// Where a link or an image points, and where it was written, for messages about it.
public struct Reference: Sendable, Equatable {
    public var destination: String
    public var title: String
    public var position: MarkdownPosition
    /// Set by the link stage for links to chapters and headings; rendering turns it into a page URL.
    public var target: ChapterLink?

    public init(destination: String, title: String, position: MarkdownPosition, target: ChapterLink? = nil) {
        self.destination = destination
        self.title = title
        self.position = position
        self.target = target
    }
}
