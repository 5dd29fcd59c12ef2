import Foundation

/// Text made a piece at a time (a page's HTML, a rendered template), kept as its UTF-8 bytes:
/// appending a string copies its bytes, where `String`'s own append costs hundreds of
/// instructions a piece, and a page document is made of hundreds of pieces. Pieces of strings
/// make valid UTF-8, so the text is never repaired.
package struct TextBuffer {
    private(set) var bytes: [UInt8] = []

    package init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    package static func += (buffer: inout TextBuffer, text: some StringProtocol) {
        withBytes(text) { buffer.bytes.append(contentsOf: $0) }
    }

    package var last: UInt8? { bytes.last }

    /// Takes every `scalar` out of the text (a soft hyphen, which a reader never types), in one pass.
    package mutating func remove(_ scalar: Unicode.Scalar) {
        let unwanted = Array(String(scalar).utf8)
        guard let first = unwanted.first, bytes.contains(first) else { return }
        var kept = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == first, bytes[index...].starts(with: unwanted) {
                index += unwanted.count
                continue
            }
            bytes[kept] = bytes[index]
            kept += 1
            index += 1
        }
        bytes.removeLast(bytes.count - kept)
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package var data: Data { Data(bytes) }
}
