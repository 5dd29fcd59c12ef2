import FolioBase
import FolioOptions

/// The start tag of an XML document's root element, found by a small scan instead of a parser:
/// enough to read a few attributes of `<svg>` without decoding the rest of the file.
struct XMLRootTag {
    var name: String
    /// Raw attribute values, entities left as written; the first of any repeated name wins.
    var attributes: [String: [UInt8]]

    /// nil unless the document opens with an element whose start tag is well formed,
    /// after an optional byte order mark, XML declaration, processing instructions, comments and DOCTYPE.
    init?(_ bytes: ImageBytes) {
        var scanner = TagScanner(bytes: bytes)
        _ = scanner.consume([0xEF, 0xBB, 0xBF])  // UTF-8 byte order mark
        while true {
            scanner.skipSpace()
            if scanner.consume("<?".utf8) {
                guard scanner.skip(past: "?>".utf8) else { return nil }
            } else if scanner.consume("<!--".utf8) {
                guard scanner.skip(past: "-->".utf8) else { return nil }
            } else if scanner.consume("<!DOCTYPE".utf8) {
                guard scanner.skipDoctype() else { return nil }
            } else if scanner.consume("<".utf8) {
                break
            } else {
                return nil
            }
        }
        let name = scanner.read(while: Self.isNameByte)
        guard !name.isEmpty else { return nil }
        self.name = String(decoding: name, as: UTF8.self)
        attributes = [:]
        while true {
            let separated = scanner.skipSpace()
            if scanner.consume(">".utf8) || scanner.consume("/>".utf8) { return }
            let attribute = scanner.read(while: Self.isNameByte)
            guard separated, !attribute.isEmpty else { return nil }
            scanner.skipSpace()
            guard scanner.consume("=".utf8) else { return nil }
            scanner.skipSpace()
            guard let quote = scanner.next(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
            let value = scanner.read(while: { $0 != quote })
            guard scanner.consume([quote]) else { return nil }
            let key = String(decoding: attribute, as: UTF8.self)
            if attributes[key] == nil { attributes[key] = value }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        !isSpaceByte(byte) && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "=")
    }
}

/// A cursor over the bytes, for the few steps the root tag needs.
private struct TagScanner {
    let bytes: ImageBytes
    var offset = 0

    mutating func next() -> UInt8? {
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func consume(_ literal: some Collection<UInt8>) -> Bool {
        guard bytes.matches(literal, at: offset) else { return false }
        offset += literal.count
        return true
    }

    /// true if there was any whitespace.
    @discardableResult
    mutating func skipSpace() -> Bool {
        read(while: isSpaceByte).count > 0
    }

    /// Moves just past the next `terminator`; false if there is none.
    mutating func skip(past terminator: some Collection<UInt8>) -> Bool {
        while bytes[offset] != nil {
            if consume(terminator) { return true }
            offset += 1
        }
        return false
    }

    mutating func read(while belongs: (UInt8) -> Bool) -> [UInt8] {
        var result: [UInt8] = []
        while let byte = bytes[offset], belongs(byte) {
            result.append(byte)
            offset += 1
        }
        return result
    }

    /// Moves past the DOCTYPE's closing `>`, which may follow an internal subset in brackets
    /// whose declarations, quoted strings and comments hold `>` of their own.
    mutating func skipDoctype() -> Bool {
        var inSubset = false
        while true {
            if inSubset, consume("<!--".utf8) {
                guard skip(past: "-->".utf8) else { return false }
                continue
            }
            guard let byte = next() else { return false }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard skip(past: [byte]) else { return false }
            case UInt8(ascii: "["):
                inSubset = true
            case UInt8(ascii: "]"):
                inSubset = false
            case UInt8(ascii: ">") where !inSubset:
                return true
            default:
                break
            }
        }
    }
}
