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

/// The GitHub Flavored Markdown examples, read from `gfm-spec/` in the shared folder (`../shared`
/// beside the package, or `$FOLIO_SHARED`): `spec.txt` (the GFM spec 0.29) and `extensions.txt`
/// (cmark-gfm's extension tests). Without the folder these tests are skipped, unless
/// `FOLIO_REQUIRE_SHARED=1`: then they fail.
///
/// Every example of the table, strikethrough, footnote and task list sections must render
/// exactly the HTML given, and so must every CommonMark example of the spec: compared byte for
/// byte, with no normalisation, rendered with raw HTML on and smart punctuation off (as the
/// reference runs them). Left out, and counted apart:
/// - `example disabled` (the spec's two task list examples): the reference implementation skips
///   them too; they show an older HTML (`<input disabled="" type="checkbox">`) than the one
///   cmark-gfm writes and `extensions.txt` tests (`<input type="checkbox" disabled="" />`), which
///   Folio writes and which the task list section below checks on the same Markdown.
/// - `example autolink`, `example tagfilter`, and the autolink, tag filter and interop sections of
///   `extensions.txt` (whose examples are autolinks inside strikethrough and tables): those
///   extensions are not among what mdBook enables, and Folio does not build them.
struct GFMSpecTests {
    static let shared = SharedFolder("gfm-spec", holding: "the GFM spec")
    static let folder = shared.url

    /// The groups that must pass whole, and the number of examples each holds.
    static let groups: [String: Int] = [
        "commonmark": 649, "table": 8 + 16, "strikethrough": 2 + 2, "footnotes": 1, "task lists": 3,
    ]

    @Test(.enabled(if: shared.runs, shared.skipNote), arguments: groups.keys.sorted())
    func group(_ name: String) throws {
        try Self.shared.require()
        let examples = try Self.examples().filter { $0.group == name }
        let failures = examples.filter { $0.render() != $0.html }
        let passed = examples.count - failures.count
        print("GFM spec \(name): \(passed)/\(examples.count)")
        #expect(examples.count == Self.groups[name], "\(name) holds \(examples.count) examples")
        #expect(passed == examples.count, "\(name): \(passed)/\(examples.count) pass; failing:\n\(failures.map(\.description).joined(separator: "\n"))")
    }

    struct Example: CustomStringConvertible {
        var file: String
        var line: Int
        /// `commonmark`, an extension's name, or `skipped`.
        var group: String
        var markdown: String
        var html: String

        func render() -> String {
            HTMLRenderer(rawHTML: true).render(parseMarkdown(markdown, smartPunctuation: false))
        }

        var description: String {
            "- \(file):\(line)\n  markdown: \(markdown.debugDescription)\n  expected: \(html.debugDescription)\n  got:      \(render().debugDescription)"
        }
    }

    /// The examples of both files, each in its group.
    static func examples() throws -> [Example] {
        try read("spec.txt") { word, _ in
            switch word {
            case "": "commonmark"
            case "table", "strikethrough": word
            default: "skipped"
            }
        } + read("extensions.txt") { _, section in
            switch section {
            case "Tables": "table"
            case "Strikethroughs": "strikethrough"
            case "Footnotes": "footnotes"
            case "Task lists": "task lists"
            default: "skipped"
            }
        }
    }

    /// Examples between a fence of 32 backticks with `example` and a closing fence; `→` is a tab.
    /// `group` names an example's group from the word after `example` and its `## ` section.
    static func read(_ file: String, group: (String, String) -> String) throws -> [Example] {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        let fence = String(repeating: "`", count: 32)
        var examples: [Example] = []
        var section = ""
        var current: (line: Int, word: String, markdown: [Substring], html: [Substring]?)?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var example = current {
                if line == fence {
                    let markdown = example.markdown.map { $0 + "\n" }.joined().replacing("→", with: "\t")
                    let html = (example.html ?? []).map { $0 + "\n" }.joined().replacing("→", with: "\t")
                    examples.append(Example(file: file, line: example.line, group: group(example.word, section), markdown: markdown, html: html))
                    current = nil
                } else if example.html == nil && line == "." {
                    example.html = []
                    current = example
                } else {
                    if example.html != nil { example.html!.append(line) } else { example.markdown.append(line) }
                    current = example
                }
            } else if line.hasPrefix(fence + " example") {
                current = (index + 1, String(line.dropFirst(fence.count + " example".count)).trimmingCharacters(in: .whitespaces), [], nil)
            } else if line.hasPrefix("## ") {
                section = String(line.dropFirst(3))
            }
        }
        return examples
    }
}
