import FolioBase
import FolioOptions
import FolioBook

/// Greedy line breaking, as a browser does it, over a paragraph's atoms.
struct LineBreaker {
    struct Line: Equatable {
        /// Flat offset where the line starts: a paragraph split here keeps earlier lines whole.
        var start: Int
        var height: Double
        /// Whether the line ends inside a word, at a soft hyphen, and so shows a hyphen.
        var hyphenated = false
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
        // The pieces of the word being set (split at soft hyphens and at the marks a line may
        // break after), each with where the line would end after it, and whether something
        // stands before the word on the line.
        var word: [(index: Int, x: Double)] = []
        var afterOthers = false

        func newLine(at start: Int, hyphenated: Bool = false) {
            current.hyphenated = hyphenated
            lines.append(current)
            current = Line(start: start, height: lineHeight)
            x = 0
            pendingSpace = 0
            empty = true
            word = []
            afterOthers = false
        }
        func place(_ atom: TextAtom, width: Double) {
            x += pendingSpace + width
            pendingSpace = 0
            empty = false
        }
        /// Where a line that a piece of a word does not fit ends, as the browser ends it: after the
        /// word's last piece that fits with its hyphen, else before the word; nil to end it just
        /// before the piece (a word that starts the line and cannot break sooner).
        func lastBreak() -> Int? {
            for piece in word.reversed() where piece.x + atoms[piece.index].hyphen <= width {
                return piece.index + 1
            }
            return afterOthers ? word.first?.index : nil
        }

        var index = 0
        while index < atoms.count {
            let atom = atoms[index]
            index += 1
            switch atom.kind {
            case .space:
                if !empty { pendingSpace += atom.width }
                word = []
                afterOthers = !empty
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
                word = []
                afterOthers = true
            case .word:
                if !empty && x + pendingSpace + atom.width > width {
                    if pendingSpace == 0, let resume = lastBreak(), resume < index - 1 {
                        // The line ends earlier in the word: what follows is set again on the next.
                        newLine(at: atoms[resume].start, hyphenated: atoms[resume - 1].hyphen > 0)
                        index = resume
                        continue
                    }
                    newLine(at: atom.start, hyphenated: pendingSpace == 0 && index > 1 && atoms[index - 2].hyphen > 0)
                }
                if atom.width <= width - x || atom.longWord < 0 {
                    place(atom, width: atom.width)
                    word.append((index - 1, x))
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
                word = []
                afterOthers = true
            }
        }
        if !empty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
