import FolioBase
import FolioOptions

/// A footnote (GFM): `[^label]` in the text refers to a `[^label]: …` definition anywhere in the
/// chapter. The notes are numbered in the order of their first reference and set at the end of
/// the chapter; a note nothing refers to is left out, and a reference to no note stays text.
package struct Footnote: Sendable, Equatable, Codable {
    package var number: Int
    package var blocks: [Block]
    /// How many references the note has: each gets a link back from the note.
    package var references: Int

    init(number: Int, blocks: [Block], references: Int) {
        self.number = number
        self.blocks = blocks
        self.references = references
    }

    /// The anchors a page holds for a note and for a reference to it.
    static func noteID(_ number: Int) -> String { "fn\(number)" }
    static func referenceID(_ number: Int, occurrence: Int) -> String {
        occurrence == 1 ? "fnref\(number)" : "fnref\(number)-\(occurrence)"
    }
}

/// The footnote definitions taken out of a chapter's text, as cmark (which would read them as link
/// reference definitions) must not see them. Their lines are left blank, so the rest keeps its
/// line numbers. A definition is its first line and the lines after it indented by four spaces
/// (blank lines between them included), or lazily continuing its paragraph.
struct FootnoteDefinitions {
    /// The chapter's text without the definitions.
    var text: String
    /// Each definition's text, dedented, and the line it starts on, by its label folded to lower case.
    var notes: [String: (text: String, line: Int)] = [:]

    init(_ source: String) {
        // Every definition starts `[^`: most chapters have none, and are left as they are.
        guard source.containsBytes("[^") else {
            text = source
            return
        }
        var lines = source.lines
        var fences = CodeFences()
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard !fences.isCode(line), let (label, first) = Self.definitionStart(line) else {
                index += 1
                continue
            }
            var content = [first]
            var next = index + 1
            var blanks = 0
            var inParagraph = !first.allSatisfy(\.isWhitespace)
            while next < lines.count {
                let candidate = lines[next]
                if candidate.allSatisfy(\.isWhitespace) {
                    blanks += 1
                } else if candidate.prefix(4).allSatisfy({ $0 == " " }) && candidate.count > 4 {
                    content += Array(repeating: "", count: blanks) + [candidate.dropFirst(4)]
                    blanks = 0
                    inParagraph = true
                } else if blanks == 0, inParagraph, !Self.startsBlock(candidate) {
                    content.append(candidate)
                } else {
                    break
                }
                next += 1
            }
            let end = next - blanks
            if notes[label] == nil { notes[label] = (content.joined(separator: "\n"), index + 1) }
            for blank in index..<end { lines[blank] = "" }
            index = end
        }
        text = lines.joined(separator: "\n")
    }

    /// `[^label]: text` with at most three spaces before it: the label, folded, and the text.
    static func definitionStart(_ line: Substring) -> (String, Substring)? {
        let spaces = line.prefix { $0 == " " }.count
        guard spaces <= 3 else { return nil }
        let rest = line.dropFirst(spaces)
        guard rest.hasPrefix("[^"), let close = rest.firstIndex(of: "]") else { return nil }
        let label = rest[rest.index(rest.startIndex, offsetBy: 2)..<close]
        let after = rest[rest.index(after: close)...]
        guard !label.isEmpty, !label.contains(where: \.isWhitespace), after.hasPrefix(":") else { return nil }
        return (label.lowercased(), after.dropFirst().drop { $0 == " " || $0 == "\t" })
    }

    /// Whether a line would start a block of its own rather than continue a paragraph lazily.
    static func startsBlock(_ line: Substring) -> Bool {
        let rest = line.drop { $0 == " " }
        guard let first = rest.first else { return true }
        if "#>`~<|".contains(first) || definitionStart(line) != nil { return true }
        if "-*+".contains(first), rest.dropFirst().first.map({ $0 == " " }) ?? true { return true }
        let digits = rest.prefix(while: \.isASCIIDigit)
        return !digits.isEmpty && [".", ")"].contains(rest.dropFirst(digits.count).first)
    }
}

/// Turns `[^label]` in the chapter's text into references to its notes, numbers the notes in
/// the order of their first reference, and sets the notes referred to at the end.
func attachFootnotes(_ body: [Block], notes definitions: [String: [Block]]) -> [Block] {
    guard !definitions.isEmpty else { return body }
    let referring = { (block: Block) in block.rewritten(sequences: { footnoteReferences(in: $0, labels: definitions) }) }
    let blocks = body.map(referring)
    let noteBlocks = definitions.mapValues { $0.map(referring) }

    // The order of first references: the text's, then those in the notes, as they are reached.
    var order: [String] = []
    var ordered: Set<String> = []
    func collect(_ blocks: [Block]) {
        for block in blocks {
            block.walk(inlines: { inline in
                if case .footnoteReference(let label, _, _) = inline, ordered.insert(label).inserted { order.append(label) }
            })
        }
    }
    collect(blocks)
    var reached = 0
    while reached < order.count {
        collect(noteBlocks[order[reached]] ?? [])
        reached += 1
    }
    guard !order.isEmpty else { return blocks }
    let numbers = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0 + 1) })
    var occurrences: [String: Int] = [:]
    let numbering = { (block: Block) in
        block.rewritten(inlines: { inline in
            guard case .footnoteReference(let label, _, _) = inline, let number = numbers[label] else { return inline }
            occurrences[label, default: 0] += 1
            return .footnoteReference(label: label, number: number, occurrence: occurrences[label]!)
        })
    }
    let numbered = blocks.map(numbering)
    let notes = order.map { label in (label, (noteBlocks[label] ?? []).map(numbering)) }
    return numbered + [.footnotes(notes.map { label, blocks in
        Footnote(number: numbers[label]!, blocks: blocks, references: occurrences[label] ?? 0)
    })]
}

/// A run of inlines with each `[^label]` of a defined note made a reference (numbered later).
private func footnoteReferences(in inlines: [Inline], labels: [String: [Block]]) -> [Inline] {
    mergingText(inlines).flatMap { inline -> [Inline] in
        guard case .text(let text) = inline, text.containsBytes("[^") else { return [inline] }
        var result: [Inline] = []
        var rest = Substring(text)
        while let open = rest.range(of: "[^") {
            guard let close = rest[open.upperBound...].firstIndex(of: "]") else { break }
            let label = rest[open.upperBound..<close]
            guard !label.isEmpty, !label.contains(where: \.isWhitespace), labels[label.lowercased()] != nil else {
                result.append(.text(String(rest[..<open.upperBound])))
                rest = rest[open.upperBound...]
                continue
            }
            if open.lowerBound > rest.startIndex { result.append(.text(String(rest[..<open.lowerBound]))) }
            result.append(.footnoteReference(label: label.lowercased(), number: 0, occurrence: 0))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { result.append(.text(String(rest))) }
        return mergingText(result)
    }
}

/// Adjacent text inlines joined into one: cmark leaves brackets and delimiters as texts of their own.
func mergingText(_ inlines: [Inline]) -> [Inline] {
    // Most runs have no two texts side by side, and are kept as they are.
    func isText(_ place: Int) -> Bool { if case .text = inlines[place] { true } else { false } }
    guard inlines.indices.dropFirst().contains(where: { isText($0 - 1) && isText($0) }) else { return inlines }
    var merged: [Inline] = []
    for inline in inlines {
        if case .text(let text) = inline, case .text(let previous)? = merged.last {
            merged[merged.count - 1] = .text(previous + text)
        } else {
            merged.append(inline)
        }
    }
    return merged
}
