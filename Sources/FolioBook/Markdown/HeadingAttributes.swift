import FolioBase
import FolioOptions

/// Heading attributes as mdBook reads them: `{#id .class …}` at the end of a heading gives it
/// that id (instead of the one made from its text) and those classes.
func headingAttributes(_ block: Block) -> Block {
    guard case .heading(let level, var content, let id) = block, case .text(let text)? = content.last,
          text.hasSuffix("}"), let open = text.lastIndex(of: "{") else { return block }
    let words = text[text.index(after: open)..<text.index(before: text.endIndex)].split(whereSeparator: \.isWhitespace)
    guard !words.isEmpty, words.allSatisfy({ ($0.hasPrefix("#") || $0.hasPrefix(".")) && $0.count > 1 }) else { return block }
    let explicitID = words.last { $0.hasPrefix("#") }.map { String($0.dropFirst()) }
    let classes = words.filter { $0.hasPrefix(".") }.map { String($0.dropFirst()) }
    let rest = String(text[..<open].reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    content.removeLast()
    if !rest.isEmpty { content.append(.text(rest)) }
    let heading = Block.heading(level: level, content: content, id: explicitID ?? id)
    return classes.isEmpty ? heading : .classed(heading, classes: classes)
}
