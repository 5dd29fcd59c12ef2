import FolioBase
import FolioOptions
import FolioBook
import FolioPagination

/// A result's snippet as the index keeps it: the words around a term's first place on a page,
/// stored with the term for its first pages, so that a query's first results show their
/// snippets from the shard that lists them, without loading the pages' texts.
package enum SearchExcerpt {
    /// How many of a term's pages have an excerpt: the results a reader sees first.
    package static let perTerm = 12
    /// About how many characters an excerpt holds, and at most how many of them come before the term.
    static let length = 100
    static let before = 30

    /// Whether a term's pages have excerpts: a word's do. An ideograph run is found by its pairs of
    /// characters, many and short, and a query of more than two is checked against the pages' texts.
    static func wanted(_ term: String) -> Bool {
        guard let first = term.unicodeScalars.first else { return false }
        return !SearchText.isIdeograph(first.value)
    }

    /// The text around the UTF-8 offset `at` of `text`: from the beginning of a word up to `before`
    /// characters earlier to the end of a word about `length` characters from there, each run of
    /// whitespace one space, with "…" where the text goes on.
    static func excerpt(_ text: String, at offset: Int) -> String {
        withBytes(text) { bytes in
            let at = min(max(offset, 0), bytes.count)
            // Back by characters (UTF-8 lead bytes), then on to the word after the first space there.
            var start = at, characters = 0
            while start > 0 && characters < before {
                start -= 1
                if bytes[start] & 0xC0 != 0x80 { characters += 1 }
            }
            if start > 0 { start = (start..<at).first { isSpaceByte(bytes[$0]) }.map { $0 + 1 } ?? at }
            var end = start
            characters = 0
            while end < bytes.count && characters < length {
                end += 1
                while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
                characters += 1
            }
            // Back to the end of the last whole word after the term's place, or on to the end of the term's.
            if end < bytes.count, !isSpaceByte(bytes[end]) {
                end = (at..<end).last(where: { isSpaceByte(bytes[$0]) }) ?? (end..<bytes.count).first(where: { isSpaceByte(bytes[$0]) }) ?? bytes.count
            }
            var out: [UInt8] = []
            out.reserveCapacity(end - start + 8)
            if bytes[..<start].contains(where: { !isSpaceByte($0) }) { out += ellipsis }
            var spaced = false
            for byte in bytes[start..<end] {
                if isSpaceByte(byte) {
                    spaced = true
                    continue
                }
                if spaced && !out.isEmpty && out != ellipsis { out.append(space) }
                spaced = false
                out.append(byte)
            }
            if bytes[end...].contains(where: { !isSpaceByte($0) }) { out += ellipsis }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let space = UInt8(ascii: " ")
    private static let ellipsis = Array("…".utf8)
}
