import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// One construct per test: a fenced code block in, the page's highlighted HTML out.
struct CodeHighlightingTests {
    func page(_ markdown: String) -> String {
        let parsed = parseChapter(Chapter(id: "a.md", slug: "a"), source: markdown, options: MarkdownOptions())
        return HTMLRenderer(rawHTML: false, codeClasses: .mdBook).render(parsed.blocks)
    }

    @Test func keywordsTypesAndNumbers() {
        #expect(page("```rust\nlet x: u32 = 7;\n```") == "<pre><code class=\"language-rust\"><span class=\"hljs-keyword\">let</span> x: <span class=\"hljs-type\">u32</span> = <span class=\"hljs-number\">7</span>;\n</code></pre>\n")
    }

    @Test func stringsAreEscaped() {
        #expect(page("```python\nx = \"<&>\"\n```") == "<pre><code class=\"language-python\">x = <span class=\"hljs-string\">&quot;&lt;&amp;&gt;&quot;</span>\n</code></pre>\n")
    }

    @Test func attributesAfterTheLanguageAreClassesOnly() {
        #expect(page("```rust,ignore\n// hi\n```") == "<pre><code class=\"language-rust ignore\"><span class=\"hljs-comment\">// hi</span>\n</code></pre>\n")
    }

    @Test func aLanguageByItsExtension() {
        #expect(page("```sh\necho hi\n```") == "<pre><code class=\"language-sh\"><span class=\"hljs-built_in\">echo</span> hi\n</code></pre>\n")
    }

    @Test func aLanguageInAnyCase() {
        #expect(page("```TOML\nn = 1\n```").contains("<span class=\"hljs-number\">1</span>"))
    }

    @Test func aCommentOverLinesIsSpannedLineByLine() {
        #expect(page("```c\n/* a\nb */\n```") == "<pre><code class=\"language-c\"><span class=\"hljs-comment\">/* a</span>\n<span class=\"hljs-comment\">b */</span>\n</code></pre>\n")
    }

    @Test func charactersBeyondTheBasicPlane() {
        #expect(page("```rust\n\"😀\" 1\n```") == "<pre><code class=\"language-rust\"><span class=\"hljs-string\">&quot;😀&quot;</span> <span class=\"hljs-number\">1</span>\n</code></pre>\n")
    }

    @Test func hiddenRustLinesStayHidden() {
        #expect(page("```rust\n# fn hidden() {}\nfn shown() {}\n```") == "<pre><code class=\"language-rust\"><span class=\"hljs-keyword\">fn</span> shown() {}\n</code></pre>\n")
    }

    @Test func consolePromptsAndTheirCommands() {
        #expect(page("```console\n$ echo hi\nhi\n```") == "<pre><code class=\"language-console\"><span class=\"hljs-meta prompt_\">$ </span><span class=\"hljs-built_in\">echo</span> hi\nhi\n</code></pre>\n")
    }

    @Test func shellIsAConsoleToo() {
        #expect(page("```shell\n$ ls\n```") == "<pre><code class=\"language-shell\"><span class=\"hljs-meta prompt_\">$ </span><span class=\"hljs-title function_\">ls</span>\n</code></pre>\n")
    }

    @Test func anUnknownLanguageIsPlain() {
        #expect(page("```klingon\nlet <x>\n```") == "<pre><code class=\"language-klingon\">let &lt;x&gt;\n</code></pre>\n")
    }

    @Test func noLanguageIsPlain() {
        #expect(page("```\nlet x = 1;\n```") == "<pre><code>let x = 1;\n</code></pre>\n")
    }

    @Test func cmarksClassesLeaveCodePlain() {
        let blocks = parseMarkdown("```rust\nlet x = 1;\n```", smartPunctuation: false)
        #expect(HTMLRenderer(rawHTML: false).render(blocks) == "<pre><code class=\"language-rust\">let x = 1;\n</code></pre>\n")
    }

    /// A line that may wrap is set in a `wraps` span with a `<wbr>` at each place it may break;
    /// one at a highlighted run's edge goes outside the run's span.
    @Test func aLineThatMayWrapIsMarkedWhereItMayBreak() {
        let parsed = parseChapter(Chapter(id: "a.md", slug: "a"), source: "```rust\nlet x: u32 = 7;\nok\n```", options: MarkdownOptions())
        let renderer = HTMLRenderer(rawHTML: false, codeClasses: .mdBook, codeLineBreaks: { line, _ in line.count > 2 ? [4, 7, 13] : nil })
        #expect(renderer.render(parsed.blocks) == "<pre><code class=\"language-rust\"><span class=\"wraps\"><span class=\"hljs-keyword\">let</span> "
                + "<wbr>x: <wbr><span class=\"hljs-type\">u32</span> = <wbr><span class=\"hljs-number\">7</span>;</span>\nok\n</code></pre>\n")
    }

    /// The page's renderer is asked about each line with how many blocks its code block is inside,
    /// which narrow its box.
    @Test func aLineIsMarkedForTheBlocksItIsIn() {
        let parsed = parseChapter(Chapter(id: "a.md", slug: "a"), source: "> - ```\n>   a\n>   ```", options: MarkdownOptions())
        let renderer = HTMLRenderer(rawHTML: false, codeClasses: .mdBook, codeLineBreaks: { _, nesting in nesting == 2 ? [] : nil })
        #expect(renderer.render(parsed.blocks).contains("<pre><code><span class=\"wraps\">a</span>\n</code></pre>"))
    }

    @Test func theSameCodeGivesTheSameBytesOnEveryThread() async {
        let code = "```rust\nfn main() { let s = \"x\"; } // done\n```"
        let expected = page(code)
        let pages = await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 { group.addTask { page(code) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(pages.allSatisfy { $0 == expected })
    }
}
