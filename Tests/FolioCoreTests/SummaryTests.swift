import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// The parsed summary on one line: `Title(path)` for prefix and suffix chapters, `- Title(path)`
/// for numbered ones with `{ … }` around their children, `# Part`, `---`.
private func outline(_ markdown: String) throws -> String {
    func line(_ items: [ContentsEntry]) -> String {
        items.map { item in
            switch item {
            case .chapter(let chapter):
                let entry = (chapter.numbered ? "- " : "") + "\(chapter.title ?? "")(\(chapter.id))"
                return chapter.children.isEmpty ? entry : "\(entry) { \(line(chapter.children)) }"
            case .draft(let title, _):
                return "- \(title)()"
            case .part(let title):
                return "# \(title)"
            case .separator:
                return "---"
            }
        }.joined(separator: " | ")
    }
    return line(try parseSummary(markdown))
}

/// The error `markdown` is rejected with, as printed.
private func error(_ markdown: String) -> String {
    do {
        _ = try parseSummary(markdown)
        return "no error"
    } catch {
        return "\(error)"
    }
}

/// The warnings `markdown` is read with, as printed.
private func warnings(_ markdown: String) throws -> [String] {
    var found: [String] = []
    _ = try parseSummary(markdown, report: { found.append("\($0)") })
    return found
}

/// The top-level chapters.
private func chapters(_ markdown: String, firstLine: Int = 1) throws -> [ContentsChapter] {
    try parseSummary(markdown, firstLine: firstLine).compactMap {
        guard case .chapter(let chapter) = $0 else { return nil }
        return chapter
    }
}

@Test func titleIsIgnored() throws {
    #expect(try outline("# Summary\n\n[Intro](intro.md)") == "Intro(intro.md)")
}

@Test func emptySummaryHasNoItems() throws {
    #expect(try outline("# Summary\n") == "")
}

@Test func prefixChaptersOnePerLine() throws {
    #expect(try outline("[Foreword](foreword.md)\n[Intro](intro.md)") == "Foreword(foreword.md) | Intro(intro.md)")
}

@Test func numberedChapters() throws {
    #expect(try outline("- [One](one.md)\n- [Two](two.md)") == "- One(one.md) | - Two(two.md)")
}

@Test func starPlusAndOrderedMarkers() throws {
    #expect(try outline("* [A](a.md)\n\n+ [B](b.md)\n\n1. [C](c.md)") == "- A(a.md) | - B(b.md) | - C(c.md)")
}

@Test func nestedNumberedChapters() throws {
    #expect(try outline("- [A](a.md)\n  - [B](b.md)\n    - [C](c.md)\n  - [D](d.md)\n- [E](e.md)")
        == "- A(a.md) { - B(b.md) { - C(c.md) } | - D(d.md) } | - E(e.md)")
}

@Test func tabIndentedNesting() throws {
    #expect(try outline("- [A](a.md)\n\t- [B](b.md)") == "- A(a.md) { - B(b.md) }")
}

@Test func partTitles() throws {
    #expect(try outline("[Preface](preface.md)\n# Part One\n- [A](a.md)\n# Part *Two*\n- [B](b.md)")
        == "Preface(preface.md) | # Part One | - A(a.md) | # Part Two | - B(b.md)")
}

@Test func suffixChapters() throws {
    #expect(try outline("- [A](a.md)\n\n[Appendix](appendix.md)\n[Credits](credits.md)")
        == "- A(a.md) | Appendix(appendix.md) | Credits(credits.md)")
}

@Test func separators() throws {
    #expect(try outline("[P](p.md)\n\n---\n\n- [A](a.md)\n---\n- [B](b.md)\n\n***\n\n[Z](z.md)")
        == "P(p.md) | --- | - A(a.md) | --- | - B(b.md) | --- | Z(z.md)")
}

@Test func draftsHaveNoPath() throws {
    #expect(try outline("- [A](a.md)\n  - [Later]()") == "- A(a.md) { - Later() }")
    #expect(try parseSummary("- [Later]()") == [.draft("Later", at: SourceLocation(file: "SUMMARY.md", line: 1, column: 3))])
}

@Test func pathsAreNormalised() throws {
    #expect(try outline("- [A](./part/a.md)\n- [B](part/../b%20c.md)") == "- A(part/a.md) | - B(b c.md)")
}

@Test func draftsAreNotDuplicates() throws {
    #expect(try outline("- [Later]()\n- [Later]()") == "- Later() | - Later()")
}

@Test func titleIsPlainTextOfTheLink() throws {
    #expect(try outline("- [The *`SUMMARY.md`* **file**](summary.md)") == "- The SUMMARY.md file(summary.md)")
}

@Test func titleSpanningLines() throws {
    #expect(try outline("[Chapter\ntitle](chapter.md)") == "Chapter title(chapter.md)")
}

@Test func pathIsPercentDecoded() throws {
    #expect(try outline("- [A](my%20file.md)\n- [B](<other file.md>)") == "- A(my file.md) | - B(other file.md)")
}

@Test func htmlCommentsAreSkipped() throws {
    #expect(try outline("<!-- draft plan -->\n# Summary\n\n<!--\n- [Old](old.md)\n-->\n- [New](new.md) <!-- new -->")
        == "- New(new.md)")
}

@Test func smallerHeadingsAreSkipped() throws {
    #expect(try outline("- [A](a.md)\n\n## Basics\n\n- [B](b.md)") == "- A(a.md) | - B(b.md)")
}

@Test func referenceLinks() throws {
    #expect(try outline("- [Intro][i]\n\n[i]: intro.md") == "- Intro(intro.md)")
}

@Test func linkLocation() throws {
    #expect(try chapters("# Summary\n\n- [Intro](intro.md)").first?.listedAt
        == SourceLocation(file: "SUMMARY.md", line: 3, column: 3))
}

@Test func linkLocationCountsCharacters() throws {
    #expect(try chapters("[Ça](ça.md) [Über](über.md)").last?.listedAt == SourceLocation(file: "SUMMARY.md", line: 1, column: 13))
}

@Test func linkSpanningLinesIsLocatedAtItsBracket() throws {
    #expect(try chapters("\n- [Chapter\n  title](chapter.md)").first?.listedAt
        == SourceLocation(file: "SUMMARY.md", line: 2, column: 3))
}

@Test func firstLineOffsetsLocations() throws {
    #expect(try chapters("[A](a.md)", firstLine: 5).first?.listedAt == SourceLocation(file: "SUMMARY.md", line: 5, column: 1))
}

@Test func mdBookGuideShape() throws {
    let summary = """
        # Summary

        - [Introduction](README.md)
        - [Command Line Tool](cli/README.md)
            - [init](cli/init.md)
            - [build](cli/build.md)
        - [Format](format/README.md)
            - [SUMMARY.md](format/summary.md)
                - [Draft chapter]()
            - [Configuration](format/configuration/README.md)
                - [General](format/configuration/general.md)
        - [For Developers](for_developers/README.md)

        -----------

        [Contributors](misc/contributors.md)
        """
    #expect(try outline(summary) == """
        - Introduction(README.md) | - Command Line Tool(cli/README.md) { - init(cli/init.md) | - build(cli/build.md) } \
        | - Format(format/README.md) { - SUMMARY.md(format/summary.md) { - Draft chapter() } \
        | - Configuration(format/configuration/README.md) { - General(format/configuration/general.md) } } \
        | - For Developers(for_developers/README.md) | --- | Contributors(misc/contributors.md)
        """)
}

// MARK: Errors

@Test func listItemThatIsNotALink() {
    #expect(error("- [A](a.md)\n- Chapter two") == "SUMMARY.md:2:3: error: expected a link to a chapter, found text `Chapter two`")
}

@Test func textBeforeTheLinkOfAListItem() {
    #expect(error("- see [A](a.md)") == "SUMMARY.md:1:3: error: expected a link to a chapter, found text `see`")
}

/// What mdBook leaves out of a list item, after its link, Folio leaves out with a warning.
@Test func textAfterTheLinkOfAListItemIsLeftOut() throws {
    let summary = "- [Cancellation](c.md) (cancellation *safety*)"
    #expect(try outline(summary) == "- Cancellation(c.md)")
    #expect(try warnings(summary) == ["SUMMARY.md:1:24: warning: `(cancellation safety)` after the chapter's link is left out, as mdBook leaves it out"])
}

@Test func textAfterTheLinkCountsCharacters() throws {
    #expect(try warnings("- [Ü](ü.md) extra") == ["SUMMARY.md:1:13: warning: `extra` after the chapter's link is left out, as mdBook leaves it out"])
}

@Test func textBesidePrefixChaptersIsLeftOut() throws {
    #expect(try outline("[A](a.md) and [B](b.md)") == "A(a.md) | B(b.md)")
    #expect(try warnings("[A](a.md) and [B](b.md)") == ["SUMMARY.md:1:11: warning: `and` beside the chapters' links is left out, as mdBook leaves it out"])
}

@Test func textThatIsNotALink() {
    #expect(error("[A](a.md)\n\nSome *words*") == "SUMMARY.md:3:1: error: expected a link to a chapter, found text `Some words`")
}

@Test func bracketsWithoutParenthesesAreText() {
    #expect(error("- [Draft]") == "SUMMARY.md:1:3: error: expected a link to a chapter, found text `[Draft]`")
}

@Test func notALinkHasAHint() throws {
    let diagnostic = try #require(throws: Diagnostic.self) { try parseSummary("Intro") }
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.hint == "a chapter is written `[Title](file.md)`, a draft `[Title]()`")
}

@Test func emptyListItem() {
    #expect(error("- [A](a.md)\n-") == "SUMMARY.md:2:1: error: expected a link to a chapter after the list marker")
}

@Test func listItemStartingWithAList() {
    #expect(error("- - [A](a.md)") == "SUMMARY.md:1:3: error: expected a link to a chapter, found a list")
}

@Test func twoLinksInOneListItem() throws {
    #expect(try outline("- [A](a.md)\n[Z](z.md)") == "- A(a.md)")
    #expect(try warnings("- [A](a.md)\n[Z](z.md)") == ["SUMMARY.md:2:1: warning: `Z` after the chapter's link is left out, as mdBook leaves it out"])
}

@Test func prefixChapterNestedInAList() {
    #expect(error("- [A](a.md)\n\n  [B](b.md)") == "SUMMARY.md:3:3: error: a prefix or suffix chapter cannot be nested in a list")
}

@Test func separatorInsideAListItem() {
    #expect(error("- [A](a.md)\n\n  ***") == "SUMMARY.md:3:3: error: expected a nested list of chapters, found a thematic break")
}

@Test func numberedChaptersAfterSuffixChapters() {
    #expect(error("- [A](a.md)\n\n[Z](z.md)\n\n- [B](b.md)")
        == "SUMMARY.md:5:1: error: numbered chapters cannot come after suffix chapters (the first is at SUMMARY.md:3:1)")
}

@Test func partTitleAfterSuffixChapters() {
    #expect(error("- [A](a.md)\n\n[Z](z.md)\n\n# Part")
        == "SUMMARY.md:5:1: error: a part title cannot come after suffix chapters (the first is at SUMMARY.md:3:1)")
}

@Test func externalLink() {
    #expect(error("- [Rust](https://www.rust-lang.org)")
        == "SUMMARY.md:1:3: error: `https://www.rust-lang.org` is an external link, not a chapter")
}

@Test func protocolRelativeLink() {
    #expect(error("[Home](//example.com/a.md)") == "SUMMARY.md:1:1: error: `//example.com/a.md` is an external link, not a chapter")
}

/// What numbering the contents reports about `markdown`'s entries.
private func numberingProblems(_ markdown: String) throws -> [String] {
    try numberingContents(parseSummary(markdown)).diagnostics.map(\.description)
}

@Test func fileListedTwice() throws {
    #expect(try numberingProblems("# Summary\n\n- [Intro](intro.md)\n- [Again](intro.md)")
        == ["SUMMARY.md:4:3: error: `intro.md` is listed twice; first at SUMMARY.md:3:3"])
}

@Test func fileListedTwiceUnderAnotherSpelling() throws {
    #expect(try numberingProblems("[Intro](intro.md)\n\n- [A](a.md)\n  - [Again](./part/../intro.md)")
        == ["SUMMARY.md:4:5: error: `intro.md` is listed twice; first at SUMMARY.md:1:1"])
}

@Test func linkWithoutTitle() {
    #expect(error("- [](a.md)") == "SUMMARY.md:1:3: error: expected a chapter title between the link's brackets")
}

@Test func linkUnderlinedIntoAHeading() {
    #expect(error("[A](a.md)\n---")
        == "SUMMARY.md:1:1: error: expected a chapter link, a `# Part` title or `---`, found a heading")
}

@Test func codeBlock() {
    #expect(error("[A](a.md)\n\n```\ncode\n```")
        == "SUMMARY.md:3:1: error: expected a chapter link, a `# Part` title or `---`, found a code block")
}

@Test func errorsCountFromFirstLine() throws {
    let diagnostic = try #require(throws: Diagnostic.self) { try parseSummary("\nIntro", file: "book/SUMMARY.md", firstLine: 3) }
    #expect(diagnostic.location == SourceLocation(file: "book/SUMMARY.md", line: 4, column: 1))
}

@Test func columnsOnIndentedContinuationLines() throws {
    #expect(try warnings("[A](a.md)\n   [B](b.md) x") == ["SUMMARY.md:2:14: warning: `x` beside the chapters' links is left out, as mdBook leaves it out"])
}
