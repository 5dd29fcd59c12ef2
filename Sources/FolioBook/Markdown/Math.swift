import FolioBase
import FolioOptions

/// Formulas in a tree cmark has parsed, found as MathJax finds them in the page: in the text a
/// reader's browser holds, once cmark has taken its backslash escapes (`\\(` in the Markdown is
/// `\(` in the text). A formula lies within one run of inlines; it may span lines and emphasis (cmark
/// reads `*` and `_` in TeX as emphasis: its text stays in the formula, the marks are lost, so
/// authors escape them, as mdBook tells them to), never code, raw HTML, a link or an image. A `$`
/// escaped (`\$`) is a dollar sign: `lines`, the parsed text's, tell it from one written bare,
/// and where each character of a text is written.
extension MarkdownNode {
    func findingMath(_ delimiters: MathDelimiters, lines: [Substring]) -> MarkdownNode {
        guard delimiters != .none, !children.isEmpty else { return self }
        var node = self
        if kind.holdsInlines, var run = MathRun(children, delimiters: delimiters, lines: lines), let found = run.nodes() { node.children = found }
        node.children = node.children.map { $0.findingMath(delimiters, lines: lines) }
        return node
    }
}

extension MarkdownNode.Kind {
    fileprivate var holdsInlines: Bool {
        switch self {
        case .paragraph, .heading, .emphasis, .strong, .link: true
        default: false
        }
    }
}

/// A run of inlines as the text MathJax reads, a unit per character, and the formulas in it.
private struct MathRun {
    struct Unit {
        enum Kind: Codable {
            /// A character of the run's own text, which may be a delimiter.
            case text
            /// Inside emphasis, a line break or an escaped dollar: part of a formula, never its delimiter.
            case enclosed
            /// Code, HTML, a link or an image: no formula spans it.
            case barrier
        }
        var scalar: Unicode.Scalar
        var kind: Kind
        /// The child it comes from, and how many characters after the child's start it is written.
        var child: Int
        var offset: Int
    }

    struct Found {
        var open: Int, start: Int, end: Int, close: Int
        var display: Bool
    }

    enum Closer: Hashable { case parenthesis, bracket, dollars, dollar }

    let children: [MarkdownNode]
    let delimiters: MathDelimiters
    var units: [Unit] = []
    /// Each unit's next barrier (or the run's end): a formula closes before it.
    var barriers: [Int] = []
    /// The first place of each closer at or after the last place asked for: the scan for
    /// closers only goes forward, so a run of many openers costs its length once.
    var cursors: [Closer: Int] = [:]

    /// Nil when no text of the run holds a `\` or a `$`.
    init?(_ children: [MarkdownNode], delimiters: MathDelimiters, lines: [Substring]) {
        guard children.contains(where: { $0.kind == .text && ($0.literal.containsBytes("\\") || $0.literal.containsBytes("$")) }) else { return nil }
        self.children = children
        self.delimiters = delimiters
        for (index, child) in children.enumerated() {
            switch child.kind {
            case .text where !child.literal.isEmpty:
                let line = child.position.line >= 1 && child.position.line <= lines.count ? lines[child.position.line - 1] : ""
                var written = line.unicodeScalars.dropFirst(child.position.column - 1)[...]
                var offset = 0
                for scalar in child.literal.unicodeScalars {
                    // The text without its escapes: a character written after a backslash takes two.
                    let escaped = written.first == "\\" && written.dropFirst().first == scalar && scalar.isASCIIPunctuation
                    units.append(Unit(scalar: scalar, kind: escaped && scalar == "$" ? .enclosed : .text, child: index, offset: offset))
                    if escaped {
                        written = written.dropFirst()
                        offset += 1
                    }
                    if written.first == scalar { written = written.dropFirst() }
                    offset += 1
                }
            case .softBreak, .lineBreak:
                units.append(Unit(scalar: "\n", kind: .enclosed, child: index, offset: 0))
            case .emphasis, .strong:
                let text = child.isPlainText ? child.plainText : ""
                let kind: Unit.Kind = text.isEmpty ? .barrier : .enclosed
                for scalar in text.isEmpty ? "\u{FFFC}".unicodeScalars : text.unicodeScalars {
                    units.append(Unit(scalar: scalar, kind: kind, child: index, offset: 0))
                }
            default:
                units.append(Unit(scalar: "\u{FFFC}", kind: .barrier, child: index, offset: 0))
            }
        }
        barriers = Array(repeating: units.count, count: units.count)
        var next = units.count
        for index in units.indices.reversed() {
            if units[index].kind == .barrier { next = index }
            barriers[index] = next
        }
    }

    /// The run with its formulas as math nodes; nil when it has none.
    mutating func nodes() -> [MarkdownNode]? {
        var found: [Found] = []
        var index = 0
        while index < units.count {
            if let formula = formula(at: index) {
                found.append(formula)
                index = formula.close
            } else {
                index += 1
            }
        }
        guard !found.isEmpty else { return nil }
        var nodes: [MarkdownNode] = []
        var done = 0
        for formula in found {
            append(done..<formula.open, to: &nodes)
            let opener = units[formula.open]
            var position = children[opener.child].position
            position.column += opener.offset
            let tex = String(String.UnicodeScalarView(units[formula.start..<formula.end].map(\.scalar)))
            nodes.append(MarkdownNode(kind: .math(display: formula.display), literal: tex.trimmingCharacters(in: .whitespacesAndNewlines),
                                      position: position, endLine: position.line, children: []))
            done = formula.close
        }
        append(done..<units.count, to: &nodes)
        return nodes
    }

    /// The formula that opens at `index`, if it closes.
    private mutating func formula(at index: Int) -> Found? {
        guard isText(index, "\\") || isText(index, "$") else { return nil }
        let (closer, length, display): (Closer, Int, Bool)
        if isText(index, "\\") && isText(index + 1, "(") {
            (closer, length, display) = (.parenthesis, 2, false)
        } else if isText(index, "\\") && isText(index + 1, "[") {
            (closer, length, display) = (.bracket, 2, true)
        } else if isText(index, "$") && isText(index + 1, "$") {
            (closer, length, display) = (.dollars, 2, true)
        } else if delimiters == .dollars, isText(index, "$"), index + 1 < units.count, !units[index + 1].scalar.properties.isWhitespace {
            (closer, length, display) = (.dollar, 1, false)
        } else {
            return nil
        }
        let start = index + length
        guard let close = next(closer, from: start), close < barriers[start < units.count ? start : index] else { return nil }
        let tex = units[start..<close]
        guard tex.contains(where: { !$0.scalar.properties.isWhitespace }) else { return nil }
        return Found(open: index, start: start, end: close, close: close + (closer == .dollar ? 1 : 2), display: display)
    }

    /// The first place at or after `start` where `closer` stands.
    private mutating func next(_ closer: Closer, from start: Int) -> Int? {
        if let known = cursors[closer], known >= start { return known < units.count ? known : nil }
        var index = start
        while index < units.count && !closes(closer, at: index) { index += 1 }
        cursors[closer] = index
        return index < units.count ? index : nil
    }

    private func closes(_ closer: Closer, at index: Int) -> Bool {
        switch closer {
        case .parenthesis: isText(index, "\\") && isText(index + 1, ")")
        case .bracket: isText(index, "\\") && isText(index + 1, "]")
        case .dollars: isText(index, "$") && isText(index + 1, "$")
        // Pandoc's rule: `$` closes after a character that is not a space, and not before a digit (`$5 and $6`).
        case .dollar:
            isText(index, "$") && index > 0 && !units[index - 1].scalar.properties.isWhitespace
                && !(index + 1 < units.count && units[index + 1].scalar.isASCIIDigit)
        }
    }

    private func isText(_ index: Int, _ scalar: Unicode.Scalar) -> Bool {
        index < units.count && units[index].kind == .text && units[index].scalar == scalar
    }

    /// The run's children that `range` covers: whole, or a text's part.
    private func append(_ range: Range<Int>, to nodes: inout [MarkdownNode]) {
        var index = range.lowerBound
        while index < range.upperBound {
            let child = units[index].child
            var end = index
            while end < range.upperBound && units[end].child == child { end += 1 }
            let whole = (index == 0 || units[index - 1].child != child) && (end == units.count || units[end].child != child)
            if whole {
                nodes.append(children[child])
            } else {
                var part = children[child]
                part.literal = String(String.UnicodeScalarView(units[index..<end].map(\.scalar)))
                part.position.column += units[index].offset
                nodes.append(part)
            }
            index = end
        }
    }
}

extension MarkdownNode {
    /// Only text, breaks and emphasis inside.
    fileprivate var isPlainText: Bool {
        children.allSatisfy { child in
            switch child.kind {
            case .text, .softBreak, .lineBreak: true
            case .emphasis, .strong: child.isPlainText
            default: false
            }
        }
    }

    /// The text inside, breaks as line ends.
    fileprivate var plainText: String {
        children.map { child in
            switch child.kind {
            case .text: child.literal
            case .softBreak, .lineBreak: "\n"
            default: child.plainText
            }
        }.joined()
    }
}
