import FolioBase

/// A chapter after parsing: its blocks, its title and the headings and anchors others can link to.
struct ParsedChapter: Sendable, Equatable {
    var chapter: Chapter
    var title: String
    /// Blocks with heading ids assigned.
    var blocks: [Block]
    var headings: [Heading]
    /// The ids its raw HTML gives, when raw HTML is rendered: link targets like headings.
    var anchors: [String]
    /// The ids of its definition lists' terms: link targets as headings are, but not in the contents.
    var terms: [String] = []
    /// What parsing found that the writer should know: Markdown nested too deep.
    var warnings: [Diagnostic] = []

    init(chapter: Chapter, title: String, blocks: [Block], headings: [Heading], anchors: [String] = []) {
        self.chapter = chapter
        self.title = title
        self.blocks = blocks
        self.headings = headings
        self.anchors = anchors
    }
}

struct Heading: Sendable, Equatable, Encodable {
    var level: Int
    var title: String
    var id: String

    init(level: Int, title: String, id: String) {
        self.level = level
        self.title = title
        self.id = id
    }
}
