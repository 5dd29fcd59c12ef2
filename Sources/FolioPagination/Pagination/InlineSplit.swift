import FolioBase
import FolioOptions
import FolioBook

/// Cuts a paragraph's inlines at flat offsets (as `TextAtomizer` counts them), in increasing
/// order, in one pass: one part more than there are offsets. Emphasis and links that span a cut
/// are closed in the part before it and opened again in the part after, so every part is whole
/// HTML and their text, joined, is the paragraph's text. A piece that takes no room (an image, a
/// checkbox) standing at a cut stays before it.
func splitInlines(_ inlines: [Inline], at offsets: [Int]) -> [[Inline]] {
    var parts: [[Inline]] = [[]]
    var position = 0
    var next = 0
    for inline in inlines {
        let end = position + inline.flatLength
        while next < offsets.count, offsets[next] <= position, offsets[next] < end {
            parts.append([])
            next += 1
        }
        var inside = next
        while inside < offsets.count, offsets[inside] < end { inside += 1 }
        if inside == next {
            parts[parts.count - 1].append(inline)
        } else {
            let pieces = inline.split(at: offsets[next..<inside].map { $0 - position })
            parts[parts.count - 1] += pieces[0]
            parts += pieces.dropFirst()
            next = inside
        }
        position = end
    }
    // Cuts past the end leave nothing after them.
    parts += Array(repeating: [], count: offsets.count - next)
    return parts
}

extension Inline {
    /// How many flat offsets the inline spans.
    var flatLength: Int {
        var length = 0
        walk(entering: { inline in
            switch inline {
            case .text(let text), .code(let text), .html(let text): length += text.scalarCount
            case .softBreak, .lineBreak: length += 1
            // A footnote reference is its number; a checkbox has no text.
            case .footnoteReference(_, let number, _): length += String(number).unicodeScalars.count
            case .taskBox: break
            // A formula is one piece, never cut, however long its TeX.
            case .math: length += 1
            // An image's description is not part of the text: the image is one piece.
            case .image: return false
            case .emphasis, .strong, .link, .strikethrough: break
            }
            return true
        })
        return length
    }

    /// The inline cut at `offsets` scalars in (each inside it, increasing): one part more than
    /// offsets, any of which may come out empty.
    fileprivate func split(at offsets: [Int]) -> [[Inline]] {
        func wrapped(_ parts: [[Inline]], _ wrap: ([Inline]) -> Inline) -> [[Inline]] {
            parts.map { $0.isEmpty ? [] : [wrap($0)] }
        }
        func cut(_ text: String, _ make: (String) -> Inline) -> [[Inline]] {
            let scalars = text.unicodeScalars
            var parts: [[Inline]] = []
            var start = scalars.startIndex
            var position = 0
            for offset in offsets {
                let end = scalars.index(start, offsetBy: offset - position)
                parts.append([make(String(scalars[start..<end]))])
                start = end
                position = offset
            }
            return parts + [[make(String(scalars[start...]))]]
        }
        switch self {
        case .text(let text): return cut(text, Inline.text)
        case .code(let code): return cut(code, Inline.code)
        case .html, .softBreak, .lineBreak, .image, .footnoteReference, .taskBox, .math:
            // Never cut inside: the whole piece goes first.
            return [[self]] + Array(repeating: [], count: offsets.count)
        case .emphasis(let content): return wrapped(splitInlines(content, at: offsets), Inline.emphasis)
        case .strong(let content): return wrapped(splitInlines(content, at: offsets), Inline.strong)
        case .strikethrough(let content): return wrapped(splitInlines(content, at: offsets), Inline.strikethrough)
        case .link(let reference, let content): return wrapped(splitInlines(content, at: offsets)) { .link(reference, $0) }
        }
    }
}
