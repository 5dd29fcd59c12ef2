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

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package var data: Data { Data(bytes) }
}
