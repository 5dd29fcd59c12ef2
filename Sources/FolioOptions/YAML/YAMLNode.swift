import FolioBase

/// A YAML value as written, with where it was written, so that a problem found later
/// (a bad option, an unknown key) can name its file, line and column.
package struct YAMLNode: Sendable, Equatable {
    package enum Value: Sendable, Equatable {
        /// `plain` is true when the scalar was written unquoted and untagged: only then can it
        /// mean null, a boolean or a number (`"true"` is the string "true").
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        /// Pairs in document order.
        case mapping([Pair])
    }

    package struct Pair: Sendable, Equatable {
        package var key: YAMLNode
        package var value: YAMLNode

        init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    package var value: Value
    package var location: SourceLocation

    init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

// Scalars read by the YAML 1.2 core schema, which unlike YAML 1.1 keeps `no`, `on` and `y` strings
// (so `language: no` is Norwegian, not false).
extension YAMLNode {
    private var plainText: String? {
        if case .scalar(let text, plain: true) = value { return text }
        return nil
    }

    /// `null`, `~` or nothing at all, as in `title:`.
    package var isNull: Bool {
        ["", "~", "null", "Null", "NULL"].contains(plainText)
    }

    /// The text of any scalar that is not null: `title: 1984` is the string "1984".
    package var string: String? {
        guard case .scalar(let text, _) = value, !isNull else { return nil }
        return text
    }

    package var bool: Bool? {
        switch plainText {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    /// Decimal, `0o` octal or `0x` hexadecimal, as the core schema writes integers.
    package var int: Int? {
        guard let text = plainText else { return nil }
        for (prefix, radix) in [("0o", 8), ("0x", 16)] where text.hasPrefix(prefix) {
            // Unlike `Int(_:radix:)`, the schema allows no sign after the prefix.
            let digits = text.dropFirst(2)
            return digits.first?.isHexDigit == true ? Int(digits, radix: radix) : nil
        }
        // `Int(_:)` takes exactly the core schema's decimal `[-+]?[0-9]+`.
        return Int(text)
    }
}
