import Testing
@testable import FolioBase

/// The book's Markdown by section, apart from its sections: what raw HTML, which keeps no
/// positions, is placed by.
struct ChapterSourcesTests {
    /// Its text begins on line 4 of its file, after three lines of front matter.
    let chapter = Chapter(id: "a.md", slug: "a", firstLine: 4)

    @Test func textIsPlacedInItsSectionsFileInCharacters() {
        let sources = ChapterSources(["a.md": "Intro.\n\n  <div>é</div> <span>x</span>\n"])
        #expect(sources.location(ofFirst: "<span>", in: chapter) == SourceLocation(file: "a.md", line: 6, column: 16))
    }

    @Test func textNotWrittenThereIsTheFileAlone() {
        let sources = ChapterSources(["a.md": "Intro.\n"])
        #expect(sources.location(ofFirst: "<span>", in: chapter) == SourceLocation(file: "a.md"))
    }

    @Test func aTextLetGoIsNoLongerHeldNorSearched() {
        var sources = ChapterSources(["a.md": "<b>bold</b>\n", "b.md": "<i>é</i>\n"])
        #expect(sources.size == 22)
        sources.letGo(of: ["a.md"])
        #expect(sources["a.md"] == nil && sources["b.md"] == "<i>é</i>\n")
        #expect(sources.size == 10)
        #expect(sources.location(ofFirst: "<b>", in: chapter) == SourceLocation(file: "a.md"))
    }
}
