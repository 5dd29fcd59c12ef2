/// A value of a cache held as its `CacheCoder` bytes: read, it is only stepped over, so that many
/// are decoded side by side (`decoded()`) rather than one after another; written, its bytes go as
/// they are, so that a value a build keeps from the one before is not encoded again.
package struct CacheCoded<Value: Codable>: Codable, Equatable, Sendable {
    package let bytes: [UInt8]

    package init(_ value: Value) throws {
        bytes = try CacheCoder.bytes(of: value)
    }

    package func decoded() throws -> Value {
        try bytes.withUnsafeBytes { try CacheCoder.value(Value.self, from: $0) }
    }

    package init(from decoder: any Decoder) throws {
        guard let decoder = decoder as? CacheCoder.Decoder else { throw CacheCoder.Malformed() }
        var reader = decoder.reader
        let start = reader.offset
        try reader.skip()
        bytes = Array(UnsafeRawBufferPointer(rebasing: reader.bytes[start..<reader.offset]))
    }

    package func encode(to encoder: any Encoder) throws {
        guard let encoder = encoder as? CacheCoder.Encoder else { throw CacheCoder.Malformed() }
        encoder.root.contents = .written(bytes)
    }
}
