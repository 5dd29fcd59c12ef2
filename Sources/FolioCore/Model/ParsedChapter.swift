/// A chapter after parsing: its blocks, its title and the headings others can link to.
struct ParsedChapter: Sendable, Equatable {
    var chapter: Chapter
    var title: String
    /// Blocks with heading ids assigned.
    var blocks: [Block]
    var headings: [Heading]

    init(chapter: Chapter, title: String, blocks: [Block], headings: [Heading]) {
        self.chapter = chapter
        self.title = title
        self.blocks = blocks
        self.headings = headings
    }
}

struct Heading: Sendable, Equatable {
    var level: Int
    var title: String
    var id: String

    init(level: Int, title: String, id: String) {
        self.level = level
        self.title = title
        self.id = id
    }
}
