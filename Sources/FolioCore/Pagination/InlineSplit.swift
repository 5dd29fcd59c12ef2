/// Cuts a paragraph's inlines at a flat offset (as `TextAtomizer` counts them). Emphasis and
/// links that span the cut are closed in the first part and opened again in the second, so
/// both halves are whole HTML and their text, joined, is the paragraph's text.
func splitInlines(_ inlines: [Inline], at offset: Int) -> (head: [Inline], tail: [Inline]) {
    var head: [Inline] = []
    var tail: [Inline] = []
    var position = 0
    for inline in inlines {
        let length = inline.flatLength
        if position + length <= offset {
            head.append(inline)
        } else if position >= offset {
            tail.append(inline)
        } else {
            let (first, second) = inline.split(at: offset - position)
            head += first
            tail += second
        }
        position += length
    }
    return (head, tail)
}

extension Inline {
    /// How many flat offsets the inline spans.
    var flatLength: Int {
        var length = 0
        walk(entering: { inline in
            switch inline {
            case .text(let text), .code(let text), .html(let text): length += text.unicodeScalars.count
            case .softBreak, .lineBreak: length += 1
            // A footnote reference is its number; a checkbox has no text.
            case .footnoteReference(_, let number, _): length += String(number).unicodeScalars.count
            case .taskBox: break
            // An image's description is not part of the text: the image is one piece.
            case .image: return false
            case .emphasis, .strong, .link, .strikethrough: break
            }
            return true
        })
        return length
    }

    /// The inline cut `offset` scalars in; either side may come out empty.
    fileprivate func split(at offset: Int) -> ([Inline], [Inline]) {
        func wrapped(_ parts: ([Inline], [Inline]), _ wrap: ([Inline]) -> Inline) -> ([Inline], [Inline]) {
            (parts.0.isEmpty ? [] : [wrap(parts.0)], parts.1.isEmpty ? [] : [wrap(parts.1)])
        }
        switch self {
        case .text(let text):
            let scalars = text.unicodeScalars
            let cut = scalars.index(scalars.startIndex, offsetBy: offset)
            return ([.text(String(scalars[..<cut]))], [.text(String(scalars[cut...]))])
        case .code(let code):
            let scalars = code.unicodeScalars
            let cut = scalars.index(scalars.startIndex, offsetBy: offset)
            return ([.code(String(scalars[..<cut]))], [.code(String(scalars[cut...]))])
        case .html, .softBreak, .lineBreak, .image, .footnoteReference, .taskBox:
            // Never cut inside: the whole piece goes first.
            return ([self], [])
        case .emphasis(let content): return wrapped(splitInlines(content, at: offset), Inline.emphasis)
        case .strong(let content): return wrapped(splitInlines(content, at: offset), Inline.strong)
        case .strikethrough(let content): return wrapped(splitInlines(content, at: offset), Inline.strikethrough)
        case .link(let reference, let content): return wrapped(splitInlines(content, at: offset)) { .link(reference, $0) }
        }
    }
}
