import FolioBase
import FolioOptions

/// A definition list as mdBook reads them (pulldown-cmark's): a paragraph, the term, followed
/// by one or more definitions, each a line starting `:` (after at most three spaces) and the
/// lines after it indented past the marker, or lazily continuing its paragraph:
///
///     apple
///     :   red fruit
///     :   computer company
///
/// The list is loose (its definitions' paragraphs are `<p>`s) when a blank line parts a term
/// from its first definition, two definitions, or two blocks of a definition.
package struct DefinitionList: Sendable, Equatable, Codable {
    package struct Entry: Sendable, Equatable, Codable {
        /// Empty for the rest of an entry that began on an earlier page.
        package var term: [Inline]
        /// The term's anchor, unique among the chapter's headings' ids; filled in by `assignHeadingIDs`.
        package var id: String
        package var definitions: [[Block]]

        package init(term: [Inline], id: String = "", definitions: [[Block]]) {
            self.term = term
            self.id = id
            self.definitions = definitions
        }
    }

    package var tight: Bool
    package var entries: [Entry]

    package init(tight: Bool, entries: [Entry]) {
        self.tight = tight
        self.entries = entries
    }

    /// How deep definition lists are looked for inside definitions: each level's text is parsed
    /// anew, so this keeps the blocks as shallow as `MarkdownNode.maximumDepth` means them to be.
    static let maximumNesting = 4
}

extension Block {
    /// The ids of the terms of its definition lists, nested ones included.
    var termIDs: [String] {
        var ids: [String] = []
        walk(blocks: { block in
            if case .definitionList(let list) = block { ids += list.entries.map(\.id).filter { !$0.isEmpty } }
        })
        return ids
    }
}

/// The definition lists of a text, found in its lines, as cmark (which knows none) must not read
/// them. Each list is left as one line, `placeholder` and its number, which cmark reads as a
/// paragraph of its own, and blank lines, so the rest keeps its line numbers. A term is a
/// paragraph at the start of a line after a blank line, a heading, a rule, a code block or the start;
/// in a block quote or a list item, lines are left to cmark.
struct DefinitionListLines {
    struct Entry {
        var term: String
        var termLine: Int
        /// Each definition's text, dedented, and the line it starts on.
        var definitions: [(text: String, line: Int)]
        var loose: Bool
    }

    /// The text with each list a placeholder line.
    var text: String
    var lists: [[Entry]] = []

    /// A character no Markdown source holds (from Unicode's private use area).
    static let placeholder: Character = "\u{E000}"

    private enum State {
        /// A block may start here.
        case open
        /// The lines of a paragraph (the term, if a definition follows), and whether a blank line ended it.
        case paragraph(Range<Int>, closed: Bool)
        /// Inside a block that cannot be a term (a quote, a list, a table…) until a blank line.
        case other
    }

    init(_ source: String) {
        var lines = source.lines
        // Most texts have no definition, and are left as they are.
        guard lines.contains(where: { Self.marker($0) != nil }) else {
            text = source
            return
        }
        var spans: [Range<Int>] = []
        var state = State.open
        var fences = CodeFences()
        var index = 0
        while index < lines.count {
            let line = lines[index]
            // Code is no term, and after it a new block starts.
            if fences.isCode(line) {
                state = .open
                index += 1
                continue
            }
            if line.allSatisfy(\.isWhitespace) {
                if case .paragraph(let term, _) = state { state = .paragraph(term, closed: true) } else { state = .open }
                index += 1
                continue
            }
            if case .paragraph(let term, let closed) = state, Self.marker(line) != nil {
                let (entry, end) = Self.entry(term: term, loose: closed, from: index, in: lines)
                if let last = spans.last, lines[last.upperBound..<term.lowerBound].allSatisfy({ $0.allSatisfy(\.isWhitespace) }) {
                    lists[lists.count - 1].append(entry)
                    spans[spans.count - 1] = last.lowerBound..<end
                } else {
                    lists.append([entry])
                    spans.append(term.lowerBound..<end)
                }
                state = .open
                index = end
                continue
            }
            switch state {
            case .open, .paragraph(_, closed: true):
                state = Self.opening(line, at: index)
            case .paragraph(let term, closed: false):
                if Self.isRule(line) {
                    state = .open
                } else if TableLines.delimiterRow(line) != nil {
                    state = .other
                } else if FootnoteDefinitions.startsBlock(line) {
                    state = Self.opening(line, at: index)
                } else {
                    state = .paragraph(term.lowerBound..<(index + 1), closed: false)
                }
            case .other:
                break
            }
            index += 1
        }
        guard !lists.isEmpty else {
            text = source
            return
        }
        for (number, span) in spans.enumerated() {
            lines[span.lowerBound] = "\(Self.placeholder)\(number)"
            for blank in span.dropFirst() { lines[blank] = "" }
        }
        text = lines.joined(separator: "\n")
    }

    /// The list a placeholder paragraph stands for.
    func list(_ content: [Inline]) -> [Entry]? {
        guard content.count == 1, case .text(let words) = content[0], words.first == Self.placeholder,
              let number = Int(words.dropFirst()), lists.indices.contains(number) else { return nil }
        return lists[number]
    }

    /// What a line that may start a block starts: a paragraph when it begins with a word at its
    /// first column (not a heading, quote, list, code, HTML or link reference definition).
    private static func opening(_ line: Substring, at index: Int) -> State {
        if isHeading(line) || isRule(line) { return .open }
        guard let first = line.first, first != " ", first != "\t", !FootnoteDefinitions.startsBlock(line),
              !(first == "[" && line.contains("]:")) else { return .other }
        return .paragraph(index..<(index + 1), closed: false)
    }

    /// An ATX heading: one line, after which a new block may start.
    private static func isHeading(_ line: Substring) -> Bool {
        let rest = line.drop { $0 == " " }
        let hashes = rest.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.count - rest.count <= 3 else { return false }
        return rest.dropFirst(hashes).first.map { $0 == " " || $0 == "\t" } ?? true
    }

    /// A line that stands alone and ends a paragraph above it: a setext heading's underline (which
    /// makes the paragraph a heading) or a thematic break.
    private static func isRule(_ line: Substring) -> Bool {
        let rest = line.drop { $0 == " " }
        guard line.count - rest.count <= 3, let mark = rest.first, "=-*_".contains(mark),
              rest.allSatisfy({ $0 == mark || $0 == " " || $0 == "\t" }) else { return false }
        return mark == "=" || mark == "-" || rest.filter({ $0 == mark }).count >= 3
    }

    /// A definition's `:` marker, after at most three spaces and before a space, a tab or the
    /// line's end: its first line, and the indent that continues it. Up to four spaces after the
    /// marker are eaten; past that, one is, and the rest indent code.
    static func marker(_ line: Substring) -> (content: Substring, indent: Int)? {
        let spaces = line.prefix { $0 == " " }.count
        guard spaces <= 3 else { return nil }
        let rest = line.dropFirst(spaces)
        guard rest.first == ":" else { return nil }
        let after = rest.dropFirst()
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        let gap = after.prefix { $0 == " " || $0 == "\t" }.count
        if gap == after.count { return ("", spaces + 2) }
        if gap > 4 { return (after.dropFirst(), spaces + 2) }
        return (after.dropFirst(gap), spaces + 1 + gap)
    }

    /// The entry of the term on `term`'s lines whose first definition is on line `start`, and
    /// the line after its last.
    private static func entry(term: Range<Int>, loose: Bool, from start: Int, in lines: [Substring]) -> (Entry, Int) {
        var loose = loose
        var definitions: [(text: String, line: Int)] = []
        var next = start
        var end = start
        while next < lines.count, let (first, indent) = marker(lines[next]) {
            if next > end { loose = true }
            var content = [first]
            let line = next + 1
            var blanks = 0
            var lazy = !first.isEmpty
            next += 1
            while next < lines.count {
                let candidate = lines[next]
                if candidate.allSatisfy(\.isWhitespace) {
                    blanks += 1
                    lazy = false
                } else if indentation(candidate) >= indent {
                    // Blocks parted by a blank line are paragraphs, not one run of text.
                    if blanks > 0 { loose = true }
                    content += Array(repeating: "", count: blanks) + [dedented(candidate, by: indent)]
                    blanks = 0
                    lazy = true
                } else if lazy, marker(candidate) == nil, !FootnoteDefinitions.startsBlock(candidate) {
                    content.append(candidate)
                } else {
                    break
                }
                next += 1
            }
            definitions.append((content.joined(separator: "\n"), line))
            end = next - blanks
        }
        let entry = Entry(term: lines[term].joined(separator: "\n"), termLine: term.lowerBound + 1, definitions: definitions, loose: loose)
        return (entry, end)
    }

    /// The columns a line's leading spaces and tabs (to the next multiple of four) reach.
    private static func indentation(_ line: Substring) -> Int {
        var column = 0
        for character in line {
            if character == " " { column += 1 } else if character == "\t" { column += 4 - column % 4 } else { break }
        }
        return column
    }

    /// The line without its first `columns` columns of indentation; a tab split is kept as spaces.
    private static func dedented(_ line: Substring, by columns: Int) -> Substring {
        var column = 0
        var rest = line[...]
        while column < columns, let character = rest.first, character == " " || character == "\t" {
            column += character == "\t" ? 4 - column % 4 : 1
            rest = rest.dropFirst()
        }
        return column > columns ? Substring(String(repeating: " ", count: column - columns) + rest) : rest
    }
}
