import Testing
@testable import FolioCore

/// One link per test: where it is written, what it says, what it becomes.
struct LinkRewriterTests {
    let targets = LinkTargets(
        chapters: [
            "01-intro.md": ["intro", "why"],
            "part/index.md": ["part"],
            "part/02-detail.md": ["detail", "the-end"],
        ],
        files: ["01-intro.md", "part/index.md", "part/02-detail.md", "images/a b.png", "notes.md", "images/x.svg"]
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
        #expect(rewrite("part/02-detail.md#nope") == .failure(.missingHeading(chapter: "part/02-detail.md", id: "nope", known: ["detail", "the-end"])))
    }
    @Test func missingHeadingHere() { #expect(rewrite("#nope") == .failure(.missingHeading(chapter: "01-intro.md", id: "nope", known: ["intro", "why"]))) }
    @Test func missingImage() { #expect(rewrite("images/none.png", image: true) == .failure(.missingFile("images/none.png", image: true))) }
    @Test func outside() { #expect(rewrite("../../x.png") == .failure(.outsideBook("../../x.png"))) }
}
