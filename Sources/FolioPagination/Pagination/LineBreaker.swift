import FolioBase
import FolioOptions
import FolioBook

/// Greedy line breaking, as a browser does it, over a paragraph's atoms.
struct LineBreaker {
    struct Line: Equatable {
        /// Flat offset where the line starts: a paragraph split here keeps earlier lines whole.
        var start: Int
        var height: Double
    }

    let width: Double
    let lineHeight: Double
    let type: BookType

    /// Room the model keeps at the end of each line: the browser sums a line's advances in
    /// sixty-fourths of a pixel, piece by piece, and may come out a little wider.
    static let slack = 1.0

    func lines(_ text: TextAtoms, indent: Double) -> [Line] {
        let atoms = text.atoms
        let width = self.width - Self.slack
        var lines: [Line] = []
        var current = Line(start: atoms.first?.start ?? 0, height: lineHeight)
        var x = indent
        var pendingSpace = 0.0
        var empty = true

        func newLine(at start: Int) {
            lines.append(current)
            current = Line(start: start, height: lineHeight)
            x = 0
            pendingSpace = 0
            empty = true
        }
        func place(_ atom: TextAtom, width: Double) {
            x += pendingSpace + width
            pendingSpace = 0
            empty = false
        }

        for atom in atoms {
            switch atom.kind {
            case .space:
                if !empty { pendingSpace += atom.width }
            case .lineBreak:
                newLine(at: atom.end)
            case .image(let height):
                // The theme shows images in paragraphs as blocks: a line of their own, as tall as the image.
                if !empty { newLine(at: atom.start) }
                current.height = height
                empty = false
                newLine(at: atom.end)
                current.start = atom.end
            case .formula(let rise):
                if !empty && x + pendingSpace + atom.width > width { newLine(at: atom.start) }
                place(atom, width: atom.width)
                current.height = max(current.height, lineHeight + rise)
            case .word:
                if !empty && x + pendingSpace + atom.width > width {
                    newLine(at: atom.start)
                }
                if atom.width <= width - x || atom.longWord < 0 {
                    place(atom, width: atom.width)
                    continue
                }
                // A word longer than the line breaks anywhere (overflow-wrap: anywhere).
                var offset = atom.start
                let widths = TextWidths.Scaled.table(atom.face, size: atom.size, type: type)
                for scalar in text.longWords[atom.longWord].unicodeScalars {
                    let advance = widths.width(scalar)
                    if !empty && x + advance > width { newLine(at: offset) }
                    place(atom, width: advance)
                    offset += 1
                }
            }
        }
        if !empty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
