import Foundation
import Testing
@testable import FolioCore

/// The official Mustache spec suites, read from `../shared/mustache-spec/` beside the package.
struct MustacheSpecTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/mustache-spec").standardized
    static let specIsPresent = FileManager.default.fileExists(atPath: folder.path)
    static let skipNote: Comment = "the Mustache spec suites are not in ../shared/mustache-spec; skipped"

    /// The required suites, and the optional dynamic names; lambdas and inheritance are not supported.
    static let suites = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~dynamic-names"]
    static let cases: [SpecCase] = suites.flatMap(load)

    @Test(.enabled(if: specIsPresent, skipNote), arguments: cases)
    func spec(_ test: SpecCase) throws {
        #expect(try test.render() == test.expected, "\(test.desc)\ntemplate: \(test.template.debugDescription)")
    }

    /// Prints how much of each suite passes; each failure is reported by `spec` itself.
    @Test(.enabled(if: specIsPresent, skipNote), arguments: suites)
    func passCount(_ suite: String) {
        let tests = Self.cases.filter { $0.suite == suite }
        let passed = tests.filter { (try? $0.render()) == $0.expected }.count
        print("Mustache spec \(suite): \(passed)/\(tests.count)")
        #expect(!tests.isEmpty, "\(suite).json holds no tests that could be read")
    }

    static func load(_ suite: String) -> [SpecCase] {
        let url = folder.appendingPathComponent("\(suite).json")
        guard let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(SpecFile.self, from: data) else { return [] }
        return file.tests.map { var test = $0; test.suite = suite; return test }
    }
}

struct SpecFile: Decodable {
    var tests: [SpecCase]
}

struct SpecCase: Decodable, Sendable, CustomTestStringConvertible {
    var suite = ""
    var name: String
    var desc: String
    var data: JSONValue
    var template: String
    var partials: [String: String]?
    var expected: String

    enum CodingKeys: String, CodingKey {
        case name, desc, data, template, partials, expected
    }

    var testDescription: String { "\(suite): \(name)" }

    /// Renders as the spec asks: a partial that is not there renders nothing.
    func render() throws -> String {
        let partials = try TemplateSet(files: partials ?? [:], unknownPartials: .renderNothing)
        return try MustacheTemplate(template, file: "template").render(data.value, partials: partials)
    }
}

/// JSON as a `TemplateValue`; decoding by hand tells `true` from `1`.
struct JSONValue: Decodable, Sendable {
    var value: TemplateValue

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let flag = try? container.decode(Bool.self) {
            value = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            value = .number(number)
        } else if let text = try? container.decode(String.self) {
            value = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            value = .list(items.map(\.value))
        } else {
            value = .object(try container.decode([String: JSONValue].self).mapValues(\.value))
        }
    }
}
