import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore
import Foundation

/// A built site held in memory for `folio serve`: every file by its site path, its bytes made when
/// first asked for (`FileBytes`), with an ETag that is a hash of those bytes, so a page that did not
/// change keeps its ETag across rebuilds.
struct ServedSite: Sendable {
    /// A class, so that a file kept from the site before is known as the same without its bytes.
    final class File: @unchecked Sendable {
        /// The bytes the build gave, before the live-reload script went in.
        let built: FileBytes
        private let served: FileBytes
        private let tag: Later<String>

        init(_ built: FileBytes, path: String) {
            self.built = built
            let served = fileExtension(path) == "html" ? FileBytes { withLiveReload(try built.bytes()) } : built
            (self.served, tag) = (served, Later { entityTag(try served.bytes()) })
        }

        /// The bytes served: an HTML document's with the live-reload script.
        func bytes() throws -> Data { try served.bytes() }

        func etag() throws -> String { try tag.value() }

        /// Whether it holds `other`'s bytes: known without making either's, unless `making`.
        func isSame(as other: FileBytes, making: Bool = false) -> Bool {
            guard built !== other else { return true }
            guard making || (built.isMade && other.isMade), let mine = try? built.bytes(), let theirs = try? other.bytes() else { return false }
            return mine.isSame(as: theirs)
        }
    }

    var files: [String: File] = [:]
    /// The search index's files while the build that put them off makes them (`MemoryBuild.search`).
    private(set) var search: Later<[String: FileBytes]>?
    /// Each chapter's page count, by slug, from the page documents' paths.
    private(set) var pageCounts: [String: Int] = [:]
    /// The reload event, which carries them: written once for the same paths.
    private(set) var reload = LiveReload.Event.reload(pageCounts: [:])

    /// `site`'s files. Files that hold `earlier`'s bytes are `earlier`'s, with its ETag; when the
    /// build knows which paths `changed` since `earlier`, only those are looked at.
    init(_ site: [String: FileBytes], earlier: ServedSite = ServedSite(), changed: [String]? = nil, search: Later<[String: FileBytes]>? = nil) {
        self.search = search
        var samePaths = true
        if let changed {
            files = earlier.files
            for path in changed {
                samePaths = samePaths && (site[path] == nil) == (earlier.files[path] == nil)
                files[path] = site[path].map { File($0, path: path) }
            }
        } else {
            var known = 0
            files.reserveCapacity(site.count)
            for (path, bytes) in site {
                if let file = earlier.files[path] {
                    known += 1
                    if file.isSame(as: bytes) {
                        files[path] = file
                        continue
                    }
                }
                files[path] = File(bytes, path: path)
            }
            samePaths = known == earlier.files.keys.count(where: compares) && known == files.count
        }
        // The same paths as before have the same page counts.
        if samePaths {
            (pageCounts, reload) = (earlier.pageCounts, earlier.reload)
            return
        }
        for path in files.keys {
            guard let page = SiteLayout.page(at: path) else { continue }
            pageCounts[page.slug] = max(pageCounts[page.slug] ?? 0, page.number)
        }
        reload = .reload(pageCounts: pageCounts)
    }

    init() {}

    /// The file at `path`, waiting for the search index when it is one of its files still to be made.
    func file(_ path: String) -> File? {
        if let file = files[path] { return file }
        guard let search, isSearchFile(path), let bytes = (try? search.value())?[path] else { return nil }
        return File(bytes, path: path)
    }

    /// The site with the search index's files its build put off, made: each the file `earlier` had while its bytes are the same.
    func withSearch(_ made: [String: FileBytes], earlier: ServedSite) -> ServedSite {
        var site = self
        site.search = nil
        for (path, bytes) in made {
            site.files[path] = earlier.files[path].flatMap { $0.isSame(as: bytes) ? $0 : nil } ?? File(bytes, path: path)
        }
        return site
    }

    private func isSearchFile(_ path: String) -> Bool {
        path.hasPrefix(SiteLayout.search + "/")
    }

    /// Whether a path of an earlier site is compared with this one's: not a search file while this
    /// one's index is still to be made, as it has none of its files yet.
    private func compares(_ path: String) -> Bool {
        search == nil || !isSearchFile(path)
    }

    /// The paths whose bytes differ from `other`'s, or that only one of the two has, sorted; while
    /// its search index is made, all but its files. Documents not rendered yet are rendered to be
    /// compared while they are few (`rendering`); of more (every page after a chapter that grew),
    /// each is taken as changed.
    func changedPaths(since other: ServedSite, rendering: Int = 64) -> [String] {
        var changed: [String] = []
        var unknown: [(path: String, bytes: FileBytes, before: File)] = []
        for (path, file) in files {
            guard let before = other.files[path] else {
                changed.append(path)
                continue
            }
            if file === before || before.isSame(as: file.built) { continue }
            if file.built.isMade && before.built.isMade { changed.append(path) } else { unknown.append((path, file.built, before)) }
        }
        let differ = unknown.count <= rendering ? unknown.parallelMap { !$0.before.isSame(as: $0.bytes, making: true) } : unknown.map { _ in true }
        changed += zip(unknown, differ).filter(\.1).map(\.0.path)
        changed += other.files.keys.filter { files[$0] == nil && compares($0) }
        return changed.sorted()
    }
}

/// The script tag `folio serve` adds to every page it serves; `folio build` never writes it.
let liveReloadTag = Data("<script src=\"/\(LiveReload.scriptPath)\"></script>".utf8)

/// `html` with the live-reload script before its last `</body>`, or at its end when it has none.
func withLiveReload(_ html: Data) -> Data {
    var result = html
    let at = html.range(of: Data("</body>".utf8), options: .backwards)?.lowerBound ?? html.endIndex
    result.insert(contentsOf: liveReloadTag, at: at)
    return result
}

extension Data {
    /// Whether `other` holds the same bytes: at once when both share their storage, as a page
    /// document the build kept from the build before does.
    func isSame(as other: Data) -> Bool {
        count == other.count && (withUnsafeBytes { mine in other.withUnsafeBytes { $0.baseAddress == mine.baseAddress } } || self == other)
    }
}

/// A strong ETag: the bytes' 64-bit hash (`contentHash`) and their count, quoted.
func entityTag(_ bytes: Data) -> String {
    "\"" + String(contentHash(bytes), radix: 16) + "-" + String(bytes.count, radix: 16) + "\""
}
