import FolioBase
import FolioOptions
import FolioBook

/// The room a formula takes on the page, estimated from its TeX on the safe side, as the
/// paginator cannot lay out MathML: every symbol and command as wide as 0.9 em (most are narrower),
/// every row of a displayed formula as tall as its tallest construct could make it. The figures
/// are Chromium's MathML (the math book of `Tests/site`), with room for a taller math font. A formula
/// shown as its TeX (KaTeX could not render it) takes the room of that code.
struct FormulaBox {
    /// How wide it is, at most the line.
    var width: Double
    /// A displayed formula's height, its margins included; for one in the text, how much taller
    /// than the others it makes its line.
    var height: Double

    /// `lineRatio` is the theme's widest line spacing, as a share of the font size.
    static let lineRatio = 1.8

    init(_ formula: Formula, fontSize: Double, monoWidth: Double, lineWidth: Double, maxHeight: Double) {
        guard formula.mathML != nil else {
            // Code: wrapped at the line's width, one line more when it starts mid-line.
            let width = monoWidth
            let extraLines = width > lineWidth ? (width / lineWidth).rounded(.up) : 0
            let line = fontSize * Self.lineRatio
            self.width = min(width, lineWidth)
            height = formula.display ? min((extraLines + 1) * line, maxHeight) : extraLines * line
            return
        }
        let shape = TeXShape(formula.tex)
        width = min(Double(shape.widestRow) * 0.9 * fontSize, lineWidth)
        if formula.display {
            // Each row's tallest construct, a margin above and below (the theme's 0.5 em) and half an em to spare.
            let rows = shape.rows.reduce(0) { $0 + $1.displayHeight }
            height = min((rows + 1.5) * fontSize, maxHeight)
        } else {
            let rise = shape.rows.map(\.inlineRise).max() ?? 0
            height = (rise + Double(shape.rows.count - 1) * 1.3) * fontSize
        }
    }
}

/// What makes a formula wide and tall, read from its TeX: its rows (split at `\\`), and in each
/// the symbols and the constructs that stack (fractions, big operators with limits, scripts, roots).
struct TeXShape {
    struct Row {
        var symbols = 0
        var fractions = 0
        var bigOperators = 0
        var scripts = false
        var roots = false

        /// In em: 1.4 for the row itself, and what its stacked constructs add, a nested fraction
        /// (counted as if every fraction were nested) less than the first.
        var displayHeight: Double {
            1.4 + (fractions > 0 ? 1.2 + 0.5 * Double(min(fractions - 1, 3)) : 0) + (bigOperators > 0 ? 1.0 : 0)
                + (scripts ? 0.4 : 0) + (roots ? 0.3 : 0)
        }

        /// In em, above the text's own line: text-style fractions and operators are smaller.
        var inlineRise: Double {
            (fractions > 0 ? 0.5 + 0.3 * Double(min(fractions - 1, 3)) : 0) + (bigOperators > 0 ? 0.3 : 0)
                + (scripts ? 0.2 : 0) + (roots ? 0.2 : 0)
        }
    }

    private(set) var rows = [Row()]

    var widestRow: Int { rows.map(\.symbols).max() ?? 0 }

    init(_ tex: String) {
        let scalars = Array(tex.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\\":
                var end = index
                while end < scalars.count, scalars[end].properties.isAlphabetic { end += 1 }
                if end == index {
                    // `\\` starts a row; `\{`, `\,` and the like are a symbol or a space.
                    if index < scalars.count, scalars[index] == "\\" { rows.append(Row()) } else { rows[rows.count - 1].symbols += 1 }
                    index += 1
                    continue
                }
                let name = String(String.UnicodeScalarView(scalars[index..<end]))
                index = end
                add(command: name)
                if name == "begin" || name == "end" {
                    // An environment's name is not set.
                    while index < scalars.count, scalars[index] != "}" { index += 1 }
                    index += 1
                }
            case "^", "_": rows[rows.count - 1].scripts = true
            case "{", "}", " ", "\n", "\t": break
            default: rows[rows.count - 1].symbols += 1
            }
        }
    }

    private mutating func add(command name: String) {
        let last = rows.count - 1
        rows[last].symbols += 1
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac", "binom", "dbinom", "tbinom", "over", "choose", "atop", "genfrac":
            rows[last].fractions += 1
        case "sum", "prod", "coprod", "int", "iint", "iiint", "oint", "bigcup", "bigcap", "bigsqcup", "bigoplus",
             "bigotimes", "bigodot", "biguplus", "bigvee", "bigwedge", "lim", "limsup", "liminf", "max", "min", "sup",
             "inf", "overbrace", "underbrace", "stackrel", "overset", "underset":
            rows[last].bigOperators += 1
        case "sqrt": rows[last].roots = true
        default: break
        }
    }
}
