import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// One link per test: where it is written, what it says, what it becomes.
struct LinkRewriterTests {
    let targets = LinkTargets(
        chapters: [
            "01-intro.md": ["intro", "why"],
            "part/index.md": ["part"],
            "part/02-detail.md": ["detail", "the-end", "raw-anchor"],
            "guide/README.md": ["guide"],
        ],
        files: ["01-intro.md", "part/index.md", "part/02-detail.md", "guide/README.md", "page.html", "images/a b.png", "notes.md", "images/x.svg"]
    )

    func rewrite(_ destination: String, from chapter: ChapterID = "01-intro.md", image: Bool = false) -> Result<RewrittenLink, LinkProblem> {
        rewriteLink(destination, from: chapter, image: image, targets: targets)
    }

    /// The URL written into the page, or `chapter.md#id` for a link whose page pagination decides.
    func url(_ destination: String, from chapter: ChapterID = "01-intro.md", image: Bool = false) -> String? {
        guard let link = try? rewrite(destination, from: chapter, image: image).get() else { return nil }
        return link.target.map { $0.chapter.path + ($0.fragment.map { "#\($0)" } ?? "") } ?? link.destination
    }

    @Test func externalStays() { #expect(url("https://example.com/x.md") == "https://example.com/x.md") }
    @Test func mailtoStays() { #expect(url("mailto:a@b.c") == "mailto:a@b.c") }
    @Test func protocolRelativeStays() { #expect(url("//cdn.example.com/a.png") == "//cdn.example.com/a.png") }
    @Test func siteAbsoluteStays() { #expect(url("/about.html") == "/about.html") }
    @Test func chapter() { #expect(url("part/02-detail.md") == "part/02-detail.md") }
    @Test func chapterWithHeading() { #expect(url("part/02-detail.md#the-end") == "part/02-detail.md#the-end") }
    @Test func chapterFromInsideAFolder() { #expect(url("../01-intro.md#why", from: "part/02-detail.md") == "01-intro.md#why") }
    @Test func dotSegments() { #expect(url("./part/../part/02-detail.md") == "part/02-detail.md") }
    @Test func folderMeansItsOpeningChapter() { #expect(url("part/") == "part/index.md") }
    @Test func sameChapterHeading() { #expect(url("#why") == "01-intro.md#why") }
    @Test func asset() { #expect(url("images/x.svg", image: true) == "../assets/book/images/x.svg") }
    @Test func assetNameIsEncoded() { #expect(url("images/a%20b.png", image: true) == "../assets/book/images/a%20b.png") }
    @Test func assetRecorded() throws { #expect(try rewrite("images/x.svg").get().asset == "images/x.svg") }
    @Test func missingChapter() { #expect(rewrite("nope.md") == .failure(.missingChapter("nope.md"))) }
    @Test func notAChapter() { #expect(rewrite("notes.md") == .failure(.notAChapter("notes.md"))) }
    @Test func missingHeading() {
        #expect(rewrite("part/02-detail.md#nope") == .failure(.missingHeading(chapter: "part/02-detail.md", id: "nope", known: ["detail", "raw-anchor", "the-end"])))
    }
    /// A chapter of many headings: the message names the twenty that sort nearest the missing one.
    @Test func missingHeadingAmongManyNamesTheNearest() {
        let ids = Set((0..<1000).map { "heading-\($0)" })
        let many = LinkTargets(chapters: ["long.md": ids], files: ["long.md"])
        let problem = rewriteLink("#heading-500x", from: "long.md", image: false, targets: many)
        // In sorted order, `heading-500x` falls between `heading-500` and `heading-501`.
        let nearest = (493...499).map { "heading-\($0)" } + ["heading-5", "heading-50", "heading-500"]
            + (501...509).map { "heading-\($0)" } + ["heading-51"]
        #expect(problem == .failure(.missingHeading(chapter: "long.md", id: "heading-500x", known: nearest, of: 1000)))
        if case .failure(let failure) = problem {
            #expect(failure.description.hasPrefix("link to a missing heading `#heading-500x` in `long.md`; of its 1000 headings, those nearest are: #heading-493,"))
        }
    }

    @Test func missingHeadingHere() { #expect(rewrite("#nope") == .failure(.missingHeading(chapter: "01-intro.md", id: "nope", known: ["intro", "why"]))) }
    @Test func missingImage() { #expect(rewrite("images/none.png", image: true) == .failure(.missingFile("images/none.png", image: true))) }
    @Test func imageOutsideIsAnError() { #expect(rewrite("../../x.png", image: true) == .failure(.outsideBook("../../x.png"))) }
    @Test func linkOutsideIsKeptWithAWarning() {
        // From the page, a folder deeper than the chapter, it still reaches the site beside the book.
        #expect(rewrite("../std/index.html") == .success(RewrittenLink(destination: "../../std/index.html", warning: .leavesBook("../std/index.html"))))
        #expect(url("../../std/", from: "part/02-detail.md") == "../../std/")
    }

    // Links as mdBook's site has them.
    @Test func htmlReachesTheChapter() { #expect(url("part/02-detail.html#the-end") == "part/02-detail.md#the-end") }
    @Test func indexHTMLReachesTheFolderOpener() { #expect(url("part/index.html") == "part/index.md") }
    @Test func readmeIsTheFolderIndex() { #expect(url("guide/index.html") == "guide/README.md") }
    @Test func indexHTMLBesideTheChapter() { #expect(url("index.html", from: "part/02-detail.md") == "part/index.md") }
    @Test func htmlOfNoChapter() { #expect(rewrite("nope.html") == .failure(.missingChapter("nope.html"))) }
    @Test func htmlFileIsAnAsset() { #expect(url("page.html") == "../assets/book/page.html") }
    @Test func rawHTMLAnchorIsATarget() { #expect(url("part/02-detail.md#raw-anchor") == "part/02-detail.md#raw-anchor") }
}
