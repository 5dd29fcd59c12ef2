import Testing
@testable import FolioCore

/// The extensions beyond CommonMark where the GFM spec's examples leave off: heading attributes,
/// footnote numbering, tables inside containers, positions of links in cells, and tables on pages.
struct MarkdownExtensionsTests {
    func html(_ markdown: String) -> String {
        HTMLRenderer(rawHTML: false).render(assignHeadingIDs(parseMarkdown(markdown, smartPunctuation: false)).blocks)
    }

    @Test func headingAttributesGiveTheIdAndClasses() {
        #expect(html("## Proofs {#proofs .aside .wide}") == "<h2 id=\"proofs\" class=\"aside wide\">Proofs</h2>\n")
        #expect(html("# A {#x}\n# A") == "<h1 id=\"x\">A</h1>\n<h1 id=\"a\">A</h1>\n")
        #expect(html("# Braces {not attributes}") == "<h1 id=\"braces-not-attributes\">Braces {not attributes}</h1>\n")
    }

    @Test func headingAttributesNameTheHeadingForLinks() {
        let headings = assignHeadingIDs(parseMarkdown("# One {#first}", smartPunctuation: false)).headings
        #expect(headings.map(\.id) == ["first"])
        #expect(headings.map(\.title) == ["One"])
    }

    @Test func footnotesAreNumberedByFirstReference() {
        let out = html("b[^b] a[^a] b again[^b]\n\n[^a]: A.\n[^b]: B.\n")
        #expect(out.contains("b<sup class=\"footnote-ref\"><a href=\"#fn1\" id=\"fnref1\">1</a></sup> a<sup class=\"footnote-ref\"><a href=\"#fn2\" id=\"fnref2\">2</a></sup>"))
        #expect(out.contains("again<sup class=\"footnote-ref\"><a href=\"#fn1\" id=\"fnref1-2\">1</a></sup>"))
        #expect(out.contains("<li id=\"fn1\">\n<p>B. <a href=\"#fnref1\" class=\"footnote-backref\">↩</a> <a href=\"#fnref1-2\" class=\"footnote-backref\">↩<sup>2</sup></a></p>"))
        #expect(out.hasSuffix("<li id=\"fn2\">\n<p>A. <a href=\"#fnref2\" class=\"footnote-backref\">↩</a></p>\n</li>\n</ol>\n</section>\n"))
    }

    @Test func aDefinitionInCodeIsCode() {
        #expect(html("```\n[^a]: not a note\n```\n\nx[^a]") == "<pre><code>[^a]: not a note\n</code></pre>\n<p>x[^a]</p>\n")
    }

    @Test func tablesInQuotesAndLists() {
        #expect(html("> | a |\n> | - |\n> | b |") == "<blockquote>\n<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>b</td>\n</tr>\n</tbody>\n</table>\n</blockquote>\n")
        #expect(html("- | a |\n  | - |").contains("<li>\n<table>\n<thead>"))
    }

    @Test func aLinkInACellKeepsItsPlace() throws {
        let before = parseMarkdown("a [x](y.md)\n| a |\n| - |\n", smartPunctuation: false)
        guard case .paragraph(let inlines)? = before.first, case .link(let first, _)? = inlines.last else { Issue.record("no link"); return }
        #expect(first.position == MarkdownPosition(line: 1, column: 3))
        let blocks = parseMarkdown("Text.\n\n| a | b |\n| - | - |\n| x | see [it](missing.md) |\n", smartPunctuation: false)
        guard case .table(let table) = try #require(blocks.last) else { Issue.record("no table"); return }
        guard case .link(let reference, _)? = table.rows[0][1].last else { Issue.record("no link"); return }
        #expect(reference.position == MarkdownPosition(line: 5, column: 11))
    }

    @Test func aLongTableSplitsBetweenRowsAndRepeatsItsHeader() throws {
        let rows = (1...80).map { "| row \($0) | cell |" }.joined(separator: "\n")
        let typesetter = Typesetter(geometry: PageGeometry(size: .pocket, language: "en"), images: [:])
        let pages = paginate(parseMarkdown("| a | b |\n|---|---|\n" + rows, smartPunctuation: false), typesetter: typesetter, rawHTML: false)
        #expect(pages.count > 1)
        let rendered = pages.map { HTMLRenderer(rawHTML: false).render($0) }
        #expect(rendered.dropFirst().allSatisfy { $0.hasPrefix("<table class=\"continued\">") && $0.contains("<th>a</th>") })
        let counts = pages.map { page in page.reduce(0) { total, block in
            switch block {
            case .table(let table), .continued(.table(let table)): total + table.rows.count
            default: total
            }
        } }
        #expect(counts.reduce(0, +) == 80)
    }

    @Test func aTableTooWideTakesTheSmallType() throws {
        let typesetter = Typesetter(geometry: PageGeometry(size: .pocket, language: "en"), images: [:])
        let wide = (1...9).map { "column \($0)" }
        let markdown = "| " + wide.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: 9)
        guard case .table(let table) = try #require(parseMarkdown(markdown, smartPunctuation: false).first) else { return }
        let set = typesetter.settingType(of: table, width: typesetter.geometry.contentWidth)
        #expect(set.small)
        #expect(set.widths.reduce(0, +) <= 100)
        guard case .table(let narrow) = try #require(parseMarkdown("| a | b |\n|---|---|", smartPunctuation: false).first) else { return }
        #expect(!typesetter.settingType(of: narrow, width: typesetter.geometry.contentWidth).small)
    }
}
