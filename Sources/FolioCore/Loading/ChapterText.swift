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
        // SourceBytes finds the first bad byte and reports where it is.
        do {
            _ = try SourceBytes(data, file: file)
        } catch var problem as Diagnostic {
            problem.hint = "save the file as UTF-8"
            throw problem
        }
        throw Diagnostic.error("the file is not valid UTF-8", at: SourceLocation(file: file), hint: "save the file as UTF-8")
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
