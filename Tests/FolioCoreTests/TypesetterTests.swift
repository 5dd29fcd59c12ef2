import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// The typesetter's pieces, one construct each: cutting inlines, breaking lines, measuring blocks.
struct TypesetterTests {
    let geometry = PageGeometry(size: .pocket, language: "en", type: WebFonts.builtIn.type)
    var typesetter: Typesetter { Typesetter(geometry: geometry, images: [:]) }

    func blocks(_ markdown: String) -> [Block] {
        parseMarkdown(markdown, smartPunctuation: true)
    }

    func html(_ inlines: [Inline]) -> String {
        HTMLRenderer(rawHTML: false).render([.paragraph(inlines)])
    }

    @Test func cutInsideEmphasisClosesAndReopensIt() throws {
        guard case .paragraph(let inlines) = try #require(blocks("one *two three* four").first) else { return }
        let parts = splitInlines(inlines, at: [8])
        #expect(parts.map(html) == ["<p>one <em>two </em></p>\n", "<p><em>three</em> four</p>\n"])
    }

    @Test func cutKeepsLinksOnBothSides() throws {
        guard case .paragraph(let inlines) = try #require(blocks("[a b](x.md)").first) else { return }
        let parts = splitInlines(inlines, at: [2])
        #expect(parts.map(html) == ["<p><a href=\"x.md\">a </a></p>\n", "<p><a href=\"x.md\">b</a></p>\n"])
    }

    @Test func cutsAtSeveralOffsetsInOnePass() throws {
        guard case .paragraph(let inlines) = try #require(blocks("one *two three four* five").first) else { return }
        let parts = splitInlines(inlines, at: [4, 8, 14])
        #expect(parts.map(html) == ["<p>one </p>\n", "<p><em>two </em></p>\n", "<p><em>three </em></p>\n", "<p><em>four</em> five</p>\n"])
    }

    @Test func linesBreakAtSpacesWithinTheWidth() {
        let atoms = TextAtomizer.atoms([.text("aaaa aaaa aaaa")], geometry: geometry, fontSize: 10, bold: false, images: [:], width: 100)
        // "aaaa" is 4 × 5.09 px at 10 px in Charis SIL, a space 2.93 px: two words and a space fit in 52 px, not three.
        let lines = LineBreaker(width: 52, lineHeight: 12, type: geometry.type).lines(atoms, indent: 0)
        #expect(lines.map(\.start) == [0, 10])
    }

    /// A contents line's title is set short of its page number on every line: a title that fills a
    /// line beside a narrow number takes two beside a wide one.
    @Test func aContentsLineLeavesItsNumberRoom() throws {
        func line(_ words: Int, page: String) -> ContentsLine {
            ContentsLine(title: [.text(Array(repeating: "a", count: words).joined(separator: " "))], chapter: ChapterID("a.md"), page: page)
        }
        let width = geometry.contentWidth
        let filling = try #require((1...200).last { typesetter.lines(of: line($0, page: "8"), width: width).count == 1 })
        #expect(typesetter.lines(of: line(filling, page: "8888"), width: width).count == 2)
        #expect(typesetter.height(of: .contentsLine(line(filling, page: "8888")), width: width, after: nil) == 2 * geometry.lineHeight)
    }

    @Test func anIndentShortensTheFirstLine() {
        let atoms = TextAtomizer.atoms([.text("aaaa aaaa")], geometry: geometry, fontSize: 10, bold: false, images: [:], width: 100)
        #expect(LineBreaker(width: 52, lineHeight: 12, type: geometry.type).lines(atoms, indent: 10).count == 2)
    }

    @Test func aWordLongerThanTheLineBreaksAnywhere() {
        let atoms = TextAtomizer.atoms([.text(String(repeating: "a", count: 20))], geometry: geometry, fontSize: 10, bold: false, images: [:], width: 100)
        // Eleven letters of 5.09 px fit in 60 px.
        #expect(LineBreaker(width: 60, lineHeight: 12, type: geometry.type).lines(atoms, indent: 0).map(\.start) == [0, 11])
    }

    @Test func chineseBreaksBetweenCharactersButNotBeforeClosingMarks() {
        let atoms = TextAtomizer.atoms([.text("中文，中文")], geometry: geometry, fontSize: 10, bold: false, images: [:], width: 100)
        // 中 | 文， | 中 | 文: the comma stays with the character before it.
        #expect(atoms.atoms.map(\.start) == [0, 1, 3, 4])
    }

    /// A browser sets raw `<kbd>` (and `<code>`, `<samp>`, `<tt>`) in its monospace: 0.602 em a letter.
    @Test func rawKeysAreMeasuredInMonospace() {
        let atoms = TextAtomizer.atoms([.html("<kbd>"), .text("ctrl"), .html("</kbd>"), .text(" iiii")], geometry: geometry, fontSize: 10,
                                       bold: false, images: [:], width: 100)
        #expect(abs(atoms.atoms[0].width - 4 * 6.02) < 0.01)
        // and after it closes, in the serif again: an `i` is 0.30 em in Charis SIL.
        #expect(abs(atoms.atoms.last!.width - 4 * 10 * TextWidths.advance("i", .regular, type: geometry.type)) < 0.01)
        #expect(abs(TextWidths.advance("i", .regular, type: geometry.type) - 0.30) < 0.01)
    }

    @Test func paragraphsFollowingParagraphsHaveNoGap() {
        let height = typesetter.height(of: blocks("One.\n\nTwo."), width: geometry.contentWidth)
        #expect(height == 2 * geometry.lineHeight)
    }

    @Test func headingsHaveSpaceAboveAndBelow() {
        let height = typesetter.height(of: blocks("One.\n\n## Two\n\nThree."), width: geometry.contentWidth)
        #expect(height == 2 * geometry.lineHeight + geometry.headingSpace + geometry.headings[1].lineHeight + geometry.afterHeading)
    }

    @Test func codeBlocksCountWrappedLines() {
        let long = String(repeating: "word ", count: 30)
        let height = typesetter.height(of: blocks("```\nshort\n\(long)\n```"), width: geometry.contentWidth)
        #expect(height == 2 * geometry.codePaddingBlock + 5 * geometry.codeLineHeight)
    }

    /// The words the line breaker may not break inside, as a browser finds them.
    func words(_ inlines: [Inline]) -> [String] {
        // An atom's offsets count the scalars of text and code.
        let flat = Array(inlines.map { if case .text(let text) = $0 { text } else if case .code(let code) = $0 { code } else { "" } }.joined().unicodeScalars)
        return TextAtomizer.atoms(inlines, geometry: geometry, fontSize: geometry.fontSize, bold: false, images: [:], width: 300).atoms
            .filter { if case .word = $0.kind { true } else { false } }
            .map { String(String.UnicodeScalarView(flat[$0.start..<$0.end])) }
    }

    @Test func wordsBreakAfterHyphensAndDashes() { #expect(words([.text("doc.rust-lang.org why?not a—b -x")]) == ["doc.rust-", "lang.org", "why?", "not", "a—", "b", "-x"]) }
    @Test func quotationMarksHoldOnToTheirNeighbours() { #expect(words([.text("下，"), .code("'static"), .text("把Drop）")]) == ["下，'static", "把", "Drop）"]) }

    @Test func aThreeLineParagraphIsNotSplit() {
        let paragraph = blocks("a\\\nb\\\nc")[0]
        #expect(typesetter.split(paragraph, width: 300, after: nil, available: 2 * geometry.lineHeight) == nil)
    }

    @Test func aFourLineParagraphSplitsTwoAndTwo() throws {
        let paragraph = blocks("a\\\nb\\\nc\\\nd")[0]
        let (head, rest) = try #require(typesetter.split(paragraph, width: 300, after: nil, available: 3 * geometry.lineHeight))
        #expect(HTMLRenderer(rawHTML: false).render([head] + rest) == "<p>a<br />\nb<br />\n</p>\n<p class=\"continued\">c<br />\nd</p>\n")
    }

    /// A paragraph of many pages is measured once and cut page by page: each later part is what
    /// cutting the rest again at the top of a page would give.
    @Test func aLongParagraphIsCutAsEachRestWouldBe() throws {
        let paragraph = blocks((0..<1500).map { "word\($0)" }.joined(separator: " "))[0]
        let width = geometry.contentWidth
        let (_, rest) = try #require(typesetter.split(paragraph, width: width, after: nil, available: 5 * geometry.lineHeight))
        #expect(rest.count > 2)
        func content(_ block: Block) -> [Inline] {
            if case .continued(.paragraph(let content)) = block { return content }
            return []
        }
        for index in rest.indices.dropLast() {
            let whole = Block.continued(.paragraph(rest[index...].flatMap(content)))
            let (head, again) = try #require(typesetter.split(whole, width: width, after: nil, available: geometry.contentHeight))
            #expect(html(content(head)) == html(content(rest[index])))
            #expect(again.map { html(content($0)) } == rest[(index + 1)...].map { html(content($0)) })
        }
    }

    @Test func aHeadingNeverEndsABox() {
        let (head, tail) = typesetter.fit(blocks("One.\n\n## Two\n\nThree."), width: 300, available: 3 * geometry.lineHeight + geometry.headingSpace)
        #expect(head.count == 1)
        #expect(tail.count == 2)
    }

    /// The parts of a block split across pages are a page each: no page holds two pieces of one
    /// block, even where keeping lines together left a part short of a full page.
    @Test func aBlockOfManyPagesTakesAPagePerPart() {
        let lines = (0..<200).map { "let line\($0) = \($0)" }.joined(separator: "\n")
        let pages = paginate(blocks("Before.\n\n```\n\(lines)\n```\n\nAfter."), typesetter: typesetter, rawHTML: false).map(\.blocks)
        #expect(pages.count > 3)
        func isCode(_ block: Block) -> Bool {
            switch block {
            case .codeBlock, .continued(.codeBlock): true
            default: false
            }
        }
        for page in pages { #expect(page.filter(isCode).count == 1) }
    }

    @Test func pageBreaksStartAPage() {
        let pages = paginate(blocks("One.\n\n<!-- pagebreak -->\n\nTwo."), typesetter: typesetter, rawHTML: false).map(\.blocks)
        #expect(pages.count == 2)
    }

    @Test func aRawLineBreakTagBreaksTheLine() {
        let lines = typesetter.lines(of: [.text("Send + Sync"), .html("<br/>"), .text("requires"), .html("<BR >"), .text("T: Sync")],
                                     width: geometry.contentWidth, indented: false)
        #expect(lines.map(\.start) == [0, 16, 29])
    }

    /// A paragraph two lines longer than a page: its last page would hold two lines, a runt; a
    /// line moves back to it, and the first page ends a line early.
    @Test func aChaptersLastPageHoldsAtLeastThreeLines() throws {
        let perPage = Int(geometry.contentHeight / geometry.lineHeight)
        var words = "Set"
        func lines(_ text: String) -> Int { typesetter.lines(of: [.text(text)], width: geometry.contentWidth, indented: false).count }
        while lines(words) < perPage + 2 { words += " word" }
        #expect(lines(words) == perPage + 2)
        let pages = paginate(blocks(words), typesetter: typesetter, rawHTML: false).map(\.blocks)
        #expect(pages.count == 2)
        let last = typesetter.height(of: pages[1], width: geometry.contentWidth)
        #expect(last == Double(runtLines) * geometry.lineHeight)
        #expect(typesetter.height(of: pages[0], width: geometry.contentWidth) == Double(perPage - 1) * geometry.lineHeight)
    }
}

/// Images written in raw HTML take the room the theme gives them, in a block or in a paragraph.
struct RawHTMLImageTests {
    let geometry = PageGeometry(size: .pocket, language: "en", type: WebFonts.builtIn.type)
    var typesetter: Typesetter { Typesetter(geometry: geometry, images: ["fig.svg": ImageSize(width: 1000, height: 700)]) }

    @Test func halfTheBoxAsTheStyleAsks() {
        let height = typesetter.rawHTMLHeight(#"<img src="fig.svg" style="width: 50%;" />"#, width: 300)
        #expect(height == 105)
    }

    @Test func itsOwnWidthWithinTheBox() {
        #expect(typesetter.rawHTMLHeight(#"<img src="fig.svg">"#, width: 300) == 210)
        #expect(typesetter.rawHTMLHeight(#"<img src="fig.svg" width="100">"#, width: 300) == 70)
    }

    @Test func anImageInsideAParagraphIsABlockOfItsOwn() {
        let inlines: [Inline] = [.text("Before"), .softBreak, .html(#"<img src="fig.svg" style="width: 50%">"#)]
        let height = typesetter.height(of: .paragraph(inlines), width: 300, after: nil)
        #expect(height >= 105 + geometry.lineHeight)
    }

    @Test func wordsOfRawHTMLAreSetAsAParagraph() {
        let words = Array(repeating: "word", count: 200).joined(separator: " ")
        #expect(typesetter.rawHTMLHeight("<div>\(words)</div>", width: 300) > 10 * geometry.lineHeight)
    }
}
