/// JSON written in the order given, two-space indented, so a manifest reads well and two builds
/// of the same book give the same bytes.
indirect enum JSONOutput: Sendable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: JSONOutput...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONOutput)...) { self = .object(elements) }

    /// The JSON text, indented from `indent`; nil writes it on one line without spaces, for
    /// files only programs read (the search index).
    func text(indent: String? = "") -> String {
        let inner = indent.map { $0 + "  " }
        let (open, separator, close, colon) = indent.map { ("\n" + $0 + "  ", ",\n" + $0 + "  ", "\n" + $0, ": ") } ?? ("", ",", "", ":")
        switch self {
        case .string(let string): return quoted(string)
        case .int(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[" + open + items.map { $0.text(indent: inner) }.joined(separator: separator) + close + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{" + open + members.map { quoted($0.0) + colon + $0.1.text(indent: inner) }.joined(separator: separator) + close + "}"
        }
    }

    private func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
