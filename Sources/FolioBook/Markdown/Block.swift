import FolioBase
import FolioOptions

/// A chapter's Markdown as Swift values, copied out of libcmark's tree.
/// Only the cases that hold a block, or more than a string, are boxed: a paragraph, the most
/// common block, is held in its array directly, not in an allocation of its own.
package enum Block: Sendable, Equatable, Codable {
    case paragraph([Inline])
    /// `id` is filled in by `assignHeadingIDs`; the parser leaves it empty.
    indirect case heading(level: Int, content: [Inline], id: String)
    case blockQuote([Block])
    indirect case list(MarkdownList)
    /// `info` is the fence's info string; indented code has none.
    indirect case codeBlock(info: String, code: String)
    case html(String)
    case thematicBreak
    /// A pipe table (GFM).
    indirect case table(MarkdownTable)
    /// The chapter's footnotes, in the order of their first reference, at its end (GFM).
    case footnotes([Footnote])
    /// A block quote tagged `[!NOTE]`, `[!TIP]`… on its first line (mdBook's admonitions).
    indirect case aside(Aside)
    /// Terms and their definitions (mdBook's definition lists).
    indirect case definitionList(DefinitionList)
    /// A heading with the classes its `{#id .class}` attributes give it.
    indirect case classed(Block, classes: [String])
    /// A line of the contents page Folio writes itself.
    indirect case contentsLine(ContentsLine)
    /// The rest of a block that began on an earlier page: a paragraph's later lines, a code
    /// block's later lines, a list whose first item began earlier, an aside without its title,
    /// or a definition list whose first entry began earlier.
    indirect case continued(Block)
}

package struct MarkdownList: Sendable, Equatable, Codable {
    /// The first number of an ordered list; nil for a bullet list.
    package var start: Int?
    /// A tight list renders its paragraphs without `<p>`.
    package var tight: Bool
    package var items: [[Block]]

    package init(start: Int?, tight: Bool, items: [[Block]]) {
        self.start = start
        self.tight = tight
        self.items = items
    }
}
