import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

@Suite struct FingerprintTests {
    /// Every stored property of a value is in its fingerprint, as its type's `Encodable`
    /// conformance gives it: a field added to a type needs no list kept in step.
    @Test func everyPartOfAValueIsInItsFingerprint() {
        let chapter = Chapter(id: ChapterID("one.md"), slug: "one")
        let changes: [(inout Chapter) -> Void] = [
            { $0.id = ChapterID("two.md") }, { $0.role = .cover }, { $0.declaredTitle = "One" }, { $0.slug = "uno" },
            { $0.number = [1] }, { $0.firstLine = 3 },
            { $0.lineOrigins = [SourceLocation(file: "one.md", line: 1, column: 1)] },
            { $0.meta = [MetaEntry(key: "draft", value: .flag(true), line: 2)] },
        ]
        var prints: Set<UInt64> = [Fingerprint(of: chapter).value]
        for change in changes.indices {
            var changed = chapter
            changes[change](&changed)
            prints.insert(Fingerprint(of: changed).value)
        }
        #expect(prints.count == 9)
    }

    /// Parts cannot run into each other: nesting, lengths and absence all count.
    @Test func valuesOfTheSameTypeDoNotCollideByTheirShape() {
        #expect(Fingerprint(of: [["a"], ["b"]]) != Fingerprint(of: [["a", "b"]]))
        #expect(Fingerprint(of: ["ab"]) != Fingerprint(of: ["a", "b"]))
        #expect(Fingerprint(of: [String?.none, "a"]) != Fingerprint(of: ["a", String?.none]))
        #expect(Fingerprint(of: [1, 2]) != Fingerprint(of: [2, 1]))
        #expect(Fingerprint(of: Block.paragraph([.text("a")])) != Fingerprint(of: Block.html("a")))
    }

    /// The same value has the same fingerprint in every run (Swift's `Hasher` would not).
    @Test func aFingerprintIsTheSameFromRunToRun() {
        #expect(Fingerprint(of: "chapter") == Fingerprint(of: "chapter"))
        var print = Fingerprint()
        print.add("chapter")
        #expect(Fingerprint(of: "chapter") == print)
        #expect(Fingerprint(of: ["a": 1]).value == Fingerprint(of: ["a": 1]).value)
        #expect(Fingerprint(of: Data("abc".utf8)).value == 0x3373_1444_b742_7da2)
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
