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

/// The official Mustache spec suites, read from `mustache-spec/` in the shared folder: `../shared`
/// beside the package, or `$FOLIO_SHARED`. Without the folder these tests are skipped, unless
/// `FOLIO_REQUIRE_SHARED=1` (as CI sets it): then they fail, so a missing folder cannot pass as green.
struct MustacheSpecTests {
    static let shared = SharedFolder("mustache-spec", holding: "the Mustache spec suites")
    static let folder = shared.url

    /// The required suites, and the optional dynamic names, with the number of cases each holds;
    /// lambdas and inheritance are not supported.
    static let suites: [String: Int] = [
        "comments": 12, "delimiters": 14, "interpolation": 42, "inverted": 22, "partials": 12, "sections": 34,
        "~dynamic-names": 21,
    ]

    /// Every case of the suite renders what the spec expects; the failures are named.
    @Test(.enabled(if: shared.runs, shared.skipNote), arguments: suites.keys.sorted())
    func suite(_ name: String) throws {
        try Self.shared.require()
        let cases = try Self.load(name)
        let failures = cases.filter { (try? $0.render()) != $0.expected }
        let passed = cases.count - failures.count
        print("Mustache spec \(name): \(passed)/\(cases.count)")
        #expect(cases.count == Self.suites[name], "\(name).json holds \(cases.count) cases")
        #expect(passed == cases.count, "\(name): \(passed)/\(cases.count) pass; failing:\n\(failures.map(Self.describe).joined(separator: "\n"))")
    }

    static func load(_ suite: String) throws -> [SpecCase] {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(suite).json"))
        // A fixture decoded into `Decodable` structs: JSONDecoder reads only tests' fixtures.
        return try JSONDecoder().decode(SpecFile.self, from: data).tests
    }

    static func describe(_ test: SpecCase) -> String {
        let got: String
        do { got = try test.render().debugDescription } catch { got = "an error: \(error)" }
        return "- \(test.name): \(test.desc)\n  template: \(test.template.debugDescription)\n  expected: \(test.expected.debugDescription)\n  got:      \(got)"
    }
}

struct SpecFile: Decodable {
    var tests: [SpecCase]
}

struct SpecCase: Decodable, Sendable {
    var name: String
    var desc: String
    var data: JSONValue
    var template: String
    var partials: [String: String]?
    var expected: String

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

/// A template specialised for documents that share part of their data renders what the template
/// itself renders: every case of the spec, with its data known when specialising, and again with
/// it known only at render time. The data is also the document's own in the first (its names
/// unlisted), so that `.` finds it; rendering over the same context twice changes nothing.
struct MustacheSpecialisationSpecTests {
    @Test(.enabled(if: MustacheSpecTests.shared.runs, MustacheSpecTests.shared.skipNote), arguments: MustacheSpecTests.suites.keys.sorted())
    func suite(_ name: String) throws {
        try MustacheSpecTests.shared.require()
        var specialised = 0
        for test in try MustacheSpecTests.load(name) {
            let partials = try TemplateSet(files: test.partials ?? [:], unknownPartials: .renderNothing)
            let template = try MustacheTemplate(test.template, file: "template")
            let data = test.data.value
            let names: Set<String> = if case .object(let members) = data { Set(members.keys) } else { [] }
            if let known = template.specialised(over: data, ownNames: [], partials: partials) {
                #expect(try known.render(over: [data, data], partials: partials) == test.expected, "\(name): \(test.name), data known")
                specialised += 1
            }
            if let later = template.specialised(over: [:], ownNames: names, partials: partials) {
                #expect(try later.render(over: [[:], data], partials: partials) == test.expected, "\(name): \(test.name), data at render time")
            }
        }
        // Partials named by a value are never inlined, so those cases are rendered as they are.
        #expect(specialised > 0 || name == "~dynamic-names")
    }
}
