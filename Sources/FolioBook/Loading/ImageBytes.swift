import FolioBase
import FolioOptions
import Foundation

/// Bounds-checked reads from a file's bytes, counted from its first byte:
/// anything out of range reads as nil, so damaged headers can never trap.
struct ImageBytes {
    enum ByteOrder { case bigEndian, littleEndian }

    private let data: Data

    init(_ data: Data) {
        self.data = data
    }

    var count: Int { data.count }

    subscript(offset: Int) -> UInt8? {
        guard offset >= 0, offset < data.count else { return nil }
        return data[data.startIndex + offset]
    }

    /// The unsigned integer stored in `size` bytes at `offset`.
    func uint(at offset: Int, size: Int, _ order: ByteOrder) -> Int? {
        var value = 0
        for index in 0..<size {
            guard let byte = self[offset + (order == .bigEndian ? index : size - 1 - index)] else { return nil }
            value = value << 8 | Int(byte)
        }
        return value
    }

    func matches(_ expected: some Collection<UInt8>, at offset: Int) -> Bool {
        offset >= 0 && data.dropFirst(offset).starts(with: expected)
    }

    /// The `count` bytes at `offset` on their own, so their offsets count from there; nil if they run past the end.
    func slice(at offset: Int, count: Int) -> ImageBytes? {
        guard offset >= 0, count >= 0, offset + count <= data.count else { return nil }
        let start = data.startIndex + offset
        return ImageBytes(data[start..<start + count])
    }
}
