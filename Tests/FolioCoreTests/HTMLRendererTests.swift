import CCmark
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

/// One construct per test: a line of Markdown in, a line of HTML out.
struct HTMLRendererTests {
    func html(_ markdown: String, rawHTML: Bool = false, smart: Bool = true) -> String {
        HTMLRenderer(rawHTML: rawHTML).render(assignHeadingIDs(parseMarkdown(markdown, smartPunctuation: smart)).blocks)
    }

    @Test func paragraph() { #expect(html("Hello *you* and **me**") == "<p>Hello <em>you</em> and <strong>me</strong></p>\n") }
    @Test func headingGetsAnID() { #expect(html("## Spine & direction") == "<h2 id=\"spine--direction\">Spine &amp; direction</h2>\n") }
    @Test func repeatedHeadingsGetUniqueIDs() { #expect(html("# A\n# A") == "<h1 id=\"a\">A</h1>\n<h1 id=\"a-1\">A</h1>\n") }
    @Test func smartPunctuation() { #expect(html("\"Hi\" -- it's...") == "<p>“Hi” – it’s…</p>\n") }
    @Test func smartPunctuationOff() { #expect(html("\"Hi\" --", smart: false) == "<p>&quot;Hi&quot; --</p>\n") }
    @Test func code() { #expect(html("`a<b`") == "<p><code>a&lt;b</code></p>\n") }
    @Test func fencedCode() { #expect(html("```swift x\nlet a = 1 < 2\n```") == "<pre><code class=\"language-swift\">let a = 1 &lt; 2\n</code></pre>\n") }
    @Test func orderedListStart() { #expect(html("3. a\n4. b") == "<ol start=\"3\">\n<li>a</li>\n<li>b</li>\n</ol>\n") }
    @Test func looseList() { #expect(html("- a\n\n- b") == "<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>\n") }
    @Test func blockQuote() { #expect(html("> a") == "<blockquote>\n<p>a</p>\n</blockquote>\n") }
    @Test func thematicBreak() { #expect(html("---") == "<hr />\n") }
    @Test func hardBreak() { #expect(html("a  \nb") == "<p>a<br />\nb</p>\n") }
    @Test func imageAltIsPlainText() { #expect(html("![a *b* `c`](x.png \"T\")") == "<p><img src=\"x.png\" alt=\"a b c\" title=\"T\" /></p>\n") }
    @Test func hrefEscaping() { #expect(html("[x](<a b[é]'&>)") == "<p><a href=\"a%20b%5B%C3%A9%5D&#x27;&amp;\">x</a></p>\n") }
    @Test func safeModeOmitsRawHTML() { #expect(html("<div>x</div>") == "<!-- raw HTML omitted -->\n") }
    @Test func safeModeEmptiesJavaScriptURLs() { #expect(html("[x](javascript:alert(1))") == "<p><a href=\"\">x</a></p>\n") }
    @Test func rawHTMLWhenAllowed() { #expect(html("<div>x</div>\n\na <b>c</b>", rawHTML: true) == "<div>x</div>\n<p>a <b>c</b></p>\n") }

    /// Apart from heading ids, Folio's HTML is byte for byte what libcmark itself renders.
    @Test(arguments: [false, true])
    func matchesCmark(rawHTML: Bool) throws {
        let corpus = try String(contentsOf: Folio.packageRoot.appendingPathComponent("Tests/Fixtures/every-construct/book/every-construct.md"), encoding: .utf8)
        let ours = html(corpus, rawHTML: rawHTML).replacing(#/ id="[^"]*"/#, with: "")
        let options = CMARK_OPT_SMART | (rawHTML ? CMARK_OPT_UNSAFE : 0)
        let rendered = try #require(cmark_markdown_to_html(corpus, corpus.utf8.count, options))
        defer { free(rendered) }
        let theirs = String(cString: rendered)
        #expect(ours == theirs)
    }
}
