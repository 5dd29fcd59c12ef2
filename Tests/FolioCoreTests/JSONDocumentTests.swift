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

private func parse(_ json: String) throws -> JSONNode {
    try parseJSON(Data(json.utf8), file: "m.json")
}

private func at(_ line: Int, _ column: Int) -> FolioBase.SourceLocation {
    FolioBase.SourceLocation(file: "m.json", line: line, column: column)
}

/// The diagnostic parsing `bytes` throws, as `line:column: message`.
private func parseError(_ bytes: [UInt8]) -> String? {
    do {
        _ = try parseJSON(Data(bytes), file: "m.json")
        return nil
    } catch let diagnostic as Diagnostic {
        return diagnostic.location.map { "\($0.line):\($0.column): " }.map { $0 + diagnostic.message }
    } catch {
        return "\(error)"
    }
}

private func parseError(_ json: String) -> String? {
    parseError(Array(json.utf8))
}

@Suite struct JSONDocumentTests {
    @Test func literals() throws {
        #expect(try parse("true") == JSONNode(.bool(true), at: at(1, 1)))
        #expect(try parse("false").bool == false)
        #expect(try parse(" null ").isNull)
    }

    @Test(arguments: [("0", 0.0), ("-0", -0.0), ("12", 12), ("-3.25", -3.25), ("1e3", 1000), ("1E+2", 100), ("25e-1", 2.5), ("0.5", 0.5)])
    func numbers(json: String, value: Double) throws {
        #expect(try parse(json).number == value)
    }

    @Test func stringWithoutEscapes() throws {
        #expect(try parse(#""héllo 😀""#).string == "héllo 😀")
    }

    @Test func simpleEscapes() throws {
        #expect(try parse(#""\" \\ \/ \b \f \n \r \t""#).string == "\" \\ / \u{08} \u{0C} \n \r \t")
    }

    @Test func unicodeEscapes() throws {
        #expect(try parse(#""\u0041\u00e9\u4E2D""#).string == "Aé中")
    }

    @Test func surrogatePairEscape() throws {
        #expect(try parse(#""\uD83D\uDE00!""#).string == "😀!")
    }

    @Test func objectKeepsMemberOrderAndPlaces() throws {
        let node = try parse("{\n  \"b\": 1,\n  \"a\": [true, \"x\"]\n}")
        #expect(node.location == at(1, 1))
        #expect(node.members?.map(\.key) == ["b", "a"])
        #expect(node.members?.map(\.keyLocation) == [at(2, 3), at(3, 3)])
        #expect(node["b"]?.location == at(2, 8))
        #expect(node["a"]?.array?.map(\.location) == [at(3, 9), at(3, 15)])
    }

    @Test func emptyContainers() throws {
        #expect(try parse("{ }").members == [])
        #expect(try parse("[\n]").array == [])
    }

    @Test func duplicateKeysAreKeptAndFound() throws {
        let node = try parse(#"{"a": 1, "b": [{"c": 1, "c": 2}], "a": 3}"#)
        #expect(node.members?.count == 3)
        #expect(node["a"]?.number == 1, "the first member wins")
        #expect(node.duplicateKeys.map(\.key) == ["c", "a"])
        #expect(node.duplicateKeys.map(\.keyLocation) == [at(1, 25), at(1, 35)])
    }

    @Test func keysCompareByCodePoints() throws {
        // Precomposed and decomposed é are different keys in JSON.
        let node = try parse("{\"\u{E9}\": 1, \"e\u{301}\": 2}")
        #expect(node.duplicateKeys.isEmpty)
        #expect(node["e\u{301}"]?.number == 2)
    }

    @Test func kinds() throws {
        #expect(try ["{}", "[]", "\"\"", "1", "true", "null"].map { try parse($0).kind }
            == ["an object", "an array", "a string", "a number", "a boolean", "null"])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try parse("\u{FEFF}[1]").location == at(1, 1))
        #expect(parseError("\u{FEFF}[1 2]") == "1:4: expected `,` or `]` after an array element")
    }

    @Test func columnsCountCharacters() {
        #expect(parseError(#"{"é": 1 x}"#) == "1:9: expected `,` or `}` after an object member")
        #expect(parseError("[\"e\u{301}\", \"👨‍👩‍👧\", x]") == "1:12: expected a value, found `x`")
        #expect(parseError("[\"中文\",\n\"😀\" 1]") == "2:5: expected `,` or `]` after an array element")
    }

    @Test func crlfLineEndings() {
        #expect(parseError("[1,\r\n2 3]") == "2:3: expected `,` or `]` after an array element")
    }

    @Test(arguments: [
        ("", "1:1: unexpected end of the file"),
        ("  \n  ", "2:3: unexpected end of the file"),
        ("{", "1:2: unexpected end of the file"),
        (#"{"a""#, "1:5: unexpected end of the file"),
        (#"{"a":"#, "1:6: unexpected end of the file"),
        ("[1,", "1:4: unexpected end of the file"),
        (#"{"a" 1}"#, "1:6: expected `:` after the key"),
        (#"{"a":1 "b":2}"#, "1:8: expected `,` or `}` after an object member"),
        ("[1 2]", "1:4: expected `,` or `]` after an array element"),
        ("{a:1}", "1:2: expected a key in double quotes or `}`"),
        (#"{"a":1,b:2}"#, "1:8: expected a key in double quotes"),
        (#"{"a":1,}"#, "1:7: a trailing `,` is not allowed before `}`"),
        ("[1,\n]", "1:3: a trailing `,` is not allowed before `]`"),
        ("[,]", "1:2: expected a value, found `,`"),
        ("{} x", "1:4: expected the end of the file after the value"),
        ("1 2", "1:3: expected the end of the file after the value"),
        ("{\n  \"a\": 1,\n  \"b\" 2\n}", "3:7: expected `:` after the key"),
    ])
    func structureErrors(json: String, expected: String) {
        #expect(parseError(json) == expected)
    }

    @Test(arguments: [
        ("NaN", "1:1: expected a value, found `NaN`"),
        ("[Infinity]", "1:2: expected a value, found `Infinity`"),
        ("undefined", "1:1: expected a value, found `undefined`"),
        ("tru", "1:1: expected a value, found `tru`"),
        ("truex", "1:1: expected a value, found `truex`"),
        ("True", "1:1: expected a value, found `True`"),
        ("'a'", "1:1: expected a value, found `'`"),
        ("+1", "1:1: expected a value, found `+`"),
        (".5", "1:1: expected a value, found `.`"),
        ("é", "1:1: expected a value, found `é`"),
        ("\u{0C}1", "1:1: expected a value, found U+000C"),
        ("\u{A0}1", "1:1: expected a value, found U+00A0"),
    ])
    func valueErrors(json: String, expected: String) {
        #expect(parseError(json) == expected)
    }

    @Test(arguments: [
        ("01", "1:1: a number cannot start with `0` followed by more digits"),
        ("[-01]", "1:2: a number cannot start with `0` followed by more digits"),
        ("-", "1:2: unexpected end of the file"),
        ("-a", "1:2: expected a digit after `-`"),
        ("1.", "1:3: unexpected end of the file"),
        ("1.e3", "1:3: expected a digit after the decimal point"),
        ("1e", "1:3: unexpected end of the file"),
        ("1e+x", "1:4: expected a digit in the exponent"),
        ("[1e400]", "1:2: the number is too large"),
    ])
    func numberErrors(json: String, expected: String) {
        #expect(parseError(json) == expected)
    }

    @Test(arguments: [
        (#""abc"#, "1:1: unterminated string"),
        (#"["ab\"#, "1:2: unterminated string"),
        ("[\"abc\n\"]", "1:2: unterminated string"),
        ("[\"a\tb\"]", "1:4: control character U+0009 must be written `\\t` in a string"),
        ("\"\u{01}\"", "1:2: control character U+0001 must be written `\\u0001` in a string"),
        (#"[1, "a\x"]"#, "1:7: invalid escape `\\x`"),
        ("\"\\\u{0B}\"", "1:2: invalid escape: `\\` followed by U+000B"),
        (#""\u12""#, "1:2: expected four hex digits after `\\u`"),
        (#""\u12"#, "1:2: expected four hex digits after `\\u`"),
        (#""\uD83D""#, "1:2: lone surrogate `\\uD83D`: a high surrogate must be followed by a low one (`\\uDC00`–`\\uDFFF`)"),
        (#""\ud83d\u0041""#, "1:2: lone surrogate `\\ud83d`: a high surrogate must be followed by a low one (`\\uDC00`–`\\uDFFF`)"),
        (#""\uD83D\uZZ""#, "1:8: expected four hex digits after `\\u`"),
        (#""x\uDE00""#, "1:3: lone surrogate `\\uDE00`: a low surrogate must follow a high one (`\\uD800`–`\\uDBFF`)"),
    ])
    func stringErrors(json: String, expected: String) {
        #expect(parseError(json) == expected)
    }

    @Test(arguments: [
        ([0x22, 0x78, 0xFF, 0x22], "1:3"),  // a byte that never starts a sequence
        ([0x5B, 0x0A, 0x20, 0x22, 0xC3, 0xA9, 0xC3, 0x22, 0x5D], "2:4"),  // é, then a lead byte without its continuation
        ([0x22, 0xC0, 0x80, 0x22], "1:2"),  // overlong NUL
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "1:2"),  // an encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "1:2"),  // past U+10FFFF
        ([0x22, 0xE2, 0x82], "1:2"),  // cut off by the end of the file
        ([0x7B, 0x20, 0x78, 0x0A, 0x80], "2:1"),  // before a syntax error would be found, the encoding is reported
    ] as [([UInt8], String)])
    func invalidUTF8(bytes: [UInt8], place: String) {
        #expect(parseError(bytes) == "\(place): the file is not valid UTF-8")
    }

    @Test func depthLimit() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try parse(deepest).array?.count == 1)
        #expect(parseError(String(repeating: "[", count: 513)) == "1:513: the value nests deeper than 512 levels")
        #expect(parseError(String(repeating: #"{"a":"#, count: 513)) == "1:2561: the value nests deeper than 512 levels")
        #expect(parseError(String(repeating: "[", count: 100_000)) == "1:513: the value nests deeper than 512 levels")
    }

    // MARK: - Fuzz

    private static let sample = """
        {"@context": "https://readium.org/webpub-manifest/context.jsonld",
         "metadata": {"title": "Le Petit Prince \\u00e9\\ud83d\\ude00", "numberOfPages": 12, "ratio": -1.5e-3, "rtl": false, "x": null},
         "readingOrder": [{"href": "one/1.html", "type": "text/html"}, {"href": "ch\\u0061pitre/2.html"}], "é": ["中", [], {}]}
        """

    @Test func sampleParses() throws {
        let node = try parse(Self.sample)
        #expect(node["metadata"]?["title"]?.string == "Le Petit Prince é😀")
        #expect(node["readingOrder"]?.array?.last?["href"]?.string == "chapitre/2.html")
    }

    /// Every cut of a valid document either parses or throws a located diagnostic, never crashes.
    @Test func everyPrefixOfAValidDocument() {
        let bytes = Array(Self.sample.utf8)
        for count in 0..<bytes.count {
            expectParsesOrDiagnoses(Array(bytes.prefix(count)))
        }
    }

    @Test func randomBytes() {
        let alphabet = Array(#"{}[],:"\ tfn0123456789.eE+-u"#.utf8) + [0x0A, 0xC3, 0xA9, 0xFF, 0xED]
        randomInputs(rounds: 3_000, length: 40, alphabet: alphabet).forEach(expectParsesOrDiagnoses)
    }

    @Test func mutatedDocuments() {
        mutants(of: Self.sample, rounds: 2_000).forEach(expectParsesOrDiagnoses)
    }

    private func expectParsesOrDiagnoses(_ bytes: [UInt8]) {
        do {
            _ = try parseJSON(Data(bytes), file: "m.json")
        } catch let diagnostic as Diagnostic {
            #expect((diagnostic.location?.line ?? 0) >= 1 && (diagnostic.location?.column ?? 0) >= 1, "\(bytes)")
        } catch {
            Issue.record("not a diagnostic: \(error) for \(bytes)")
        }
    }
}
