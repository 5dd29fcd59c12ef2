import FolioBase
import FolioOptions

/// A GFM pipe table: a header row, a delimiter row that sets each column's alignment, and rows.
package struct MarkdownTable: Sendable, Equatable, Codable {
    package enum Alignment: Sendable, Equatable, Codable { case none, left, center, right }

    package var alignments: [Alignment]
    package var header: [[Inline]]
    /// Every row has as many cells as the header: short rows are filled with empty cells.
    package var rows: [[[Inline]]]
    /// Set by the paginator when the table is too wide for the page at the text's size: it is
    /// then set in the page's small type.
    package var small = false
    /// Set by the paginator: each column's share of the page's width, in per cent; none before.
    package var widths: [Double] = []

    init(alignments: [Alignment], header: [[Inline]], rows: [[[Inline]]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }

    /// The header's cells and the rows' cells, in reading order.
    package var cells: [[Inline]] { header + rows.flatMap { $0 } }
}

/// Finds GFM tables in a paragraph's source lines. cmark, which knows no tables, reads a table
/// as a paragraph (or the end of one); GFM's rule is that a table starts where a line is a
/// delimiter row with as many cells as the line before it, and runs to the paragraph's end.
struct TableLines {
    /// One row of a table's source: its cells' text, `\|` already read as `|`, and where each starts.
    struct Row {
        var cells: [(text: String, column: Int)]
        var line: Int
    }

    /// The paragraph's lines before the table (none, or a paragraph's worth), the header, the
    /// alignments and the body rows; nil when the lines hold no table.
    static func find(_ lines: [(text: Substring, line: Int, column: Int)])
        -> (before: [Substring], header: Row, alignments: [MarkdownTable.Alignment], rows: [Row])?
    {
        guard lines.count >= 2 else { return nil }
        for index in 1..<lines.count {
            guard let alignments = delimiterRow(lines[index].text) else { continue }
            let header = cells(of: lines[index - 1])
            guard header.cells.count == alignments.count,
                  lines[index - 1].text.contains("|") || lines[index].text.contains("|") else { continue }
            let rows = lines[(index + 1)...].map { line in
                var row = cells(of: line)
                row.cells = Array(row.cells.prefix(alignments.count))
                while row.cells.count < alignments.count { row.cells.append(("", line.column)) }
                return row
            }
            return (lines[..<(index - 1)].map(\.text), header, alignments, rows)
        }
        return nil
    }

    /// `| :-- | --: |`: each cell dashes with an optional colon at either end.
    static func delimiterRow(_ line: Substring) -> [MarkdownTable.Alignment]? {
        // Most lines of most paragraphs hold a character no delimiter row has: looked at as bytes first.
        guard line.utf8.contains(UInt8(ascii: "-")), line.utf8.allSatisfy(isDelimiterRowByte) else { return nil }
        let row = cells(of: (line, 0, 1)).cells.map { $0.text }
        guard !row.isEmpty else { return nil }
        var alignments: [MarkdownTable.Alignment] = []
        for cell in row {
            let dashes = cell.drop { $0 == ":" }.reversed().drop { $0 == ":" }
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }), cell.count - dashes.count <= 2 else { return nil }
            switch (cell.hasPrefix(":"), cell.hasSuffix(":")) {
            case (true, true): alignments.append(.center)
            case (true, false): alignments.append(.left)
            case (false, true): alignments.append(.right)
            case (false, false): alignments.append(.none)
            }
        }
        return alignments
    }

    private static func isDelimiterRowByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t"): true
        default: false
        }
    }

    /// A row's cells: split at pipes that are not escaped, the outer pipes dropped, each cell
    /// trimmed, `\|` read as `|` (inside code spans too, as GFM does).
    static func cells(of line: (text: Substring, line: Int, column: Int)) -> Row {
        let characters = Array(line.text)
        var start = 0
        var end = characters.count
        while start < end, characters[start] == " " || characters[start] == "\t" { start += 1 }
        while end > start, characters[end - 1] == " " || characters[end - 1] == "\t" { end -= 1 }
        if start < end, characters[start] == "|" { start += 1 }
        if end > start, characters[end - 1] == "|", end - 2 < start || characters[end - 2] != "\\" { end -= 1 }
        var cells: [(String, Int)] = []
        var cell = ""
        var cellStart = start
        var index = start
        func close() {
            let leading = cell.prefix { $0 == " " || $0 == "\t" }.count
            let trimmed = cell.drop { $0 == " " || $0 == "\t" }
            let text = String(trimmed.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            cells.append((text, line.column + cellStart + leading))
            cell = ""
        }
        while index < end {
            let character = characters[index]
            if character == "\\", index + 1 < end, characters[index + 1] == "|" {
                cell.append("|")
                index += 2
                continue
            }
            if character == "|" {
                close()
                cellStart = index + 1
            } else {
                cell.append(character)
            }
            index += 1
        }
        if start < end || cells.isEmpty { close() }
        return Row(cells: cells, line: line.line)
    }
}
