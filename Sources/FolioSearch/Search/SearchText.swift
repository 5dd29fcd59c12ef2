import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import Foundation

/// Text as readers search it: the one normalisation and tokenisation of the search index,
/// specified once in `Tests/search-cases.json` and written twice, here for the index and in
/// `Templates/assets/search-index.js` for the query; both are tested on that table.
package enum SearchText {
    /// A term as the index keeps it: lower case, compatibility forms unfolded, diacritics
    /// (Latin accents, Arabic harakat, Hebrew niqqud) and tatweel removed, alef forms and
    /// final forms unified. Kana keep their voicing marks, and Hangul its syllables.
    static func fold(_ text: String) -> String {
        // ASCII has no marks to remove and nothing to compose.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark && scalar.value != 0x3099 && scalar.value != 0x309A { continue }
            if let mapped = letterFolds[scalar] { out.append(contentsOf: mapped.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out).precomposedStringWithCanonicalMapping
    }

    /// Letters that lower case and decomposition leave apart but a reader takes as one.
    private static let letterFolds: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ı": "i", "ς": "σ",
        "\u{0640}": "", "ٱ": "ا", "ى": "ي", "ة": "ه",
        "ך": "כ", "ם": "מ", "ן": "נ", "ף": "פ", "ץ": "צ",
    ]

    /// A run of the text that is searched as one: a word (with the parts of an identifier),
    /// or a run of Chinese, Japanese or Korean characters, which has no spaces to split at.
    package enum Token: Hashable, Sendable {
        case word(String)
        case ideographs(String)

        /// The token of a run of bytes `forEachToken(in:)` found.
        init(_ run: UnsafeBufferPointer<UInt8>, isIdeographs: Bool) {
            let text = String(decoding: run, as: UTF8.self)
            self = isIdeographs ? .ideographs(text) : .word(text)
        }

        /// The token as written.
        var text: String {
            switch self { case .word(let text), .ideographs(let text): text }
        }
    }

    /// The words and ideograph runs of `text`, in order, as written (not folded). A word is
    /// letters, marks, digits and `_`, with `::` inside it kept (`std::io`). Read as UTF-8 bytes,
    /// as most of most books is ASCII.
    static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        forEachToken(in: text) { token, _ in tokens.append(token) }
        return tokens
    }

    /// Each token of `text` in order, with the UTF-8 offset it begins at.
    static func forEachToken(in text: String, _ body: (Token, Int) -> Void) {
        withBytes(text) { bytes in
            forEachToken(in: bytes) { run, isIdeographs, place in body(Token(run, isIdeographs: isIdeographs), place) }
        }
    }

    /// Each token of a text's UTF-8 `bytes` in order, as its bytes, whether it is a run of
    /// ideographs, and the offset it begins at: a token need not be made a string to be looked up.
    static func forEachToken(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Bool, Int) -> Void) {
        var index = 0
        while index < bytes.count {
            let (kind, length) = character(in: bytes, at: index)
            guard kind != .other else { index += length; continue }
            var end = index + length
            while end < bytes.count {
                let (next, nextLength) = character(in: bytes, at: end)
                if next == kind { end += nextLength; continue }
                // `a::b` is one identifier.
                if kind == .word, end + 2 < bytes.count, bytes[end] == colon, bytes[end + 1] == colon {
                    let (after, afterLength) = character(in: bytes, at: end + 2)
                    if after == .word { end += 2 + afterLength; continue }
                }
                break
            }
            let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
            if kind == .ideograph || run.contains(where: { $0 != underscore && $0 != colon }) { body(run, kind == .ideograph, index) }
            index = end
        }
    }

    private static let colon = UInt8(ascii: ":"), underscore = UInt8(ascii: "_")

    /// The kind of the character whose UTF-8 bytes begin at `index` (valid UTF-8, as a String's
    /// are), and how many bytes it has.
    private static func character(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (kind: Kind, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (asciiKind(lead), 1) }
        let (scalar, length) = bytes.scalar(at: index)
        return (kind(of: scalar), length)
    }

    /// Most of most books is ASCII, answered without Unicode's property tables: letters, digits
    /// and `_` are a bitmap of the 128 ASCII bytes in two words, which needs neither a global
    /// table (whose making is checked at every character) nor a switch's many comparisons.
    private static func asciiKind(_ byte: UInt8) -> Kind {
        // Bytes 0–63: the digits (bits 48–57); 64–127: A–Z (1–26), `_` (31), a–z (33–58).
        let bits: UInt64 = byte < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
        return bits >> (UInt64(byte) & 63) & 1 == 1 ? .word : .other
    }

    /// The terms a word is found by: the whole word folded, and the parts of an identifier
    /// (split at `_`, `::` and camel case), each folded.
    static func terms(ofWord word: String) -> [String] {
        let whole = fold(word)
        var terms = [whole]
        for part in identifierParts(word) {
            let term = fold(part)
            if !terms.contains(term) { terms.append(term) }
        }
        return terms
    }

    /// The terms of an ideograph run: its overlapping pairs of characters, and its last
    /// character alone, so that every character begins a term and any part of the run is found.
    static func terms(ofIdeographs run: String) -> [String] {
        let characters = Array(fold(run).unicodeScalars)
        var terms: [String] = []
        for index in characters.indices {
            var term = String.UnicodeScalarView([characters[index]])
            if index + 1 < characters.count { term.append(characters[index + 1]) }
            terms.append(String(term))
        }
        return terms
    }

    /// `getElementByID` → get, Element, By, ID; `snake_case` → snake, case; `std::io` → std, io.
    static func identifierParts(_ word: String) -> [String] {
        let scalars = Array(word.unicodeScalars)
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        func close() {
            if !current.isEmpty { parts.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        for (index, scalar) in scalars.enumerated() {
            if scalar == "_" || scalar == ":" { close(); continue }
            if index > 0, category(scalar) == .upper {
                let before = category(scalars[index - 1])
                let after = index + 1 < scalars.count ? category(scalars[index + 1]) : nil
                if before == .lower || before == .digit || (before == .upper && after == .lower) { close() }
            }
            current.append(scalar)
        }
        close()
        return parts
    }

    /// The longest word the index keeps: longer runs are data (hashes, base64), not words.
    static let longestWord = 64

    private enum Kind { case word, ideograph, other }

    /// The kind of a character beyond ASCII.
    private static func kind(of scalar: Unicode.Scalar) -> Kind {
        guard isLetterOrDigit(scalar) else { return .other }
        return isIdeograph(scalar.value) ? .ideograph : .word
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber: true
        default: false
        }
    }

    /// Han, Hiragana, Katakana and Hangul, which are written without spaces between words.
    static func isIdeograph(_ value: UInt32) -> Bool {
        ideographRanges.contains { $0.contains(value) }
    }

    static let ideographRanges: [ClosedRange<UInt32>] = [
        0x1100...0x11FF, 0x2E80...0x2FDF, 0x3005...0x3007, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFF9F,
        0x20000...0x323AF,
    ]

    private enum Case { case upper, lower, digit }

    private static func category(_ scalar: Unicode.Scalar) -> Case? {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter: .upper
        case .lowercaseLetter: .lower
        case .decimalNumber: .digit
        default: nil
        }
    }
}
