import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

private func parse(_ yaml: String, firstLine: Int = 1) throws -> YAMLNode? {
    try parseYAML(yaml, file: "f.yml", firstLine: firstLine)
}

private func at(_ line: Int, _ column: Int) -> FolioBase.SourceLocation {
    FolioBase.SourceLocation(file: "f.yml", line: line, column: column)
}

private func scalar(_ text: String, plain: Bool = true, _ line: Int, _ column: Int) -> YAMLNode {
    YAMLNode(.scalar(text, plain: plain), at: at(line, column))
}

/// The diagnostic parsing `yaml` throws.
private func parseError(_ yaml: String, firstLine: Int = 1) -> Diagnostic? {
    do {
        _ = try parse(yaml, firstLine: firstLine)
        return nil
    } catch {
        return error as? Diagnostic
    }
}

@Suite struct YAMLParserTests {
    @Test(arguments: ["", "   \n\n", "# only a comment\n"])
    func noDocumentIsNil(yaml: String) throws {
        #expect(try parse(yaml) == nil)
    }

    @Test func plainScalar() throws {
        #expect(try parse("hello") == scalar("hello", 1, 1))
    }

    @Test func quotedScalarIsNotPlain() throws {
        #expect(try parse("'true'") == scalar("true", plain: false, 1, 1))
    }

    @Test func taggedScalarIsNotPlain() throws {
        #expect(try parse("!!str true") == scalar("true", plain: false, 1, 1))
    }

    @Test func mappingKeepsOrderAndPositions() throws {
        let expected = YAMLNode(.mapping([
            .init(key: scalar("b", 1, 1), value: scalar("1", 1, 4)),
            .init(key: scalar("a", 2, 1), value: scalar("2", 2, 4)),
        ]), at: at(1, 1))
        #expect(try parse("b: 1\na: 2") == expected)
    }

    @Test func flowSequence() throws {
        #expect(try parse("[x, 'y']") == YAMLNode(.sequence([scalar("x", 1, 2), scalar("y", plain: false, 1, 5)]), at: at(1, 1)))
    }

    @Test func blockSequence() throws {
        #expect(try parse("- x\n- y") == YAMLNode(.sequence([scalar("x", 1, 3), scalar("y", 2, 3)]), at: at(1, 1)))
    }

    @Test func firstLineShiftsLines() throws {
        #expect(try parse("title: x", firstLine: 2)?.location == at(2, 1))
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(parseError("é: x: y")?.location == at(1, 5))
    }

    @Test func documentMarkerAloneIsNull() throws {
        #expect(try parse("---\n")?.isNull == true)
    }

    @Test func aliasIsResolvedAtItsOwnPlace() throws {
        guard case .mapping(let pairs)? = try parse("a: &x [1]\nb: *x")?.value else { Issue.record(); return }
        #expect(pairs[1].value == YAMLNode(.sequence([scalar("1", 1, 8)]), at: at(2, 4)))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try parse("\u{FEFF}a") == scalar("a", 1, 1))
    }

    @Test func replacementCharacterParses() throws {
        #expect(try parse(String(decoding: [0x61, 0xFF], as: UTF8.self)) == scalar("a\u{FFFD}", 1, 1))
    }
}

@Suite struct YAMLErrorTests {
    @Test func mappingValueInPlainScalar() {
        let error = parseError("title: Part 1: Dawn")
        #expect(error?.description == "f.yml:1:14: error: could not parse YAML: mapping values are not allowed here")
        #expect(error?.hint == "a value that contains `: ` must be quoted, as in `title: \"Part 1: Dawn\"`")
    }

    @Test func errorLineCountsFromFirstLine() {
        #expect(parseError("a: b: c", firstLine: 2)?.location == at(2, 5))
    }

    @Test func unclosedQuoteNamesWhereItStarts() {
        #expect(parseError("a: 'x\n")?.description
            == "f.yml:2:1: error: could not parse YAML: found unexpected end of stream, while scanning a quoted scalar that starts at line 1")
    }

    @Test func unclosedFlowSequence() {
        #expect(parseError("a: [b, c")?.description
            == "f.yml:2:1: error: could not parse YAML: did not find expected ',' or ']', while parsing a flow sequence that starts at line 1")
    }

    @Test func tabIndentation() {
        let error = parseError("a: b\n\tc: d")
        #expect(error?.description
            == "f.yml:2:1: error: could not parse YAML: found a tab character that violates indentation, while scanning a plain scalar that starts at line 1")
        #expect(error?.hint == "indent with spaces: YAML does not allow tabs")
    }

    @Test func unquotedAtSign() {
        let error = parseError("a: @b")
        #expect(error?.description == "f.yml:1:4: error: could not parse YAML: found character that cannot start any token, while scanning for the next token that starts at line 1")
        #expect(error?.hint == "a value that starts with `@` or a backtick must be quoted")
    }

    @Test func controlCharacterIsPlacedByCharacters() {
        #expect(parseError("a: b\né: \u{7}")?.description == "f.yml:2:4: error: could not parse YAML: control characters are not allowed")
    }

    @Test func nulCharacterIsAnError() {
        #expect(parseError("a: \u{0}")?.description == "f.yml:1:4: error: could not parse YAML: control characters are not allowed")
    }

    @Test func secondDocument() {
        let error = parseError("a: 1\n---\nb: 2")
        #expect(error?.description == "f.yml:2:1: error: only one YAML document is allowed, but a second one starts here")
        #expect(error?.hint == "remove this `---` line and everything after it, or merge the documents")
    }

    @Test func duplicateKey() {
        #expect(parseError("title: a\nx: 1\ntitle: b")?.description == "f.yml:3:1: error: `title` is set twice (first at line 1)")
    }

    @Test func duplicateKeyInFlowMapping() {
        #expect(parseError("{a: 1, 'a': 2}")?.description == "f.yml:1:8: error: `a` is set twice (first at line 1)")
    }

    @Test func sameKeyInTwoMappingsIsFine() throws {
        #expect(try parse("a: {x: 1}\nb: {x: 2}") != nil)
    }

    @Test func unknownAlias() {
        #expect(parseError("a: *nowhere")?.description == "f.yml:1:4: error: `*nowhere` refers to no anchor: `&nowhere` must come before it")
    }
}

@Suite struct YAMLScalarTests {
    @Test(arguments: ["", "~", "null", "Null", "NULL"])
    func null(text: String) {
        #expect(scalar(text, 1, 1).isNull)
    }

    @Test func quotedNullIsAString() {
        #expect(!scalar("null", plain: false, 1, 1).isNull)
        #expect(scalar("null", plain: false, 1, 1).string == "null")
    }

    @Test(arguments: [("true", true), ("True", true), ("TRUE", true), ("false", false), ("False", false), ("FALSE", false)])
    func bool(text: String, value: Bool) {
        #expect(scalar(text, 1, 1).bool == value)
    }

    @Test(arguments: ["yes", "no", "on", "tRUE"])
    func yaml11BooleansAreStrings(text: String) {
        #expect(scalar(text, 1, 1).bool == nil)
        #expect(scalar(text, 1, 1).string == text)
    }

    @Test(arguments: [("42", 42), ("-7", -7), ("+5", 5), ("0o17", 15), ("0x1F", 31)])
    func int(text: String, value: Int) {
        #expect(scalar(text, 1, 1).int == value)
    }

    @Test(arguments: ["1.5", "0x-1", "0o8", "12px", ""])
    func notInt(text: String) {
        #expect(scalar(text, 1, 1).int == nil)
    }

    @Test func quotedNumberIsNotAnInt() {
        #expect(scalar("5", plain: false, 1, 1).int == nil)
    }

    @Test func numberReadsAsAString() {
        #expect(scalar("1984", 1, 1).string == "1984")
    }

    @Test func collectionIsNotAString() throws {
        #expect(try parse("[a]")?.string == nil)
    }
}
