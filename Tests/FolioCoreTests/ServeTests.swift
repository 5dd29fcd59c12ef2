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

@Suite struct ServeTests {
    static let files = [
        "index.html": Data("<html><body><p>home</p></body></html>".utf8),
        "404.html": Data("<html><body>lost</body></html>".utf8),
        "intro/1.html": Data("<html><body>one</body></html>".utf8),
        "intro/2.html": Data("<html><body>two</body></html>".utf8),
        "notes/index.html": Data("<html><body>notes</body></html>".utf8),
        "assets/folio.css": Data("body { color: black }".utf8),
        "assets/book/clip.mp4": Data((0..<100).map { UInt8($0) }),
    ]
    let site = ServedSite(made(files))

    /// Files whose bytes are made, as the build gives its files other than page documents.
    static func made(_ files: [String: Data]) -> [String: FileBytes] {
        files.mapValues { FileBytes($0) }
    }

    func get(_ target: String, method: String = "GET", _ headers: [String: String] = [:]) -> HTTPResponse {
        siteResponse(method: method, target: target, header: { headers[$0] }, site: site)
    }

    // MARK: - Targets

    @Test(arguments: [("/", "index.html"), ("/intro/1.html", "intro/1.html"), ("/notes/", "notes/index.html"),
                      ("/a%20b.html?x=1", "a b.html"), ("/caf%C3%A9.html", "café.html")])
    func targetsName(target: String, key: String) {
        #expect(siteKey(forTarget: target) == .success(key))
    }

    @Test(arguments: ["/../etc/passwd", "/intro/../../x", "/%2e%2e/x", "/%2E%2E/%2e%2e/etc/passwd", "/a%2fb", "/a%2F..%2Fb",
                      "/a\\b", "/a%5cb", "/..%5c..%5cx", "/a%00.html", "/%c0%ae%c0%ae/x", "/%c0%afetc", "/%e0%80%ae/x",
                      "http://example.com/index.html", "*", "", "a.html", "//etc/passwd", "/./index.html", "/a//b", "/%zz", "/%2", "/%ff.html"])
    func badTargetsAreRefused(target: String) {
        #expect(siteKey(forTarget: target) == .failure(.badRequest))
        #expect(get(target).status == 400)
    }

    // MARK: - Responses

    @Test func aFileWithItsTypeAndETag() throws {
        let response = get("/assets/folio.css")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(try response.headers["ETag"] == site.files["assets/folio.css"]?.etag())
        #expect(response.body == Data("body { color: black }".utf8))
    }

    @Test func aFolderServesItsIndexAndItsNameRedirects() throws {
        #expect(try get("/notes/").body == site.files["notes/index.html"]?.bytes())
        let redirect = get("/notes?x=1")
        #expect(redirect.status == 301 && redirect.headers["Location"] == "/notes/")
    }

    @Test func theSitesOwn404Page() throws {
        let response = get("/missing.html")
        #expect(try response.status == 404 && response.body == site.files["404.html"]?.bytes())
    }

    @Test func aKnownETagIsNotModified() throws {
        let etag = try #require(try site.files["intro/1.html"]?.etag())
        #expect(get("/intro/1.html", ["If-None-Match": "\"other\", \(etag)"]).status == 304)
        #expect(get("/intro/1.html", ["If-None-Match": "W/\(etag)"]).status == 304)
        #expect(get("/intro/1.html", ["If-None-Match": "\"other\""]).status == 200)
    }

    @Test func ranges() {
        let first = get("/assets/book/clip.mp4", ["Range": "bytes=0-9"])
        #expect(first.status == 206 && first.body == Data(0..<10) && first.headers["Content-Range"] == "bytes 0-9/100")
        #expect(get("/assets/book/clip.mp4", ["Range": "bytes=-5"]).body == Data(95..<100))
        #expect(get("/assets/book/clip.mp4", ["Range": "bytes=90-500"]).body == Data(90..<100))
        let past = get("/assets/book/clip.mp4", ["Range": "bytes=100-"])
        #expect(past.status == 416 && past.headers["Content-Range"] == "bytes */100")
        #expect(get("/assets/book/clip.mp4", ["Range": "bytes=99999999999999999999999-"]).status == 416)
        // Other units, several ranges and nonsense are ignored: the whole file.
        for ignored in ["items=0-1", "bytes=0-1,5-6", "bytes=5-1", "bytes=x-y", "bytes=-"] {
            #expect(get("/assets/book/clip.mp4", ["Range": ignored]).status == 200)
        }
    }

    @Test func onlyGetAndHead() {
        #expect(get("/", method: "HEAD").status == 200)
        let post = get("/", method: "POST")
        #expect(post.status == 405 && post.headers["Allow"] == "GET, HEAD" && post.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(get("/a/../b").headers["Content-Type"] == "text/plain; charset=utf-8")
    }

    @Test(arguments: [("a.js", "text/javascript; charset=utf-8"), ("a.mjs", "text/javascript; charset=utf-8"), ("a.json", "application/json"),
                      ("a.svg", "image/svg+xml; charset=utf-8"), ("a.PNG", "image/png"), ("a.jpeg", "image/jpeg"), ("a.jpg", "image/jpeg"),
                      ("a.gif", "image/gif"), ("a.webp", "image/webp"), ("a.avif", "image/avif"), ("a.woff2", "font/woff2"),
                      ("a.xml", "application/xml; charset=utf-8"), ("a.txt", "text/plain; charset=utf-8"), ("a.epub", "application/epub+zip"),
                      ("a", "application/octet-stream")])
    func contentTypes(path: String, type: String) {
        #expect(contentType(of: path) == type)
    }

    // MARK: - The site in memory

    @Test func pagesGetTheLiveReloadScriptBeforeTheirLastBodyEnd() throws {
        let page = try String(decoding: site.files["intro/1.html"]!.bytes(), as: UTF8.self)
        #expect(page == "<html><body>one<script src=\"/_folio/live.js\"></script></body></html>")
        #expect(try site.files["assets/folio.css"]?.bytes() == Data("body { color: black }".utf8))
    }

    @Test func unchangedFilesKeepTheirETags() throws {
        var files = Self.files
        files["intro/2.html"] = Data("<html><body>two, edited</body></html>".utf8)
        files.removeValue(forKey: "notes/index.html")
        let next = ServedSite(Self.made(files), earlier: site)
        #expect(try next.files["intro/1.html"]?.etag() == site.files["intro/1.html"]?.etag())
        #expect(try next.files["intro/2.html"]?.etag() != site.files["intro/2.html"]?.etag())
        #expect(next.changedPaths(since: site) == ["intro/2.html", "notes/index.html"])
        #expect(next.pageCounts == ["intro": 2])
    }

    @Test func pageCountsFollowThePagesAndEqualBytesKeepTheirFile() {
        var files = Self.files
        files["intro/3.html"] = Data("<html><body>three</body></html>".utf8)
        let longer = ServedSite(Self.made(files), earlier: site)
        #expect(longer.pageCounts == ["intro": 3])
        files["intro/3.html"] = Data("<html><body>three, edited</body></html>".utf8)
        #expect(ServedSite(Self.made(files), earlier: longer).pageCounts == ["intro": 3])
        // Bytes equal to the served ones but read anew are still the same file.
        files["intro/1.html"] = Data(Array(Self.files["intro/1.html"]!))
        #expect(ServedSite(Self.made(files), earlier: longer).files["intro/1.html"] === site.files["intro/1.html"])
    }

    @Test func aBuildThatNamesItsChangesReplacesOnlyThose() throws {
        var files = Self.files
        files["intro/2.html"] = Data("<html><body>two, edited</body></html>".utf8)
        files["intro/3.html"] = Data("<html><body>three</body></html>".utf8)
        files.removeValue(forKey: "notes/index.html")
        let next = ServedSite(Self.made(files), earlier: site, changed: ["intro/2.html", "intro/3.html", "notes/index.html"])
        #expect(Set(next.files.keys) == Set(files.keys))
        #expect(next.files["intro/1.html"] === site.files["intro/1.html"])
        #expect(try String(decoding: next.files["intro/3.html"]!.bytes(), as: UTF8.self).contains("live.js"))
        #expect(try next.files["intro/2.html"]?.etag() != site.files["intro/2.html"]?.etag())
        #expect(next.pageCounts == ["intro": 3] && LiveReload.Event.reload(next).data == "{\"intro\":3}")
        // Files only changed: the page counts are the ones before.
        files["intro/2.html"] = Data("<html><body>two, again</body></html>".utf8)
        #expect(ServedSite(Self.made(files), earlier: next, changed: ["intro/2.html"]).reload == next.reload)
    }

    @Test func whatTheTabsAreTold() {
        #expect(LiveReload.event(after: [], in: site) == nil)
        #expect(LiveReload.event(after: ["assets/folio.css"], in: site)?.name == "css")
        #expect(LiveReload.event(after: ["assets/folio.css", "intro/1.html"], in: site) == .reload(site))
        #expect(LiveReload.Event.reload(site).data == "{\"intro\":2}")
    }

    // MARK: - Watching

    @Test(arguments: ["chapter.md", "part/chapter.md", "book.yml", "templates/page.html", "images/a.png"])
    func changesThatCount(path: String) {
        #expect(isWatched(path))
    }

    @Test(arguments: [".chapter.md.swp", ".chapter.md.swx", "chapter.md~", ".#chapter.md", "4913", ".DS_Store", "part/x.tmp",
                      "_site/index.html", ".git/index", "part/.chapter.md.swp", "chapter.md.swp"])
    func changesThatDoNot(path: String) {
        #expect(!isWatched(path))
    }
}

/// The watcher on a real folder, with inotify and with polling: new, edited and deleted files in
/// new folders are reported, swap files are not.
@Suite(.serialized) struct FolderWatcherTests {
    final class Changes: @unchecked Sendable {
        private let condition = NSCondition()
        private var batches: [[String]] = []

        func add(_ paths: [String]) {
            condition.withLock {
                batches.append(paths)
                condition.broadcast()
            }
        }

        /// The paths changed until `path` is among them, or 30 s have passed (a bound, not a
        /// measure), by the monotonic clock, which no setting of the system's time moves.
        func seen(until path: String) -> Set<String> {
            let deadline = ContinuousClock.now + .seconds(30)
            var seen = Set<String>()
            condition.withLock {
                while !seen.contains(path) && ContinuousClock.now < deadline {
                    if batches.isEmpty { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1)) }
                    else { seen.formUnion(batches.removeFirst()) }
                }
            }
            return seen
        }
    }

    @Test(arguments: [false, true])
    func reportsChangesNotSwapFiles(polling: Bool) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("# One\n".utf8).write(to: URL(fileURLWithPath: root + "/one.md"))
        let changes = Changes()
        let watcher = FolderWatcher(root: root, polling: polling) { changes.add($0) }
        try watcher.start()
        defer { watcher.stop() }

        try Data("swap".utf8).write(to: URL(fileURLWithPath: root + "/.one.md.swp"))
        try Data("backup".utf8).write(to: URL(fileURLWithPath: root + "/one.md~"))
        try FileManager.default.createDirectory(atPath: root + "/part", withIntermediateDirectories: true)
        try Data("# Two\n".utf8).write(to: URL(fileURLWithPath: root + "/part/two.md"))
        var seen = changes.seen(until: "part/two.md")
        #expect(seen.contains("part/two.md"))
        #expect(seen.isDisjoint(with: [".one.md.swp", "one.md~"]))

        try FileManager.default.removeItem(atPath: root + "/one.md")
        seen = changes.seen(until: "one.md")
        #expect(seen.contains("one.md"))
    }
}
