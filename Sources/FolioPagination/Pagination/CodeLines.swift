import FolioBase

/// How the theme sets a line of code, counted as Chromium lays it out: in its layout unit,
/// 1/64 px, to which it rounds up the width of every run of text it measures apart (a text
/// between two tags, or a script's run within it). A line breaks at the last place
/// (`CodeBreaks`) before the text it holds would pass the box, a word longer than the line
/// where it reaches the end; spaces and tabs at a line's end hang past it; the lines a line
/// wraps onto start two characters in (`hangingIndent`).
///
/// The theme adds to each character of the code face the letter-spacing that makes its advance
/// a whole number of units, and sets tab stops and the hanging indent in such advances: a line
/// then measures the same however its highlighting cuts it into spans. Only what the face lacks
/// (CJK characters, from the reader's fonts) falls between units, and each such character is set
/// apart by a break, so it is a run of its own (with the closing marks after it).
struct CodeLines: Sendable {
    /// Chromium's layout units in a CSS px.
    static let unitsPerPixel = 64.0

    let widths: TextWidths.Scaled
    /// In px: what the theme adds to each character (`--code-advance` less `1ch`).
    let letterSpacing: Double
    /// A character of the code face, letter-spacing included, in units.
    let advance: Int
    /// The face's space in units: a tab reaches at least half of it past where it starts.
    let space: Double
    /// The widest printable ASCII character in units (`advance`, in a monospace face).
    private let widestASCII: Int

    init(size: Double, type: BookType) {
        let widths = TextWidths.Scaled.table(.mono, size: size, type: type)
        let zero = widths.width("0")
        let advance = Int((zero * Self.unitsPerPixel).rounded(.up))
        let letterSpacing = Double(advance) / Self.unitsPerPixel - zero
        (self.widths, self.advance, self.letterSpacing) = (widths, advance, letterSpacing)
        space = widths.width(" ") * Self.unitsPerPixel
        widestASCII = (UInt8(0x20)..<0x7F).map { Int(((widths.width(ascii: $0) + letterSpacing) * Self.unitsPerPixel).rounded(.up)) }.max()!
    }

    /// Tab stops are every four characters (the theme's `tab-size`).
    var tabStop: Int { 4 * advance }
    /// How far in the lines a line wraps onto start (the theme's hanging `text-indent`).
    var hangingIndent: Int { 2 * advance }

    /// How many lines `line` takes in a box `box` px wide.
    func count(_ line: Substring, box: Double) -> Int {
        if fitsAtOnce(line, box: box) { return 1 }
        return lineCount(glyphs(of: line), box: box)
    }

    /// Where the page gives the browser the places `line` may break at, as `<wbr>` (UTF-8
    /// offsets in the line): all of them but those after spaces, where a browser breaks of
    /// itself; nil when the line fits the box on one line.
    func breaks(_ line: Substring, box: Double) -> [Int]? {
        if fitsAtOnce(line, box: box) { return nil }
        let glyphs = glyphs(of: line)
        guard lineCount(glyphs, box: box) > 1 else { return nil }
        return glyphs.indices.dropFirst().compactMap { index in
            glyphs[index].breakBefore && !glyphs[index - 1].breaksItself ? glyphs[index].offset : nil
        }
    }

    /// A character as set: its kind, its width in units (fractional for a character between
    /// units), where it starts in the line's UTF-8, and whether the line may break before it.
    private struct Glyph {
        var kind: CodeBreaks.Kind
        var width: Double
        var offset: Int
        var breakBefore = false
        var isTab = false
        /// A space, a tab or a zero-width space: every browser breaks after it, with no `<wbr>`.
        var breaksItself = false
    }

    private func glyphs(of line: Substring) -> [Glyph] {
        var glyphs: [Glyph] = []
        var offset = 0
        for character in line {
            let scalar = character.unicodeScalars.first!
            let width = widths.width(scalar)
            glyphs.append(Glyph(kind: CodeBreaks.kind(of: character),
                                width: width == 0 ? 0 : (width + letterSpacing) * Self.unitsPerPixel, offset: offset,
                                isTab: scalar == "\t", breaksItself: scalar == " " || scalar == "\t" || scalar == "\u{200B}"))
            offset += character.utf8.count
        }
        // From the end: what follows each character, past the quotes after it.
        var following: CodeBreaks.Kind?
        for index in glyphs.indices.dropFirst().reversed() {
            glyphs[index].breakBefore = CodeBreaks.mayBreak(between: glyphs[index - 1].kind, and: glyphs[index].kind,
                                                            after: index > 1 ? glyphs[index - 2].kind : nil, before: following)
            if !CodeBreaks.isQuote(glyphs[index].kind) { following = glyphs[index].kind }
        }
        return glyphs
    }

    /// The width past which nothing fits: the box, and one unit more, as Chromium allows for
    /// its rounding.
    private func limit(_ box: Double) -> Int {
        Int((box * Self.unitsPerPixel).rounded(.down)) + 1
    }

    /// A line of ASCII no wider than the box if every character were the widest and every tab
    /// took a whole stop: most lines, answered without setting them.
    private func fitsAtOnce(_ line: Substring, box: Double) -> Bool {
        var most = 0
        for byte in line.utf8 {
            guard byte < 0x80 else { return false }
            most += byte == 0x09 ? tabStop : widestASCII
        }
        return most <= limit(box)
    }

    /// Greedy lines: each piece between two breaks goes on the line if it fits, else on the next.
    private func lineCount(_ glyphs: [Glyph], box: Double) -> Int {
        let limit = limit(box)
        var lines = 1
        // Where the line's text has reached, and where it started.
        var x = 0
        var start = 0
        func newLine() {
            lines += 1
            (x, start) = (hangingIndent, hangingIndent)
        }
        var index = 0
        while index < glyphs.count {
            var end = index + 1
            while end < glyphs.count && !glyphs[end].breakBefore { end += 1 }
            var wordEnd = end
            while wordEnd > index && glyphs[wordEnd - 1].kind == .space { wordEnd -= 1 }
            let word = glyphs[index..<wordEnd].reduce(0) { $0 + $1.width }
            if x + Int(word.rounded(.up)) > limit && x > start { newLine() }
            if x + Int(word.rounded(.up)) > limit {
                // Longer than a line: cut where it reaches the end.
                var set = 0.0
                for glyph in glyphs[index..<wordEnd] {
                    if set > 0, x + Int((set + glyph.width).rounded(.up)) > limit {
                        newLine()
                        set = 0
                    }
                    set += glyph.width
                }
                x += Int(set.rounded(.up))
            } else {
                x += Int(word.rounded(.up))
            }
            for glyph in glyphs[wordEnd..<end] {
                x = glyph.isTab ? nextTabStop(after: x) : x + Int(glyph.width.rounded(.up))
            }
            index = end
        }
        return lines
    }

    /// The tab stop a tab at `x` reaches: the next, or the one after when the next is nearer than
    /// half a space.
    private func nextTabStop(after x: Int) -> Int {
        let stop = (x / tabStop + 1) * tabStop
        return Double(stop - x) < space / 2 ? stop + tabStop : stop
    }
}
