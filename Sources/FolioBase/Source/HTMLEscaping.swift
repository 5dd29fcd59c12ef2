/// HTML text with `&`, `<`, `>` and `"` escaped: how cmark escapes text and attributes, and
/// what Mustache's `{{name}}` does to a value. The one escaping of HTML in Folio.
package func escapeHTML(_ text: String) -> String {
    // Most text has nothing to escape: hand it back without copying.
    guard withBytes(text, { $0.contains(where: isSpecialInHTML) }) else { return text }
    var escaped = TextBuffer(capacity: text.utf8.count + 16)
    appendEscapedHTML(text, to: &escaped)
    return escaped.text
}

/// Appends `text` escaped, copying the runs between special characters whole.
package func appendEscapedHTML(_ text: some StringProtocol, to output: inout TextBuffer) {
    var rest = text[...]
    while let special = rest.utf8.firstIndex(where: isSpecialInHTML) {
        output += rest[..<special]
        switch rest.utf8[special] {
        case UInt8(ascii: "&"): output += "&amp;"
        case UInt8(ascii: "<"): output += "&lt;"
        case UInt8(ascii: ">"): output += "&gt;"
        default: output += "&quot;"
        }
        rest = rest[rest.utf8.index(after: special)...]
    }
    output += rest
}

private func isSpecialInHTML(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
}
