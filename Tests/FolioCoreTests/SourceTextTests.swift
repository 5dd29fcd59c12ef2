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

/// `line:column` of a byte offset.
private func place(_ text: String, _ offset: Int, firstLine: Int = 1) -> String {
    var source = SourceText(text, file: "f", firstLine: firstLine)
    let location = source.location(ofByte: offset)
    return "\(location.line):\(location.column)"
}

/// The message and place of what `bookFile` refuses, or nil.
private func refusal(_ bytes: [UInt8], allowEmpty: Bool = false) -> String? {
    do {
        _ = try SourceText.bookFile(Data(bytes), file: "ch.md", allowEmpty: allowEmpty)
        return nil
    } catch {
        return (error as? Diagnostic)?.description
    }
}

/// The place of every byte counted the slow way: lines split at LF, columns in characters.
private func naivePlace(_ bytes: [UInt8], _ offset: Int) -> String {
    let before = bytes[..<offset]
    let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    let line = before.count { $0 == UInt8(ascii: "\n") } + 1
    return "\(line):\(String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1)"
}

@Suite struct SourceTextTests {
    @Test func asciiColumnsAreBytes() {
        #expect(place("abc\ndef", 0) == "1:1")
        #expect(place("abc\ndef", 2) == "1:3")
        #expect(place("abc\ndef", 3) == "1:4")
        #expect(place("abc\ndef", 4) == "2:1")
        #expect(place("abc\ndef", 7) == "2:4")
    }

    @Test func multiByteCharactersAreOneColumn() {
        // é is two bytes, 漢 three, 😀 four.
        #expect(place("é漢😀x", 9) == "1:4")
        #expect(place("ab\né漢😀x", 12) == "2:4")
    }

    @Test func combiningMarksJoinTheirLetter() {
        // e + U+0301 is one character of three bytes.
        #expect(place("e\u{301}x", 3) == "1:2")
        #expect(place("e\u{301}\u{323}x", 5) == "1:2")
    }

    @Test func crlfEndsALineAtItsLF() {
        #expect(place("ab\r\ncd", 4) == "2:1")
        #expect(place("ab\r\ncd", 5) == "2:2")
        #expect(place("ab\r\ncd", 2) == "1:3")
    }

    @Test func byteOrderMarkIsNoColumn() throws {
        var source = try SourceText(Data([0xEF, 0xBB, 0xBF] + Array("ab".utf8)), file: "f")
        #expect(source.start == 3)
        #expect(source.text == "ab")
        #expect(source.location(ofByte: 0) == SourceLocation(file: "f", line: 1, column: 1))
        #expect(source.location(ofByte: 4) == SourceLocation(file: "f", line: 1, column: 2))
    }

    @Test func firstLineShiftsLines() {
        #expect(place("a\nb", 2, firstLine: 5) == "6:1")
        var source = SourceText("a\nbé", file: "f", firstLine: 3)
        #expect(source.location(line: 2, byteColumn: 4) == SourceLocation(file: "f", line: 4, column: 3))
        #expect(source.location(line: 2, column: 7) == SourceLocation(file: "f", line: 4, column: 7))
    }

    @Test func byteColumnsBecomeCharacterColumns() {
        var source = SourceText("# Tïtle\n\nSee [é](x.md) and [b](y.md)\n", file: "f")
        #expect(source.location(line: 3, byteColumn: 5) == SourceLocation(file: "f", line: 3, column: 5))
        #expect(source.location(line: 3, byteColumn: 20) == SourceLocation(file: "f", line: 3, column: 19))
        // Back to an earlier line, then past the end of the text.
        #expect(source.location(line: 1, byteColumn: 6) == SourceLocation(file: "f", line: 1, column: 5))
        #expect(source.location(line: 9, byteColumn: 2) == SourceLocation(file: "f", line: 9, column: 2))
    }

    @Test func characterIndexes() {
        let text = "ab\nc漢d"
        var source = SourceText(text, file: "f")
        let d = text.firstIndex(of: "d")!
        #expect(source.location(of: d, in: text) == SourceLocation(file: "f", line: 2, column: 3))
    }

    @Test func sequentialAndRandomLookupsAgree() {
        var random = SplitMix64(seed: 3)
        let pieces = ["a", "é", "漢", "e\u{301}", "\u{600}", "😀", "\n", "\r\n", " ", "<"]
        for _ in 0..<50 {
            let text = (0..<Int.random(in: 0...80, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let bytes = Array(text.utf8)
            var source = SourceText(text, file: "f")
            for offset in 0...bytes.count {
                let found = source.location(ofByte: offset)
                #expect("\(found.line):\(found.column)" == naivePlace(bytes, offset), "\(text.debugDescription) at \(offset)")
            }
            for _ in 0..<40 {
                let offset = Int.random(in: 0...bytes.count, using: &random)
                let found = source.location(ofByte: offset)
                #expect("\(found.line):\(found.column)" == naivePlace(bytes, offset), "\(text.debugDescription) at \(offset)")
            }
        }
    }

    @Test func aLongLineStaysLinear() {
        // 200 000 tags on one line with a non-ASCII letter in each: recounting the line for every
        // tag would take minutes.
        let text = String(repeating: "<é>", count: 200_000)
        var source = SourceText(text, file: "f")
        var last = SourceLocation(file: "f")
        for offset in stride(from: 0, to: text.utf8.count, by: 4) { last = source.location(ofByte: offset) }
        #expect(last == SourceLocation(file: "f", line: 1, column: 599_998))
    }

    // MARK: - Checking bytes

    @Test func invalidUTF8IsPlaced() {
        #expect(refusal([0x61, 0x0A, 0xC3, 0xA9, 0xFF]) == "ch.md:2:2: error: the file is not valid UTF-8")
    }

    @Test func invalidUTF8IsFoundAfterAnyLengthOfASCII() {
        // ASCII is skipped eight bytes at a time: the bad byte is found in every place of a word.
        for ascii in 0...19 {
            let bytes = Array(repeating: UInt8(ascii: "a"), count: ascii) + [0xFF] + Array("bcdefghij".utf8)
            #expect(refusal(bytes) == "ch.md:1:\(ascii + 1): error: the file is not valid UTF-8", "\(ascii)")
            #expect(refusal(Array(repeating: UInt8(ascii: "a"), count: ascii) + Array("é".utf8)) == nil)
        }
    }

    @Test func nulMeansBinary() {
        #expect(refusal([0x61, 0x00, 0xFF]) == "ch.md: error: this is a binary file, not Markdown (NUL byte at offset 1)")
    }

    @Test func emptyUnlessAllowed() throws {
        #expect(refusal(Array(" \n\u{3000}\n".utf8)) == "ch.md: error: the chapter is empty")
        #expect(refusal([0xEF, 0xBB, 0xBF], allowEmpty: true) == nil)
        // A control character is not white space: the chapter is not empty.
        #expect(refusal(Array(" \u{1}\n".utf8)) == nil)
        #expect(refusal(Array("\u{3000}x".utf8)) == nil)
    }

    @Test func bookFilesDropTheMarkAndReadCRLFAsLF() throws {
        let source = try SourceText.bookFile(Data([0xEF, 0xBB, 0xBF] + Array("a\r\nb\r".utf8)), file: "ch.md")
        #expect(source.text == "a\nb\r")
    }
}
