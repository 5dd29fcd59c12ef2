#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// The lines, without their `\n`; an empty last one when the text ends with a line break.
    /// Split on the UTF-8 bytes, many times faster than by characters and the same: a line break
    /// never joins a character with its neighbours (a loaded text's line ends are `\n` alone).
    package var lines: [Substring] {
        var ends: [Int] = []
        withBytes(self) { bytes in
            var start = 0
            while let found = bytes.firstIndex(of: UInt8(ascii: "\n"), from: start) {
                ends.append(found)
                start = found + 1
            }
        }
        var lines: [Substring] = []
        lines.reserveCapacity(ends.count + 1)
        var start = startIndex
        for end in ends {
            let lineEnd = utf8.index(startIndex, offsetBy: end)
            lines.append(self[start..<lineEnd])
            start = utf8.index(after: lineEnd)
        }
        lines.append(self[start...])
        return lines
    }
}

extension StringProtocol {
    /// Whether the text's UTF-8 holds `needle`'s bytes. A scan of bytes, where `contains` compares
    /// characters (Foundation's by canonical equivalence, a hundred times slower on a long chapter):
    /// for an ASCII needle it finds every place `contains` does, and a few more (before a
    /// combining mark), so it can tell where a slower look is not needed.
    package func containsBytes(_ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return true }
        return withBytes(self) { bytes in
            var start = 0
            while let found = bytes.firstIndex(of: first, from: start) {
                guard found + pattern.count <= bytes.count else { return false }
                if pattern.indices.allSatisfy({ bytes[found + $0] == pattern[$0] }) { return true }
                start = found + 1
            }
            return false
        }
    }
}

// The ASCII predicates over bytes, the one home of each: small enough that every call is inlined,
// so the hot loops that ask them of every byte (HTML, JSON, ids, paths) pay no call.

/// `A`–`Z` and `a`–`z`.
@inlinable @inline(__always) package func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- UInt8(ascii: "a") < 26
}

/// `A`–`Z`.
@usableFromInline @inline(__always) func isASCIIUppercase(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "A") < 26
}

/// `0`–`9`.
@inlinable @inline(__always) package func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
}

/// `A`–`Z`, `a`–`z` and `0`–`9`.
@inlinable @inline(__always) package func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    isASCIILetter(byte) || isASCIIDigit(byte)
}

/// The byte with `A`–`Z` made `a`–`z`, any other as it is.
@inlinable @inline(__always) package func asciiLowercased(_ byte: UInt8) -> UInt8 {
    isASCIIUppercase(byte) ? byte | 0x20 : byte
}

/// `!` to `~`: printable ASCII but the space.
@inlinable @inline(__always) package func isASCIIGraphic(_ byte: UInt8) -> Bool {
    byte &- 0x21 < 0x5E
}

/// ASCII's punctuation and symbols: what a backslash escapes in CommonMark.
@inlinable @inline(__always) package func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    isASCIIGraphic(byte) && !isASCIIAlphanumeric(byte)
}

/// The value of a hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`); nil for any other byte.
@inlinable @inline(__always) package func asciiHexDigitValue(_ byte: UInt8) -> UInt8? {
    if isASCIIDigit(byte) { return byte &- UInt8(ascii: "0") }
    let letter = (byte | 0x20) &- UInt8(ascii: "a")
    return letter < 6 ? letter + 10 : nil
}

/// A space, tab, line feed or carriage return: whitespace as XML and JSON have it, and as a
/// page's text does.
@inlinable @inline(__always) package func isSpaceByte(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

/// `isSpaceByte` or a form feed: whitespace as HTML has it.
@inline(__always) func isHTMLSpaceByte(_ byte: UInt8) -> Bool {
    isSpaceByte(byte) || byte == 0x0C
}

/// `isHTMLSpaceByte` or a vertical tab: every ASCII whitespace character, as C's `isspace` has it.
@inlinable @inline(__always) package func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
}

extension Character {
    /// `0`–`9`, alone: a digit with a combining mark is not one.
    package var isASCIIDigit: Bool { asciiValue.map(FolioBase.isASCIIDigit) ?? false }
    /// `A`–`Z` and `a`–`z`, alone.
    package var isASCIILetter: Bool { asciiValue.map(FolioBase.isASCIILetter) ?? false }
}

extension Unicode.Scalar {
    /// `0`–`9`.
    package var isASCIIDigit: Bool { isASCII && FolioBase.isASCIIDigit(UInt8(value)) }
    /// ASCII's punctuation and symbols.
    package var isASCIIPunctuation: Bool { isASCII && FolioBase.isASCIIPunctuation(UInt8(value)) }
}

/// `body` over the text's UTF-8, copied first only where it is not stored as UTF-8 already: the
/// one way Folio reads a string's bytes as a buffer.
package func withBytes<Text: StringProtocol, Result>(_ text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    text.utf8.withContiguousStorageIfAvailable(body) ?? Array(text.utf8).withUnsafeBufferPointer(body)
}

extension UnsafeBufferPointer<UInt8> {
    /// The Unicode scalar whose UTF-8 bytes begin at `index` (valid UTF-8, as a String's are),
    /// and how many bytes it has.
    package func scalar(at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = self[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(self[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The first place of `byte` at or after `start`, found by the C library's `memchr`.
    fileprivate func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        guard let base = baseAddress, start < count,
              let found = memchr(base + start, Int32(byte), count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}

extension String {
    /// How many Unicode scalars the text holds, counted on its UTF-8 (every byte but a
    /// continuation byte starts one): many times faster than walking its scalars.
    package var scalarCount: Int {
        withBytes(self) { bytes in bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
    }
}
