import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// Formulas: found in the text cmark leaves (`Markdown/Math.swift`), rendered by KaTeX once per
/// build (`typesetMath`), shown as TeX when they cannot be, and given room on the page from their TeX.
struct MathTests {
    /// The first paragraph's inlines.
    func inlines(_ markdown: String, _ delimiters: MathDelimiters = .mathJax) -> [Inline] {
        guard case .paragraph(let content)? = parseMarkdown(markdown, smartPunctuation: false, math: delimiters).first else { return [] }
        return content
    }

    /// The formulas of the first paragraph, as (TeX, display).
    func formulas(_ markdown: String, _ delimiters: MathDelimiters = .mathJax) -> [(String, Bool)] {
        inlines(markdown, delimiters).compactMap { if case .math(let formula) = $0 { (formula.tex, formula.display) } else { nil } }
    }

    func html(_ markdown: String, _ delimiters: MathDelimiters = .dollars) -> String {
        HTMLRenderer(rawHTML: false).render(parseMarkdown(markdown, smartPunctuation: false, math: delimiters))
    }

    @Test func backslashParenthesesMakeAFormulaInTheText() {
        #expect(formulas(#"Area \\(\pi r^2\\) here."#).elementsEqual([(#"\pi r^2"#, false)], by: ==))
        #expect(inlines(#"Area \\(\pi r^2\\) here."#).first == .text("Area "))
    }

    @Test func backslashBracketsSetAFormulaApart() {
        #expect(formulas(#"\\[ \mu = \frac{1}{N} \\]"#).elementsEqual([(#"\mu = \frac{1}{N}"#, true)], by: ==))
    }

    @Test func doubleDollarsSetAFormulaApart() {
        #expect(formulas("$$x^2$$").elementsEqual([("x^2", true)], by: ==))
    }

    @Test func singleDollarsOnlyWhenTheBookAsks() {
        #expect(formulas("So $x^2$ is.", .mathJax).isEmpty)
        #expect(formulas("So $x^2$ is.", .dollars).elementsEqual([("x^2", false)], by: ==))
    }

    @Test func pricesStayText() {
        #expect(formulas("It costs $5 and $6, or $ 7 $.", .dollars).isEmpty)
    }

    @Test func anEscapedDollarIsADollar() {
        #expect(formulas(#"A \$x$ sign."#, .dollars).isEmpty)
    }

    @Test func mathIsOffByDefault() {
        #expect(formulas(#"\\(x\\) and $$y$$"#, .none).isEmpty)
    }

    @Test func codeIsNeverMath() {
        #expect(html("`$x$` and\n\n```\n$$y$$\n```") == "<p><code>$x$</code> and</p>\n<pre><code>$$y$$\n</code></pre>\n")
        #expect(formulas(#"\\( a `b` c \\)"#).isEmpty)
    }

    @Test func aFormulaSpansLines() {
        #expect(formulas("\\\\[\n  a + b\n\\\\]").elementsEqual([("a + b", true)], by: ==))
    }

    @Test func emphasisInsideAFormulaKeepsItsText() {
        // cmark reads `*b*` as emphasis; the page's text, which MathJax would read, is `abc`.
        #expect(formulas(#"\\( a*b*c \\)"#).elementsEqual([("abc", false)], by: ==))
        #expect(formulas(#"\\( a\*b\*c \\)"#).elementsEqual([("a*b*c", false)], by: ==))
    }

    @Test func anUnclosedDelimiterStaysText() {
        #expect(formulas(#"\\( x and \\[ y"#).isEmpty)
        #expect(formulas("$$$$").isEmpty)
    }

    @Test func aFormulaKnowsWhereItIsWritten() {
        let found = inlines("Some *text*\nand \\_ \\\\(x\\\\) here").compactMap { if case .math(let formula) = $0 { formula.position } else { nil } }
        #expect(found == [MarkdownPosition(line: 2, column: 8)])
    }

    @Test func aFormulaInATableKnowsWhereItIsWritten() {
        let blocks = parseMarkdown("| a |\n|---|\n| \\_ $x$ |\n", smartPunctuation: false, math: .dollars)
        var positions: [MarkdownPosition] = []
        for block in blocks {
            block.walk(inlines: { if case .math(let formula) = $0 { positions.append(formula.position) } })
        }
        #expect(positions == [MarkdownPosition(line: 3, column: 6)])
    }

    @Test func aFormulaWithoutMathMLShowsAsItsTeX() {
        #expect(html("So $a<b$.") == "<p>So <code class=\"math\">a&lt;b</code>.</p>\n")
    }

    @Test func katexRendersMathMLAndReportsTeXErrors() throws {
        let results = try MathRenderer.katex.render([FormulaSource(tex: #"\frac{a}{b}"#, display: true),
                                                     FormulaSource(tex: #"\frac{a"#, display: false)]).get()
        guard case .mathML(let mathML) = results[0], case .error(let message) = results[1] else {
            Issue.record("expected MathML, then an error: \(results)")
            return
        }
        #expect(mathML.hasPrefix(#"<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">"#))
        #expect(mathML.contains("<mfrac><mi>a</mi><mi>b</mi></mfrac>") && mathML.hasSuffix("</math>"))
        #expect(message.hasPrefix("Unexpected end of input"))
    }

    /// A chapter of `markdown`, with math as a Folio book asks for it.
    func parsed(_ markdown: String) -> ParsedChapter {
        parseChapter(Chapter(id: "a.md", slug: "a"), source: markdown, options: { var options = MarkdownOptions(); options.math = .dollars; return options }())
    }

    @Test func theBookIsRenderedOnceAndEachFormulaOnce() {
        final class Asked: @unchecked Sendable { var values: [[FormulaSource]] = [] }
        let asked = Asked()
        let renderer = MathRenderer { sources in
            asked.values.append(sources)
            return .success(sources.map { .mathML("<math><mi>\($0.tex)</mi></math>") })
        }
        let chapters = typesetMath([parsed("$x$ and $x$"), parsed("$x$, $$x$$ and $y$")], renderer: renderer)
        #expect(asked.values == [[FormulaSource(tex: "x", display: false), FormulaSource(tex: "x", display: true), FormulaSource(tex: "y", display: false)]])
        #expect(HTMLRenderer(rawHTML: false).render(chapters[1].blocks).contains("<p><math><mi>x</mi></math>, <math><mi>x</mi></math> and <math><mi>y</mi></math></p>"))
    }

    @Test func aTeXErrorIsAWarningAtTheFormula() {
        let chapters = typesetMath([parsed("# A\n\nOne $\\frac{1}{$ here.")], renderer: .katex)
        let warning = chapters[0].warnings.first
        #expect(warning?.message == "TeX: Unexpected end of input in a macro argument, expected '}' at end of input: \\frac{1}{")
        #expect(warning?.location == SourceLocation(file: "a.md", line: 3, column: 5))
        #expect(HTMLRenderer(rawHTML: false).render(chapters[0].blocks).contains("<code class=\"math\">\\frac{1}{</code>"))
    }

    @Test func withoutKaTeXTheBookBuildsWithOneWarning() {
        let missing = MathRenderer { _ in .failure(MathUnavailable(reason: "Node.js (node) is not installed")) }
        let chapters = typesetMath([parsed("$x$"), parsed("$y$")], renderer: missing)
        #expect(chapters.flatMap(\.warnings).map(\.message) == ["the book's formulas show as their TeX source: Node.js (node) is not installed"])
    }

    @Test func texShapeCountsRowsAndStackedConstructs() {
        let shape = TeXShape(#"\begin{aligned} a &= \frac{1}{2} \\ \sum_{i} x_i &= y \end{aligned}"#)
        #expect(shape.rows.count == 2)
        #expect(shape.rows[0].fractions == 1 && shape.rows[1].bigOperators == 1 && shape.rows[1].scripts)
    }

    @Test func aDisplayedFormulaIsTallerForEachRowAndNeverTallerThanThePage() {
        func height(_ tex: String) -> Double {
            FormulaBox(Formula(tex: tex, display: true, position: MarkdownPosition(line: 1, column: 1), mathML: "<math></math>"),
                       fontSize: 16, monoWidth: 0, lineWidth: 300, maxHeight: 500).height
        }
        #expect(height("x") < height(#"\frac{x}{2}"#))
        #expect(height(#"a \\ b"#) < height(#"a \\ b \\ c"#))
        #expect(height(String(repeating: #"a \\ "#, count: 100)) == 500)
    }

    @Test func aFormulaInTheTextIsOnePieceThatMakesItsLineTaller() {
        let geometry = PageGeometry(size: .pocket, language: "en", type: WebFonts.builtIn.type)
        let formula = Formula(tex: #"\frac{a}{b}"#, display: false, position: MarkdownPosition(line: 1, column: 1), mathML: "<math></math>")
        let atoms = TextAtomizer.atoms([.text("so "), .math(formula), .text(" is")], geometry: geometry, fontSize: 16, bold: false, images: [:], width: 300)
        let lines = LineBreaker(width: 300, lineHeight: 24, type: geometry.type).lines(atoms, indent: 0)
        #expect(lines.count == 1 && lines[0].height > 24)
        #expect(Inline.math(formula).flatLength == 1)
    }
}
