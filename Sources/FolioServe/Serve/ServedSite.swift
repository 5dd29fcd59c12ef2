import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore
import Foundation

/// A built site held in memory for `folio serve`: every file's bytes by its site path, with an ETag
/// that is a hash of those bytes, so a page that did not change keeps its ETag across rebuilds.
struct ServedSite: Sendable {
    /// A class, so that a file kept from the site before is known as the same without comparing its bytes.
    final class File: Sendable {
        let bytes: Data
        let etag: String
        /// The bytes the build gave, before the live-reload script went in.
        let built: Data

        init(_ built: Data, served bytes: Data) {
            (self.built, self.bytes, etag) = (built, bytes, entityTag(bytes))
        }
    }

    var files: [String: File] = [:]
    /// Each chapter's page count, by slug, from the page documents' paths.
    private(set) var pageCounts: [String: Int] = [:]
    /// The reload event, which carries them: written once for the same paths.
    private(set) var reload = LiveReload.Event.reload(pageCounts: [:])

    /// `site`'s files, each HTML document with the live-reload script before `</body>`. Files whose
    /// bytes equal `earlier`'s are `earlier`'s, with its ETag, and are not hashed or copied again;
    /// when the build knows which paths `changed` since `earlier`, only those are looked at.
    init(_ site: [String: Data], earlier: ServedSite = ServedSite(), changed: [String]? = nil) {
        var samePaths = true
        if let changed {
            files = earlier.files
            for path in changed {
                samePaths = samePaths && (site[path] == nil) == (earlier.files[path] == nil)
                files[path] = site[path].map { File($0, served: Self.served(path, $0)) }
            }
        } else {
            var known = 0
            files.reserveCapacity(site.count)
            for (path, data) in site {
                if let file = earlier.files[path] {
                    known += 1
                    if file.built.isSame(as: data) {
                        files[path] = file
                        continue
                    }
                }
                files[path] = File(data, served: Self.served(path, data))
            }
            samePaths = known == earlier.files.count && known == files.count
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

    /// The bytes served for a file at `path` the build gave as `built`: an HTML document's with the live-reload script.
    private static func served(_ path: String, _ built: Data) -> Data {
        fileExtension(path) == "html" ? withLiveReload(built) : built
    }

    init() {}

    /// The paths whose bytes differ from `other`'s, or that only one of the two has, sorted.
    func changedPaths(since other: ServedSite) -> [String] {
        var changed: [String] = []
        var shared = 0
        for (path, file) in files {
            guard let before = other.files[path] else {
                changed.append(path)
                continue
            }
            shared += 1
            if file !== before && (file.etag != before.etag || file.bytes != before.bytes) { changed.append(path) }
        }
        if shared < other.files.count { changed += other.files.keys.filter { files[$0] == nil } }
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
