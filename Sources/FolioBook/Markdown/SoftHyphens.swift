import FolioBase

/// U+00AD: where a browser may break a word, showing a hyphen only when it does.
package let softHyphen: Unicode.Scalar = "\u{AD}"

/// Puts soft hyphens into a chapter's paragraphs by a book's patterns, remembering the points of
/// each word it has looked up: a chapter's words come again and again.
package struct SoftHyphenator {
    let hyphenation: Hyphenation
    /// By a hash of the word's bytes, the word (to tell two words of one hash apart) and its points.
    private var known: [UInt64: (word: [UInt8], points: [Int])] = [:]

    package init(_ hyphenation: Hyphenation) {
        self.hyphenation = hyphenation
    }

    /// A paragraph's inlines with soft hyphens where its words may be broken. Only words of
    /// letters are hyphenated (a hyphenated compound part by part): never one with a digit, a
    /// path, an address or a name in code (`e.g.`, `rust-lang.org`, `x_1`), one in capitals, code,
    /// the text of raw `<code>` or `<kbd>`, or an image's description; nor the piece of a word
    /// that runs on into emphasis or a link (`**hyph**enation`), which is not a whole word.
    package mutating func hyphenated(_ content: [Inline]) -> [Inline] {
        // The text inlines in the order a rewrite meets them, each with whether it may be
        // hyphenated and whether a word runs into it from before and on after it.
        var texts: [(text: String, prose: Bool)] = []
        var glued: [(before: Bool, after: Bool)] = []
        var images = 0
        var monoTags = 0
        var lastText: Int?
        var gluedToLast = false
        // Where the piece met now meets the one before: a word runs across when letters meet.
        func meet(first: Unicode.Scalar, last: Unicode.Scalar, text: Int? = nil) {
            let touches = isLetter(first)
            if let lastText, gluedToLast, touches { glued[lastText].after = true }
            if let text { glued[text].before = gluedToLast && touches }
            lastText = text
            gluedToLast = isLetter(last)
        }
        for inline in content {
            inline.walk(entering: { inline in
                switch inline {
                case .text(let text):
                    texts.append((text, images == 0 && monoTags == 0))
                    glued.append((false, false))
                    if images == 0, let first = text.unicodeScalars.first, let last = text.unicodeScalars.last {
                        meet(first: first, last: last, text: texts.count - 1)
                    }
                case .image:
                    if images == 0 { meet(first: "x", last: "x") }
                    images += 1
                case .softBreak, .lineBreak:
                    if images == 0 { meet(first: " ", last: " ") }
                case .html(let html):
                    monoTags = max(0, monoTags + monospaceTag(html))
                    if images == 0 { meet(first: "x", last: "x") }
                case .code, .footnoteReference, .taskBox, .math:
                    if images == 0 { meet(first: "x", last: "x") }
                case .emphasis, .strong, .link, .strikethrough:
                    break
                }
                return true
            }, leaving: { inline in
                if case .image = inline { images -= 1 }
            })
        }
        guard texts.contains(where: \.prose) else { return content }
        var next = 0
        return content.map { inline in
            inline.rewritten { inline in
                guard case .text = inline else { return inline }
                defer { next += 1 }
                let (text, prose) = texts[next]
                return prose ? .text(hyphenated(text, gluedBefore: glued[next].before, gluedAfter: glued[next].after)) : inline
            }
        }
    }

    /// `text` with soft hyphens in its words; the first word is left alone when it runs on from
    /// the inline before, and the last when it runs on into the inline after. Read as UTF-8, a
    /// word of ASCII at a time without decoding it: most of a book's words are too short to look up.
    private mutating func hyphenated(_ text: String, gluedBefore: Bool, gluedAfter: Bool) -> String {
        withBytes(text) { bytes in
            var points: [Int] = []
            var start = 0
            while start < bytes.count {
                if isSpace(bytes[start]) {
                    start += 1
                    continue
                }
                var end = start + 1
                while end < bytes.count, !isSpace(bytes[end]) { end += 1 }
                let glued = (start == 0 && gluedBefore) || (end == bytes.count && gluedAfter)
                if !glued, end - start >= shortest { addPoints(of: bytes, start..<end, to: &points) }
                start = end
            }
            guard !points.isEmpty else { return text }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 2 * points.count)
            var copied = 0
            for point in points {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<point]))
                out += [0xC2, 0xAD]
                copied = point
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The byte offsets in `text` where soft hyphens go in the word between spaces at `range`: in
    /// each part between hyphens of its letters, its punctuation around them aside, at the points
    /// its patterns give.
    private mutating func addPoints(of text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to points: inout [Int]) {
        // The letters' bytes, and the parts between hyphens within them.
        var first = -1, last = -1
        var index = range.lowerBound
        while index < range.upperBound {
            let (scalar, length) = text.scalar(at: index)
            if isDigit(scalar) { return }
            if isLetter(scalar) {
                if first < 0 { first = index }
                last = index + length
            } else if first >= 0, !isJoiner(scalar) {
                // Punctuation inside the word (`e.g.`, `rust-lang.org`, `a/b`) unless only after it.
                var rest = index
                while rest < range.upperBound, !isLetter(text.scalar(at: rest).scalar) { rest += text.scalar(at: rest).length }
                if rest < range.upperBound { return }
            }
            index += length
        }
        guard first >= 0 else { return }
        var part = first
        index = first
        while index <= last {
            let (scalar, length) = index < last ? text.scalar(at: index) : ("-", 0)
            if scalar == "-" || scalar == "\u{2010}" {
                addPoints(ofPart: text, part..<index, to: &points)
                part = index + length
            }
            index += max(length, 1)
        }
    }

    /// `addPoints` for one part of a word, all letters or apostrophes: none in a word with an
    /// apostrophe, nor in a name in capitals or with capitals inside (`HTTPS`, `mdBook`).
    private mutating func addPoints(ofPart text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to points: inout [Int]) {
        guard range.count >= shortest else { return }
        var ascii = true
        var index = range.lowerBound
        while index < range.upperBound {
            let (scalar, length) = text.scalar(at: index)
            if scalar == "'" || scalar == "\u{2019}" || (index > range.lowerBound && isCapital(scalar)) { return }
            ascii = ascii && length == 1
            index += length
        }
        // FNV-1a: a word is looked up without making a string of it.
        let bytes = text[range]
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let found: [Int]
        if let entry = known[hash], entry.word.elementsEqual(bytes) {
            found = entry.points
        } else {
            found = hyphenation.points(String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self))
            known[hash] = (Array(bytes), found)
        }
        guard !found.isEmpty else { return }
        // A point counts letters; in ASCII, bytes too.
        if ascii {
            for point in found { points.append(range.lowerBound + point) }
            return
        }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
        let offsets = word.unicodeScalars.indices.map { range.lowerBound + word.utf8.distance(from: word.utf8.startIndex, to: $0) }
        for point in found { points.append(offsets[point]) }
    }

    /// The fewest bytes a word may be hyphenated in: its letters before and after a hyphen.
    private var shortest: Int { hyphenation.leftMinimum + hyphenation.rightMinimum }
}

private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
}

private func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? scalar.value >= 0x30 && scalar.value <= 0x39 : scalar.properties.numericType != nil
}

private func isCapital(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? scalar.value >= 0x41 && scalar.value <= 0x5A : scalar.properties.isUppercase
}

/// A hyphen or an apostrophe, which may stand inside a word of letters.
private func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "-" || scalar == "\u{2010}" || scalar == "'" || scalar == "\u{2019}"
}

/// A letter of a word (or a mark on one), which patterns know and a word may run on across.
private func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return (scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A }
    return scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
}
