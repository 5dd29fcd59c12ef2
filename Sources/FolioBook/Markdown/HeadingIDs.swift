import FolioBase
import FolioOptions
import Foundation

/// Gives every heading (and every definition list's term) of a chapter an id from its text,
/// unique within the chapter, as mdBook gives them, so that links written for mdBook (and GitHub) reach the same headings, and links
/// to `chapter.md#id` keep working while the chapter's other headings change.
func assignHeadingIDs(_ blocks: [Block]) -> (blocks: [Block], headings: [Heading]) {
    var slugs = UniqueSlugs()
    var headings: [Heading] = []

    let result = blocks.map { block in
        block.rewrittenBlocks { block in
            if case .definitionList(var list) = block {
                // Terms are anchors too, as mdBook makes them, but not in the contents.
                for index in list.entries.indices {
                    list.entries[index].id = slugs.claim(headingID(list.entries[index].term.plainText(withImageDescriptions: false)))
                }
                return .definitionList(list)
            }
            guard case .heading(let level, let content, let given) = block else { return block }
            let title = content.plainText()
            // An id the writer gave (`{#id}`) is kept.
            let id = slugs.claim(given.isEmpty ? headingID(content.plainText(withImageDescriptions: false)) : given)
            headings.append(Heading(level: level, title: title, id: id))
            return .heading(level: level, content: content, id: id)
        }
    }
    return (result, headings)
}

/// mdBook's id for a heading's text: trimmed and lower-cased; letters and digits of any script,
/// `_` and `-` kept, each space a `-` (so runs stay runs), everything else dropped; `section`
/// when nothing is left.
package func headingID(_ text: String) -> String {
    let id = asciiHeadingID(text) ?? unicodeHeadingID(text)
    return id.isEmpty ? "section" : id
}

/// `headingID` of a text all in ASCII (most headings), by its bytes; nil for any other text.
private func asciiHeadingID(_ text: String) -> String? {
    withBytes(text) { bytes -> String? in
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        // ASCII's whitespace: tab, line feed, vertical tab, form feed, return and space.
        guard let first = bytes.firstIndex(where: { !isASCIIWhitespace($0) }), let last = bytes.lastIndex(where: { !isASCIIWhitespace($0) }) else { return "" }
        var id: [UInt8] = []
        id.reserveCapacity(last - first + 1)
        for byte in bytes[first...last] {
            if isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") {
                id.append(asciiLowercased(byte))
            } else if isASCIIWhitespace(byte) {
                id.append(UInt8(ascii: "-"))
            }
        }
        return String(decoding: id, as: UTF8.self)
    }
}

/// `headingID` of any text, empty when nothing is left.
func unicodeHeadingID(_ text: String) -> String {
    var id = ""
    for scalar in text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().unicodeScalars {
        if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" || scalar == "-" {
            id.unicodeScalars.append(scalar)
        } else if scalar.properties.isWhitespace {
            id.append("-")
        }
    }
    return id
}
