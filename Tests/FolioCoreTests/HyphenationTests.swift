import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCore
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioOptions

/// Justified prose: the soft hyphens libhyphen's patterns put in a book's words, and lines that
/// break at them as Chromium breaks them.
struct HyphenationTests {
    /// The system's English patterns (Debian's hyphen-en-us, which `make test` installs).
    static func english() throws -> Hyphenation {
        let file = try #require(Hyphenation.patterns(for: "en-US"), "no hyph_en_US.dic in \(Hyphenation.folders)")
        return try #require(Hyphenation(file: file))
    }

    /// `word` as TeX's US English patterns split it, with at least two letters before a hyphen
    /// and three after (as libhyphen's own tests over those patterns give them).
    @Test(arguments: ["hy=phen=ation", "ac=cel=er=a=tor", "al=go=rithms", "con=cate=na=tion", "de=vel=op=ment",
                      "ta=ble", "ab=sorp=tion", "clas=si=fiers", "Type=set=ting"])
    func pointsAreThePatterns(_ expected: String) throws {
        let english = try Self.english()
        let word = expected.replacingOccurrences(of: "=", with: "")
        var points: [Int] = []
        var letters = 0
        for character in expected {
            if character == "=" { points.append(letters) } else { letters += 1 }
        }
        #expect(english.points(word) == points, "\(word)")
    }

    @Test func shortWordsAreNotHyphenated() throws {
        let english = try Self.english()
        #expect(english.points("able") == [])
        #expect(english.points("about") == [])
    }

    @Test func patternsAreFoundForTheLanguageThenItsRegions() throws {
        let scratch = try Scratch()
        let folder = scratch.url.path
        for name in ["hyph_de_CH.dic", "hyph_de_DE.dic", "hyph_pt.dic", "hyph_pt_BR.dic", "README"] {
            try Data().write(to: scratch.url.appendingPathComponent(name))
        }
        #expect(Hyphenation.patterns(for: "de-DE", in: [folder]) == folder + "/hyph_de_DE.dic")
        #expect(Hyphenation.patterns(for: "de", in: [folder]) == folder + "/hyph_de_CH.dic")
        #expect(Hyphenation.patterns(for: "pt", in: [folder]) == folder + "/hyph_pt.dic")
        #expect(Hyphenation.patterns(for: "pt-br", in: [folder]) == folder + "/hyph_pt_BR.dic")
        #expect(Hyphenation.patterns(for: "fr", in: [folder]) == nil)
    }

    @Test func aBookWithoutPatternsForItsLanguageIsWarned() {
        let (none, warning) = Hyphenation.forBook(language: "xx", justify: true)
        #expect(none == nil && warning?.message.contains("`xx`") == true)
        #expect(Hyphenation.forBook(language: "zh-Hans", justify: true).1 == nil)
        #expect(Hyphenation.forBook(language: "xx", justify: false).1 == nil)
    }

    /// A paragraph's inlines with their soft hyphens.
    func hyphenated(_ content: [Inline]) throws -> [Inline] {
        var hyphenator = SoftHyphenator(try Self.english())
        return hyphenator.hyphenated(content)
    }

    /// The soft hyphens of a paragraph's text, as `=`.
    func marked(_ content: [Inline]) -> String {
        HTMLRenderer(rawHTML: true).render([.paragraph(content)]).replacingOccurrences(of: "\u{AD}", with: "=")
    }

    @Test func onlyProseIsHyphenated() throws {
        let reference = Reference(destination: "https://example.com/development", title: "", position: MarkdownPosition(line: 1, column: 1))
        let content: [Inline] = [
            .text("Hyphenation of “algorithms”, "), .code("concatenation"), .text(" in "),
            .link(reference, [.text("development")]),
            .text(" but not e.g. rust-lang.org, 3rd-generation, don’t, JavaScript, HTTPS, mdBook or multi-classifiers; "),
            .emphasis([.text("typesetting")]), .text(", "), .image(reference, alt: [.text("classifiers")]),
            .html("<kbd>"), .text("absorption"), .html("</kbd>"),
        ]
        #expect(marked(try hyphenated(content)) == """
            <p>Hy=phen=ation of “al=go=rithms”, <code>concatenation</code> in <a href="https://example.com/development">de=vel=op=ment</a> \
            but not e.g. rust-lang.org, 3rd-generation, don’t, JavaScript, HTTPS, mdBook or multi-clas=si=fiers; \
            <em>type=set=ting</em>, <img src="https://example.com/development" alt="classifiers" /><kbd>absorption</kbd></p>\n
            """)
    }

    @Test func aWordThatRunsIntoAnotherInlineIsLeftWhole() throws {
        #expect(marked(try hyphenated([.strong([.text("Hyph")]), .text("enation, development")])) == "<p><strong>Hyph</strong>enation, de=vel=op=ment</p>\n")
        #expect(marked(try hyphenated([.text("development"), .emphasis([.text("s")])])) == "<p>development<em>s</em></p>\n")
        #expect(marked(try hyphenated([.text("development"), .softBreak, .text("algorithms")])) == "<p>de=vel=op=ment\nal=go=rithms</p>\n")
    }

    /// A justified page of the default size.
    static func geometry() throws -> PageGeometry {
        PageGeometry(size: .pocket, language: "en", type: WebFonts.builtIn.type, justify: true)
    }

    @Test func aLineBreaksAtTheLastSoftHyphenThatFitsWithItsHyphen() throws {
        let geometry = try Self.geometry()
        let typesetter = Typesetter(geometry: geometry, images: [:])
        let widths = TextWidths.Scaled.table(.regular, size: geometry.fontSize, type: geometry.type)
        let width = { (text: String) in text.unicodeScalars.reduce(0) { $0 + widths.width($1) } }
        // Filler words, then a long word that does not fit whole at the end of the first line.
        var filler = "a"
        while width(filler + " aa con\u{2010}") <= geometry.contentWidth - LineBreaker.slack { filler += " aa" }
        // "con-" fits after the filler, "concate-" does not.
        let text = filler + " concatenation follows"
        let content = try hyphenated([.text(text)])
        let lines = typesetter.lines(of: content, width: geometry.contentWidth, indented: false)
        #expect(lines.count == 2)
        #expect(lines[0].hyphenated)
        // The second line starts after `con` and its soft hyphen.
        #expect(lines[1].start == filler.unicodeScalars.count + 1 + "con\u{AD}".unicodeScalars.count)
        // Without hyphenation, the whole word goes to the next line.
        let plain = typesetter.lines(of: [.text(text)], width: geometry.contentWidth, indented: false)
        #expect(plain.count == 2 && !plain[0].hyphenated && plain[1].start == filler.unicodeScalars.count + 1)
    }

    @Test func aParagraphCutAtAHyphenGoesOnJustifiedAndShowsItsHyphen() throws {
        let geometry = try Self.geometry()
        let typesetter = Typesetter(geometry: geometry, images: [:])
        let sentence = "Typesetting concatenation algorithms for development of accelerators and classifiers. "
        let chapter = Chapter(id: ChapterID("a.md"), slug: "a")
        let blocks = parseChapter(chapter, source: String(repeating: sentence, count: 60), options: MarkdownOptions(), hyphenation: try Self.english()).blocks
        let pages = paginate(blocks, typesetter: typesetter, rawHTML: false).map(\.blocks)
        #expect(pages.count > 1)
        let html = pages.map { HTMLRenderer(rawHTML: false).render($0) }
        #expect(html[0].hasPrefix("<p class=\"runs-on"))
        #expect(html.last!.hasPrefix("<p class=\"continued\">"))
        // A part whose last line breaks at a soft hyphen says so, for the theme to show the hyphen.
        for page in html.dropLast() where page.hasSuffix("\u{AD}</p>\n") { #expect(page.contains("hyphenated\">")) }
        // Nothing is lost: the parts hold the paragraph's text.
        let text = pages.map { $0.searchText }.joined()
        #expect(text.replacingOccurrences(of: " ", with: "") == String(repeating: sentence, count: 60).replacingOccurrences(of: " ", with: ""))
    }
}
