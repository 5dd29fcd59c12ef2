extension String {
    /// The lines, without their `\n`; an empty last one when the text ends with a line break.
    /// Split on the UTF-8 bytes, many times faster than by characters and the same: a line break
    /// never joins a character with its neighbours (a loaded text's line ends are `\n` alone).
    var lines: [Substring] {
        utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    }
}

extension StringProtocol {
    /// Whether the text's UTF-8 holds `needle`'s bytes. A scan of bytes, where `contains` compares
    /// characters (Foundation's by canonical equivalence, a hundred times slower on a long chapter):
    /// for an ASCII needle it finds every place `contains` does, and a few more (before a
    /// combining mark), so it can tell where a slower look is not needed.
    func containsBytes(_ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let first = pattern.first else { return true }
            guard bytes.count >= pattern.count else { return false }
            for start in 0...(bytes.count - pattern.count) where bytes[start] == first {
                if pattern.indices.allSatisfy({ bytes[start + $0] == pattern[$0] }) { return true }
            }
            return false
        }
        return utf8.withContiguousStorageIfAvailable(search) ?? Array(utf8).withUnsafeBufferPointer(search)
    }
}
