/// A chapter after parsing: its blocks, its title and the headings others can link to.
public struct ParsedChapter: Sendable, Equatable {
    public var chapter: Chapter
    public var title: String
    /// Blocks with heading ids assigned.
    public var blocks: [Block]
    public var headings: [Heading]

    public init(chapter: Chapter, title: String, blocks: [Block], headings: [Heading]) {
        self.chapter = chapter
        self.title = title
        self.blocks = blocks
        self.headings = headings
    }
}

public struct Heading: Sendable, Equatable {
    public var level: Int
    public var title: String
    public var id: String

    public init(level: Int, title: String, id: String) {
        self.level = level
        self.title = title
        self.id = id
    }
}
