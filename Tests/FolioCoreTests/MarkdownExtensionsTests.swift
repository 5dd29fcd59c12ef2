import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// The extensions beyond CommonMark where the GFM spec's examples leave off: heading attributes,
/// footnote numbering, tables inside containers, positions of links in cells, tables on pages,
/// and mdBook 0.5's admonitions and definition lists.
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
        let typesetter = Typesetter(geometry: PageGeometry(size: .pocket, language: "en", type: WebFonts.builtIn.type), images: [:])
        let pages = paginate(parseMarkdown("| a | b |\n|---|---|\n" + rows, smartPunctuation: false), typesetter: typesetter, rawHTML: false).map(\.blocks)
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
        let typesetter = Typesetter(geometry: PageGeometry(size: .pocket, language: "en", type: WebFonts.builtIn.type), images: [:])
        let wide = (1...9).map { "column \($0)" }
        let markdown = "| " + wide.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: 9)
        guard case .table(let table) = try #require(parseMarkdown(markdown, smartPunctuation: false).first) else { return }
        let set = typesetter.settingType(of: table, width: typesetter.geometry.contentWidth)
        #expect(set.small)
        #expect(set.widths.reduce(0, +) <= 100)
        guard case .table(let narrow) = try #require(parseMarkdown("| a | b |\n|---|---|", smartPunctuation: false).first) else { return }
        #expect(!typesetter.settingType(of: narrow, width: typesetter.geometry.contentWidth).small)
    }

    func note(_ kind: Aside.Kind, _ title: String) -> String {
        "<blockquote class=\"blockquote-tag blockquote-tag-\(kind.rawValue)\">\n<p class=\"blockquote-tag-title\">\(Aside(kind: kind, blocks: []).icon)\(title)</p>\n"
    }

    @Test func anAdmonitionIsAnAsideWithItsTitle() {
        #expect(html("> [!NOTE]\n> A note.\n>\n> Two paragraphs.") == note(.note, "Note") + "<p>A note.</p>\n<p>Two paragraphs.</p>\n</blockquote>\n")
        #expect(html("> [!caution]  \n> Careful.") == note(.caution, "Caution") + "<p>Careful.</p>\n</blockquote>\n")
        #expect(html("> [!TIP]") == note(.tip, "Tip") + "</blockquote>\n")
    }

    @Test func asidesNestAndTakeTheBooksWords() {
        let blocks = parseMarkdown("> [!IMPORTANT]\n> Key.\n>\n> > [!WARNING]\n> > Risk.", smartPunctuation: false)
        let german = HTMLRenderer(rawHTML: false, asideTitle: { $0.kind == .important ? "Wichtig" : "Warnung" }).render(blocks)
        #expect(german == note(.important, "Wichtig") + "<p>Key.</p>\n" + note(.warning, "Warnung") + "<p>Risk.</p>\n</blockquote>\n</blockquote>\n")
    }

    @Test func anUnknownTagOrWordsAfterItLeaveAQuote() {
        #expect(html("> [!UNKNOWN]\n> Text.") == "<blockquote>\n<p>[!UNKNOWN]\nText.</p>\n</blockquote>\n")
        #expect(html("> [!NOTE] Text.") == "<blockquote>\n<p>[!NOTE] Text.</p>\n</blockquote>\n")
        #expect(html("> Text.\n> [!NOTE]") == "<blockquote>\n<p>Text.\n[!NOTE]</p>\n</blockquote>\n")
    }

    @Test func admonitionsTurnedOffAreQuotes() {
        let blocks = parseMarkdown("> [!NOTE]\n> A note.", smartPunctuation: false, admonitions: false)
        #expect(HTMLRenderer(rawHTML: false).render(blocks) == "<blockquote>\n<p>[!NOTE]\nA note.</p>\n</blockquote>\n")
    }

    @Test func aDefinitionListIsTermsAndDefinitions() {
        #expect(html("apple\n:   red fruit\n:   computer company\n\norange\n  : orange fruit")
            == "<dl>\n<dt id=\"apple\">apple</dt>\n<dd>red fruit</dd>\n<dd>computer company</dd>\n<dt id=\"orange\">orange</dt>\n<dd>orange fruit</dd>\n</dl>\n")
    }

    @Test func aBlankLineAfterTheTermMakesTheListLoose() {
        #expect(html("*apple*\n\n:   red fruit\n\n    contains seeds,\n    crisp\n\nAfter.")
            == "<dl>\n<dt id=\"apple\"><em>apple</em></dt>\n<dd>\n<p>red fruit</p>\n<p>contains seeds,\ncrisp</p>\n</dd>\n</dl>\n<p>After.</p>\n")
    }

    @Test func aBlankLineInsideADefinitionMakesTheListLoose() {
        #expect(html("term\n:   one\n\n    two") == "<dl>\n<dt id=\"term\">term</dt>\n<dd>\n<p>one</p>\n<p>two</p>\n</dd>\n</dl>\n")
    }

    @Test func definitionsHoldBlocksAndListsNest() {
        #expect(html("term\n:   1. Para one\n\n       Para two")
            == "<dl>\n<dt id=\"term\">term</dt>\n<dd>\n<ol>\n<li>\n<p>Para one</p>\n<p>Para two</p>\n</li>\n</ol>\n</dd>\n</dl>\n")
        #expect(html("level one\n: l1\n    level two\n    : l2\n\nlevel one\n: l1")
            == "<dl>\n<dt id=\"level-one\">level one</dt>\n<dd>\n<dl>\n<dt id=\"l1-level-two\">l1\nlevel two</dt>\n<dd>l2</dd>\n</dl>\n</dd>\n<dt id=\"level-one-1\">level one</dt>\n<dd>l1</dd>\n</dl>\n")
    }

    @Test func onlyAParagraphIsATerm() {
        #expect(html("## Section\n: first") == "<h2 id=\"section\">Section</h2>\n<p>: first</p>\n")
        #expect(html("> first\n: second") == "<blockquote>\n<p>first\n: second</p>\n</blockquote>\n")
        #expect(html("```\nterm\n: code\n```") == "<pre><code>term\n: code\n</code></pre>\n")
        #expect(html("Section\n=======\n: first") == "<h1 id=\"section\">Section</h1>\n<p>: first</p>\n")
        #expect(html("Ratio\n:3") == "<p>Ratio\n:3</p>\n")
        #expect(html("Above\n***\nterm\n: definition") == "<p>Above</p>\n<hr />\n<dl>\n<dt id=\"term\">term</dt>\n<dd>definition</dd>\n</dl>\n")
    }

    @Test func termsTakeIdsBesideHeadingsAndReachLinks() {
        #expect(html("# Apple\n\napple\n: fruit\n\nSee [it](#apple-1).").contains("<dt id=\"apple-1\">apple</dt>"))
        let blocks = parseMarkdown("Intro.\n\nterm\n: see [there](x.md)", smartPunctuation: false)
        guard case .definitionList(let list)? = blocks.last, case .paragraph(let content)? = list.entries.first?.definitions.first?.first,
              case .link(let reference, _)? = content.last else { Issue.record("no link"); return }
        #expect(reference.position.line == 4)
    }

    @Test func definitionListsTurnedOffAreParagraphs() {
        let blocks = parseMarkdown("apple\n: red fruit", smartPunctuation: false, definitionLists: false)
        #expect(HTMLRenderer(rawHTML: false).render(blocks) == "<p>apple\n: red fruit</p>\n")
    }

    /// Pages of a chapter that is one long aside, or one long definition list.
    func pages(_ markdown: String) -> [String] {
        let typesetter = Typesetter(geometry: PageGeometry(size: .pocket, language: "en", type: WebFonts.builtIn.type), images: [:])
        let blocks = assignHeadingIDs(parseMarkdown(markdown, smartPunctuation: false)).blocks
        return paginate(blocks, typesetter: typesetter, rawHTML: false).map { HTMLRenderer(rawHTML: false).render($0.blocks) }
    }

    @Test func aLongAsideSplitsBetweenItsBlocksAndGoesOnWithoutItsTitle() {
        let words = "The compositor sets each line by hand and the printer pulls a proof before the forme goes to press."
        let pages = pages("> [!WARNING]\n" + (1...12).map { "> Paragraph \($0). \(words)" }.joined(separator: "\n>\n"))
        #expect(pages.count > 1)
        #expect(pages[0].hasPrefix(note(.warning, "Warning")))
        #expect(pages.dropFirst().allSatisfy { $0.hasPrefix("<blockquote class=\"blockquote-tag blockquote-tag-warning continued\">") && !$0.contains("blockquote-tag-title") })
        #expect(pages.joined().components(separatedBy: "Paragraph ").count == 13)
    }

    @Test func anAsideOrADefinitionOfManyPagesLosesNothing() {
        let words = "The compositor sets each line by hand and the printer pulls a proof before the forme goes to press."
        let paragraphs = (1...40).map { "Paragraph \($0). \(words)" }
        let aside = pages("> [!CAUTION]\n" + paragraphs.map { "> " + $0 }.joined(separator: "\n>\n"))
        let definition = pages("Term\n\n:   " + paragraphs.joined(separator: "\n\n    "))
        for pages in [aside, definition] {
            #expect(pages.count > 3)
            let text = pages.joined()
            #expect((1...40).allSatisfy { text.components(separatedBy: "Paragraph \($0). ").count == 2 })
        }
        #expect(aside.joined().components(separatedBy: "blockquote-tag-title").count == 2)
        #expect(definition.joined().components(separatedBy: "<dt").count == 2)
    }

    @Test func aLongDefinitionListSplitsBetweenEntries() {
        let words = "A term of the trade, set in the printer's own words for the reader who has never seen a press."
        let pages = pages((1...30).map { "Term \($0)\n:   \(words)" }.joined(separator: "\n\n"))
        #expect(pages.count > 1)
        #expect(pages.dropFirst().allSatisfy { $0.hasPrefix("<dl") })
        #expect(pages.joined().components(separatedBy: "<dt id=").count == 31)
        #expect(pages.joined().components(separatedBy: "<dd>").count == 31)
    }
}

/// A raw HTML table whose cells hold Markdown, as mdBook books write them, is one block: the
/// paginator never cuts it between its cells.
struct RawHTMLRunTests {
    let table = "<table>\n<tr>\n<td>\n\n- a\n- `b`\n\n</td>\n</tr>\n</table>\n\nAfter.\n"

    @Test func anElementOpenOverMarkdownIsOneBlock() {
        let blocks = joiningOpenRawHTML(parseMarkdown(table, smartPunctuation: false))
        #expect(blocks.count == 2)
        guard case .html(let html) = blocks[0] else { Issue.record("not raw HTML: \(blocks[0])"); return }
        #expect(html == "<table>\n<tr>\n<td>\n<ul>\n<li>a</li>\n<li><code>b</code></li>\n</ul>\n</td>\n</tr>\n</table>\n")
    }

    @Test func thePageIsTheSame() {
        let blocks = parseMarkdown(table, smartPunctuation: false)
        let renderer = HTMLRenderer(rawHTML: true, codeClasses: .mdBook)
        #expect(renderer.render(joiningOpenRawHTML(blocks)) == renderer.render(blocks))
    }

    @Test func aTableNeverClosedIsLeftAsItIs() {
        let blocks = parseMarkdown("<table><tr><td>\n\nText.\n", smartPunctuation: false)
        #expect(joiningOpenRawHTML(blocks) == blocks)
    }

    /// What renders otherwise on its page (a heading's id, a note's link) or later (a formula) is
    /// not rendered into a table's HTML at parsing: the table is left to be cut.
    @Test func aTableHoldingWhatItsPageRendersIsLeftToBeCut() {
        for cell in ["## A heading", "A note[^1].\n\n[^1]: The note.", "A formula $x^2$."] {
            let blocks = parseMarkdown("<table><tr><td>\n\n\(cell)\n\n</td></tr></table>\n", smartPunctuation: false, math: .dollars)
            #expect(joiningOpenRawHTML(blocks) == blocks, "\(cell)")
        }
    }

    @Test func otherElementsAreLeftToBeCut() {
        for element in ["div", "details", "figure"] {
            let blocks = parseMarkdown("<\(element)>\n\nText.\n\n</\(element)>\n", smartPunctuation: false)
            #expect(joiningOpenRawHTML(blocks) == blocks)
        }
    }
}
