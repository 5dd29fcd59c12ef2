import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCore

/// `offline: true`: the service worker, whose build id is the fingerprint of the site's other files,
/// the web app manifest and the book's icon; none of it with `offline: false`, and no worker from
/// `folio serve`.
struct OfflineTests {
    private static let chapters = ["01-one.md": "# One\n\nThe first chapter.\n", "02-two.md": "# Two\n\nThe second chapter.\n"]

    /// The build id the worker at `site` carries.
    private func buildID(_ site: URL) throws -> String {
        let worker = String(decoding: try Data(contentsOf: site.appendingPathComponent(SiteLayout.serviceWorker)), as: UTF8.self)
        let id = try #require(worker.firstMatch(of: #/build ?= ?"([0-9a-f]+)"/#)).1
        #expect(!worker.contains("{{build}}"))
        return String(id)
    }

    @Test func theWorkersBuildIDIsTheSameForTheSameBookAndChangesWithAPage() throws {
        let scratch = try Scratch()
        let book = try scratch.write(Self.chapters, under: "book")
        let (first, second) = (scratch.url.appendingPathComponent("first"), scratch.url.appendingPathComponent("second"))
        _ = try buildBook(at: book.path, output: first.path)
        _ = try buildBook(at: book.path, output: second.path)
        let id = try buildID(first)
        #expect(try buildID(second) == id)
        try Data("# Two\n\nThe second chapter, changed.\n".utf8).write(to: book.appendingPathComponent("02-two.md"))
        // Into the first folder the build keeps the first chapter's pages: the id is a fresh build's all the same.
        let report = try buildBook(at: book.path, output: first.path)
        #expect(report.kept > 0)
        let fresh = scratch.url.appendingPathComponent("fresh")
        _ = try buildBook(at: book.path, output: fresh.path)
        #expect(try buildID(first) != id)
        #expect(try buildID(first) == buildID(fresh))
    }

    @Test func theAppManifestOpensTheBookFromItsOwnFolder() throws {
        let site = try buildInMemory(.memory(Self.chapters.merging(["book.yml": "title: Zebra Book\n"]) { $1 })).bytes()
        let manifest = try parseJSON(#require(site[SiteLayout.appManifest]), file: SiteLayout.appManifest)
        #expect(manifest["name"]?.string == "Zebra Book")
        #expect(manifest["start_url"]?.string == "index.html" && manifest["scope"]?.string == "./")
        #expect(manifest["display"]?.string == "standalone")
        #expect(String(decoding: try #require(site[SiteLayout.appIcon]), as: UTF8.self).contains(">Z</text>"))
        #expect(String(decoding: try #require(site["one/1.html"]), as: UTF8.self).contains(#"<link rel="manifest" href="../manifest.webmanifest">"#))
        // folio serve keeps nothing offline.
        #expect(site[SiteLayout.serviceWorker] == nil)
    }

    @Test func theIconIsTheCoverWhenItIsAnImage() throws {
        let cover = #"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"/>"#
        let site = try buildInMemory(.memory(Self.chapters.merging(["book.yml": "cover: cover.svg\n", "cover.svg": cover]) { $1 })).bytes()
        let icon = String(decoding: try #require(site[SiteLayout.appIcon]), as: UTF8.self)
        #expect(icon.contains("data:image/svg+xml;base64," + Data(cover.utf8).base64EncodedString()))
    }

    @Test func offlineFalseMakesNoneOfIt() throws {
        let scratch = try Scratch()
        let book = try scratch.write(Self.chapters.merging(["book.yml": "offline: false\n"]) { $1 }, under: "book")
        let site = scratch.url.appendingPathComponent("site")
        _ = try buildBook(at: book.path, output: site.path)
        let files = snapshot(site)
        #expect(files[SiteLayout.serviceWorker] == nil && files[SiteLayout.appManifest] == nil && files[SiteLayout.appIcon] == nil)
        #expect(!String(decoding: try #require(files[SiteLayout.index]), as: UTF8.self).contains(#"rel="manifest""#))
    }
}
