import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore
import Foundation

/// What the server sends back: a status, headers and a body (left out for HEAD by the server).
struct HTTPResponse: Sendable, Equatable {
    var status: Int
    var headers: [String: String] = [:]
    var body = Data()
}

/// The answer to a GET or HEAD of `target` from the site in memory: the file (a folder's
/// `index.html`), a range of it (206, or 416), 304 when `If-None-Match` names its ETag, a redirect
/// from a folder's name to the folder, or the site's `404.html` with status 404. `header` looks up a
/// request header by name.
func siteResponse(method: String, target: String, header: (String) -> String?, site: ServedSite) -> HTTPResponse {
    guard method == "GET" || method == "HEAD" else {
        return HTTPResponse(status: 405, headers: ["Allow": "GET, HEAD", "Content-Type": plainTextType], body: Data("405 method not allowed\n".utf8))
    }
    let key: String
    switch siteKey(forTarget: target) {
    case .success(let found): key = found
    case .failure(let error): return HTTPResponse(status: error.status, headers: ["Content-Type": plainTextType], body: Data("\(error.status) bad request\n".utf8))
    }
    guard let file = site.file(key) else {
        if site.file(key + "/" + SiteLayout.index) != nil, let path = target.split(separator: "?", maxSplits: 1).first {
            return HTTPResponse(status: 301, headers: ["Location": path + "/"])
        }
        return notFound(site)
    }
    let (bytes, etag): (Data, String)
    do {
        (bytes, etag) = (try file.bytes(), try file.etag())
    } catch {
        // A document rendered on request, whose rendering failed.
        return HTTPResponse(status: 500, headers: ["Content-Type": plainTextType], body: Data("500 the page could not be rendered: \(error)\n".utf8))
    }
    var headers = ["Content-Type": contentType(of: key), "ETag": etag, "Cache-Control": "no-cache", "Accept-Ranges": "bytes"]
    if let tags = header("If-None-Match"), matches(tags, etag) {
        return HTTPResponse(status: 304, headers: headers)
    }
    guard let range = header("Range") else { return HTTPResponse(status: 200, headers: headers, body: bytes) }
    switch byteRange(range, length: bytes.count) {
    case nil:
        return HTTPResponse(status: 200, headers: headers, body: bytes)
    case .some(nil):
        return HTTPResponse(status: 416, headers: ["Content-Range": "bytes */\(bytes.count)"])
    case .some(let bounds?):
        headers["Content-Range"] = "bytes \(bounds.lowerBound)-\(bounds.upperBound - 1)/\(bytes.count)"
        return HTTPResponse(status: 206, headers: headers, body: bytes.subdata(in: bounds))
    }
}

/// The site's own 404 page, or a line of text when it has none.
func notFound(_ site: ServedSite) -> HTTPResponse {
    guard let page = try? site.file(SiteLayout.notFound)?.bytes() else {
        return HTTPResponse(status: 404, headers: ["Content-Type": plainTextType], body: Data("404 not found\n".utf8))
    }
    return HTTPResponse(status: 404, headers: ["Content-Type": contentType(of: SiteLayout.notFound), "Cache-Control": "no-cache"], body: page)
}

/// Whether an `If-None-Match` list names `etag` (weakly compared, as RFC 9110 asks) or is `*`.
private func matches(_ list: String, _ etag: String) -> Bool {
    list.split(separator: ",").contains { candidate in
        let tag = candidate.trimmingCharacters(in: .whitespaces)
        return tag == "*" || tag == etag || tag == "W/" + etag
    }
}

/// A single `bytes=` range: nil when the header is to be ignored (another unit, several ranges, bad
/// syntax), `.some(nil)` when it cannot be satisfied, else the byte offsets it asks for.
func byteRange(_ header: String, length: Int) -> Range<Int>?? {
    let value = header.trimmingCharacters(in: .whitespaces)
    guard value.lowercased().hasPrefix("bytes=") else { return nil }
    let spec = value.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
    let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard !spec.contains(","), parts.count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
    // Offsets too large for an Int lie past the end of any file.
    guard parts.allSatisfy({ $0.isEmpty || Int($0) != nil }) else { return .some(nil) }
    switch (Int(parts[0]), Int(parts[1])) {
    case (let first?, let last):
        guard last.map({ $0 >= first }) ?? true else { return nil }
        guard first < length else { return .some(nil) }
        return .some(first..<min(length, (last ?? length - 1) + 1))
    case (nil, let suffix?):
        guard suffix > 0, length > 0 else { return .some(nil) }
        return .some(max(0, length - suffix)..<length)
    case (nil, nil):
        return nil
    }
}
