import FolioBase
import FolioOptions

/// GFM's strikethrough over a run of inlines cmark has parsed: `~~text~~` or `~text~`. A run of
/// one or two tildes opens when it is left-flanking and closes when it is right-flanking (the
/// rules of `*`), and closes only an opener of its own length; longer runs stay text.
package func strikethrough(_ inlines: [Inline]) -> [Inline] {
    let merged = mergingText(inlines)
    guard merged.contains(where: { if case .text(let text) = $0 { text.containsBytes("~") } else { false } }) else { return merged }

    enum Entry {
        case inline(Inline)
        case opener(count: Int)
    }
    var out: [Entry] = []
    func text(_ entries: ArraySlice<Entry>) -> [Inline] {
        entries.map { entry in
            switch entry {
            case .inline(let inline): inline
            case .opener(let count): .text(String(repeating: "~", count: count))
            }
        }
    }
    for (index, inline) in merged.enumerated() {
        guard case .text(let string) = inline, string.containsBytes("~") else {
            out.append(.inline(inline))
            continue
        }
        let characters = Array(string)
        var plain = ""
        var position = 0
        while position < characters.count {
            guard characters[position] == "~" else {
                plain.append(characters[position])
                position += 1
                continue
            }
            var end = position
            while end < characters.count, characters[end] == "~" { end += 1 }
            let count = end - position
            let before = position > 0 ? characters[position - 1] : neighbour(of: merged, at: index - 1, last: true)
            let after = end < characters.count ? characters[end] : neighbour(of: merged, at: index + 1, last: false)
            let (opens, closes) = flanking(before: before, after: after)
            if !plain.isEmpty { out.append(.inline(.text(plain))) }
            plain = ""
            position = end
            if count > 2 {
                out.append(.inline(.text(String(repeating: "~", count: count))))
                continue
            }
            if closes, let opener = out.lastIndex(where: { if case .opener(count) = $0 { true } else { false } }) {
                let content = mergingText(text(out[(opener + 1)...]))
                out.removeSubrange(opener...)
                out.append(.inline(.strikethrough(content)))
            } else if opens {
                out.append(.opener(count: count))
            } else {
                out.append(.inline(.text(String(repeating: "~", count: count))))
            }
        }
        if !plain.isEmpty { out.append(.inline(.text(plain))) }
    }
    return mergingText(text(out[...]))
}

/// The character next to a delimiter run across an inline boundary, as cmark sees the source:
/// a line break is white space, code, HTML, emphasis and links start and end with punctuation.
private func neighbour(of inlines: [Inline], at index: Int, last: Bool) -> Character {
    guard inlines.indices.contains(index) else { return "\n" }
    switch inlines[index] {
    case .text(let text): return (last ? text.last : text.first) ?? "\n"
    case .softBreak, .lineBreak: return "\n"
    default: return last ? ")" : "("
    }
}

/// Whether a delimiter run between `before` and `after` may open and may close.
private func flanking(before: Character, after: Character) -> (opens: Bool, closes: Bool) {
    func isSpace(_ character: Character) -> Bool { character.isWhitespace }
    func isPunctuation(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        if scalar.isASCII { return scalar.isASCIIPunctuation }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }
    let left = !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before))
    let right = !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after))
    return (left, right)
}
