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

/// The write stage updates the output folder in place: only changed bytes are written, only
/// Folio's own files are removed, and a failed or interrupted build leaves every file whole.
struct SiteWriterTests {
    /// Each file's inode and modification time: a file written anew (even with the same bytes) changes them.
    private func stamps(_ folder: URL) -> [String: String] {
        var result: [String: String] = [:]
        for path in snapshot(folder).keys {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            let inode = attributes?[.systemFileNumber] as? Int ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            result[path] = "\(inode) \(modified)"
        }
        return result
    }

    private func changed(_ before: [String: String], _ after: [String: String]) -> Set<String> {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    }

    private func build(_ scratch: Scratch) throws -> Folio.Result {
        try Folio.run(["build", "book"], in: scratch.url, environment: ["NO_COLOR": "1"])
    }

    private let threeChapters = ["a.md": "# A\n\nOne.\n", "b.md": "# B\n\nTwo.\n", "c.md": "# C\n\nThree.\n"]

    /// A book of three chapters, built once: the scratch folder, the book and its site.
    private func builtBook() throws -> (Scratch, URL, URL) {
        let scratch = try Scratch()
        let book = try scratch.write(threeChapters, under: "book")
        let result = try build(scratch)
        #expect(result.status == 0, "\(result.stderr)")
        return (scratch, book, book.appendingPathComponent("_site"))
    }

    @Test func aRebuildWithNoChangesWritesNothing() throws {
        let scratch = try Scratch()
        let book = try scratch.write(threeChapters, under: "book")
        let site = book.appendingPathComponent("_site")
        let first = try build(scratch)
        #expect(first.status == 0)
        #expect(first.stderr.contains("warnings; \(snapshot(site).count) files written, 0 removed"), "\(first.stderr)")
        let before = stamps(site)
        Thread.sleep(forTimeInterval: 0.02)
        let second = try build(scratch)
        #expect(second.status == 0)
        #expect(second.stderr.contains("; 0 files written, 0 removed"), "\(second.stderr)")
        #expect(changed(before, stamps(site)).isEmpty)
    }

    @Test func anEditRewritesOnlyTheFilesThatChanged() throws {
        let (scratch, book, site) = try builtBook()
        let before = stamps(site), bytes = snapshot(site)
        Thread.sleep(forTimeInterval: 0.02)
        try Data("# B\n\nTwo, edited.\n".utf8).write(to: book.appendingPathComponent("b.md"))
        let result = try build(scratch)
        #expect(result.status == 0)
        let rewritten = changed(before, stamps(site))
        // Exactly the files whose bytes differ.
        let differing = Set(snapshot(site).filter { bytes[$0.key] != $0.value }.keys)
        #expect(rewritten == differing)
        #expect(rewritten.contains("b/1.html"))
        #expect(rewritten.allSatisfy { !$0.hasPrefix("a/") && !$0.hasPrefix("c/") && !$0.hasPrefix("assets/") }, "\(rewritten.sorted())")
        #expect(result.stderr.contains("; \(counted(rewritten.count, "file")) written, 0 removed"), "\(result.stderr)")
    }

    @Test func aRemovedChapterTakesItsPagesAndFolderAlong() throws {
        let (scratch, book, site) = try builtBook()
        let before = Set(snapshot(site).keys)
        try FileManager.default.removeItem(at: book.appendingPathComponent("c.md"))
        let result = try build(scratch)
        #expect(result.status == 0)
        let gone = before.subtracting(snapshot(site).keys)
        #expect(gone.contains("c/1.html"))
        #expect(result.stderr.contains(", \(gone.count) removed"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("c").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("a/1.html").path))
        let record = try String(contentsOfFile: recordFile(book, site), encoding: .utf8)
        #expect(!record.contains(" c/"))
    }

    @Test func aFailedBuildTouchesNoFile() throws {
        let (scratch, book, site) = try builtBook()
        let before = stamps(site), bytes = snapshot(site)
        try Data("# B\n\nSee [nowhere](missing.md).\n".utf8).write(to: book.appendingPathComponent("b.md"))
        try FileManager.default.removeItem(at: book.appendingPathComponent("c.md"))
        #expect(try build(scratch).status == 1)
        #expect(changed(before, stamps(site)).isEmpty)
        #expect(snapshot(site) == bytes)
    }

    @Test func filesFolioDidNotWriteStay() throws {
        let (scratch, book, site) = try builtBook()
        try Data("books.example.org\n".utf8).write(to: site.appendingPathComponent("CNAME"))
        try Data("mine\n".utf8).write(to: site.appendingPathComponent("c/notes.txt"))
        try FileManager.default.removeItem(at: book.appendingPathComponent("c.md"))
        #expect(try build(scratch).status == 0)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("CNAME").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("c/notes.txt").path))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("c/1.html").path))
    }

    @Test func aSiteFileChangedByHandIsWrittenAgain() throws {
        let (scratch, _, site) = try builtBook()
        let bytes = snapshot(site)
        // The same size, so only the bytes tell.
        var page = try #require(bytes["a/1.html"])
        page[page.count - 2] = UInt8(ascii: "#")
        try page.write(to: site.appendingPathComponent("a/1.html"))
        let result = try build(scratch)
        #expect(result.stderr.contains("; 1 file written, 0 removed"), "\(result.stderr)")
        #expect(snapshot(site) == bytes)
    }

    /// The record of a site's files, in the build's cache.
    private func recordFile(_ book: URL, _ site: URL) -> String {
        CacheFolder.of(book: book.path, output: site.path).file(WrittenFiles.fileName)
    }

    /// A Folio site whose record is gone (the cache deleted): the files the new site has are
    /// compared and written over, and no other is removed, as Folio cannot prove it wrote them.
    @Test func aSiteWithoutItsRecordIsUpdatedAndNothingRemoved() throws {
        let (scratch, book, site) = try builtBook()
        var bytes = snapshot(site)
        try FileManager.default.removeItem(at: book.appendingPathComponent(CacheFolder.name))
        try FileManager.default.createDirectory(at: site.appendingPathComponent("old"), withIntermediateDirectories: true)
        let earlier = Data("<!DOCTYPE html><title>an earlier page</title>\n".utf8)
        try earlier.write(to: site.appendingPathComponent("old/page.html"))
        try Data("stale".utf8).write(to: site.appendingPathComponent("toc.html"))
        let before = stamps(site)
        let result = try build(scratch)
        #expect(result.status == 0)
        #expect(result.stderr.contains("; 1 file written, 0 removed"), "\(result.stderr)")
        bytes["old/page.html"] = earlier
        #expect(snapshot(site) == bytes)
        #expect(changed(before, stamps(site)) == ["toc.html"])
    }

    /// A site of a Folio that kept its records in the site: they are read, then removed from it.
    @Test func aSiteWithItsRecordsInsideIsMovedToTheCache() throws {
        let (scratch, book, site) = try builtBook()
        let bytes = snapshot(site)
        let cache = book.appendingPathComponent(CacheFolder.name)
        try FileManager.default.moveItem(atPath: recordFile(book, site), toPath: site.appendingPathComponent(WrittenFiles.inSite).path)
        try Data("an old build record".utf8).write(to: site.appendingPathComponent(WrittenFiles.buildRecordInSite))
        try FileManager.default.removeItem(at: cache)
        try Data("stale".utf8).write(to: site.appendingPathComponent("toc.html"))
        let result = try build(scratch)
        #expect(result.status == 0)
        #expect(result.stderr.contains("; 1 file written, 2 removed"), "\(result.stderr)")
        #expect(snapshot(site) == bytes)
        #expect(FileManager.default.fileExists(atPath: recordFile(book, site)))
    }

    /// A file of the last build changed by hand, which this build no longer makes, is someone else's: it stays.
    @Test func aFileChangedByHandIsNotRemoved() throws {
        let (scratch, book, site) = try builtBook()
        Thread.sleep(forTimeInterval: 0.02)
        try Data("mine now".utf8).write(to: site.appendingPathComponent("c/1.html"))
        try FileManager.default.removeItem(at: book.appendingPathComponent("c.md"))
        let result = try build(scratch)
        #expect(result.status == 0)
        #expect(try Data(contentsOf: site.appendingPathComponent("c/1.html")) == Data("mine now".utf8))
    }

    /// A build stopped halfway leaves the record of every file it may have touched and temporary
    /// files beside them; the next build finishes the job and clears them away.
    @Test func aBuildAfterAnInterruptedOneFinishesIt() throws {
        let (scratch, book, site) = try builtBook()
        let bytes = snapshot(site)
        let file = recordFile(book, site)
        var record = try #require(WrittenFiles.read(at: file))
        record.entries["b/1.html"] = WrittenFiles.Entry()
        record.entries["gone/1.html"] = WrittenFiles.Entry()
        try record.write(to: file)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("gone"), withIntermediateDirectories: true)
        try Data("whole".utf8).write(to: site.appendingPathComponent("gone/1.html"))
        try Data("half a pa".utf8).write(to: site.appendingPathComponent("b/.1.html.folio-tmp"))
        #expect(try build(scratch).status == 0)
        #expect(snapshot(site) == bytes)
    }

    /// The record is read from the output folder, so it cannot lead Folio out of it.
    @Test func aRecordNeverLeadsOutOfTheSite() throws {
        let (scratch, book, site) = try builtBook()
        let outside = try scratch.write(["keep.txt": "keep\n"], under: "outside")
        let path = recordFile(book, site)
        var record = try #require(WrittenFiles.read(at: path))
        #expect(record.entries.keys.allSatisfy { !$0.contains("..") })
        let text = "0000000000000001 5 ../../outside/keep.txt\n- - /\(outside.path)/keep.txt\n"
        try record.write(to: path)
        let file = try #require(FileHandle(forWritingAtPath: path))
        try file.seekToEnd()
        try file.write(contentsOf: Data(text.utf8))
        try file.close()
        record = try #require(WrittenFiles.read(at: path))
        #expect(record.entries.keys.allSatisfy { !$0.contains("keep.txt") })
        // A chapter's folder turned into a link to a folder elsewhere: the build refuses to write through it.
        try FileManager.default.removeItem(at: site.appendingPathComponent("c"))
        try FileManager.default.createSymbolicLink(at: site.appendingPathComponent("c"), withDestinationURL: outside)
        try FileManager.default.removeItem(at: book.appendingPathComponent("c.md"))
        let result = try build(scratch)
        #expect(result.status == 1)
        #expect(result.stderr.contains("`c` in the output folder is a symbolic link"), "\(result.stderr)")
        #expect(snapshot(outside) == ["keep.txt": Data("keep\n".utf8)])
    }

    @Test func theTemporaryFileLiesBesideItsFile() {
        #expect(temporaryPath(for: "/x/site/a/1.html") == "/x/site/a/.1.html.folio-tmp")
        #expect(temporaryPath(for: "index.html") == ".index.html.folio-tmp")
    }

    /// A book file that cannot be read is found before the first write, and the site stays as it was.
    @Test func anUnreadableBookFileStopsTheWriteBeforeItStarts() throws {
        let scratch = try Scratch()
        let site = scratch.url.appendingPathComponent("site")
        let cache = CacheFolder.of(book: scratch.url.path, output: site.path).made()
        let book = BookFiles.memory(["cover.png": "png"])
        let files = [SiteFile.text("index.html", "one"), SiteFile.text("toc.html", "toc"), SiteFile.text("404.html", "404"),
                     SiteFile(path: "assets/book/cover.png", contents: .bookFile("cover.png"))]
        #expect(try writeSite(files, to: site.path, cache: cache, from: book) == WriteCounts(written: 4, removed: 0))
        let before = snapshot(site)
        var changedFiles = files
        changedFiles[0] = .text("index.html", "two")
        changedFiles[3] = SiteFile(path: "assets/book/cover.png", contents: .bookFile("missing.png"))
        #expect(throws: Diagnostic.self) { try writeSite(changedFiles, to: site.path, cache: cache, from: book) }
        #expect(snapshot(site) == before)
        #expect(try writeSite(files, to: site.path, cache: cache, from: book) == WriteCounts())
    }

    /// Into a new folder each document is rendered once and written; one that cannot be rendered,
    /// after a batch of others was written, leaves the folder as empty as it was.
    @Test func aFailedFirstBuildLeavesTheFolderEmpty() throws {
        struct Unrenderable: Error {}
        let scratch = try Scratch()
        let site = scratch.url.appendingPathComponent("site")
        let cache = CacheFolder.of(book: scratch.url.path, output: site.path).made()
        var files = (0..<300).map { SiteFile.text("a/\($0).html", "page \($0)") }
        files.append(SiteFile(path: "b/last.html", contents: .rendered { throw Unrenderable() }))
        #expect(throws: Diagnostic.self) { try writeSite(files, to: site.path, cache: cache, from: BookFiles.memory([String: String]())) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path) == [])
        files.removeLast()
        #expect(try writeSite(files, to: site.path, cache: cache, from: BookFiles.memory([String: String]())) == WriteCounts(written: 300, removed: 0))
        #expect(snapshot(site).count == 300)
        #expect(try writeSite(files, to: site.path, cache: cache, from: BookFiles.memory([String: String]())) == WriteCounts())
    }

    @Test func theRecordReadsBackWhatItWrote() throws {
        let scratch = try Scratch()
        var record = WrittenFiles()
        record.entries = ["a b/1.html": .init(size: 3, hash: contentHash(Data("abc".utf8))), "pending.html": .init()]
        let path = scratch.url.appendingPathComponent(WrittenFiles.fileName).path
        try record.write(to: path)
        let read = try #require(WrittenFiles.read(at: path))
        #expect(read.entries == record.entries)
        #expect(contentHash(Data("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
    }
}
