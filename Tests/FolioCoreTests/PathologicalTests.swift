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

/// Hostile books: cmark's pathological inputs (its `test/pathological_tests.py`, at a hundredth of its
/// sizes) and deep nesting, each built as a one-chapter book in memory through load, parse, link,
/// paginate and render. None may crash; nesting past `MarkdownNode.maximumDepth` is a warning at
/// its place, and the text deeper down is kept. `bench/pathological.py` times the full sizes.
struct PathologicalTests {
    /// The site of a one-chapter book holding `markdown`, and the build's warnings.
    /// With `allowingErrors`, a book with errors (a link to a missing file) is built all the same.
    static func build(_ markdown: String, allowingErrors: Bool = false) throws -> (pages: [String], warnings: [Diagnostic]) {
        var times = PhaseTimes()
        let project = try loadProject(.memory(["chapter.md": markdown]))
        let built = renderBook(project, times: &times)
        let site = try #require(built.site)
        #expect(allowingErrors || !built.log.hasErrors, "\(built.log.diagnostics)")
        let pages = try site.filter { $0.path.hasPrefix("chapter/") && $0.path.hasSuffix(".html") }.map { file in
            String(decoding: try file.bytes(from: project.contentFiles), as: UTF8.self)
        }
        return (pages, built.log.warnings.map(project.locate))
    }

    /// cmark's pathological cases by name, at a hundredth of the sizes of its suite (the `pathological` dictionary), deep enough still to pass every depth limit.
    static func cases(scale: Int = 100) -> [String: String] {
        func n(_ count: Int) -> Int { count / scale }
        func times(_ text: String, _ count: Int) -> String { String(repeating: text, count: n(count)) }
        return [
            "nested strong emph": times("*a **a ", 32500) + "b" + times(" a** a*", 32500),
            "many emph closers with no openers": times("a_ ", 32500),
            "many emph openers with no closers": times("_a ", 32500),
            "many link closers with no openers": times("a]", 32500),
            "many link openers with no closers": times("[a", 32500),
            "mismatched openers and closers": times("*a_ ", 25000),
            "issue #389": times("*a ", 20000) + times("_a*_ ", 20000),
            "openers and closers multiple of 3": "a**b" + times("c* ", 25000),
            "link openers and emph closers": times("[ a_", 25000),
            "pattern [ (]( repeated": times("[ (](", 40000),
            "pattern ![[]() repeated": times("![[]()", 160000),
            "hard link/emph case": "**x [a*b**c*](d)",
            "nested brackets": times("[", 25000) + "a" + times("]", 25000),
            "nested block quotes": times("> ", 25000) + "a",
            "deeply nested lists": (0..<n(500)).map { String(repeating: "  ", count: $0) + "* a\n" }.joined(),
            "U+0000 in input": "abc\u{0}de\u{0}",
            "backticks": (1..<n(2500)).map { "e" + String(repeating: "`", count: $0) }.joined(),
            "unclosed links A": times("[a](<b", 30000),
            "unclosed links B": times("[a](b", 30000),
            "unclosed <!--": "</" + times("<!--", 300000),
            "empty lines in deeply nested lists": times("- ", 30000) + "x" + times("\n", 30000),
            "empty lines in deeply nested lists in blockquote": "> " + times("- ", 30000) + "x\n" + times(">\n", 30000),
            "emph in deep blockquote": times(">", 100000) + times("a*", 100000),
            "reference collisions": referenceCollisions(count: n(25000)),
            "nested inlines": times("*", 20000) + "a" + times("*", 20000),
        ]
    }

    /// Reference definitions whose labels all fall in one bucket of cmark's old 16-entry hash table.
    static func referenceCollisions(count: Int) -> String {
        func badHash(_ label: String) -> Bool {
            var hash: UInt32 = 0
            for scalar in label.unicodeScalars {
                hash = scalar.value &+ (hash << 6) &+ (hash << 16) &- hash
            }
            return hash % 16 == 0
        }
        var keys: [String] = []
        var index = 0
        while keys.count < count {
            if badHash("x\(index)") { keys.append("x\(index)") }
            index += 1
        }
        return keys.dropFirst().map { "[\($0)]: /url\n\n[\(keys[0])]\n\n" }.joined()
    }

    @Test(arguments: cases().keys.sorted())
    func cmarkCaseBuilds(_ name: String) throws {
        let markdown = try #require(Self.cases()[name])
        if markdown.contains("\u{0}") {
            // A NUL byte makes the file binary, not Markdown: an error, not a crash.
            #expect(throws: DiagnosticsError.self) { try Self.build(markdown) }
            return
        }
        let (pages, _) = try Self.build(markdown, allowingErrors: true)
        #expect(!pages.isEmpty, "\(name) made no pages")
    }

    /// The generators above match the suite's own: the inputs of `pathological_tests.py`, dumped
    /// with python3, at the same scale.
    @Test(.enabled(if: Self.shared.runs && Self.hasPython, Self.shared.skipNote))
    func generatorsMatchCmarksSuite() throws {
        try Self.shared.require()
        let script = """
        import sys, types, json
        sys.modules['cmark'] = types.SimpleNamespace(CMark=None)
        sys.path.insert(0, sys.argv[1])
        import pathological_tests as p
        json.dump({k: v[0] for k, v in {**p.pathological, **p.pathological_cmark}.items()}, sys.stdout)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, Self.shared.url.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // A fixture decoded into `Decodable` values: JSONDecoder reads only tests' fixtures.
        let suite = try JSONDecoder().decode([String: String].self, from: data)
        let ours = Self.cases(scale: 1)
        #expect(Set(suite.keys) == Set(ours.keys))
        for (name, input) in suite {
            #expect(ours[name] == input, "\(name) differs from cmark's suite")
        }
    }

    static let shared = SharedFolder("cmark-pathological", holding: "cmark's pathological_tests.py")
    static let hasPython = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    @Test func twentyThousandNestedEmphasisIsAWarningAtItsPlace() throws {
        let markdown = "# Deep\n\n" + String(repeating: "*a ", count: 20000) + String(repeating: "_a*_ ", count: 20000) + "\n"
        let (pages, warnings) = try Self.build(markdown)
        let warning = try #require(warnings.first { $0.message.contains("nested deeper than") })
        // The paragraph is the first level, its emphasis the second: the 99th `*a ` is cut.
        #expect(warning.location == SourceLocation(file: "chapter.md", line: 3, column: 3 * 98 + 1))
        // Nothing lost: every `a` is still there, as text.
        let text = pages.joined().replacing(#/<[^>]*>/#, with: "")
        #expect(text.count { $0 == "a" } >= 40000)
    }

    @Test func deepListsAndBlockQuotesKeepTheirText() throws {
        let lists = (0..<300).map { String(repeating: "  ", count: $0) + "* item\($0)\n" }.joined()
        let quotes = String(repeating: "> ", count: 25000) + "quoted"
        for markdown in [lists, quotes] {
            let (pages, warnings) = try Self.build(markdown)
            #expect(warnings.contains { $0.message.contains("nested deeper than 100 levels") })
            let html = pages.joined()
            #expect(html.contains(markdown == quotes ? "quoted" : "item299"))
        }
    }

    @Test func nestingWithinTheLimitIsLeftAlone() throws {
        let markdown = String(repeating: "> ", count: 90) + "a *b **c***"
        let (pages, warnings) = try Self.build(markdown)
        #expect(warnings.isEmpty)
        #expect(pages.joined().components(separatedBy: "<blockquote").count == 91)
    }

    @Test func deepJSONIsADiagnostic() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: Diagnostic.self) { try parseJSON(Data(deep.utf8), file: "manifest.json") }
    }
}

/// Issue 14's own huge inputs, at a tenth of the sizes `bench/pathological.py` times: each builds,
/// and every word is still there.
extension PathologicalTests {
    static let bookCases: [String: (markdown: String, last: String)] = [
        "a long paragraph": ((0..<4000).map { "word\($0)" }.joined(separator: " ") + "\n", "word3999"),
        "many links": ((0..<800).map { "[link \($0)](https://example.com/\($0))" }.joined(separator: " ") + "\n", "link 799"),
        "nested list items": ((0..<300).map { String(repeating: "  ", count: $0) + "* item\($0)\n" }.joined(), "item299"),
        "a long word": (String(repeating: "a", count: 20000) + "z\n", "z"),
        "many headings": ((0..<1000).map { "# Heading \($0)\n\ntext\n\n" }.joined(), "Heading 999"),
        "a long code block": ("```\n" + (0..<3000).map { "line \($0)\n" }.joined() + "```\n", "line 2999"),
    ]

    @Test(arguments: bookCases.keys.sorted())
    func hugeInputBuilds(_ name: String) throws {
        let (markdown, last) = try #require(Self.bookCases[name])
        let (pages, _) = try Self.build(markdown)
        #expect(pages.joined().contains(last), "\(name) lost its end")
    }

    /// The paginator alone: a block taller than a page is never on a page with others, and no
    /// page but such a block's is taller than the page's box.
    @Test(arguments: ["a long paragraph", "a long word", "a long code block", "many headings"])
    func hugeInputPagesFitTheirBox(_ name: String) throws {
        let (markdown, _) = try #require(Self.bookCases[name])
        let typesetter = Typesetter(geometry: PageGeometry(size: .pocket, language: "en", type: WebFonts.builtIn.type), images: [:])
        let pages = paginate(parseMarkdown(markdown, smartPunctuation: false), typesetter: typesetter, rawHTML: false).map(\.blocks)
        #expect(pages.count > 3)
        for page in pages {
            #expect(typesetter.height(of: page, width: typesetter.geometry.contentWidth) <= typesetter.geometry.contentHeight + 0.01)
        }
    }

    @Test func rawHTMLTallerThanAPageScrollsWithAWarning() throws {
        let table = "<table>\n" + (0..<2000).map { "<tr><td>cell \($0)</td></tr>\n" }.joined() + "</table>\n"
        let project = try loadProject(.memory(["book.yml": "markdown:\n  raw-html: true\n", "chapter.md": "Before.\n\n" + table + "\nAfter.\n"]))
        let (book, sources) = (project.loaded.book, project.loaded.sources)
        let parsed = parseChapters(book.sections, sources: sources, options: book.options.markdown)
        let paged = paginateBook(parsed, options: book.options, type: WebFonts.builtIn.type, images: [:], sources: sources)
        let warning = try #require(paged.warnings.first)
        #expect(warning.message.contains("taller than a page"))
        #expect(warning.location == SourceLocation(file: "chapter.md", line: 3, column: 1))
        let pages = paged.pages.map { HTMLRenderer(rawHTML: true).render($0.blocks) }
        #expect(pages.count == 3)
        #expect(pages[1].hasPrefix("<div class=\"too-tall\">\n<table>"))
        #expect(pages[1].contains("cell 1999"))
    }

    /// Cells and notes are parsed again on their own, the chapter's reference definitions reaching
    /// them whether the chapter has any or not.
    @Test func manyTablesAndNotesKeepTheirTextAndReferences() throws {
        let plain = (0..<50).map { "Text \($0).[^n\($0)]\n\n| a | b |\n|---|---|\n| [c] \($0) | *d* |\n\n[^n\($0)]: Note \($0), [c].\n\n" }.joined()
        let site = try Self.build(plain).pages.joined()
        #expect(site.contains("<td>[c] 49</td>\n<td><em>d</em></td>"))
        #expect(site.contains("<li id=\"chapter.fn50\">\n<p>Note 49, [c]. <a href="))
        let referring = plain + "[c]: https://example.com/c\n"
        let linked = try Self.build(referring).pages.joined()
        #expect(linked.contains("<td><a href=\"https://example.com/c\">c</a> 49</td>"))
        #expect(linked.contains("<li id=\"chapter.fn50\">\n<p>Note 49, <a href=\"https://example.com/c\">c</a>. <a href="))
    }

    /// Places in a long line are counted from the last one asked for: a link's place is found
    /// before its text's, so that the 800th link of one paragraph is still placed right.
    @Test func aLinkLateInALongParagraphIsPlacedRight() throws {
        let links = (0..<800).map { "[link \($0)](https://example.com/\($0))" }
        let markdown = (links + ["[*last*](missing.md)"]).joined(separator: " ") + "\n"
        let project = try loadProject(.memory(["chapter.md": markdown]))
        var times = PhaseTimes()
        let error = try #require(renderBook(project, times: &times).log.diagnostics.map(project.locate).first { $0.severity == .error })
        #expect(error.message.contains("missing.md"))
        let column = links.joined(separator: " ").count + 2
        #expect(error.location == SourceLocation(file: "chapter.md", line: 1, column: column))
    }

    /// A table's cells are parsed again with the chapter's link reference definitions only: those
    /// in block quotes, list items and paragraphs of their own still count, the first of a label
    /// wins, and a fenced `[x]: ...` is code, not a definition.
    @Test func tableCellsSeeTheChaptersDefinitionsAndNothingElse() throws {
        let markdown = """
        [first]: https://example.com/one

        | a | b |
        |---|---|
        | [first] [quoted] [listed] | [fenced] [after] |

        > [quoted]: https://example.com/quoted

        - [listed]: https://example.com/listed

        ```
        [fenced]: https://example.com/fenced
        ```

        [first]: https://example.com/two
        [after]: https://example.com/after
        Text after the definitions.

        """
        let html = try Self.build(markdown).pages.joined()
        #expect(html.contains("<td><a href=\"https://example.com/one\">first</a> <a href=\"https://example.com/quoted\">quoted</a> <a href=\"https://example.com/listed\">listed</a></td>"))
        #expect(html.contains("<td>[fenced] <a href=\"https://example.com/after\">after</a></td>"))
    }

    @Test func aChapterOverTheSizeLimitIsAWarningNamingIt() throws {
        let markdown = String(repeating: "A line of a very long chapter.\n\n", count: BookSize.chapter / 30)
        let chapter = try #require(loadProject(.memory(["chapter.md": markdown])).loaded.book.sections.first)
        let parsed = parseChapter(chapter, source: markdown, options: MarkdownOptions())
        let warning = try #require(parsed.warnings.first)
        #expect(warning.message.contains("more than 1 MB"))
        #expect(warning.location?.file == "chapter.md")
    }

    @Test func deepTemplateSectionsAreADiagnostic() throws {
        let deep = String(repeating: "{{#a}}", count: 100_000) + String(repeating: "{{/a}}", count: 100_000)
        #expect(throws: Diagnostic.self) { try MustacheTemplate(deep, file: "page.html") }
        let fine = String(repeating: "{{#a}}", count: 50) + "x" + String(repeating: "{{/a}}", count: 50)
        #expect(try MustacheTemplate(fine, file: "page.html").render(.null, partials: TemplateSet(files: [:])) == "")
    }
}
