import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore
import Foundation

/// `folio serve`: the book built into memory and served over HTTP, rebuilt when its folder changes,
/// with the open tabs told to reload (or to take new stylesheets, or to show the build's errors).
/// A failed build keeps the last good site in place.
public final class BookPreview: @unchecked Sendable {
    /// One build, for the line the terminal prints.
    public struct Build: Sendable {
        /// What changed in the book folder (empty for the first build).
        public var changes: [String]
        public var chapters = 0
        public var pages = 0
        /// Page documents whose bytes changed, and all site files that did.
        public var pagesChanged = 0
        public var filesChanged = 0
        public var milliseconds = 0
        /// Warnings of a good build, or the errors and warnings of a failed one.
        public var diagnostics: [Diagnostic] = []
        public var failed = false
        /// Whether a good build is being served (after a failed one: an earlier build).
        public var serving = false
    }

    public let folder: String
    private let report: @Sendable (Build) -> Void
    private let hub = EventHub()
    private let lock = NSLock()
    private var site: ServedSite?
    private var server: HTTPServer?
    private var watcher: FolderWatcher?
    private let building = NSLock()
    /// What the last build can lend the next; used only while `building` is held.
    private let cache = BuildCache()
    /// The book's folder as the first build found it, to catch up with what changed before the watch began.
    private let firstLook: FolderLook

    /// Builds the book once and reports it; serving starts with `start`.
    public init(folder: String, report: @escaping @Sendable (Build) -> Void) {
        self.folder = folder
        self.report = report
        firstLook = FolderLook(root: folder)
        rebuild(after: [])
    }

    /// Listens on `host` (`localhost`: 127.0.0.1 and ::1) and `port` (nil: 3000 or the next free
    /// one; 0: any free one), dropping connections idle for `timeout` seconds, and watches the
    /// folder. Returns the address to open.
    public func start(host: String, port: Int?, timeout: Int = 10) throws -> String {
        let listening = try ListeningSockets(host: host, port: port)
        let server = HTTPServer(limits: HTTPServer.Limits(timeout: timeout)) { [self] method, target, header in
            answer(method: method, target: target, header: header)
        }
        try server.start(listening: listening.sockets)
        self.server = server
        let watcher = FolderWatcher(root: folder) { [self] changes in rebuild(after: changes) }
        try watcher.start()
        self.watcher = watcher
        // What changed between the first build and the watch, built as an edit is.
        let missed = FolderLook(root: folder).changed(since: firstLook)
        if !missed.isEmpty { rebuild(after: missed) }
        return serverURL(host: host, port: listening.port)
    }

    /// Stops watching, ends the event streams and closes every connection.
    public func stop() {
        watcher?.stop()
        hub.close()
        server?.stop()
    }

    private static let script = ServedSite([LiveReload.scriptPath: FileBytes(Data(LiveReload.script.utf8))])

    private var current: ServedSite? { lock.withLock { site } }

    private func answer(method: String, target: String, header: (String) -> String?) -> HTTPServer.Answer {
        switch target.split(separator: "?", maxSplits: 1).first.map(String.init) {
        case "/" + LiveReload.eventsPath:
            return .events(hub)
        case "/" + LiveReload.scriptPath:
            return .response(siteResponse(method: method, target: target, header: header, site: Self.script))
        default:
            guard let site = current else {
                let page = withLiveReload(Data("<!DOCTYPE html><title>folio serve</title><body><p>The book has not built yet.</p></body>".utf8))
                return .response(HTTPResponse(status: 503, headers: ["Content-Type": htmlType, "Retry-After": "1"], body: page))
            }
            return .response(siteResponse(method: method, target: target, header: header, site: site))
        }
    }

    /// Builds the book again; the new site replaces the old one before the tabs are told.
    private func rebuild(after changes: [String]) {
        building.withLock {
            let started = Date()
            var build = Build(changes: changes)
            do {
                let built = try buildInMemory(.project(folder), cache: cache, changed: changes.isEmpty ? nil : changes)
                let earlier = current ?? ServedSite()
                // A build that carried an edit over knows what changed since the last good one, which is `earlier`.
                let next = ServedSite(built.files, earlier: earlier, changed: built.changed, search: built.search)
                let changed = built.changed ?? next.changedPaths(since: earlier)
                lock.withLock { site = next }
                hub.publish(LiveReload.event(after: changed, in: next) ?? .ok, standing: nil)
                build.chapters = built.chapters
                build.pages = built.pages
                build.filesChanged = changed.count
                build.pagesChanged = changed.filter { SiteLayout.page(at: $0) != nil }.count
                build.diagnostics = built.warnings
                // The search index, put off until the pages are served.
                if let search = built.search, let made = try? search.value() {
                    let whole = next.withSearch(made, earlier: earlier)
                    lock.withLock { site = whole }
                }
            } catch let error as DiagnosticsError {
                build.failed = true
                build.diagnostics = error.diagnostics
                let errors = LiveReload.Event.errors(error.diagnostics.sorted(by: reportingOrder).map(\.description))
                hub.publish(errors, standing: errors)
            } catch {
                build.failed = true
                build.diagnostics = [.error("\(error)")]
                let errors = LiveReload.Event.errors(build.diagnostics.map(\.description))
                hub.publish(errors, standing: errors)
            }
            build.serving = current != nil
            build.milliseconds = Int(Date().timeIntervalSince(started) * 1000)
            report(build)
        }
    }
}
