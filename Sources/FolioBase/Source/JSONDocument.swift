import Foundation

/// A JSON value as written, each part with the place it starts, so a checker can point at it.
package indirect enum JSONValue: Sendable, Equatable {
    /// Members in the order written; a repeated key is kept (see `JSONNode.duplicateKeys`).
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
}

/// One `"key": value` of an object.
package struct JSONMember: Sendable, Equatable {
    var key: String
    var keyLocation: SourceLocation
    var value: JSONNode

    init(key: String, at keyLocation: SourceLocation, value: JSONNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

/// A value and where it starts.
package struct JSONNode: Sendable, Equatable {
    package var value: JSONValue
    package var location: SourceLocation

    init(_ value: JSONValue, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// The value of the first member with that key, when this is an object.
    package subscript(key: String) -> JSONNode? {
        // JSON keys are equal when their code points are; Swift's `==` would also match canonical equivalents.
        members?.first { $0.key.utf8.elementsEqual(key.utf8) }?.value
    }

    package var members: [JSONMember]? {
        if case .object(let members) = value { members } else { nil }
    }

    package var array: [JSONNode]? {
        if case .array(let elements) = value { elements } else { nil }
    }

    package var string: String? {
        if case .string(let string) = value { string } else { nil }
    }

    package var number: Double? {
        if case .number(let number) = value { number } else { nil }
    }

    var bool: Bool? {
        if case .bool(let bool) = value { bool } else { nil }
    }

    var isNull: Bool { value == .null }

    /// What kind of value this is, for messages such as "expected a string, found an array".
    package var kind: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// Every member, in this value or nested in it at any depth, whose key an earlier member
    /// of the same object already has; in document order.
    var duplicateKeys: [JSONMember] {
        switch value {
        case .object(let members):
            var seen: Set<[UInt8]> = []
            return members.flatMap { member in
                (seen.insert(Array(member.key.utf8)).inserted ? [] : [member]) + member.value.duplicateKeys
            }
        case .array(let elements):
            return elements.flatMap(\.duplicateKeys)
        default:
            return []
        }
    }
}

/// Parses strict RFC 8259 JSON. A UTF-8 byte-order mark is skipped, as browsers do; anything
/// else the grammar does not allow throws a `Diagnostic` at its `file:line:column`.
package func parseJSON(_ data: Data, file: String) throws -> JSONNode {
    var parser = JSONParser(try SourceText(data, file: file))
    return try parser.document()
}

private struct JSONParser {
    /// Deep enough for any real manifest, shallow enough that the recursion cannot exhaust the stack.
    static let maximumDepth = 512

    var source: SourceText
    let bytes: [UInt8]
    var index: Int
    var depth = 0

    init(_ source: SourceText) {
        self.source = source
        bytes = source.bytes
        index = source.start
    }

    mutating func document() throws -> JSONNode {
        skipWhitespace()
        let node = try value()
        skipWhitespace()
        guard index == bytes.count else { throw error("expected the end of the file after the value") }
        return node
    }

    // The location is taken before the parts inside are parsed, so the locator moves forward only.
    mutating func value() throws -> JSONNode {
        guard index < bytes.count else { throw error("expected a value") }
        let location = source.location(ofByte: index)
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(try object(), at: location)
        case UInt8(ascii: "["): return JSONNode(try array(), at: location)
        case UInt8(ascii: "\""): return JSONNode(.string(try string()), at: location)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(.number(try number()), at: location)
        default: return JSONNode(try literal(), at: location)
        }
    }

    mutating func object() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [JSONMember] = []
        skipWhitespace()
        if next(is: "}") { return .object(members) }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(members.isEmpty ? "expected a key in double quotes or `}`" : "expected a key in double quotes")
            }
            let keyLocation = source.location(ofByte: index)
            let key = try string()
            skipWhitespace()
            guard next(is: ":") else { throw error("expected `:` after the key") }
            skipWhitespace()
            members.append(JSONMember(key: key, at: keyLocation, value: try value()))
            skipWhitespace()
            if next(is: "}") { return .object(members) }
            guard next(is: ",") else { throw error("expected `,` or `}` after an object member") }
            try refuseTrailingComma(before: "}")
        }
    }

    mutating func array() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONNode] = []
        skipWhitespace()
        if next(is: "]") { return .array(elements) }
        while true {
            elements.append(try value())
            skipWhitespace()
            if next(is: "]") { return .array(elements) }
            guard next(is: ",") else { throw error("expected `,` or `]` after an array element") }
            try refuseTrailingComma(before: "]")
        }
    }

    /// Steps over the opening bracket at `index`, unless it nests too deep.
    mutating func enter() throws {
        guard depth < Self.maximumDepth else {
            throw error("the value nests deeper than \(Self.maximumDepth) levels")
        }
        depth += 1
        index += 1
    }

    /// Called just after a comma: a closing bracket next is a common slip, named as such.
    mutating func refuseTrailingComma(before close: Unicode.Scalar) throws {
        let comma = index - 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: close) {
            index = comma
            throw error("a trailing `,` is not allowed before `\(close)`")
        }
    }

    /// The string whose opening quote is at `index`, escapes decoded.
    mutating func string() throws -> String {
        let open = index
        index += 1
        var decoded: [UInt8] = []  // used only once an escape shows up
        var hasEscapes = false
        var run = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                guard hasEscapes else { return String(decoding: bytes[run..<index], as: UTF8.self) }
                decoded += bytes[run..<index]
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                decoded += bytes[run..<index]
                try escape(into: &decoded, stringStart: open)
                run = index
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index = open
                throw error("unterminated string")
            case 0..<0x20:
                throw error("control character \(unicodeName(bytes[index])) must be written `\(escaped(bytes[index]))` in a string")
            default:
                index += 1
            }
        }
        index = open
        throw error("unterminated string")
    }

    /// Decodes the escape whose backslash is at `index`.
    mutating func escape(into text: inout [UInt8], stringStart: Int) throws {
        let backslash = index
        guard index + 1 < bytes.count else {
            index = stringStart
            throw error("unterminated string")
        }
        index += 2
        switch bytes[backslash + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(bytes[backslash + 1])
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"): UTF8.encode(try unicodeEscape(at: backslash)) { text.append($0) }
        default:
            index = backslash
            let scalar = scalar(at: backslash + 1)
            throw error(isVisible(scalar) ? "invalid escape `\\\(scalar)`" : "invalid escape: `\\` followed by \(unicodeName(scalar.value))")
        }
    }

    /// The scalar of the `\uXXXX` at `backslash`, with `index` just past its four digits;
    /// a UTF-16 surrogate must be followed by its pair, written the same way.
    mutating func unicodeEscape(at backslash: Int) throws -> Unicode.Scalar {
        let unit = try hexDigits(after: backslash)
        switch unit {
        case 0xD800...0xDBFF:
            if bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) {
                let lowBackslash = index
                let low = try hexDigits(after: lowBackslash)
                if (0xDC00...0xDFFF).contains(low) {
                    return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
                }
            }
            index = backslash
            throw error("lone surrogate `\(escapeText(at: backslash))`: a high surrogate must be followed by a low one (`\\uDC00`–`\\uDFFF`)")
        case 0xDC00...0xDFFF:
            index = backslash
            throw error("lone surrogate `\(escapeText(at: backslash))`: a low surrogate must follow a high one (`\\uD800`–`\\uDBFF`)")
        default:
            return Unicode.Scalar(unit)!
        }
    }

    /// The value of the four hex digits after the `\u` at `backslash`; `index` moves past them.
    mutating func hexDigits(after backslash: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for offset in (backslash + 2)..<(backslash + 6) {
            guard offset < bytes.count, let digit = asciiHexDigitValue(bytes[offset]) else {
                index = backslash
                throw error("expected four hex digits after `\\u`")
            }
            value = value << 4 | UInt32(digit)
        }
        index = backslash + 6
        return value
    }

    /// The number at `index`, checked against the grammar before Swift reads it.
    mutating func number() throws -> Double {
        let start = index
        _ = next(is: "-")
        guard index < bytes.count, isASCIIDigit(bytes[index]) else { throw error("expected a digit after `-`") }
        if next(is: "0") {
            if index < bytes.count, isASCIIDigit(bytes[index]) {
                index = start
                throw error("a number cannot start with `0` followed by more digits")
            }
        } else {
            skipDigits()
        }
        if next(is: ".") {
            guard index < bytes.count, isASCIIDigit(bytes[index]) else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if next(is: "e") || next(is: "E") {
            if !next(is: "+") { _ = next(is: "-") }
            guard index < bytes.count, isASCIIDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite else {
            index = start
            throw error("the number is too large")
        }
        return number
    }

    /// `true`, `false` or `null`; any other word is named whole in the error.
    mutating func literal() throws -> JSONValue {
        let word = bytes[index...].prefix(while: isWordByte)
        switch String(decoding: word, as: UTF8.self) {
        case "true": index += 4; return .bool(true)
        case "false": index += 5; return .bool(false)
        case "null": index += 4; return .null
        default: throw error("expected a value, found \(found(at: index))")
        }
    }

    mutating func skipWhitespace() {
        while index < bytes.count, isSpaceByte(bytes[index]) { index += 1 }
    }

    mutating func skipDigits() {
        while index < bytes.count, isASCIIDigit(bytes[index]) { index += 1 }
    }

    /// Steps over `byte` if it comes next.
    mutating func next(is byte: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: byte) else { return false }
        index += 1
        return true
    }

    /// An error at `index`; at the end of the file, that is what the message says instead.
    mutating func error(_ message: String) -> Diagnostic {
        let message = index < bytes.count ? message : "unexpected end of the file"
        return .error(message, at: source.location(ofByte: index))
    }

    /// The word (`NaN`, `undefined`) or character at `offset` as an error message names it.
    func found(at offset: Int) -> String {
        let word = bytes[offset...].prefix(while: isWordByte).prefix(24)
        if !word.isEmpty { return "`\(String(decoding: word, as: UTF8.self))`" }
        let scalar = scalar(at: offset)
        return isVisible(scalar) ? "`\(scalar)`" : unicodeName(scalar.value)
    }

    func scalar(at offset: Int) -> Unicode.Scalar {
        String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self).unicodeScalars.first!
    }

    /// The `\uXXXX` at `backslash` as written.
    func escapeText(at backslash: Int) -> String {
        String(decoding: bytes[backslash..<(backslash + 6)], as: UTF8.self)
    }
}


private func isWordByte(_ byte: UInt8) -> Bool {
    isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_")
}

/// Whether a message can show the character as it is, rather than by its code point.
private func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    ![.control, .format].contains(scalar.properties.generalCategory) && !scalar.properties.isWhitespace
}

/// `U+0009`, the way Unicode names a code point.
private func unicodeName(_ value: some BinaryInteger) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

/// How JSON writes a control character inside a string.
private func escaped(_ byte: UInt8) -> String {
    switch byte {
    case 0x08: "\\b"
    case 0x09: "\\t"
    case 0x0C: "\\f"
    default: "\\u" + unicodeName(byte).dropFirst(2)
    }
}
