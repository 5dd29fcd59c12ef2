import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// The load stage on books held in memory.
struct BookLoaderTests {
    func load(_ files: [String: String]) throws -> LoadedBook {
        try loadBook(.memory(files))
    }

    /// The contents on one line: chapters by path, `{ … }` around their children, `# Part`.
    func contents(_ entries: [ContentsEntry]) -> String {
        entries.map { entry in
            switch entry {
            case .chapter(let chapter): chapter.children.isEmpty ? chapter.id.path : "\(chapter.id) { \(contents(chapter.children)) }"
            case .part(let title): "# \(title)"
            case .draft(let title, _): "\(title)()"
            case .separator: "---"
            }
        }.joined(separator: " | ")
    }

    func paths(_ files: [String: String]) throws -> [String] {
        try load(files).book.chapters.map(\.path)
    }

    @Test func naturalOrder() throws {
        #expect(try paths(["10-x.md": "a", "2-x.md": "b", "1-x.md": "c"]) == ["1-x.md", "2-x.md", "10-x.md"])
    }

    @Test func rootReadmeComesFirstUnnumbered() throws {
        let book = try load(["README.md": "# Hi", "1-a.md": "a"]).book
        #expect(book.chapters.map(\.path) == ["README.md", "1-a.md"])
        #expect(book.chapters.map(\.number) == [nil, [1]])
        #expect(book.chapters[0].slug == "introduction")
    }

    @Test func foldersArePartsOpenedByIndex() throws {
        let book = try load(["1-a.md": "a", "2-p/index.md": "p", "2-p/1-b.md": "b", "2-p/2-c.md": "c"]).book
        #expect(book.chapters.map(\.path) == ["1-a.md", "2-p/index.md", "2-p/1-b.md", "2-p/2-c.md"])
        #expect(contents(book.contents) == "1-a.md | 2-p/index.md { 2-p/1-b.md | 2-p/2-c.md }")
        #expect(book.chapters.map(\.number) == [[1], [2], [2, 1], [2, 2]])
    }

    @Test func folderWithoutOpenerIsAPartTitle() throws {
        let book = try load(["1-a.md": "a", "2-the-middle/1-b.md": "b"]).book
        #expect(contents(book.contents) == "1-a.md | # The middle | 2-the-middle/1-b.md")
    }

    @Test func templatesAndSummaryAreNotChapters() throws {
        #expect(try paths(["a.md": "a", "templates/page.md": "t", "SUMMARY.md": "- [A](a.md)"]) == ["a.md"])
    }

    @Test func frontMatterTitleAndFirstLine() throws {
        let loaded = try load(["a.md": "---\ntitle: Given\n---\nBody"])
        let chapter = loaded.book.chapters[0]
        #expect(chapter.declaredTitle == "Given")
        #expect(chapter.firstLine == 4)
        #expect(loaded.sources[chapter.id] == "Body")
    }

    @Test func summaryLinkTextIsTheTitle() throws {
        let chapter = try load(["SUMMARY.md": "- [Listed](a.md)", "a.md": "# Heading"]).book.chapters[0]
        #expect(chapter.declaredTitle == "Listed")
    }

    @Test func slugClashTakesTheFolderName() throws {
        let slugs = try load(["1-notes.md": "a", "2-extra/1-notes.md": "b"]).book.chapters.map(\.slug)
        #expect(slugs == ["notes", "extra-notes"])
    }

    @Test func reservedSlugsAreAvoided() throws {
        #expect(try load(["assets.md": "a", "index.md": "b"]).book.chapters.map(\.slug) == ["introduction", "assets-1"])
    }

    @Test func noChapterSlugIsANameOfTheSite() throws {
        let stems = SiteLayout.rootNames.map(fileStem)
        let files = Dictionary(uniqueKeysWithValues: stems.enumerated().map { ("\($0.offset + 1)-\($0.element).md", "text") })
        let slugs = try load(files).book.chapters.map(\.slug)
        #expect(slugs.count == stems.count && Set(slugs).isDisjoint(with: stems), "\(slugs)")
        #expect(slugs.contains("search-1"))
    }

    @Test func listedTwiceInBookYml() throws {
        #expect(throws: DiagnosticsError.self) { try load(["book.yml": "chapters: [a.md, a.md]", "a.md": "a"]) }
    }

    @Test func everyProblemIsReported() throws {
        let error = try #require(throws: DiagnosticsError.self) {
            try load(["SUMMARY.md": "- [A](a.md)\n- [B](b.md)\n- [C](c.md)", "a.md": ""])
        }
        #expect(error.diagnostics.map(\.description) == [
            "a.md: error: the chapter is empty",
            "SUMMARY.md:2:3: error: chapter `b.md` does not exist",
            "SUMMARY.md:3:3: error: chapter `c.md` does not exist",
        ])
    }
}
