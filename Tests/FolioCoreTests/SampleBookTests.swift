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

/// The guide in `content/` is the first book a user builds: it must build cleanly, and the same way twice.
struct SampleBookTests {
    let content = Folio.packageRoot.appendingPathComponent("content")

    @Test func buildsWithoutWarnings() throws {
        let scratch = try Scratch()
        let result = try Folio.run(["build", content.path, "-o", scratch.url.appendingPathComponent("site").path], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("Built "), "\(result.stderr)")
        #expect(result.stderr.contains(", 0 warnings"))
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let scratch = try Scratch()
        let first = scratch.url.appendingPathComponent("first"), second = scratch.url.appendingPathComponent("second")
        #expect(try Folio.run(["build", content.path, "-o", first.path], in: scratch.url).status == 0)
        #expect(try Folio.run(["build", content.path, "-o", second.path], in: scratch.url).status == 0)
        let a = snapshot(first), b = snapshot(second)
        // Every page the manifest lists is there, so the comparison covers the whole book.
        let manifest = try parseJSON(Data(contentsOf: first.appendingPathComponent("manifest.json")), file: "manifest.json")
        let pages = try #require(manifest["metadata"]?["numberOfPages"]?.number.map { Int($0) })
        #expect(a.keys.filter { SiteLayout.page(at: $0) != nil }.count == pages)
        #expect(a == b)
    }

    @Test func rebuildReplacesTheEarlierSite() throws {
        let scratch = try Scratch()
        let book = try scratch.write(["a.md": "# A\n", "b.md": "# B\n"], under: "book")
        #expect(try Folio.run(["build", "book"], in: scratch.url).status == 0)
        try FileManager.default.removeItem(at: book.appendingPathComponent("b.md"))
        #expect(try Folio.run(["build", "book"], in: scratch.url).status == 0)
        #expect(FileManager.default.fileExists(atPath: book.appendingPathComponent("_site/a/1.html").path))
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("_site/b/1.html").path))
    }

    @Test func refusesToReplaceAFolderFolioDidNotWrite() throws {
        let scratch = try Scratch()
        _ = try scratch.write(["a.md": "# A\n"], under: "book")
        let precious = try scratch.write(["letter.txt": "keep me\n"], under: "documents")
        let result = try Folio.run(["build", "book", "-o", "documents"], in: scratch.url, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: the output folder holds files that Folio did not write; refusing to replace it"))
        #expect(snapshot(precious) == ["letter.txt": Data("keep me\n".utf8)])
    }
}
