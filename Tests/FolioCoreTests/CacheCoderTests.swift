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

/// What the build cache holds reads back as it was written, and bytes that are not such a value
/// are an error, never a different value.
@Suite struct CacheCoderTests {
    private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        let bytes = try CacheCoder.bytes(of: value)
        return try bytes.withUnsafeBytes { try CacheCoder.value(T.self, from: $0) }
    }

    /// A chapter with every kind of block, as parsed, and what linking found in it.
    @Test func aParsedChapterReadsBackWhole() throws {
        let markdown = """
        ---
        draft: true
        tags: [a, b]
        ---
        # One {#first .wide}

        Some *emphasis*, **strong**, `code`, [a link](two.md#x "title"), ![an image](i.png) and a note[^n].

        > [!NOTE]
        > An aside.

        1. first
        2. second

        - [ ] task

        | a | b |
        |:--|--:|
        | 1 | 2 |

        Term
        : Definition

        ```swift
        let x = 1
        ```

        <div id="raw">raw</div>

        ---

        [^n]: The note.
        """
        let chapter = Chapter(id: ChapterID("one.md"), slug: "one", number: [1, 2], firstLine: 5)
        var options = MarkdownOptions()
        options.rawHTML = true
        let parsed = try #require(parseChapters([chapter], sources: ChapterSources([chapter.id: markdown]), options: options).first)
        #expect(parsed.blocks.count > 8)
        #expect(try roundTrip(parsed) == parsed)
        let warning = Diagnostic(.warning, "a message", at: SourceLocation(file: "one.md", line: 3, column: 4), hint: "a hint")
        #expect(try roundTrip([warning, Diagnostic.error("bare")]) == [warning, Diagnostic.error("bare")])
    }

    /// Numbers at their limits, optionals, nesting and both kinds of dictionary keys.
    @Test func valuesAtTheirLimitsReadBack() throws {
        struct Sample: Codable, Equatable {
            var numbers: [Int]
            var unsigned: UInt64
            var fraction: Double
            var flags: [Bool]
            var absent: String?
            var present: [Int]?
            var holes: [String?]
            var byName: [String: [Int]]
            var byID: [ChapterID: String]
        }
        let sample = Sample(numbers: [0, 1, -1, 127, 128, Int.max, Int.min], unsigned: .max, fraction: -0.1, flags: [true, false],
                            absent: nil, present: [], holes: [nil, "", "é"], byName: ["a": [1], "": []], byID: ["x.md": "x", "y.md": ""])
        #expect(try roundTrip(sample) == sample)
    }

    @Test func bytesThatAreNotAValueAreAnError() throws {
        let bytes = try CacheCoder.bytes(of: ["a": [1, 2, 3]])
        for cut in 0..<bytes.count {
            #expect(throws: (any Error).self) { try Array(bytes.prefix(cut)).withUnsafeBytes { try CacheCoder.value([String: [Int]].self, from: $0) } }
        }
        #expect(throws: (any Error).self) { try (bytes + [0]).withUnsafeBytes { try CacheCoder.value([String: [Int]].self, from: $0) } }
        #expect(throws: (any Error).self) { try bytes.withUnsafeBytes { try CacheCoder.value([String: String].self, from: $0) } }
    }
}
