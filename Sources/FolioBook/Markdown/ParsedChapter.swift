import FolioBase
import FolioOptions

/// A chapter after parsing: its blocks, its title and the headings and anchors others can link to.
package struct ParsedChapter: Sendable, Equatable, Codable {
    package var chapter: Chapter
    package var title: String
    /// Blocks with heading ids assigned.
    package var blocks: [Block]
    package var headings: [Heading]
    /// The ids its raw HTML gives, when raw HTML is rendered: link targets like headings.
    package var anchors: [String]
    /// The ids of its definition lists' terms: link targets as headings are, but not in the contents.
    var terms: [String] = []
    /// What parsing found that the writer should know: Markdown nested too deep.
    package var warnings: [Diagnostic] = []

    package init(chapter: Chapter, title: String, blocks: [Block], headings: [Heading], anchors: [String] = []) {
        self.chapter = chapter
        self.title = title
        self.blocks = blocks
        self.headings = headings
        self.anchors = anchors
    }
}

package struct Heading: Sendable, Equatable, Codable {
    package var level: Int
    package var title: String
    package var id: String

    init(level: Int, title: String, id: String) {
        self.level = level
        self.title = title
        self.id = id
    }
}
