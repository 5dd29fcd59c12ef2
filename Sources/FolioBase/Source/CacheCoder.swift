import Foundation

/// Values as a build's cache holds them: bytes that a `Codable` type writes and reads back, much
/// quicker than JSON. Each value is a tag and its contents; numbers are 7-bit groups
/// (`VarInt`), strings their UTF-8 length and bytes, containers their length in bytes, a count
/// and their entries (a keyed one's each after its key), so that a reader steps over a value it
/// does not want at once.
package enum CacheCoder {
    package struct Malformed: Error {
        package init() {}
    }

    enum Tag: UInt8 {
        case none = 0, int, negative, string, double, keyed, unkeyed, yes, no
    }

    package static func bytes(of value: some Encodable) throws -> [UInt8] {
        let encoder = Encoder()
        try value.encode(to: encoder)
        var bytes: [UInt8] = []
        encoder.root.write(to: &bytes)
        return bytes
    }

    package static func value<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        var reader = Reader(bytes: bytes)
        let value = try T(from: Decoder(reader: reader))
        try reader.skip()
        guard reader.offset == bytes.count else { throw Malformed() }
        return value
    }
}

/// Numbers as 7-bit groups, the low ones first, each with the high bit set when more follow.
package enum VarInt {
    package static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// The number at `offset` of `bytes`, moving `offset` past it.
    package static func read(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) throws -> UInt64 {
        var (value, shift): (UInt64, UInt64) = (0, 0)
        while true {
            guard offset < bytes.count, shift < 64 else { throw CacheCoder.Malformed() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}

// MARK: Writing

extension CacheCoder {
    /// A value being encoded: containers are filled in after they are made, so they are written
    /// once the whole value is known.
    final class Node {
        enum Contents {
            case scalar(Tag, UInt64)
            case string(String)
            case keyed([(String, Node)])
            case unkeyed([Node])
            /// A value already written: a whole value is written as soon as it is encoded, so
            /// that only the bytes of a big one are held, not its parts.
            case written([UInt8])
        }

        var contents: Contents

        init(_ contents: Contents) {
            self.contents = contents
        }

        func write(to bytes: inout [UInt8]) {
            switch contents {
            case .scalar(let tag, let value):
                bytes.append(tag.rawValue)
                if tag == .int || tag == .negative || tag == .double { VarInt.append(value, to: &bytes) }
            case .string(let string):
                bytes.append(Tag.string.rawValue)
                Self.append(string, to: &bytes)
            case .keyed(let entries):
                var inside: [UInt8] = []
                VarInt.append(UInt64(entries.count), to: &inside)
                for (key, value) in entries {
                    Self.append(key, to: &inside)
                    value.write(to: &inside)
                }
                Self.append(container: .keyed, inside, to: &bytes)
            case .unkeyed(let elements):
                var inside: [UInt8] = []
                VarInt.append(UInt64(elements.count), to: &inside)
                for element in elements { element.write(to: &inside) }
                Self.append(container: .unkeyed, inside, to: &bytes)
            case .written(let written):
                bytes.append(contentsOf: written)
            }
        }

        /// A container after its length, so that a reader steps over it at once.
        static func append(container tag: Tag, _ inside: [UInt8], to bytes: inout [UInt8]) {
            bytes.append(tag.rawValue)
            VarInt.append(UInt64(inside.count), to: &bytes)
            bytes.append(contentsOf: inside)
        }

        static func append(_ string: String, to bytes: inout [UInt8]) {
            VarInt.append(UInt64(string.utf8.count), to: &bytes)
            bytes.append(contentsOf: string.utf8)
        }

        static func int(_ value: Int64) -> Node {
            value < 0 ? Node(.scalar(.negative, UInt64(bitPattern: ~value))) : Node(.scalar(.int, UInt64(value)))
        }
    }

    final class Encoder: Swift.Encoder {
        var root = Node(.scalar(.none, 0))
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init() {}

        init(_ root: Node) {
            self.root = root
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .keyed = root.contents {} else { root.contents = .keyed([]) }
            return KeyedEncodingContainer(Keyed(node: root))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .unkeyed = root.contents {} else { root.contents = .unkeyed([]) }
            return Unkeyed(node: root)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(node: root)
        }

        /// The node a value encodes itself into, written (`Contents.written`) when it is a container.
        static func node(_ value: some Encodable) throws -> Node {
            let encoder = Encoder()
            try value.encode(to: encoder)
            switch encoder.root.contents {
            case .keyed, .unkeyed:
                var bytes: [UInt8] = []
                encoder.root.write(to: &bytes)
                return Node(.written(bytes))
            case .scalar, .string, .written:
                return encoder.root
            }
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey] { [] }

        private func add(_ key: Key, _ value: Node) {
            guard case .keyed(var entries) = node.contents else { return }
            node.contents = .unkeyed([])
            entries.append((key.stringValue, value))
            node.contents = .keyed(entries)
        }

        mutating func encodeNil(forKey key: Key) { add(key, Node(.scalar(.none, 0))) }
        mutating func encode(_ value: Bool, forKey key: Key) { add(key, Node(.scalar(value ? .yes : .no, 0))) }
        mutating func encode(_ value: String, forKey key: Key) { add(key, Node(.string(value))) }
        mutating func encode(_ value: Int, forKey key: Key) { add(key, .int(Int64(value))) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { add(key, try Encoder.node(value)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let nested = Node(.keyed([]))
            add(key, nested)
            return KeyedEncodingContainer(Keyed<NestedKey>(node: nested))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = Node(.unkeyed([]))
            add(key, nested)
            return Unkeyed(node: nested)
        }

        mutating func superEncoder() -> any Swift.Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

        mutating func superEncoder(forKey key: Key) -> any Swift.Encoder {
            let nested = Node(.scalar(.none, 0))
            add(key, nested)
            return Encoder(nested)
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { [] }
        var count: Int {
            guard case .unkeyed(let elements) = node.contents else { return 0 }
            return elements.count
        }

        private func add(_ value: Node) {
            guard case .unkeyed(var elements) = node.contents else { return }
            node.contents = .keyed([])
            elements.append(value)
            node.contents = .unkeyed(elements)
        }

        mutating func encodeNil() { add(Node(.scalar(.none, 0))) }
        mutating func encode(_ value: String) { add(Node(.string(value))) }
        mutating func encode(_ value: Int) { add(.int(Int64(value))) }
        mutating func encode<T: Encodable>(_ value: T) throws { add(try Encoder.node(value)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = Node(.keyed([]))
            add(nested)
            return KeyedEncodingContainer(Keyed<NestedKey>(node: nested))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = Node(.unkeyed([]))
            add(nested)
            return Unkeyed(node: nested)
        }

        mutating func superEncoder() -> any Swift.Encoder {
            let nested = Node(.scalar(.none, 0))
            add(nested)
            return Encoder(nested)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() { node.contents = .scalar(.none, 0) }
        mutating func encode(_ value: Bool) { node.contents = .scalar(value ? .yes : .no, 0) }
        mutating func encode(_ value: String) { node.contents = .string(value) }
        mutating func encode(_ value: Double) { node.contents = .scalar(.double, value.bitPattern) }
        mutating func encode(_ value: Float) { encode(Double(value)) }
        mutating func encode(_ value: Int) { encode(Int64(value)) }
        mutating func encode(_ value: Int8) { encode(Int64(value)) }
        mutating func encode(_ value: Int16) { encode(Int64(value)) }
        mutating func encode(_ value: Int32) { encode(Int64(value)) }
        mutating func encode(_ value: Int64) { node.contents = Node.int(value).contents }
        mutating func encode(_ value: UInt) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt8) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt16) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt32) { encode(UInt64(value)) }
        mutating func encode(_ value: UInt64) { node.contents = .scalar(.int, value) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            let encoder = Encoder(node)
            try value.encode(to: encoder)
        }
    }
}

// MARK: Reading

extension CacheCoder {
    /// A place in the bytes being read.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        init(bytes: UnsafeRawBufferPointer, offset: Int = 0) {
            (self.bytes, self.offset) = (bytes, offset)
        }

        mutating func tag() throws -> Tag {
            guard offset < bytes.count, let tag = Tag(rawValue: bytes[offset]) else { throw Malformed() }
            offset += 1
            return tag
        }

        func peek() throws -> Tag {
            guard offset < bytes.count, let tag = Tag(rawValue: bytes[offset]) else { throw Malformed() }
            return tag
        }

        mutating func number() throws -> UInt64 {
            try VarInt.read(bytes, at: &offset)
        }

        /// A count of things still to read, each at least a byte long.
        mutating func count() throws -> Int {
            let count = try number()
            guard count <= UInt64(bytes.count - offset) else { throw Malformed() }
            return Int(count)
        }

        mutating func string() throws -> String {
            let count = try count()
            defer { offset += count }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
        }

        mutating func expect(_ expected: Tag) throws {
            guard try tag() == expected else { throw Malformed() }
        }

        mutating func int() throws -> Int64 {
            switch try tag() {
            case .int:
                let value = try number()
                guard value <= UInt64(Int64.max) else { throw Malformed() }
                return Int64(value)
            case .negative: return ~Int64(bitPattern: try number())
            default: throw Malformed()
            }
        }

        mutating func unsigned() throws -> UInt64 {
            try expect(.int)
            return try number()
        }

        mutating func bool() throws -> Bool {
            switch try tag() {
            case .yes: return true
            case .no: return false
            default: throw Malformed()
            }
        }

        mutating func double() throws -> Double {
            try expect(.double)
            return Double(bitPattern: try number())
        }

        mutating func text() throws -> String {
            try expect(.string)
            return try string()
        }

        /// The contents of the container here, which must be a `tag` one: read no further than its end.
        func inside(_ tag: Tag) throws -> Reader {
            var reader = self
            try reader.expect(tag)
            let length = try reader.count()
            return Reader(bytes: UnsafeRawBufferPointer(rebasing: bytes[..<(reader.offset + length)]), offset: reader.offset)
        }

        /// Steps over the value here.
        mutating func skip() throws {
            switch try tag() {
            case .none, .yes, .no: break
            case .int, .negative, .double: _ = try number()
            case .string, .keyed, .unkeyed: offset += try count()
            }
        }
    }

    /// Decodes the value at its reader's place.
    final class Decoder: Swift.Decoder {
        var reader: Reader
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(reader: Reader) {
            self.reader = reader
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            var start = try reader.inside(.keyed)
            let count = try start.count()
            // Every entry's key and where its value is, found by stepping over them.
            var entries: [(key: String, value: Reader)] = []
            entries.reserveCapacity(count)
            var walk = start
            for _ in 0..<count {
                let key = try walk.string()
                entries.append((key, walk))
                try walk.skip()
            }
            return KeyedDecodingContainer(KeyedReader<Key>(entries: entries))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            var start = try reader.inside(.unkeyed)
            let count = try start.count()
            return UnkeyedReader(reader: start, total: count)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            SingleReader(reader: reader)
        }
    }

    struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let entries: [(key: String, value: Reader)]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { entries.compactMap { Key(stringValue: $0.key) } }

        func contains(_ key: Key) -> Bool {
            entries.contains { $0.key == key.stringValue }
        }

        private func value(_ key: Key) throws -> Reader {
            guard let entry = entries.first(where: { $0.key == key.stringValue }) else { throw Malformed() }
            return entry.value
        }

        func decodeNil(forKey key: Key) throws -> Bool { try value(key).peek() == .none }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { var reader = try value(key); return try reader.bool() }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { var reader = try value(key); return try reader.text() }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { var reader = try value(key); return Int(try reader.int()) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: Decoder(reader: value(key))) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try Decoder(reader: value(key)).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try Decoder(reader: value(key)).unkeyedContainer()
        }

        func superDecoder() throws -> any Swift.Decoder { try superDecoder(forKey: Key(stringValue: "super")!) }
        func superDecoder(forKey key: Key) throws -> any Swift.Decoder { Decoder(reader: try value(key)) }
    }

    struct UnkeyedReader: UnkeyedDecodingContainer {
        var reader: Reader
        let total: Int
        var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var count: Int? { total }
        var isAtEnd: Bool { currentIndex >= total }

        init(reader: Reader, total: Int) {
            (self.reader, self.total) = (reader, total)
        }

        /// The reader of the next element, moving past it.
        private mutating func next() throws -> Reader {
            guard !isAtEnd else { throw Malformed() }
            let here = reader
            try reader.skip()
            currentIndex += 1
            return here
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, try reader.peek() == .none else { return false }
            _ = try next()
            return true
        }

        mutating func decode(_ type: String.Type) throws -> String { var element = try next(); return try element.text() }
        mutating func decode(_ type: Int.Type) throws -> Int { var element = try next(); return Int(try element.int()) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: Decoder(reader: next())) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try Decoder(reader: next()).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try Decoder(reader: next()).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Swift.Decoder { Decoder(reader: try next()) }
    }

    struct SingleReader: SingleValueDecodingContainer {
        let reader: Reader
        var codingPath: [any CodingKey] { [] }

        private func read<T>(_ body: (inout Reader) throws -> T) throws -> T {
            var copy = reader
            return try body(&copy)
        }

        func decodeNil() -> Bool { (try? reader.peek()) == Tag.none }
        func decode(_ type: Bool.Type) throws -> Bool { try read { try $0.bool() } }
        func decode(_ type: String.Type) throws -> String { try read { try $0.text() } }
        func decode(_ type: Double.Type) throws -> Double { try read { try $0.double() } }
        func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        func decode(_ type: Int.Type) throws -> Int { Int(try read { try $0.int() }) }
        func decode(_ type: Int8.Type) throws -> Int8 { try narrow(read { try $0.int() }) }
        func decode(_ type: Int16.Type) throws -> Int16 { try narrow(read { try $0.int() }) }
        func decode(_ type: Int32.Type) throws -> Int32 { try narrow(read { try $0.int() }) }
        func decode(_ type: Int64.Type) throws -> Int64 { try read { try $0.int() } }
        func decode(_ type: UInt.Type) throws -> UInt { try narrow(read { try $0.unsigned() }) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(read { try $0.unsigned() }) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(read { try $0.unsigned() }) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(read { try $0.unsigned() }) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try read { try $0.unsigned() } }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: Decoder(reader: reader)) }

        private func narrow<Wide: BinaryInteger, Narrow: BinaryInteger>(_ value: Wide) throws -> Narrow {
            guard let narrow = Narrow(exactly: value) else { throw Malformed() }
            return narrow
        }
    }
}
