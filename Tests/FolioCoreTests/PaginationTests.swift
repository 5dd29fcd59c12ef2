import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// The paged book, built by the real binary: nothing lost or doubled between a chapter and its
/// pages, every id once in the book, and page URLs that stay put when other chapters change.
struct PaginationTests {
    static let books: [String] = {
        let fixtures = (try? FileManager.default.contentsOfDirectory(atPath: Folio.packageRoot.appendingPathComponent("Tests/Fixtures").path)) ?? []
        let splits = fixtures.filter { $0.hasPrefix("split-") }.sorted().map { "Tests/Fixtures/\($0)/book" }
        return ["content", "Tests/Fixtures/long-text/book", "Tests/Fixtures/every-construct/book",
                "Tests/Fixtures/links-and-images/book", "Tests/Fixtures/raw-html/book", "Tests/Fixtures/mdbook-book/book",
                "Tests/Fixtures/tables/book", "Tests/Fixtures/code-heavy/book", "Tests/Fixtures/cjk-technical/book",
                "Tests/Fixtures/mdbook-project/book", "Tests/Fixtures/math/book"] + splits
    }()

    /// A chapter's text, as its pages show it joined, equals its text rendered whole.
    @Test(arguments: books)
    func nothingLostNothingDoubled(_ book: String) throws {
        let folder = Folio.packageRoot.appendingPathComponent(book)
        let scratch = try Scratch()
        let site = scratch.url.appendingPathComponent("site")
        #expect(try Folio.run(["build", folder.path, "-o", site.path], in: scratch.url).status == 0)

        let loaded = try loadProject(.disk(folder.path)).loaded
        let options = loaded.book.options
        let parsed = typesetMath(parseChapters(loaded.book.chapters, sources: loaded.sources, options: options.markdown), renderer: .katex)
        let chapters = linkChapters(parsed, sources: loaded.sources, files: loaded.files,
                                    rawHTML: options.markdown.rawHTML).chapters
        var ids: [String: String] = [:]
        for chapter in chapters {
            let pages = pageContents(site, slug: chapter.chapter.slug)
            #expect(!pages.isEmpty, "\(chapter.chapter.path) has no pages")
            let whole = HTMLRenderer(rawHTML: options.markdown.rawHTML).render(chapter.blocks)
            // A table continued on a later page repeats its header there: the one copy that is not text of its own.
            let continuedHeaders = #/<table class="[^"]*continued[^"]*">\s*(<colgroup>.*?</colgroup>\s*)?<thead>.*?</thead>/#.dotMatchesNewlines()
            let pageText = pages.map { $0.replacing(continuedHeaders, with: "") }.joined()
            #expect(text(pageText) == text(whole), "\(chapter.chapter.path): pages and chapter differ")
            for (page, html) in pages.enumerated() {
                for id in html.matches(of: #/ id="([^"]*)"/#).map({ String($0.1) }) {
                    let place = "\(chapter.chapter.slug)/\(page + 1).html"
                    #expect(ids[id] == nil, "id \(id) is in \(ids[id] ?? "") and in \(place)")
                    ids[id] = place
                }
            }
        }
    }

    @Test func pageURLsStayPutWhenAnotherChapterChanges() throws {
        let scratch = try Scratch()
        let paragraph = String(repeating: "The compositor sets each line by hand, and the printer pulls a proof. ", count: 12)
        let book = try scratch.write([
            "1-first.md": "# First\n\n" + Array(repeating: paragraph, count: 4).joined(separator: "\n\n"),
            "2-second.md": "# Second\n\n" + paragraph,
            "3-third.md": "# Third\n\n" + Array(repeating: paragraph, count: 3).joined(separator: "\n\n"),
        ], under: "book")
        #expect(try Folio.run(["build", "book"], in: scratch.url).status == 0)
        let before = snapshot(book.appendingPathComponent("_site"))

        try Data(("# Second\n\n" + Array(repeating: paragraph, count: 9).joined(separator: "\n\n")).utf8)
            .write(to: book.appendingPathComponent("2-second.md"))
        #expect(try Folio.run(["build", "book"], in: scratch.url).status == 0)
        let after = snapshot(book.appendingPathComponent("_site"))

        let pages = { (site: [String: Data], slug: String) in site.filter { $0.key.hasPrefix(slug + "/") } }
        #expect(pages(after, "first") == pages(before, "first"), "the chapter before changed")
        #expect(Set(pages(after, "third").keys) == Set(pages(before, "third").keys), "the chapter after moved")
        #expect(pages(after, "second").count > pages(before, "second").count)
    }

    /// The HTML inside `data-page-content` of each of a chapter's pages, in order.
    private func pageContents(_ site: URL, slug: String) -> [String] {
        var pages: [String] = []
        while let html = try? String(contentsOf: site.appendingPathComponent("\(slug)/\(pages.count + 1).html"), encoding: .utf8) {
            guard let start = html.firstMatch(of: #/data-page-content( style="[^"]*")?>/#)?.range.upperBound,
                  let end = html.range(of: "</article>")?.lowerBound else { break }
            let inner = html[start..<end].replacing(#/<div class="folio"[^>]*>\d+</div>\s*$/#, with: "")
            pages.append(String(inner.replacing(#/</div>\s*$/#, with: "")))
        }
        return pages
    }

    /// What a reader reads: tags dropped, whitespace and the soft hyphens of justified text ignored.
    private func text(_ html: String) -> String {
        html.replacing(#/<[^>]*>/#, with: "").filter { !$0.isWhitespace && $0 != "\u{AD}" }
    }
}
