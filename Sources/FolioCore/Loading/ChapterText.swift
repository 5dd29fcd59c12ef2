import Foundation

/// A book file's bytes as text: UTF-8 (a byte-order mark is dropped, CRLF becomes LF),
/// not binary and not empty. Each failure names what is wrong and where.
public func chapterText(_ data: Data, file: String, allowEmpty: Bool = false) throws -> String {
    let bytes = [UInt8](data)
    if let nul = bytes.firstIndex(of: 0) {
        throw Diagnostic.error("this is a binary file, not Markdown (NUL byte at offset \(nul))", at: SourceLocation(file: file),
                               hint: "list only Markdown files as chapters")
    }
    guard var text = String(validating: bytes, as: UTF8.self) else {
        let (line, column) = firstInvalidUTF8(bytes)
        throw Diagnostic.error("the file is not valid UTF-8", at: SourceLocation(file: file, line: line, column: column),
                               hint: "save the file as UTF-8")
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    if bytes.contains(UInt8(ascii: "\r")) {
        text = text.replacingOccurrences(of: "\r\n", with: "\n")
    }
    if !allowEmpty && text.allSatisfy(\.isWhitespace) {
        throw Diagnostic.error("the chapter is empty", at: SourceLocation(file: file),
                               hint: "write something in it, or remove it from the book")
    }
    return text
}

/// The line and character column of the first byte that breaks UTF-8.
private func firstInvalidUTF8(_ bytes: [UInt8]) -> (Int, Int) {
    var line = 1
    var column = 1
    var index = 0
    while index < bytes.count {
        let length = utf8SequenceLength(bytes, at: index)
        guard length > 0 else { return (line, column) }
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += length
    }
    return (line, column)
}

/// The length of the valid UTF-8 sequence starting at `index`, or 0 when it is not valid.
private func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let end = min(index + 4, bytes.count)
    for length in 1...4 where index + length <= end {
        if String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil { return length }
    }
    return 0
}
