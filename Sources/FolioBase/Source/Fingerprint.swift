import Foundation

/// A value's hash, the same from run to run (Swift's `Hasher` is seeded anew each run): what a
/// build keeps beside its site to know, next time, whether an input or a file is the same.
/// FNV-1a over 8 bytes at a time (a site's files are tens of megabytes), each step's high bits
/// folded into its low ones, so that a change in one word cannot be undone by a change in
/// another; the last bytes one at a time. Not a defence against forgery: a changed input goes
/// unnoticed only by a 64-bit collision.
package struct Fingerprint: Equatable, Sendable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    /// The fingerprint of a value, as its `Encodable` conformance gives its parts: every stored
    /// property of a synthesized one, so that a field added to a type is in its fingerprint too.
    package init(of value: some Encodable) {
        add(value)
    }

    package mutating func add(bytes buffer: UnsafeRawBufferPointer) {
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var hash = value
        let words = buffer.count / 8
        for word in 0..<words {
            hash = (hash ^ UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self))) &* prime
            hash ^= hash >> 29
        }
        for byte in buffer[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* prime }
        value = hash
    }

    package mutating func add(_ data: Data) {
        add(data.count)
        data.withUnsafeBytes { add(bytes: $0) }
    }

    package mutating func add(_ string: String) {
        add(string.utf8.count)
        withBytes(string) { add(bytes: UnsafeRawBufferPointer($0)) }
    }

    package mutating func add(_ number: Int) {
        withUnsafeBytes(of: number.littleEndian) { add(bytes: $0) }
    }

    /// A value's parts, as its `Encodable` conformance gives them (`init(of:)`), each after a tag
    /// of its kind, and a string after its length, so that two values cannot run into each other.
    package mutating func add(_ value: some Encodable) {
        let encoder = FingerprintEncoder(self)
        encoder.add(value)
        self = encoder.print
    }

    /// `values`, a batch of a fixed number at a time, each batch's fingerprint made side by side
    /// and taken in order: for the thousands of parts of a big book.
    package mutating func add<Value: Encodable & Sendable>(batches values: [Value]) {
        let size = 256
        let batches = stride(from: 0, to: values.count, by: size).map { values[$0..<Swift.min($0 + size, values.count)] }
        add(values.count)
        for print in batches.parallelMap({ Fingerprint(of: Array($0)).value }) { add(Int(bitPattern: UInt(print))) }
    }

    /// The fingerprints of a hash table's elements, in their own order: a hash table's order
    /// changes from run to run, and numbers sort quicker than the elements would.
    package mutating func add(unordered elements: [UInt64]) {
        add(elements.count)
        for element in elements.sorted() { add(Int(bitPattern: UInt(element))) }
    }
}

/// The fingerprint of `data`'s bytes alone: a content hash to notice changed files.
package func contentHash(_ data: Data) -> UInt64 {
    data.withUnsafeBytes(contentHash)
}

/// The fingerprint of `bytes` alone.
package func contentHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var fingerprint = Fingerprint()
    fingerprint.add(bytes: bytes)
    return fingerprint.value
}

/// An `Encoder` that adds what it is given to a fingerprint.
private final class FingerprintEncoder: Encoder {
    /// What a part is: told apart in the fingerprint.
    enum Tag: Int {
        case keyed = 0x4b, unkeyed = 0x55, element = 0x45, none = 0x4e, unordered = 0x53
    }

    var print: Fingerprint
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ print: Fingerprint) {
        self.print = print
    }

    func tag(_ tag: Tag) {
        print.add(tag.rawValue)
    }

    /// How a type's values are taken.
    private enum Kind {
        case data, string, unordered, parts
    }

    /// Each type's kind, found once: a cast is dearer than what most values hold.
    private var kinds: [ObjectIdentifier: Kind] = [:]

    /// A value: bytes, a hash table's elements in their own order, or its parts.
    package func add<Value: Encodable>(_ value: Value) {
        let type = ObjectIdentifier(Value.self)
        let kind = kinds[type] ?? {
            // By the type, not the value: a value's cast would see through an optional.
            let kind: Kind = if Value.self == Data.self { .data } else if Value.self == String.self { .string }
                else if Value.self is any UnorderedEncodable.Type { .unordered } else { .parts }
            kinds[type] = kind
            return kind
        }()
        switch kind {
        case .data: print.add(value as! Data)
        case .string: print.add(value as! String)
        case .unordered:
            tag(.unordered)
            print.add(unordered: (value as! any UnorderedEncodable).elementFingerprints())
        case .parts:
            // The encoder itself never throws.
            try? value.encode(to: self)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        tag(.keyed)
        return KeyedEncodingContainer(Keyed(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        tag(.unkeyed)
        return Unkeyed(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(encoder: self)
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: FingerprintEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) {
            encoder.print.add(key.stringValue)
            encoder.tag(.none)
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) {
            encoder.print.add(key.stringValue)
            encoder.add(value)
        }

        mutating func encode(_ value: String, forKey key: Key) {
            encoder.print.add(key.stringValue)
            encoder.print.add(value)
        }

        mutating func encode(_ value: Int, forKey key: Key) {
            encoder.print.add(key.stringValue)
            encoder.print.add(value)
        }

        mutating func encode(_ value: Bool, forKey key: Key) {
            encoder.print.add(key.stringValue)
            encoder.print.add(value ? 1 : 0)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.print.add(key.stringValue)
            return encoder.container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.print.add(key.stringValue)
            return encoder.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: FingerprintEncoder
        var codingPath: [any CodingKey] { [] }
        private(set) var count = 0

        init(encoder: FingerprintEncoder) {
            self.encoder = encoder
        }

        mutating func encodeNil() {
            count += 1
            encoder.tag(.none)
        }

        mutating func encode<T: Encodable>(_ value: T) {
            count += 1
            encoder.tag(.element)
            encoder.add(value)
        }

        mutating func encode(_ value: String) {
            count += 1
            encoder.tag(.element)
            encoder.print.add(value)
        }

        mutating func encode(_ value: Int) {
            count += 1
            encoder.tag(.element)
            encoder.print.add(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            encoder.tag(.element)
            return encoder.container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            encoder.tag(.element)
            return encoder.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: FingerprintEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() { encoder.tag(.none) }
        mutating func encode(_ value: Bool) { encoder.print.add(value ? 1 : 0) }
        mutating func encode(_ value: String) { encoder.print.add(value) }
        mutating func encode(_ value: Double) { encoder.print.add(Int(bitPattern: UInt(value.bitPattern))) }
        mutating func encode(_ value: Float) { encode(Double(value)) }
        mutating func encode(_ value: Int) { encoder.print.add(value) }
        mutating func encode(_ value: Int8) { encode(Int(value)) }
        mutating func encode(_ value: Int16) { encode(Int(value)) }
        mutating func encode(_ value: Int32) { encode(Int(value)) }
        mutating func encode(_ value: Int64) { encode(Int(value)) }
        mutating func encode(_ value: UInt) { encode(Int(bitPattern: value)) }
        mutating func encode(_ value: UInt8) { encode(Int(value)) }
        mutating func encode(_ value: UInt16) { encode(Int(value)) }
        mutating func encode(_ value: UInt32) { encode(Int(value)) }
        mutating func encode(_ value: UInt64) { encode(Int(bitPattern: UInt(value))) }
        mutating func encode<T: Encodable>(_ value: T) { encoder.add(value) }
    }
}

/// A hash table: its elements' fingerprints, to be taken in their own order.
private protocol UnorderedEncodable {
    func elementFingerprints() -> [UInt64]
}

extension Dictionary: UnorderedEncodable where Key: Encodable, Value: Encodable {
    fileprivate func elementFingerprints() -> [UInt64] {
        map { key, value in
            var own = Fingerprint(of: key)
            own.add(value)
            return own.value
        }
    }
}

extension Set: UnorderedEncodable where Element: Encodable {
    fileprivate func elementFingerprints() -> [UInt64] {
        map { Fingerprint(of: $0).value }
    }
}
