import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// mdBook's directives, one case a line: a chapter's Markdown in, the Markdown cmark reads out,
/// or the error and its place.
struct DirectivesTests {
    static let listing = "a\nb\nc\nd\n"
    static let anchored = "x\n// ANCHOR: outer\ny\n// ANCHOR: inner\nz\n// ANCHOR_END: inner\nw\n// ANCHOR_END: outer\nv\n"
    let files: [String: String] = [
        "src/chapter.md": "", "listings/code.rs": listing, "listings/anchored.rs": anchored,
        "src/part/nested.md": "nested {{#include ../../listings/code.rs:2}}\n", "src/loop-a.md": "{{#include loop-b.md}}\n",
        "src/loop-b.md": "{{#include loop-a.md}}\n", "src/broken.md": "fine\n{{#include missing.rs}}\n",
        "listings/windows.rs": "x\r\n// ANCHOR: part\r\ny\r\nz\r\n// ANCHOR_END: part\r\n",
    ]

    func expand(_ markdown: String, root: String = "") throws -> ExpandedMarkdown {
        var files = files
        files["src/chapter.md"] = markdown
        return try expandDirectives(markdown, file: "src/chapter.md", root: root, files: .memory(files))
    }

    func text(_ markdown: String) throws -> String { try expand(markdown).markdown }

    /// The errors, as `folio build` prints them.
    func errors(_ markdown: String, root: String = "") -> [String] {
        do {
            _ = try expand(markdown, root: root)
            return []
        } catch let error as DiagnosticsError {
            return error.diagnostics.map { "\($0.location.map(String.init(describing:)) ?? ""): \($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

    // MARK: Line ranges, as mdBook reads them

    @Test func wholeFile() throws { #expect(try text("{{#include ../listings/code.rs}}\n") == "a\nb\nc\nd\n") }
    @Test func oneLine() throws { #expect(try text("{{#include ../listings/code.rs:2}}") == "b") }
    @Test func lineRange() throws { #expect(try text("{{#include ../listings/code.rs:2:3}}") == "b\nc") }
    @Test func fromLine() throws { #expect(try text("{{#include ../listings/code.rs:3:}}") == "c\nd") }
    @Test func toLine() throws { #expect(try text("{{#include ../listings/code.rs::2}}") == "a\nb") }
    @Test func emptyRangeIsWholeFile() throws { #expect(try text("{{#include ../listings/code.rs::}}") == "a\nb\nc\nd") }
    @Test func endPastTheFileIsClamped() throws { #expect(try text("{{#include ../listings/code.rs:3:100}}") == "c\nd") }
    @Test func spacesInsideTheBraces() throws { #expect(try text("{{ #include   ../listings/code.rs:1 }}") == "a") }
    @Test func inlineInclude() throws { #expect(try text("x = {{#include ../listings/code.rs:4}};") == "x = d;") }

    // MARK: Anchors

    @Test func anchor() throws { #expect(try text("{{#include ../listings/anchored.rs:outer}}") == "y\nz\nw") }
    @Test func nestedAnchor() throws { #expect(try text("{{#include ../listings/anchored.rs:inner}}") == "z") }
    @Test func anchorLinesLeftOutOfWholeFiles() throws { #expect(try text("{{#include ../listings/anchored.rs}}") == "x\ny\nz\nw\nv") }
    @Test func windowsLineEndsAsRustReadsThem() throws {
        #expect(try text("{{#include ../listings/windows.rs:part}}") == "y\nz")
        #expect(try text("{{#include ../listings/windows.rs:1}}") == "x")
    }
    @Test func anchorLinesLeftOutOfRanges() throws { #expect(try text("{{#include ../listings/anchored.rs:2:5}}") == "y\nz") }

    // MARK: The other directives

    @Test func rustdocIncludeHidesOtherLines() throws { #expect(try text("{{#rustdoc_include ../listings/code.rs:2:3}}") == "# a\nb\nc\n# d") }
    @Test func rustdocIncludeByAnchor() throws { #expect(try text("{{#rustdoc_include ../listings/anchored.rs:inner}}") == "# x\n# y\nz\n# w\n# v") }
    @Test func playground() throws { #expect(try text("{{#playground ../listings/code.rs editable no_run}}") == "```rust,editable,no_run\na\nb\nc\nd\n```\n") }
    @Test func title() throws { #expect(try expand("{{#title A *Better* Title }}\n# Heading\n").title == "A *Better* Title") }
    @Test func titleLeavesNoText() throws { #expect(try text("{{#title A *Better* Title }}\n# Heading\n") == "\n# Heading\n") }
    @Test func escapedStaysLiteral() throws { #expect(try text("`\\{{#include ../listings/code.rs}}`\n{{#include ../listings/code.rs:1}}") == "`{{#include ../listings/code.rs}}`\na") }
    @Test func escapedRunsToTheLastBracesOnItsLine() throws { #expect(try text("\\{{#include a.rs}} {{#include b.rs}}") == "{{#include a.rs}} {{#include b.rs}}") }
    @Test func otherNamesStay() throws { #expect(try text("{{#each items}} {{name}}") == "{{#each items}} {{name}}") }
    @Test func nestedIncludesAreRelativeToTheirFile() throws { #expect(try text("{{#include part/nested.md}}") == "nested b") }

    @Test func linesRememberWhereTheyCameFrom() throws {
        let expanded = try expand("one\n{{#include ../listings/code.rs:2:3}}\nfour\n")
        #expect(expanded.lineOrigins.map { "\($0.file):\($0.line)" } == ["src/chapter.md:1", "listings/code.rs:2", "listings/code.rs:3", "src/chapter.md:3", "src/chapter.md:4"])
    }

    @Test func aChapterPositionAfterAnIncludeIsItsOwnLine() throws {
        var chapter = Chapter(id: "src/chapter.md", slug: "chapter", firstLine: 3)
        chapter.lineOrigins = try expandDirectives("one\n{{#include ../listings/code.rs}}\nfour [x](y.md)\n", file: "src/chapter.md", firstLine: 3,
                                                   files: .memory(files)).lineOrigins
        #expect(chapter.location(MarkdownPosition(line: 6, column: 6)).description == "src/chapter.md:5:6")
        #expect(chapter.location(MarkdownPosition(line: 3, column: 1)).description == "listings/code.rs:2:1")
    }

    // MARK: Errors, at the directive

    @Test func missingFile() { #expect(errors("text\n  é {{#include nope.rs}}") == ["src/chapter.md:2:5: `nope.rs` does not exist"]) }
    @Test func folder() { #expect(errors("{{#include ../listings}}") == ["src/chapter.md:1:1: `../listings` is a folder, not a file"]) }
    @Test func lineZero() { #expect(errors("{{#include ../listings/code.rs:0}}") == ["src/chapter.md:1:1: `../listings/code.rs:0` starts at line 0"]) }
    @Test func startPastTheEnd() { #expect(errors("{{#include ../listings/code.rs:5}}") == ["src/chapter.md:1:1: `../listings/code.rs:5` selects no lines: the file has 4 lines"]) }
    @Test func endBeforeStart() { #expect(errors("{{#include ../listings/code.rs:3:2}}") == ["src/chapter.md:1:1: `../listings/code.rs:3:2` selects no lines: the file has 4 lines"]) }
    @Test func endNotANumber() { #expect(errors("{{#include ../listings/code.rs:2:x}}") == ["src/chapter.md:1:1: `x` in `../listings/code.rs:2:x` is not a line number"]) }
    @Test func unknownAnchor() { #expect(errors("{{#include ../listings/anchored.rs:nope}}") == ["src/chapter.md:1:1: `../listings/anchored.rs` has no anchor `nope`"]) }
    @Test func cycle() { #expect(errors("{{#include loop-a.md}}") == ["src/loop-b.md:1:1: `src/loop-a.md` includes itself: src/loop-a.md → src/loop-b.md → src/loop-a.md"]) }
    @Test func selfInclude() { #expect(errors("x {{#include chapter.md}}") == ["src/chapter.md:1:3: `src/chapter.md` includes itself: src/chapter.md → src/chapter.md"]) }
    @Test func outsideTheBook() { #expect(errors("{{#include ../../secret.txt}}") == ["src/chapter.md:1:1: `../../secret.txt` is outside the book's folder"]) }
    @Test func outsideTheRoot() { #expect(errors("{{#include ../listings/code.rs}}", root: "src") == ["src/chapter.md:1:1: `../listings/code.rs` is outside the book's folder"]) }
    /// From an mdBook project's `src`, whose project is `..`: beside the chapter and beside `src` are inside, above is not.
    @Test func besideTheChapterInAProject() throws {
        let files = BookFiles.memory(["chapter.md": "", "beside.rs": "x\n", "../listings/code.rs": "y\n"])
        #expect(try expandDirectives("{{#include beside.rs}}\n", file: "chapter.md", root: "..", files: files).markdown == "x\n")
        #expect(try expandDirectives("{{#include ../listings/code.rs}}\n", file: "chapter.md", root: "..", files: files).markdown == "y\n")
        #expect(throws: DiagnosticsError.self) { try expandDirectives("{{#include ../../code.rs}}", file: "chapter.md", root: "..", files: files) }
    }
    @Test func errorInAnIncludedFileIsThere() { #expect(errors("{{#include broken.md}}") == ["src/broken.md:2:1: `missing.rs` does not exist"]) }
    @Test func everyErrorIsReported() { #expect(errors("{{#include a.rs}}\n{{#include b.rs}}").count == 2) }
}

/// Code blocks as mdBook shows them: hidden Rust lines left out, the info string's words as classes
/// (their highlighting is CodeHighlightingTests').
struct CodeBlockTests {
    func html(_ markdown: String) -> String {
        let parsed = parseChapter(Chapter(id: "a.md", slug: "a"), source: markdown, options: MarkdownOptions())
        return HTMLRenderer(rawHTML: false, codeClasses: .mdBook).render(parsed.blocks).replacing(#/<\/?span[^>]*>/#, with: "")
    }

    @Test func hiddenLine() { #expect(html("```rust\n# fn main() {\nlet x = 1;\n# }\n```") == "<pre><code class=\"language-rust\">let x = 1;\n</code></pre>\n") }
    @Test func loneHashIsHidden() { #expect(html("```rust\n#\nx\n```") == "<pre><code class=\"language-rust\">x\n</code></pre>\n") }
    @Test func indentedHiddenLine() { #expect(html("```rust\n    # let y = 2;\nx\n```") == "<pre><code class=\"language-rust\">x\n</code></pre>\n") }
    @Test func doubleHashIsALiteralHash() { #expect(html("```rust\n  ## not hidden\n```") == "<pre><code class=\"language-rust\">  # not hidden\n</code></pre>\n") }
    @Test func attributesAreCode() { #expect(html("```rust\n#[derive(Debug)]\n#![allow(unused)]\n```") == "<pre><code class=\"language-rust\">#[derive(Debug)]\n#![allow(unused)]\n</code></pre>\n") }
    @Test func hashTabIsCode() { #expect(html("```rust\n#\tx\n```") == "<pre><code class=\"language-rust\">#\tx\n</code></pre>\n") }
    @Test func otherLanguagesHideNothing() { #expect(html("```python\n# a comment\n```") == "<pre><code class=\"language-python\"># a comment\n</code></pre>\n") }
    @Test func noLanguageHidesNothing() { #expect(html("```\n# shown\n```") == "<pre><code># shown\n</code></pre>\n") }
    @Test func hidelinesFromBookTOML() {
        #expect(visibleCode("~import os\nprint(1)\n", info: CodeInfo("python"), prefixes: ["python": "~"]) == "print(1)\n")
        #expect(visibleCode("~import os\n", info: CodeInfo("python,hidelines=#"), prefixes: ["python": "~"]) == "~import os\n")
    }
    @Test func hidelinesPrefix() { #expect(html("```python,hidelines=~\n~hidden()\n  ~hidden()\nshown()\n```") == "<pre><code class=\"language-python hidelines=~\">shown()\n</code></pre>\n") }
    @Test func attributesBecomeClasses() { #expect(html("```rust,ignore\nx\n```") == "<pre><code class=\"language-rust ignore\">x\n</code></pre>\n") }
    @Test func spacesTabsAndCommasSeparate() { #expect(html("```rust edition2021,\tno_run\nx\n```") == "<pre><code class=\"language-rust edition2021 no_run\">x\n</code></pre>\n") }
    @Test func console() { #expect(html("```console\n$ ls\n```") == "<pre><code class=\"language-console\">$ ls\n</code></pre>\n") }
    @Test func text() { #expect(html("~~~text\nplain\n~~~") == "<pre><code class=\"language-text\">plain\n</code></pre>\n") }
    @Test func cmarkClassesStayForTheRenderer() { #expect(HTMLRenderer(rawHTML: false).render([.codeBlock(info: "rust,ignore x", code: "a\n")]) == "<pre><code class=\"language-rust,ignore\">a\n</code></pre>\n") }
}

/// An mdBook project's chapters, read from `src`, include files anywhere in the project and nowhere else.
struct ProjectIncludeTests {
    let project = BookFiles.memory([
        "book.toml": "", "src/ch.md": "", "src/sibling.md": "s\n", "listings/a.rs": "a\n",
    ]).subfolder("src")

    func expand(_ markdown: String) throws -> String {
        try expandDirectives(markdown, file: "ch.md", root: "..", files: project).markdown
    }

    @Test func besideTheChapter() throws { #expect(try expand("{{#include sibling.md}}") == "s") }
    @Test func besideSrc() throws { #expect(try expand("{{#include ../listings/a.rs}}") == "a") }
    @Test func aboveTheProject() {
        #expect(throws: DiagnosticsError.self) { try expand("{{#include ../../outside.rs}}") }
    }
}
