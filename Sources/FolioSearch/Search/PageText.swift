import FolioBase
import FolioOptions
import FolioBook
import FolioPagination

extension [Block] {
    /// The words of a page as a reader sees them, for search: each paragraph, heading, term, code
    /// block and table cell on a line of its own. Raw HTML is markup, not words, and is left out.
    var searchText: String {
        // Its lines made in one buffer, a line break between each two.
        var text = TextBuffer(capacity: 4096)
        var first = true
        func line() {
            if !first { text += "\n" }
            first = false
        }
        for block in self {
            block.walk(blocks: { block in
                switch block {
                case .paragraph(let content), .heading(_, let content, _):
                    line()
                    content.appendPlainText(to: &text)
                case .codeBlock(_, let code):
                    line()
                    text += code.hasSuffix("\n") ? code.dropLast() : code[...]
                case .table(let table):
                    for cell in table.cells {
                        line()
                        cell.appendPlainText(to: &text)
                    }
                case .definitionList(let list):
                    for entry in list.entries where !entry.term.isEmpty {
                        line()
                        entry.term.appendPlainText(to: &text)
                    }
                case .blockQuote, .aside, .list, .html, .thematicBreak, .footnotes, .classed, .continued, .contentsLine: break
                }
            })
        }
        // Words are found as they are typed, without the soft hyphens of justified text.
        text.remove(softHyphen)
        return text.text
    }
}
