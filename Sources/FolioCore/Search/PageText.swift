extension [Block] {
    /// The words of a page as a reader sees them, for search: each paragraph, heading, code
    /// block and table cell on a line of its own. Raw HTML is markup, not words, and is left out.
    var searchText: String {
        var lines: [String] = []
        for block in self {
            block.walk(blocks: { block in
                switch block {
                case .paragraph(let content), .heading(_, let content, _): lines.append(content.plainText())
                case .codeBlock(_, let code): lines.append(code.hasSuffix("\n") ? String(code.dropLast()) : code)
                case .table(let table): lines += table.cells.map { $0.plainText() }
                case .blockQuote, .list, .html, .thematicBreak, .footnotes, .classed, .continued: break
                }
            })
        }
        return lines.joined(separator: "\n")
    }
}
