import Foundation

/// A built site held in memory for `folio serve`: every file's bytes by its site path, with an ETag
/// that is a hash of those bytes, so a page that did not change keeps its ETag across rebuilds.
struct ServedSite: Sendable {
    struct File: Sendable, Equatable {
        var bytes: Data
        var etag: String
    }

    var files: [String: File] = [:]

    /// `site`'s files, each HTML document with the live-reload script before `</body>`. Files whose
    /// bytes equal `earlier`'s keep its ETag without hashing them again.
    init(_ site: [String: Data], earlier: ServedSite = ServedSite()) {
        for (path, data) in site {
            let bytes = fileExtension(path) == "html" ? withLiveReload(data) : data
            if let known = earlier.files[path], known.bytes == bytes {
                files[path] = known
            } else {
                files[path] = File(bytes: bytes, etag: entityTag(bytes))
            }
        }
    }

    init() {}

    /// The paths whose bytes differ from `other`'s, or that only one of the two has, sorted.
    func changedPaths(since other: ServedSite) -> [String] {
        let paths = Set(files.keys).union(other.files.keys)
        return paths.filter { files[$0]?.etag != other.files[$0]?.etag || files[$0]?.bytes != other.files[$0]?.bytes }.sorted()
    }

    /// Each chapter's page count, by slug, from the page documents' paths.
    var pageCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for path in files.keys {
            guard let page = SiteLayout.page(at: path) else { continue }
            counts[page.slug] = max(counts[page.slug] ?? 0, page.number)
        }
        return counts
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

/// A strong ETag: the bytes' 64-bit FNV-1a hash, quoted.
func entityTag(_ bytes: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    bytes.withUnsafeBytes { buffer in
        for byte in buffer {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
    }
    return "\"" + String(hash, radix: 16) + "-" + String(bytes.count, radix: 16) + "\""
}
