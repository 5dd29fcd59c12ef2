import Foundation

/// A start tag of a page document, as written.
package struct HTMLTag: Sendable, Equatable {
    /// Lowercased, as HTML compares names.
    package var name: String
    /// In the order written, repeats included.
    package var attributes: [HTMLAttribute]
    /// Where its `<` is.
    package var location: SourceLocation
    /// Written `<… />`; browsers ignore that except on void and SVG or MathML elements.
    package var selfClosing: Bool
    /// Byte offsets of the whole tag, `<` to `>` inclusive, counted from the start of the scanned data.
    var range: Range<Int>

    init(name: String, attributes: [HTMLAttribute] = [], at location: SourceLocation, selfClosing: Bool = false, range: Range<Int>) {
        self.name = name
        self.attributes = attributes
        self.location = location
        self.selfClosing = selfClosing
        self.range = range
    }

    /// The first attribute with that lowercase name: browsers ignore repeats.
    package func attribute(_ name: String) -> HTMLAttribute? {
        attributes.first { $0.name == name }
    }

    /// The value of `attribute(name)`, "" when it is written without one (as the DOM has it),
    /// nil when the tag does not have it.
    package func value(_ name: String) -> String? {
        attribute(name).map { $0.value ?? "" }
    }
}

package struct HTMLAttribute: Sendable, Equatable {
    /// Lowercased, as HTML compares names.
    package var name: String
    /// With character references decoded; nil when written without `=`, as in `<input disabled>`.
    package var value: String?
    /// Where the value starts (inside its quotes), or the name when there is no value.
    package var location: SourceLocation
    /// Byte offsets of the value as written, quotes included; nil when there is no value.
    package var written: Range<Int>?

    init(name: String, value: String?, at location: SourceLocation, written: Range<Int>? = nil) {
        self.name = name
        self.value = value
        self.location = location
        self.written = written
    }
}

package struct HTMLEndTag: Sendable, Equatable {
    /// Lowercased, as HTML compares names.
    package var name: String
    /// Where its `<` is.
    var location: SourceLocation
    /// Byte offsets of the whole tag, `</` to `>` inclusive, counted from the start of the scanned data.
    var range: Range<Int>

    init(name: String, at location: SourceLocation, range: Range<Int>) {
        self.name = name
        self.location = location
        self.range = range
    }
}

/// The tags of an HTML document, in document order.
package struct HTMLScan: Sendable, Equatable {
    package var tags: [HTMLTag]
    package var endTags: [HTMLEndTag]

    init(tags: [HTMLTag] = [], endTags: [HTMLEndTag] = []) {
        self.tags = tags
        self.endTags = endTags
    }

    /// The byte offsets of what is inside the first element carrying `attribute` (a lowercase name):
    /// from the end of its start tag to the start of its matching end tag, found by counting the
    /// same-named tags nested in it. Empty for a void element; nil when no tag carries the
    /// attribute or its end tag is missing. Slice the scanned data with it to get the content.
    func innerRange(ofFirstElementWith attribute: String) -> Range<Int>? {
        guard let index = tags.firstIndex(where: { $0.attribute(attribute) != nil }) else { return nil }
        let element = tags[index]
        let start = element.range.upperBound
        if voidElements.contains(element.name) { return start..<start }
        var opens = tags[(index + 1)...].lazy.filter { $0.name == element.name }.map(\.range.lowerBound).makeIterator()
        var nextOpen = opens.next()
        var depth = 1
        for end in endTags where end.name == element.name && end.range.lowerBound >= start {
            while let open = nextOpen, open < end.range.lowerBound {
                depth += 1
                nextOpen = opens.next()
            }
            depth -= 1
            if depth == 0 { return start..<end.range.lowerBound }
        }
        return nil
    }
}

/// Finds every start and end tag of an HTML document with its attributes and positions: not a
/// full HTML parser, but it tokenizes tags as browsers do. Comments, doctypes and processing
/// instructions are skipped; the text of `script`, `style`, `textarea`, `title` and the other
/// raw-text elements is not searched for tags; a `<` that cannot start a tag is text; a tag cut
/// off by the end of the file is dropped. A UTF-8 byte-order mark is skipped. Throws a
/// `Diagnostic` only when the file is not valid UTF-8.
package func scanHTML(_ data: Data, file: String) throws -> HTMLScan {
    var scanner = HTMLScanner(try SourceText(data, file: file))
    scanner.scanDocument()
    return scanner.scan
}

/// Elements that never have content or an end tag.
private let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]

/// Elements whose content is text up to their end tag, even if it looks like tags.
private let rawTextElements: Set<String> = ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"]

private struct HTMLScanner {
    var source: SourceText
    let bytes: [UInt8]
    var index: Int
    var scan = HTMLScan()

    init(_ source: SourceText) {
        self.source = source
        bytes = source.bytes
        index = source.start
    }

    mutating func scanDocument() {
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")), open + 1 < bytes.count {
            index = open + 1
            switch bytes[index] {
            case let byte where isASCIILetter(byte):
                startTag(at: open)
            case UInt8(ascii: "/"):
                endTag(at: open)
            case UInt8(ascii: "!") where bytes[index...].starts(with: "!--".utf8):
                // Searching from the comment's own `--` also ends `<!-->` and `<!--->`, as browsers do.
                skip(past: "-->", from: open + 2)
            case UInt8(ascii: "!"), UInt8(ascii: "?"):
                skip(past: ">", from: index)
            default:
                break  // a `<` in text
            }
        }
    }

    /// The start tag whose `<` is at `open`; then the text of a raw-text element, unread.
    mutating func startTag(at open: Int) {
        let location = source.location(ofByte: open)
        let name = tagName()
        guard let (attributes, selfClosing) = attributesAndEnd() else { return }
        scan.tags.append(HTMLTag(name: name, attributes: attributes, at: location, selfClosing: selfClosing, range: open..<index))
        if rawTextElements.contains(name) { index = endTagStart(named: name) }
    }

    /// The end tag at `open`. As in browsers, its attributes are read and ignored, `</>` is
    /// nothing, and `</` before anything but a letter starts a comment.
    mutating func endTag(at open: Int) {
        index += 1
        guard index < bytes.count, isASCIILetter(bytes[index]) else {
            skip(past: ">", from: index)
            return
        }
        let location = source.location(ofByte: open)
        let name = tagName()
        guard attributesAndEnd() != nil else { return }
        scan.endTags.append(HTMLEndTag(name: name, at: location, range: open..<index))
    }

    /// Reads the name at `index`, lowercased.
    mutating func tagName() -> String {
        let start = index
        while index < bytes.count, !endsName(bytes[index]) { index += 1 }
        return lowercased(bytes[start..<index])
    }

    /// Reads the attributes up to and including the tag's `>`; nil when the file ends first.
    mutating func attributesAndEnd() -> (attributes: [HTMLAttribute], selfClosing: Bool)? {
        var attributes: [HTMLAttribute] = []
        while true {
            skipSpaces()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: ">"):
                index += 1
                return (attributes, false)
            case UInt8(ascii: "/"):
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    return (attributes, true)
                }
            default:
                guard let attribute = attribute() else { return nil }
                attributes.append(attribute)
            }
        }
    }

    /// Reads the attribute whose name starts at `index`; nil when the file ends in its value.
    package mutating func attribute() -> HTMLAttribute? {
        let nameStart = index
        index += 1  // even `=` can start a name
        while index < bytes.count, !endsName(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
        let name = lowercased(bytes[nameStart..<index])
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
            return HTMLAttribute(name: name, value: nil, at: source.location(ofByte: nameStart))
        }
        index += 1
        skipSpaces()
        guard index < bytes.count else { return nil }
        let valueStart: Int
        let valueEnd: Int
        let writtenStart = index
        switch bytes[index] {
        case let quote where quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"):
            valueStart = index + 1
            guard let close = bytes[valueStart...].firstIndex(of: quote) else { return nil }
            valueEnd = close
            index = close + 1
        default:
            // Unquoted, possibly empty as in `alt=>`.
            valueStart = index
            while index < bytes.count, !isHTMLSpaceByte(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
            valueEnd = index
        }
        return HTMLAttribute(name: name, value: decodingReferences(bytes[valueStart..<valueEnd]), at: source.location(ofByte: valueStart),
                             written: writtenStart..<index)
    }

    /// Where the end tag of the raw-text element `name` starts: `</name` then a space, `/` or `>`,
    /// in any case; the end of the file when it has none.
    func endTagStart(named name: String) -> Int {
        var offset = index
        while let open = find("</".utf8, from: offset) {
            let after = open + 2 + name.utf8.count
            if after < bytes.count, endsName(bytes[after]), lowercased(bytes[(open + 2)..<after]) == name { return open }
            offset = open + 2
        }
        return bytes.count
    }

    /// Moves past the next `pattern` at or after `offset`, or to the end of the file.
    mutating func skip(past pattern: String, from offset: Int) {
        index = find(pattern.utf8, from: offset).map { $0 + pattern.utf8.count } ?? bytes.count
    }

    func find(_ pattern: String.UTF8View, from offset: Int) -> Int? {
        var offset = offset
        while let candidate = bytes[offset...].firstIndex(of: pattern.first!) {
            if bytes[candidate...].starts(with: pattern) { return candidate }
            offset = candidate + 1
        }
        return nil
    }

    mutating func skipSpaces() {
        while index < bytes.count, isHTMLSpaceByte(bytes[index]) { index += 1 }
    }
}


/// A space, `/` or `>` ends a tag or attribute name.
private func endsName(_ byte: UInt8) -> Bool {
    isHTMLSpaceByte(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
}

/// HTML lowercases only ASCII letters in names.
private func lowercased(_ name: ArraySlice<UInt8>) -> String {
    String(decoding: name.map(asciiLowercased), as: UTF8.self)
}

// MARK: - Character references

/// An attribute value with its character references decoded: numeric ones, with or without
/// their `;`, and the named ones pages commonly use, with their `;`. Others stay as written.
private func decodingReferences(_ value: ArraySlice<UInt8>) -> String {
    guard value.contains(UInt8(ascii: "&")) else { return String(decoding: value, as: UTF8.self) }
    var text: [UInt8] = []
    var index = value.startIndex
    while index < value.endIndex {
        if value[index] == UInt8(ascii: "&"), let (scalar, length) = reference(at: value[index...]) {
            UTF8.encode(scalar) { text.append($0) }
            index += length
        } else {
            text.append(value[index])
            index += 1
        }
    }
    return String(decoding: text, as: UTF8.self)
}

/// The character the reference at the start of `text` stands for, and its length in bytes.
private func reference(at text: ArraySlice<UInt8>) -> (Unicode.Scalar, Int)? {
    let body = text.dropFirst()
    if body.first == UInt8(ascii: "#") {
        let hex = body.dropFirst().first.map { $0 | 0x20 == UInt8(ascii: "x") } ?? false
        let radix: UInt32 = hex ? 16 : 10
        let digits = body.dropFirst(hex ? 2 : 1).prefix { asciiHexDigitValue($0).map { UInt32($0) < radix } ?? false }
        guard !digits.isEmpty else { return nil }
        // Anything past the last code point is replaced anyway, so stop counting there.
        let value = digits.reduce(UInt32(0)) { min($0 * radix + UInt32(asciiHexDigitValue($1)!), 0x110000) }
        let length = digits.endIndex - text.startIndex + (digits.endIndex < text.endIndex && text[digits.endIndex] == UInt8(ascii: ";") ? 1 : 0)
        // As browsers do, NUL, surrogates and what lies past Unicode become U+FFFD.
        return ((value == 0 ? nil : Unicode.Scalar(value)) ?? "\u{FFFD}", length)
    }
    let name = body.prefix(while: isASCIIAlphanumeric)
    guard name.endIndex < text.endIndex, text[name.endIndex] == UInt8(ascii: ";"),
          let scalar = namedReferences[String(decoding: name, as: UTF8.self)] else { return nil }
    return (scalar, name.count + 2)
}

private let namedReferences: [String: Unicode.Scalar] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
    "nbsp": "\u{A0}", "shy": "\u{AD}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}",
    "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}",
    "ndash": "\u{2013}", "mdash": "\u{2014}", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}",
    "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}", "laquo": "\u{AB}", "raquo": "\u{BB}",
    "lsaquo": "\u{2039}", "rsaquo": "\u{203A}", "hellip": "\u{2026}", "bull": "\u{2022}", "middot": "\u{B7}",
    "copy": "\u{A9}", "reg": "\u{AE}", "trade": "\u{2122}", "deg": "\u{B0}", "para": "\u{B6}", "sect": "\u{A7}",
    "times": "\u{D7}", "divide": "\u{F7}", "plusmn": "\u{B1}", "minus": "\u{2212}",
    "cent": "\u{A2}", "pound": "\u{A3}", "euro": "\u{20AC}", "yen": "\u{A5}",
]
