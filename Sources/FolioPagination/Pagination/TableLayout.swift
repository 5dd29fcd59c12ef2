import FolioBase
import FolioOptions
import FolioBook

/// Tables and footnotes on the page. A table is laid out as the theme sets it: the page's width,
/// the columns' widths chosen here and written into its HTML (`table-layout: fixed`), cells
/// padded by `cellPadBlock` and `cellPadInline`, wrapping anywhere when they must; a table whose
/// cells would not all fit on one line at the text's size is set in the page's small type. It splits between rows, its header repeated.
/// Footnotes are measured and split as the loose ordered list they are drawn as.
extension Typesetter {
    /// The table with its type size and its columns' widths chosen for a box `width` wide. A
    /// column gets at least its longest word and at most its longest cell on one line; between
    /// the two, the room left is shared as a browser's automatic layout shares it.
    func settingType(of table: MarkdownTable, width: Double) -> MarkdownTable {
        var table = table
        func measure(size: Double) -> (natural: [Double], least: [Double]) {
            var natural: [Double] = []
            var least: [Double] = []
            for column in table.alignments.indices {
                let atoms = ([table.header[column]] + table.rows.map { $0[column] }).enumerated().map { index, cell in
                    TextAtomizer.atoms(cell, geometry: geometry, fontSize: size, bold: index == 0, images: images, width: width)
                }
                let padding = 2 * geometry.cellPadInline + 1
                natural.append((atoms.map { $0.atoms.reduce(0) { $0 + $1.width } }.max() ?? 0) + padding)
                least.append((atoms.flatMap { $0.atoms.map(\.width) }.max() ?? 0) + padding)
            }
            return (natural, least)
        }
        var (natural, least) = measure(size: geometry.fontSize)
        if natural.reduce(0, +) > width {
            table.small = true
            (natural, least) = measure(size: geometry.tableSmallSize)
        }
        let (most, fewest) = (natural.reduce(0, +), least.reduce(0, +))
        let widths: [Double] = if most <= width {
            natural.map { $0 * width / max(most, 1) }
        } else if fewest < width {
            zip(least, natural).map { low, high in low + (high - low) * (width - fewest) / (most - fewest) }
        } else {
            least.map { $0 * width / fewest }
        }
        // Tenths of a per cent, rounded down, so that they never add up to more than the whole.
        table.widths = widths.map { ($0 / width * 1000).rounded(.down) / 10 }
        return table
    }

    /// The header's height and each row's.
    func rowHeights(_ table: MarkdownTable, width: Double) -> (header: Double, body: [Double]) {
        let size = table.small ? geometry.tableSmallSize : geometry.fontSize
        let line = table.small ? geometry.tableSmallLine : geometry.lineHeight
        let columns = Double(max(table.alignments.count, 1))
        // The browser's column may come out a fraction narrower than its share of the width.
        let cellWidths = table.alignments.indices.map { column in
            (table.widths.isEmpty ? width / columns : table.widths[column] / 100 * width) - 2 * geometry.cellPadInline - 1
        }
        func height(_ cells: [[Inline]], bold: Bool) -> Double {
            let lines = zip(cells, cellWidths).map { cell, cellWidth in
                let atoms = TextAtomizer.atoms(cell, geometry: geometry, fontSize: size, bold: bold, images: images, width: cellWidth)
                return max(line, LineBreaker(width: cellWidth, lineHeight: line, type: geometry.type).lines(atoms, indent: 0).reduce(0) { $0 + $1.height })
            }
            return (lines.max() ?? line) + 2 * geometry.cellPadBlock
        }
        return (height(table.header, bold: true), table.rows.map { height($0, bold: false) })
    }

    func splitTable(_ table: MarkdownTable, width: Double, available: Double) -> (Block, [Block])? {
        let heights = rowHeights(table, width: width)
        let cuts = pageCuts(count: table.rows.count, least: 1, available: available) { start, room in
            var used = heights.header
            var end = start
            while end < heights.body.count, used + heights.body[end] <= room + 0.01 {
                used += heights.body[end]
                end += 1
            }
            return end - start
        }
        guard !cuts.isEmpty else { return nil }
        let parts = zip([0] + cuts, cuts + [table.rows.count]).map { start, end in
            var part = table
            part.rows = Array(table.rows[start..<end])
            return Block.table(part)
        }
        return (parts[0], parts.dropFirst().map { .continued($0) })
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
    func splitFootnotes(_ notes: [Footnote], width: Double, available: Double) -> (Block, [Block])? {
        let inner = width - geometry.listIndent
        let items = notesAsList(notes).items
        let heights = items.map { height(of: $0, width: inner) }
        let cuts = pageCuts(count: notes.count, least: 1, available: available) { start, room in
            var used = 0.0
            var end = start
            while end < notes.count {
                let gap = end > start && items[end - 1].contains { $0.isParagraph } ? geometry.gap : 0
                guard used + gap + heights[end] <= room + 0.01 else { break }
                used += gap + heights[end]
                end += 1
            }
            return end - start
        }
        guard !cuts.isEmpty else { return nil }
        let parts = zip([0] + cuts, cuts + [notes.count]).map { Array(notes[$0..<$1]) }
        return (.footnotes(parts[0]), parts.dropFirst().map { .continued(.footnotes($0)) })
    }
}
