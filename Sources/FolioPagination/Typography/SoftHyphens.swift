import FolioBase
import FolioBook

/// U+00AD: where a browser may break a word, showing a hyphen only when it does.
package let softHyphen: Unicode.Scalar = "\u{AD}"

extension Hyphenation {
    /// A paragraph's inlines with soft hyphens where its words may be broken. Only words of
    /// letters are hyphenated (a hyphenated compound part by part): never one with a digit, a
    /// path, an address or a name in code (`e.g.`, `rust-lang.org`, `x_1`), one in capitals, code,
    /// the text of raw `<code>` or `<kbd>`, or an image's description; nor the piece of a word
    /// that runs on into emphasis or a link (`**hyph**enation`), which is not a whole word.
    func hyphenated(_ content: [Inline]) -> [Inline] {
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
    /// the inline before, and the last when it runs on into the inline after.
    private func hyphenated(_ text: String, gluedBefore: Bool, gluedAfter: Bool) -> String {
        var out = String.UnicodeScalarView()
        var word = String.UnicodeScalarView()
        var first = true
        func endWord(last: Bool) {
            if (first && gluedBefore) || (last && gluedAfter) {
                out.append(contentsOf: word)
            } else {
                hyphenate(word, into: &out)
            }
            word.removeAll(keepingCapacity: true)
            first = false
        }
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !word.isEmpty { endWord(last: false) }
                first = false
                out.append(scalar)
            } else {
                word.append(scalar)
            }
        }
        if !word.isEmpty { endWord(last: true) }
        return String(out)
    }

    /// A word between spaces, its punctuation around it kept, with soft hyphens at the points its
    /// patterns give each part between hyphens.
    private func hyphenate(_ word: String.UnicodeScalarView, into out: inout String.UnicodeScalarView) {
        guard word.count >= leftMinimum + rightMinimum,
              let start = word.firstIndex(where: isLetter), let last = word.lastIndex(where: isLetter),
              !word.contains(where: { $0.properties.numericType != nil }) else {
            out.append(contentsOf: word)
            return
        }
        let core = word[start...last]
        let joiners: Set<Unicode.Scalar> = ["-", "\u{2010}", "'", "\u{2019}"]
        guard core.allSatisfy({ isLetter($0) || joiners.contains($0) }) else {
            out.append(contentsOf: word)
            return
        }
        out.append(contentsOf: word[..<start])
        var part = String.UnicodeScalarView()
        func endPart() {
            let letters = String(part)
            // Not a word with an apostrophe, nor a name in capitals or with capitals inside (`HTTPS`, `mdBook`).
            let hyphenable = !part.contains { $0 == "'" || $0 == "\u{2019}" } && !part.dropFirst().contains { $0.properties.isUppercase }
            let points = hyphenable ? self.points(letters) : []
            var next = points.startIndex
            for (index, scalar) in part.enumerated() {
                if next < points.endIndex, points[next] == index {
                    out.append(softHyphen)
                    next += 1
                }
                out.append(scalar)
            }
            part.removeAll(keepingCapacity: true)
        }
        for scalar in core {
            if scalar == "-" || scalar == "\u{2010}" {
                endPart()
                out.append(scalar)
            } else {
                part.append(scalar)
            }
        }
        endPart()
        out.append(contentsOf: word[word.index(after: last)...])
    }
}

/// A letter of a word (or a mark on one), which patterns know and a word may run on across.
private func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
}
