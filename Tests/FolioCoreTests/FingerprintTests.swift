import Foundation
import Testing
@testable import FolioCore

@Suite struct FingerprintTests {
    /// A value known to add its own parts is fingerprinted as the same value seen as `Any`.
    private func same<Value: Fingerprinted>(_ value: Value) -> Bool {
        Fingerprint(of: value) == Fingerprint(of: value as Any)
    }

    @Test func aValueOfItsOwnPartsIsFingerprintedAsWhenSeenAsAny() {
        #expect(same("chapter"))
        #expect(same(42))
        #expect(same(Data([1, 2, 3])))
        #expect(same(["a", "b"]))
        #expect(same(Set(["a", "b", "c"])))
        #expect(same(["a": 1, "b": 2]))
        #expect(same(ChapterID("part/one.md")))
        #expect(same([ChapterID("one.md"): Set(["x", "y"])]))
        #expect(same(Optional("x")))
    }

    @Test func hashTablesInAnyOrderAreOneFingerprint() {
        let forward = Set((0..<100).map(String.init))
        let backward = Set((0..<100).reversed().map(String.init))
        #expect(Fingerprint(of: forward) == Fingerprint(of: backward))
        #expect(Fingerprint(of: ["a": 1, "b": 2]) == Fingerprint(of: ["b": 2, "a": 1]))
        #expect(Fingerprint(of: ["a": 1, "b": 2]) != Fingerprint(of: ["a": 2, "b": 1]))
    }

    @Test func aContentHashIsTheBytesAlone() {
        let bytes: [UInt8] = Array("the same bytes".utf8)
        #expect(contentHash(Data(bytes)) == bytes.withUnsafeBytes(contentHash))
        #expect(contentHash(Data(bytes)) != contentHash(Data(bytes.dropLast())))
    }
}
