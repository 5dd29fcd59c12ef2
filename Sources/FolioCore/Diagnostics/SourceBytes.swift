import Foundation

/// A file's bytes, checked to be UTF-8, that turns byte offsets into the 1-based lines and
/// character columns of diagnostics. The checker's readers scan bytes and ask for locations
/// mostly in increasing order, so it resumes from its last answer instead of recounting the line.
struct SourceBytes {
    let bytes: [UInt8]
    let file: String
    /// Where the text starts: after a UTF-8 byte-order mark, which editors do not show as a column.
    let start: Int
    private var line = 1
    private var lineStart: Int
    /// A place on the current line known to start a character, and its column.
    private var mark: Int
    private var markColumn = 1

    init(_ data: Data, file: String) throws {
        bytes = [UInt8](data)
        self.file = file
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        lineStart = start
        mark = start
        if let bad = firstInvalidUTF8(bytes) {
            throw Diagnostic.error("the file is not valid UTF-8", at: location(of: bad))
        }
    }

    mutating func location(of offset: Int) -> SourceLocation {
        let offset = max(offset, start)
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
        return SourceLocation(file: file, line: line, column: column)
    }
}

/// The offset of the first byte that breaks UTF-8, if any.
private func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    guard var offset = bytes.firstIndex(where: { $0 >= 0x80 }) else { return nil }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes[offset...].makeIterator()
    while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar): offset += scalar.count
        case .emptyInput: return nil
        case .error: return offset
        }
    }
}
