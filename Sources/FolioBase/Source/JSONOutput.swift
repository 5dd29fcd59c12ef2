import Foundation

/// JSON written in the order given, two-space indented (or on one line), so a manifest reads well
/// and two builds of the same book give the same bytes. Not `indirect`: its nested values are in
/// arrays already, and a number or a string is then no allocation of its own.
package enum JSONOutput: Sendable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    /// An array made one item at a time as it is written, so a long one (an entry per page) is
    /// never held whole beside its text.
    case generated(count: Int, item: @Sendable (Int) -> JSONOutput)
    /// An array of numbers, written from them as they are: a search shard's page lists hold
    /// hundreds of thousands, each otherwise a value of its own.
    case numbers([Int])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    package init(stringLiteral value: String) { self = .string(value) }
    package init(arrayLiteral elements: JSONOutput...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONOutput)...) { self = .object(elements) }

    /// The JSON text, indented from `indent`; nil writes it on one line without spaces, for
    /// files only programs read (the search index).
    package func text(indent: String? = "") -> String {
        String(decoding: data(indent: indent), as: UTF8.self)
    }

    /// The JSON text's UTF-8 bytes, and `after` after them: a long text (a big book's manifest) is
    /// made as the file's bytes, not as a string and then a copy of it.
    package func data(indent: String? = "", after: String = "") -> Data {
        var out = JSONBytes()
        write(to: &out, indent: indent)
        out += after
        return out.data
    }

    /// Appends to one buffer: nested values are written in place, never built apart and copied in.
    private func write(to out: inout JSONBytes, indent: String?) {
        switch self {
        case .string(let string): quote(string, to: &out)
        case .int(let number): out.append(number)
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            Self.members(items.count, brackets: ("[", "]"), to: &out, indent: indent) { items[$0].write(to: &$1, indent: $2) }
        case .generated(let count, let item):
            Self.members(count, brackets: ("[", "]"), to: &out, indent: indent) { item($0).write(to: &$1, indent: $2) }
        case .numbers(let numbers):
            Self.members(numbers.count, brackets: ("[", "]"), to: &out, indent: indent) { index, out, _ in out.append(numbers[index]) }
        case .object(let members):
            let colon = indent == nil ? ":" : ": "
            Self.members(members.count, brackets: ("{", "}"), to: &out, indent: indent) { index, out, inner in
                quote(members[index].0, to: &out)
                out += colon
                members[index].1.write(to: &out, indent: inner)
            }
        }
    }

    /// An array's or an object's `count` members between its brackets, each written by `member`
    /// (its place, the buffer, and the indent of what it holds) on a line of its own when indented.
    /// The separators are made here once, not again for every value.
    private static func members(_ count: Int, brackets: (String, String), to out: inout JSONBytes, indent: String?,
                                _ member: (Int, inout JSONBytes, String?) -> Void) {
        guard count > 0 else { return out += brackets.0 + brackets.1 }
        let inner = indent.map { $0 + "  " }
        let (open, separator, close) = indent.map { ("\n" + $0 + "  ", ",\n" + $0 + "  ", "\n" + $0) } ?? ("", ",", "")
        out += brackets.0
        for index in 0..<count {
            out += index == 0 ? open : separator
            member(index, &out, inner)
        }
        out += close + brackets.1
    }

    /// Copies the runs between characters to escape whole: a page's text has a line break in
    /// every few dozen bytes.
    private func quote(_ string: String, to out: inout JSONBytes) {
        out += "\""
        withBytes(string) { bytes in
            var run = 0
            var index = 0
            while index < bytes.count {
                // Eight bytes at a time while none of them is to be escaped.
                if index + 8 <= bytes.count, !needsEscape(UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    index += 8
                    continue
                }
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                out.append(UnsafeBufferPointer(rebasing: bytes[run..<index]))
                switch byte {
                case UInt8(ascii: "\""): out += "\\\""
                case UInt8(ascii: "\\"): out += "\\\\"
                case UInt8(ascii: "\n"): out += "\\n"
                case UInt8(ascii: "\r"): out += "\\r"
                case UInt8(ascii: "\t"): out += "\\t"
                default: out += "\\u" + String(repeating: "0", count: 4 - String(byte, radix: 16).count) + String(byte, radix: 16)
                }
                index += 1
                run = index
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out += "\""
    }

    /// Whether any of eight bytes is a control character, `"` or `\\` (the classic tests for a
    /// byte below a bound and a byte equal to one, on every byte of a word at once).
    private func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let control = (word &- ones &* 0x20) & ~word & highs != 0
        return control || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
    }
}

/// The bytes JSON is written into: pieces gathered in a small buffer, which is moved into the
/// Data when full. Data grows in place where it can, so that a long text is not held twice while
/// it grows, and the many small pieces cost no more than a string's.
private struct JSONBytes {
    private static let bufferBytes = 16_384
    private var whole = Data()
    private var buffer: [UInt8] = []

    init() {
        buffer.reserveCapacity(Self.bufferBytes)
    }

    static func += (out: inout JSONBytes, text: String) {
        // A string's bytes are copied whole, not one by one.
        withBytes(text) { out.append($0) }
    }

    /// A number's decimal digits, written without making a string of them.
    mutating func append(_ number: Int) {
        if number < 0 { buffer.append(UInt8(ascii: "-")) }
        let magnitude = number.magnitude
        // The power of ten of the first digit, then each digit from the first.
        var unit: UInt = 1
        while magnitude / unit >= 10 { unit *= 10 }
        repeat {
            buffer.append(UInt8(ascii: "0") + UInt8(magnitude / unit % 10))
            unit /= 10
        } while unit > 0
        if buffer.count >= Self.bufferBytes { flush() }
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferBytes { flush() }
    }

    var data: Data {
        mutating get {
            flush()
            return whole
        }
    }

    private mutating func flush() {
        whole.append(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
