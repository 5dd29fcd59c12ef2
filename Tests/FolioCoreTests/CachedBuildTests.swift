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

/// A build keeps, in its cache outside the site, what the next build of the book into the same
/// folder may reuse: after an edit of a chapter's text only that chapter is laid out, rendered and
/// indexed again, and the site is the same, byte for byte, as a fresh build's.
struct CachedBuildTests {
    /// Six chapters of several pages each, with words of their own for the search index.
    private func book(_ scratch: Scratch) throws -> URL {
        var chapters: [String: String] = [:]
        for chapter in 1...6 {
            let paragraphs = (1...40).map { "Paragraph \($0) of chapter \(chapter) names word\(chapter)x\($0) once.\n\n" }
            chapters["0\(chapter)-chapter.md"] = "# Chapter \(chapter)\n\n" + paragraphs.joined() + "## The end of \(chapter)\n\nDone.\n"
        }
        return try scratch.write(chapters, under: "book")
    }

    /// The book, built once into `site`.
    private func built() throws -> (Scratch, URL, URL) {
        let scratch = try Scratch()
        let book = try book(scratch)
        let site = scratch.url.appendingPathComponent("site")
        _ = try buildBook(at: book.path, output: site.path)
        return (scratch, book, site)
    }

    /// Builds `book` into `site`, expecting the site a fresh build of it into a new folder makes.
    @discardableResult
    private func rebuild(_ book: URL, into site: URL, _ scratch: Scratch) throws -> BuildReport {
        let report = try buildBook(at: book.path, output: site.path)
        let fresh = scratch.url.appendingPathComponent("fresh-\(UUID().uuidString)")
        let freshReport = try buildBook(at: book.path, output: fresh.path)
        #expect(freshReport.kept == 0)
        let (kept, made) = (snapshot(site), snapshot(fresh))
        #expect(kept.keys.sorted() == made.keys.sorted())
        #expect(kept.keys.filter { kept[$0] != made[$0] }.sorted() == [])
        #expect(report.warnings == freshReport.warnings)
        return report
    }

    /// The build's cache of `book` built into `site`.
    private func cache(_ book: URL, _ site: URL) -> CacheFolder {
        CacheFolder.of(book: book.path, output: site.path)
    }

    private func edit(_ book: URL, _ chapter: String, _ change: (String) -> String) throws {
        let file = book.appendingPathComponent(chapter)
        try Data(change(String(decoding: try Data(contentsOf: file), as: UTF8.self)).utf8).write(to: file)
    }

    @Test func anEditOfAChaptersTextKeepsTheOtherPages() throws {
        let scratch = try Scratch()
        let book = try book(scratch)
        let site = scratch.url.appendingPathComponent("site")
        let first = try buildBook(at: book.path, output: site.path)
        #expect(first.kept == 0)
        #expect(FileManager.default.fileExists(atPath: cache(book, site).file(CachedBuild.fileName)))
        // A word no page had, and one gone from every page but this one's.
        try edit(book, "03-chapter.md") { $0.replacingOccurrences(of: "word3x7 once", with: "word3x7 zyzzyva once") }
        let report = try rebuild(book, into: site, scratch)
        #expect(report.parsed == 1)
        // Every page but the edited chapter's text pages: the other five chapters', the generated
        // ones (title, contents) and the blank ones.
        let edited = snapshot(site).filter { $0.key.hasPrefix("chapter-3/") && String(decoding: $0.value, as: UTF8.self).contains("page-text") }.count
        #expect(edited > 1 && report.kept == first.pages - edited, "kept \(report.kept) of \(first.pages), \(edited) edited")
        #expect(report.written >= 1 && report.written < 10)
        let terms = snapshot(site).filter { $0.key.hasPrefix("search/terms/") }.values.map { String(decoding: $0, as: UTF8.self) }
        #expect(terms.contains { $0.contains("\"zyzzyva\"") })
    }

    /// An edit that adds pages to a chapter moves the pages the later chapters start on: the
    /// contents page shows their new numbers, and the site is a fresh build's; so it is again
    /// once the pages are taken away.
    @Test func anEditThatMovesLaterChaptersRenumbersTheContents() throws {
        let (scratch, book, site) = try built()
        let before = contentsNumbers(snapshot(site))
        #expect(before.count == 6)
        let added = String(repeating: "\nA paragraph added to the chapter, long enough to take a line or two of its page.\n", count: 60)
        try edit(book, "02-chapter.md") { $0 + added }
        try rebuild(book, into: site, scratch)
        let after = contentsNumbers(snapshot(site))
        // Chapters one and two ("chapter", "chapter-1"), then those after the one edited.
        #expect(after["chapter"] == before["chapter"] && after["chapter-1"] == before["chapter-1"])
        for slug in (2...5).map({ "chapter-\($0)" }) { #expect(Int(after[slug] ?? "") ?? 0 > Int(before[slug] ?? "") ?? 0, "\(slug)") }
        for (slug, number) in after { #expect(folio(snapshot(site)["\(slug)/1.html"]) == number, "\(slug)") }
        try edit(book, "02-chapter.md") { $0.replacingOccurrences(of: added, with: "") }
        try rebuild(book, into: site, scratch)
        #expect(contentsNumbers(snapshot(site)) == before)
    }

    /// The site's fonts hold the book's characters: cut again when an edit brings a new one, kept
    /// as they are otherwise.
    @Test func theFontsAreCutAgainForANewCharacter() throws {
        let (scratch, book, site) = try built()
        let fonts = { snapshot(site).filter { $0.key.hasPrefix("assets/fonts/") } }
        let first = fonts()
        #expect(first.keys.sorted() == WebFonts.paths.sorted())
        #expect(first.values.allSatisfy { $0.prefix(4) == Data("wOF2".utf8) })
        try edit(book, "02-chapter.md") { $0.replacingOccurrences(of: "word2x3 once", with: "word2x3 once more") }
        try rebuild(book, into: site, scratch)
        #expect(fonts() == first)
        try edit(book, "02-chapter.md") { $0.replacingOccurrences(of: "word2x3 once", with: "word2x3 in Ŋwaketse") }
        try rebuild(book, into: site, scratch)
        let serif = SiteLayout.font("serif-regular.woff2")
        #expect(fonts()[serif] != first[serif])
        #expect(fonts()[SiteLayout.font("mono-regular.woff2")] != first[SiteLayout.font("mono-regular.woff2")])
    }

    /// The book's fingerprint holds all it loaded but the chapters' texts, each of which has its own.
    @Test func theBooksFingerprintLeavesItsTextsToTheirOwn() throws {
        let project = try loadProject(.memory(["a.md": "# A\n", "b.md": "# B\n"]))
        var edited = project
        edited.loaded.sources["a.md"] = "# A, edited\n"
        #expect(CachedBuild.project(edited) == CachedBuild.project(project))
        #expect(CachedBuild.text(try #require(edited.loaded.sources["a.md"])) != CachedBuild.text(try #require(project.loaded.sources["a.md"])))
        var titled = project
        titled.loaded.book.sections[0].declaredTitle = "A"
        #expect(CachedBuild.project(titled) != CachedBuild.project(project))
    }

    @Test func aBookWithFormulasIsRebuiltAsFresh() throws {
        let scratch = try Scratch()
        let book = try scratch.write([
            "book.yml": "markdown:\n  math: true\n",
            "01-one.md": "# One\n\nThe area $\\pi r^2$ of a circle.\n",
            "02-two.md": "# Two\n\n$$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$\n\nA typo $\\frac{1}{$ here.\n",
        ], under: "book")
        let site = scratch.url.appendingPathComponent("site")
        _ = try buildBook(at: book.path, output: site.path)
        try edit(book, "01-one.md") { $0.replacingOccurrences(of: "r^2", with: "r^3") }
        let report = try rebuild(book, into: site, scratch)
        #expect(report.kept > 0 && report.warnings.count == 1)
    }

    /// A rebuild that reads what the build before read, into a site still as that build left it,
    /// has nothing to do: it keeps every page, with the warnings of the build before.
    @Test func aRebuildWithNoChangeDoesNothing() throws {
        let (scratch, book, site) = try built()
        let report = try rebuild(book, into: site, scratch)
        #expect(report.written == 0 && report.parsed == 0 && report.kept == report.pages)
        #expect(report.times.summary.hasPrefix("load ") && !report.times.summary.contains("parse"))
        // A page gone from the site, or a book file it copies changed since, is a build again.
        try FileManager.default.removeItem(at: site.appendingPathComponent("chapter-3/1.html"))
        #expect(try rebuild(book, into: site, scratch).written == 1)
        let image = book.appendingPathComponent("figure.svg")
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>".utf8).write(to: image)
        try edit(book, "04-chapter.md") { $0 + "![A figure](figure.svg)\n" }
        _ = try rebuild(book, into: site, scratch)
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"11\"/>".utf8).write(to: image)
        // The image, and the service worker, whose build id is the site's fingerprint.
        #expect(try rebuild(book, into: site, scratch).written == 2)
    }

    /// A chapter that stands as the build before left it still says what was wrong in it.
    @Test func anUnchangedChaptersWarningsAreStillReported() throws {
        let scratch = try Scratch()
        let book = try scratch.write([
            "book.toml": "[output.html]\n",
            "SUMMARY.md": "- [One](one.md)\n- [Two](two.md)\n",
            "one.md": "# One\n\nA link to [nowhere](missing.md) and to [two](two.md#the-end).\n",
            "two.md": "# Two\n\nText.\n\n## The end\n\nDone.\n",
        ], under: "book")
        let site = scratch.url.appendingPathComponent("site")
        let first = try buildBook(at: book.path, output: site.path)
        #expect(!first.warnings.isEmpty)
        try edit(book, "two.md") { $0.replacingOccurrences(of: "Text.", with: "Other text.") }
        let report = try rebuild(book, into: site, scratch)
        #expect(report.parsed == 1 && report.warnings == first.warnings)
    }

    @Test func anEditOfTheOutlineOrThePageCountLaysOutTheWholeBook() throws {
        let (scratch, book, site) = try built()
        // A heading others may link to: every page's contents and links may change.
        try edit(book, "02-chapter.md") { $0.replacingOccurrences(of: "## The end of 2", with: "## The close of 2") }
        var report = try rebuild(book, into: site, scratch)
        #expect(report.kept == 0 && report.parsed == 6)
        // More pages: the pages after move.
        try edit(book, "01-chapter.md") { $0 + String(repeating: "A further paragraph, to fill pages.\n\n", count: 60) }
        report = try rebuild(book, into: site, scratch)
        #expect(report.kept == 0 && report.parsed == 6)
        // The text again: what was laid out anew is kept once more.
        try edit(book, "05-chapter.md") { $0 + "One more line.\n" }
        #expect(try rebuild(book, into: site, scratch).kept > 0)
    }

    /// Pages whose text shrinks move where the chunk of page texts that holds them ends: the
    /// chunks are made again from the texts the site holds, as a fresh build makes them.
    @Test func anEditThatMovesTheEndsOfTextChunks() throws {
        let scratch = try Scratch()
        var chapters: [String: String] = [:]
        for chapter in 1...160 {
            chapters[String(format: "%03d.md", chapter)] = "# Chapter \(chapter)\n\n" + (1...40).map { "word\(chapter)x\($0)" }.joined(separator: " ") + ".\n"
        }
        let book = try scratch.write(chapters, under: "book")
        let site = scratch.url.appendingPathComponent("site")
        let first = try buildBook(at: book.path, output: site.path)
        func chunkFirsts() throws -> [Int] {
            let index = try parseJSON(Data(contentsOf: site.appendingPathComponent(SiteLayout.searchIndex)), file: SiteLayout.searchIndex)
            return index["texts"]?.array?.compactMap { $0["first"]?.number.map { Int($0) } } ?? []
        }
        let before = try chunkFirsts()
        // Two pages' text, more than a chapter holds, all but gone: the first chunk ends a chapter later.
        for chapter in [2, 3] { try edit(book, String(format: "%03d.md", chapter)) { _ in "# Chapter \(chapter)\n\nA word.\n" } }
        let report = try rebuild(book, into: site, scratch)
        #expect(report.pages == first.pages && report.kept > 0 && report.parsed == 2)
        let after = try chunkFirsts()
        #expect(before.count > 3 && after != before && after.count == before.count)
    }

    @Test func aChangeOfTheBooksOptionsKeepsNothing() throws {
        let (scratch, book, site) = try built()
        try Data("title: Another title\n".utf8).write(to: book.appendingPathComponent("book.yml"))
        #expect(try rebuild(book, into: site, scratch).kept == 0)
    }

    @Test func aPageChangedInTheFolderIsMadeAgain() throws {
        let (scratch, book, site) = try built()
        let page = site.appendingPathComponent(SiteLayout.pageURL(slug: "chapter-3", number: 1))
        let original = try Data(contentsOf: page)
        Thread.sleep(forTimeInterval: 0.02)
        try Data("changed by hand".utf8).write(to: page)
        let report = try rebuild(book, into: site, scratch)
        #expect(try Data(contentsOf: page) == original)
        #expect(report.written == 1 && report.kept > 0)
    }

    /// A cache that is cut short, damaged, from another Folio or from a build that did not finish is
    /// ignored with a warning, and the build is a fresh one.
    @Test func aDamagedRecordIsIgnored() throws {
        let (scratch, book, site) = try built()
        let record = URL(fileURLWithPath: cache(book, site).file(CachedBuild.fileName))
        let whole = try Data(contentsOf: record)
        func rebuildsAfresh(_ damaged: Data, warning: String) throws {
            try damaged.write(to: record)
            let report = try buildBook(at: book.path, output: site.path)
            #expect(report.kept == 0)
            #expect(report.warnings.map(\.message) == ["the build cache is ignored: \(warning); every page is laid out afresh"])
            let fresh = scratch.url.appendingPathComponent("fresh-\(UUID().uuidString)")
            _ = try buildBook(at: book.path, output: fresh.path)
            #expect(snapshot(site) == snapshot(fresh))
        }
        try rebuildsAfresh(whole.prefix(whole.count / 2), warning: "it is damaged")
        try rebuildsAfresh(Data("folio-build 1\n".utf8) + whole.dropFirst(14), warning: "it was written by another version of Folio")
        var foreign = whole
        foreign[foreign.startIndex + 15] ^= 1
        try rebuildsAfresh(foreign, warning: "it was written by another version of Folio")
        // The record of the site's files written again since, as by a build that stopped before writing this one.
        let files = cache(book, site).file(WrittenFiles.fileName)
        try #require(WrittenFiles.read(at: files)).write(to: files)
        try rebuildsAfresh(whole, warning: "the build that wrote it did not finish")
        // Trusted again once a build wrote it.
        #expect(try rebuild(book, into: site, scratch).kept > 0)
        // The search index's terms, kept in a file of their own, changed since.
        let terms = URL(fileURLWithPath: cache(book, site).file(SearchTermsFile.fileName))
        var changed = try Data(contentsOf: terms)
        changed[changed.count - 1] ^= 1
        try changed.write(to: terms)
        let report = try buildBook(at: book.path, output: site.path)
        #expect(report.kept == 0 && report.warnings.map(\.message) == ["the build cache is ignored: it is damaged; every page is laid out afresh"])
    }

    /// Two builds of one book into two folders are the same files, and neither holds a path of the machine.
    @Test func theSiteHoldsOnlyWhatReadersNeed() throws {
        let (scratch, book, site) = try built()
        let other = scratch.url.appendingPathComponent("elsewhere/site")
        _ = try buildBook(at: book.path, output: other.path)
        let files = snapshot(site)
        #expect(files == snapshot(other))
        #expect(!files.keys.contains { $0.hasPrefix(".") })
        let machine = Data(scratch.url.resolvingSymlinksInPath().path.utf8)
        #expect(files.filter { $0.value.range(of: machine) != nil }.keys.sorted() == [])
    }

    /// Each output folder has its records in the cache, which remembers only the last few built into.
    @Test func theCacheRemembersTheOutputFoldersLastBuiltInto() throws {
        let scratch = try Scratch()
        let book = try scratch.write(["a.md": "# A\n\nOne.\n"], under: "book")
        let sites = (0...CacheFolder.outputsKept).map { scratch.url.appendingPathComponent("site-\($0)") }
        for site in sites { _ = try buildBook(at: book.path, output: site.path) }
        let folder = book.appendingPathComponent(CacheFolder.name)
        let outputs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") && $0 != "CACHEDIR.TAG" }
        #expect(outputs.count == CacheFolder.outputsKept)
        #expect(!outputs.contains(URL(fileURLWithPath: cache(book, sites[0]).path).lastPathComponent))
        #expect(outputs.contains(URL(fileURLWithPath: cache(book, sites.last!).path).lastPathComponent))
        #expect(try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8).hasSuffix("*\n"))
    }

    /// In the user's cache folder, which holds the outputs of every book, each book keeps its own.
    @Test func theUsersCacheFolderKeepsEachBooksOutputs() throws {
        let scratch = try Scratch()
        let root = scratch.url.appendingPathComponent("folio").path
        let others = (1...3).map { root + "/b00k-\($0)" }
        for folder in others { _ = CacheFolder(path: folder).made() }
        for number in 0...CacheFolder.outputsKept {
            _ = CacheFolder(path: root + "/a00k-\(number)").made()
            Thread.sleep(forTimeInterval: 0.01)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: root).filter { !$0.hasPrefix(".") && $0 != "CACHEDIR.TAG" }
        #expect(names.filter { $0.hasPrefix("a00k-") }.count == CacheFolder.outputsKept)
        #expect(names.filter { $0.hasPrefix("b00k-") }.count == 3)
    }

    /// A build under way has made its folder but written no record yet: another build of the same
    /// book meanwhile lets go of the folders last built into longest ago, not of that one.
    @Test func aBuildUnderWayKeepsItsFolder() throws {
        let scratch = try Scratch()
        let root = scratch.url.appendingPathComponent("folio").path
        for number in 0..<CacheFolder.outputsKept {
            let folder = try #require(CacheFolder(path: root + "/c00k-\(number)").made())
            try writeWhole(Data(), to: folder.file(WrittenFiles.fileName))
            Thread.sleep(forTimeInterval: 0.01)
        }
        _ = CacheFolder(path: root + "/c00k-under-way").made()
        Thread.sleep(forTimeInterval: 0.01)
        _ = CacheFolder(path: root + "/c00k-last").made()
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: root))
        #expect(names.isSuperset(of: ["c00k-under-way", "c00k-last"]))
        #expect(names.isDisjoint(with: ["c00k-0", "c00k-1"]))
    }
    @Test func theRecordKeepsTheSearchIndexAsWritten() throws {
        let (scratch, book, site) = try built()
        let folder = cache(book, site)
        let files = try #require(WrittenFiles.read(at: folder.file(WrittenFiles.fileName)))
        let read = CachedBuild.read(at: folder.file(CachedBuild.fileName), files: files)
        let record = try #require(read.record.flatMap(CachedBuild.decoded))
        #expect(read.summary?.pages == record.search.pages && read.summary?.warnings == [])
        #expect(try record.sections.map { try $0.decoded().id.path } == (1...6).map { "0\($0)-chapter.md" })
        let terms = try SearchTermsFile.terms(try Data(contentsOf: URL(fileURLWithPath: folder.file(SearchTermsFile.fileName))))
        #expect(terms.contains { $0.term == "word3x7" && $0.pages.count == 1 && $0.excerpts.count == 1 })
        #expect(record.search.pages > 20 && record.search.chunkFirsts.first == 1)
        withExtendedLifetime(scratch) {}
    }
}
