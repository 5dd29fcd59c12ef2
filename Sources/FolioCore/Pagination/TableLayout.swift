/// Tables and footnotes on the page. A table is laid out as the theme sets it: the page's width,
/// equal columns (`table-layout: fixed`), cells padded by `cellPadBlock` and `cellPadInline`,
/// wrapping anywhere when they must; a table whose text would not fit on one line per cell at
/// the text's size is set in the page's small type. It splits between rows, its header repeated.
/// Footnotes are measured and split as the loose ordered list they are drawn as.
extension Typesetter {
    /// The table with its type size chosen for a box `width` wide.
    func settingType(of table: MarkdownTable, width: Double) -> MarkdownTable {
        var table = table
        let columns = Double(max(table.alignments.count, 1))
        var natural = 0.0
        for column in table.alignments.indices {
            let cells = [table.header[column]] + table.rows.map { $0[column] }
            let widest = cells.enumerated().map { index, cell in
                TextAtomizer.atoms(cell, geometry: geometry, fontSize: geometry.fontSize, bold: index == 0, images: images, width: width)
                    .reduce(0) { $0 + $1.width }
            }.max() ?? 0
            natural += widest + 2 * geometry.cellPadInline
        }
        table.small = natural > width || columns * (2 * geometry.cellPadInline + geometry.fontSize * 4) > width
        return table
    }

    /// The header's height and each row's.
    func rowHeights(_ table: MarkdownTable, width: Double) -> (header: Double, body: [Double]) {
        let size = table.small ? geometry.tableSmallSize : geometry.fontSize
        let line = table.small ? geometry.tableSmallLine : geometry.lineHeight
        // The browser's column may come out a fraction narrower than a share of the width.
        let cellWidth = width / Double(max(table.alignments.count, 1)) - 2 * geometry.cellPadInline - 1
        func height(_ cells: [[Inline]], bold: Bool) -> Double {
            let lines = cells.map { cell in
                let atoms = TextAtomizer.atoms(cell, geometry: geometry, fontSize: size, bold: bold, images: images, width: cellWidth)
                return max(line, LineBreaker(width: cellWidth, lineHeight: line).lines(atoms, indent: 0).reduce(0) { $0 + $1.height })
            }
            return (lines.max() ?? line) + 2 * geometry.cellPadBlock
        }
        return (height(table.header, bold: true), table.rows.map { height($0, bold: false) })
    }

    func splitTable(_ table: MarkdownTable, width: Double, available: Double) -> (Block, Block)? {
        let heights = rowHeights(table, width: width)
        var used = heights.header
        var fitting = 0
        while fitting < heights.body.count, used + heights.body[fitting] <= available + 0.01 {
            used += heights.body[fitting]
            fitting += 1
        }
        guard fitting > 0, fitting < table.rows.count else { return nil }
        var head = table
        var tail = table
        head.rows = Array(table.rows[..<fitting])
        tail.rows = Array(table.rows[fitting...])
        return (.table(head), .continued(.table(tail)))
    }

    /// The notes as the list they are drawn as, each note's last paragraph with its link back.
    func notesAsList(_ notes: [Footnote]) -> MarkdownList {
        MarkdownList(start: notes.first?.number ?? 1, tight: false, items: notes.map { note in
            let backlinks = Inline.text(String(repeating: " ↩", count: max(1, note.references)))
            if case .paragraph(let content)? = note.blocks.last { return note.blocks.dropLast() + [.paragraph(content + [backlinks])] }
            return note.blocks + [.paragraph([backlinks])]
        })
    }

    /// Footnotes split between notes.
    func splitFootnotes(_ notes: [Footnote], width: Double, available: Double) -> (Block, Block)? {
        let inner = width - geometry.listIndent
        var used = 0.0
        var fitting = 0
        let items = notesAsList(notes).items
        while fitting < notes.count {
            let gap = fitting > 0 && items[fitting - 1].contains { $0.isParagraph } ? geometry.gap : 0
            let needed = gap + height(of: items[fitting], width: inner)
            guard used + needed <= available + 0.01 else { break }
            used += needed
            fitting += 1
        }
        guard fitting > 0, fitting < notes.count else { return nil }
        return (.footnotes(Array(notes[..<fitting])), .continued(.footnotes(Array(notes[fitting...]))))
    }
}
