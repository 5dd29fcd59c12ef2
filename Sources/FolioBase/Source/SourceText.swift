import Foundation

/// The text of one of the book's or the site's files, checked to be UTF-8, with the file's name,
/// that says where a byte of it is as a diagnostic names places: a 1-based line and a column
/// counted in characters, not bytes. `firstLine` is the file line of the text's first line, for
/// text cut out of a larger file (a chapter's body after its front matter, the front matter itself).
///
/// Readers ask for places mostly in increasing order, so it resumes from its last answer instead of
/// recounting the line: asking for every tag of a page that is one long line stays linear.
package struct SourceText: Sendable {
    package let file: String
    let firstLine: Int
    /// The bytes as the readers scan them; offsets are counted from their start.
    package let bytes: [UInt8]
    /// Where the text starts: after a UTF-8 byte-order mark, which editors do not show as a column.
    let start: Int
    private var line: Int
    private var lineStart: Int
    /// A place on the current line known to start a character, and its column.
    private var mark: Int
    private var markColumn = 1

    /// Text already in memory: a Swift string is valid UTF-8.
    package init(_ text: String, file: String, firstLine: Int = 1) {
        self.init(checked: Array(text.utf8), file: file, firstLine: firstLine)
    }

    /// A file's bytes, which must be UTF-8; a byte-order mark is skipped.
    package init(_ data: Data, file: String, firstLine: Int = 1) throws {
        self.init(checked: [UInt8](data), file: file, firstLine: firstLine)
        if let bad = firstInvalidUTF8(bytes) {
            throw Diagnostic.error("the file is not valid UTF-8", at: location(ofByte: bad), hint: "save the file as UTF-8")
        }
    }

    private init(checked bytes: [UInt8], file: String, firstLine: Int) {
        self.bytes = bytes
        self.file = file
        self.firstLine = firstLine
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        (line, lineStart, mark) = (1, start, start)
    }

    /// A book file written by hand (a chapter, SUMMARY.md, book.yml, a theme file): also not
    /// binary, CRLF read as LF, and not empty unless `allowEmpty`.
    package static func bookFile(_ data: Data, file: String, allowEmpty: Bool = false) throws -> SourceText {
        // Through the raw bytes with `memchr`: Data's own search goes a byte at a time through its subscript.
        if let nul = data.withUnsafeBytes({ raw -> Int? in
            guard let start = raw.baseAddress, let found = memchr(start, 0, raw.count) else { return nil }
            return UnsafeRawPointer(found) - start
        }) {
            throw Diagnostic.error("this is a binary file, not Markdown (NUL byte at offset \(nul))",
                                   at: SourceLocation(file: file), hint: "list only Markdown files as chapters")
        }
        var source = try SourceText(data, file: file)
        if source.bytes.contains(UInt8(ascii: "\r")) {
            source = SourceText(source.text.replacingOccurrences(of: "\r\n", with: "\n"), file: file)
        }
        // A printable ASCII byte ends the question at once, without making the text.
        if !allowEmpty && !source.bytes[source.start...].contains(where: isASCIIGraphic) && source.text.allSatisfy(\.isWhitespace) {
            throw Diagnostic.error("the chapter is empty", at: SourceLocation(file: file),
                                   hint: "write something in it, or remove it from the book")
        }
        return source
    }

    /// The text, without a byte-order mark.
    package var text: String {
        String(decoding: bytes[start...], as: UTF8.self)
    }

    /// Where the byte at `offset` is (the end of the text for an offset past it).
    package mutating func location(ofByte offset: Int) -> SourceLocation {
        let offset = min(max(offset, start), bytes.count)
        if offset < lineStart {
            (line, lineStart, mark, markColumn) = (1, start, start, 1)
        } else if offset < mark {
            (mark, markColumn) = (lineStart, 1)
        }
        while let newline = bytes[mark..<offset].firstIndex(of: UInt8(ascii: "\n")) {
            line += 1
            (lineStart, mark, markColumn) = (newline + 1, newline + 1, 1)
        }
        // Within a line, ASCII is one character a byte (CR LF is one, but LF ends the line).
        let segment = bytes[mark..<offset]
        let column = markColumn + (segment.allSatisfy { $0 < 0x80 } ? segment.count : String(decoding: segment, as: UTF8.self).count)
        // Between two ASCII bytes there is always a character boundary to resume from;
        // elsewhere a combining mark or a prepended letter may join the two sides.
        if offset > lineStart, offset < bytes.count, bytes[offset - 1] < 0x80, bytes[offset] < 0x80 {
            (mark, markColumn) = (offset, column)
        }
        return SourceLocation(file: file, line: firstLine + line - 1, column: column)
    }

    /// Where a character is in `text`, the string this was made from.
    package mutating func location(of index: String.Index, in text: String) -> SourceLocation {
        location(ofByte: text.utf8.distance(from: text.startIndex, to: index))
    }

    /// Where the `byteColumn`th byte (1-based) of the text's `line`th line is, as C parsers such
    /// as libcmark count. A line past the end is given back as it came, shifted by `firstLine`.
    package mutating func location(line wanted: Int, byteColumn: Int) -> SourceLocation {
        guard byteColumn >= 1, seek(line: wanted) else { return location(line: wanted, column: byteColumn) }
        return location(ofByte: lineStart + byteColumn - 1)
    }

    /// How many spaces and tabs open the text's `line`th line.
    mutating func indentation(ofLine wanted: Int) -> Int {
        guard seek(line: wanted) else { return 0 }
        return bytes[lineStart...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
    }

    /// Moves the place answers resume from to the start of the `line`th line; false past the end.
    private mutating func seek(line wanted: Int) -> Bool {
        guard wanted >= 1 else { return false }
        if wanted < line { (line, lineStart, mark, markColumn) = (1, start, start, 1) }
        while line < wanted {
            guard let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { return false }
            line += 1
            (lineStart, mark, markColumn) = (newline + 1, newline + 1, 1)
        }
        return true
    }

    /// A place a parser already counted in lines and characters of the text (libyaml does).
    package func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: firstLine + line - 1, column: column)
    }
}

/// The offset of the first byte that breaks UTF-8, if any.
private func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var offset = 0
    // A character at a time where the text is not ASCII, the ASCII between them skipped.
    while let next = firstNonASCII(bytes, from: offset) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes[next...].makeIterator()
        guard case .valid(let scalar) = parser.parseScalar(from: &iterator) else { return next }
        offset = next + scalar.count
    }
    return nil
}

/// The offset of the first byte of `bytes` from `start` that is not ASCII, if any: eight bytes at a
/// time, for prose in English is ASCII from end to end, and other prose has spaces and punctuation.
private func firstNonASCII(_ bytes: [UInt8], from start: Int) -> Int? {
    bytes.withUnsafeBytes { raw in
        var offset = start
        while offset + 8 <= raw.count, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { offset += 8 }
        return raw[offset...].firstIndex { $0 >= 0x80 }
    }
}
