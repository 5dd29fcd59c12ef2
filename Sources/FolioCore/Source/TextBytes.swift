/// Lines and markers found in a text's UTF-8 bytes. Chapters are split into lines and searched for
/// markers (`[^`, `]:`, `~`) several times each; by bytes that costs a pass over memory, where
/// splitting by `Character` or Foundation's search costs many times more. A line break never
/// joins a character with its neighbours (a loaded text's line ends are `\n` alone), and the
/// markers are ASCII, so the answers are those of the character-wise forms.
extension String {
    /// The lines, without their `\n`; an empty last line when the text ends with one.
    var lines: [Substring] {
        utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    }
}

extension StringProtocol {
    /// Whether the ASCII `marker` occurs.
    func contains(marker: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount)
        guard let first = needle.first else { return true }
        let found = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.count >= needle.count else { return false }
            for index in 0...(bytes.count - needle.count) where bytes[index] == first {
                if needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) { return true }
            }
            return false
        }
        return found ?? String(self).contains(marker: marker)
    }
}
