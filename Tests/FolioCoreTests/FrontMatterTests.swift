import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

private func split(_ text: String) throws -> FrontMatter.Split {
    try FrontMatter.split(text, file: "ch.md")
}

/// Every problem the chapter's front matter has, as `line:col: message`, then its hint if any.
private func problems(_ text: String) -> [String] {
    do {
        _ = try FrontMatter.parse(text, file: "ch.md")
        return []
    } catch {
        let found = (error as? DiagnosticsError)?.diagnostics ?? [error as? Diagnostic].compactMap { $0 }
        return found.flatMap { problem in
            let place = problem.location.map { "\($0.line):\($0.column)" } ?? "?"
            return ["\(place): \(problem.message)"] + (problem.hint.map { ["hint: \($0)"] } ?? [])
        }
    }
}

@Suite struct FrontMatterSplitTests {
    @Test func noFrontMatter() throws {
        #expect(try split("# One\n---\n") == .init(yaml: nil, yamlFirstLine: 1, body: "# One\n---\n", bodyFirstLine: 1))
    }

    @Test func frontMatter() throws {
        #expect(try split("---\ntitle: Hi\n---\n# One\n") == .init(yaml: "title: Hi\n", yamlFirstLine: 2, body: "# One\n", bodyFirstLine: 4))
    }

    @Test func closedByDots() throws {
        #expect(try split("---\ntitle: Hi\n...\nText") == .init(yaml: "title: Hi\n", yamlFirstLine: 2, body: "Text", bodyFirstLine: 4))
    }

    @Test func fencesMayHaveTrailingSpaces() throws {
        #expect(try split("---  \na: 1\n--- \nText").yaml == "a: 1\n")
    }

    @Test(arguments: [" ---\n---\n", "----\n---\n", "--- x\n---\n", "\n---\n---\n"])
    func firstLineMustBeExactlyAFence(text: String) throws {
        #expect(try split(text).yaml == nil)
    }

    @Test func emptyFrontMatter() throws {
        #expect(try split("---\n---\nText") == .init(yaml: "", yamlFirstLine: 2, body: "Text", bodyFirstLine: 3))
    }

    @Test func nothingAfterTheClosingFence() throws {
        #expect(try split("---\na: 1\n---").body == "")
    }

    @Test func windowsLineEndings() throws {
        #expect(try split("---\r\ntitle: Hi\r\n---\r\nText") == .init(yaml: "title: Hi\r\n", yamlFirstLine: 2, body: "Text", bodyFirstLine: 4))
    }

    @Test func neverClosed() {
        #expect(problems("---\ntitle: Hi\n\n# One\n") == [
            "1:1: front matter opened by `---` on line 1 is never closed",
            "hint: end the front matter with a `---` line; for a horizontal rule at the top, put an empty line above it",
        ])
    }
}

@Suite struct FrontMatterDecodingTests {
    @Test func title() throws {
        let parsed = try FrontMatter.parse("---\ntitle: Dawn\n---\n\nText\n", file: "ch.md")
        #expect(parsed.frontMatter == FrontMatter(title: "Dawn"))
        #expect(parsed.body == "\nText\n")
        #expect(parsed.bodyFirstLine == 4)
    }

    @Test func withoutFrontMatter() throws {
        let parsed = try FrontMatter.parse("# One\n", file: "ch.md")
        #expect(parsed.frontMatter == FrontMatter() && parsed.body == "# One\n" && parsed.bodyFirstLine == 1)
    }

    @Test func emptyFrontMatterHasNoTitle() throws {
        #expect(try FrontMatter.parse("---\n---\n", file: "ch.md").frontMatter == FrontMatter())
    }

    /// Keys written for other tools are kept, as written, for templates.
    @Test func otherKeysAreKeptAsMeta() throws {
        let yaml = "---\ntitle: A\nminutes: 25\ntags: [intro, \"day 1\"]\ndraft: false\nquoted: \"true\"\ncourse:\n  name: Fundamentals\n---\n"
        let meta = try FrontMatter.parse(yaml, file: "ch.md").frontMatter.meta
        #expect(meta == [
            MetaEntry(key: "minutes", value: .text("25"), line: 3),
            MetaEntry(key: "tags", value: .list([.text("intro"), .text("day 1")]), line: 4),
            MetaEntry(key: "draft", value: .flag(false), line: 5),
            MetaEntry(key: "quoted", value: .text("true"), line: 6),
            MetaEntry(key: "course", value: .table([MetaEntry(key: "name", value: .text("Fundamentals"), line: 8)]), line: 7),
        ])
    }

    @Test func titleMustBeAString() {
        #expect(problems("---\ntitle: [A, B]\n---\n") == ["2:8: `title` must be a string, not a list"])
    }

    @Test func notAMapping() {
        #expect(problems("---\nJust a line of text\n---\n") == [
            "2:1: the top level must be a mapping, not `Just a line of text`",
            "hint: write one `key: value` per line, such as `title: My Book`",
        ])
    }

    @Test func yamlErrorsAreAtFileLines() {
        #expect(problems("---\ntitle: Part 1: Dawn\n---\n").first == "2:14: could not parse YAML: mapping values are not allowed here")
    }
}
