import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore
import Foundation

/// What `folio check` found in a built site.
public struct CheckResult: Sendable {
    public var diagnostics: [Diagnostic]
    public var pages: Int
    public var links: Int
}

/// `folio check`: the manifest against the Readium model and Folio's reading rules, every href
/// in it and in every page, page order, numbering and sides, the sitemap and orphan pages, the
/// book's EPUB.
public func checkSite(_ site: BookFiles) -> CheckResult {
    var check = SiteCheck(site: site)
    check.run()
    return CheckResult(diagnostics: check.diagnostics.sorted(by: reportingOrder), pages: check.pageCount, links: check.linkCount)
}

struct SiteCheck {
    let site: BookFiles
    var files: Set<String> = []
    var diagnostics: [Diagnostic] = []
    var pageCount = 0
    var linkCount = 0
    /// Each HTML document scanned once: nil when it could not be read.
    private var scans: [String: HTMLScan?] = [:]

    init(site: BookFiles) {
        self.site = site
    }

    mutating func run() {
        files = Set((try? listBookFiles(site)) ?? [])
        // Without a readable manifest there is no reading order to hold the pages against.
        guard let pages = checkManifest() else { return }
        pageCount = pages.count
        for page in pages { checkPageDocument(page) }
        for document in [SiteLayout.index, SiteLayout.contents, SiteLayout.print] where files.contains(document) { checkLinks(in: document) }
        checkSitemap(pages)
        checkOrphans(pages)
        checkRedirects(pages)
        checkSearchIndex(pages)
        checkEPUBs()
        checkAppManifest()
    }

    mutating func report(_ rule: CheckRule, _ message: String, at location: SourceLocation?, hint: String? = nil) {
        diagnostics.append(rule.report(message, at: location, hint: hint))
    }

    // MARK: Documents

    /// The document at `path`, scanned; a document that is not UTF-8 is reported once.
    mutating func scan(_ path: String) -> HTMLScan? {
        if let cached = scans[path] { return cached }
        var result: HTMLScan?
        do {
            result = try scanHTML(site.read(path), file: path)
        } catch let problem as Diagnostic {
            report(.encoding, problem.message, at: problem.location ?? SourceLocation(file: path))
        } catch {
            report(.hrefMissing, "\(error)", at: SourceLocation(file: path))
        }
        scans[path] = result
        return result
    }

    /// Checks that `href`, written in `from` at `location`, reaches a file of the site and, with a
    /// fragment, an id in it. External URLs are not fetched.
    mutating func resolve(_ href: String, from: String, at location: SourceLocation, missingFile: CheckRule, missingID: CheckRule) {
        linkCount += 1
        guard let (path, fragment) = sitePath(href, from: from) else { return }
        guard files.contains(path) else {
            let written = splitFragment(href).0
            report(missingFile, written == path ? "`\(href)`: the site has no `\(path)`" : "`\(href)` points to `\(path)`, which the site does not have",
                   at: location)
            return
        }
        guard let fragment, !fragment.isEmpty, fileExtension(path) == "html" else { return }
        guard let target = scan(path) else { return }
        // As browsers find a fragment: an element with that id, or an `a` with that name.
        if !target.tags.contains(where: { $0.value("id") == fragment || ($0.name == "a" && $0.value("name") == fragment) }) {
            report(missingID, "`\(href)`: `\(path)` has no id `\(fragment)`", at: location)
        }
    }

    /// A site-relative path and fragment for `href` written in the file `from`; nil for URLs
    /// that leave the site (a scheme, `//`, `/`) and for empty ones.
    func sitePath(_ href: String, from: String) -> (String, String?)? {
        // A link above the site's root reaches a site published beside it (`../std/`), as
        // external addresses do, so neither is followed.
        guard let link = relativeLink(href, from: from), let path = link.path else { return nil }
        return (path, link.fragment.map(percentDecoded))
    }

    // MARK: Pages

    private mutating func checkPageDocument(_ page: PageEntry) {
        guard files.contains(page.path), let scan = scan(page.path) else { return }
        let contents = scan.tags.filter { $0.attribute("data-page-content") != nil }
        if contents.count != 1 {
            report(.pageContent, "`\(page.path)` has \(contents.count) elements with data-page-content, not one",
                   at: contents.dropFirst().first?.location ?? SourceLocation(file: page.path))
        }
        if let numbered = scan.tags.first(where: { $0.attribute("data-page") != nil }), let attribute = numbered.attribute("data-page"),
           let number = attribute.value.flatMap({ Int($0) }), number != page.position {
            report(.readingOrder, "`\(page.path)` is page \(number) of the book but stands at place \(page.position) of the reading order",
                   at: page.location)
        }
        checkLinks(in: page.path)
    }

    /// Every `href` and `src` of a document, and its ids once each.
    private mutating func checkLinks(in path: String) {
        guard let scan = scan(path) else { return }
        var ids: [String: SourceLocation] = [:]
        for tag in scan.tags {
            if let id = tag.attribute("id"), let value = id.value {
                if let first = ids[value] {
                    report(.duplicateID, "the id `\(value)` occurs twice in `\(path)`; first at \(first)", at: id.location)
                } else {
                    ids[value] = id.location
                }
            }
            for name in ["href", "src"] {
                guard let attribute = tag.attribute(name), let value = attribute.value else { continue }
                resolve(value, from: path, at: attribute.location, missingFile: .pageLink, missingID: .pageLink)
            }
        }
    }

    // MARK: Sitemap and orphans

    private mutating func checkSitemap(_ pages: [PageEntry]) {
        let file = SourceLocation(file: SiteLayout.sitemap)
        guard let data = try? site.read(SiteLayout.sitemap) else {
            report(.sitemap, "the site has no \(SiteLayout.sitemap)", at: file)
            return
        }
        let text = String(decoding: data, as: UTF8.self)
        let listed = Set(text.matches(of: #/<loc>([^<]*)</loc>/#).map { match in
            let location = String(match.1).replacingOccurrences(of: "&amp;", with: "&")
            return location.range(of: "://").map { _ in relativeToBase(location, pages: pages) } ?? location
        })
        let missing = pages.filter { !listed.contains($0.path) && !listed.contains(uriReference($0.path)) }
        if let first = missing.first {
            report(.sitemap, "\(SiteLayout.sitemap) does not list \(counted(missing.count, "page")), first `\(first.path)`", at: file)
        }
    }

    /// An absolute sitemap location as a site path: what follows the site's address.
    private func relativeToBase(_ location: String, pages: [PageEntry]) -> String {
        for page in pages where location.hasSuffix("/" + uriReference(page.path)) || location.hasSuffix("/" + page.path) {
            return page.path
        }
        return location
    }

    // MARK: Redirects

    /// The pages at old addresses (book.toml's redirects): documents outside the reading order
    /// whose refresh must lead somewhere the site has, as must their links.
    private mutating func checkRedirects(_ pages: [PageEntry]) {
        let reached = Set(pages.map(\.path)).union(SiteLayout.signature)
        for path in files.sorted() where fileExtension(path) == "html" && !reached.contains(path) && SiteLayout.page(at: path) == nil {
            guard let scan = scan(path) else { continue }
            let refreshes = scan.tags.filter { $0.name == "meta" && $0.value("http-equiv")?.lowercased() == "refresh" }
            for refresh in refreshes {
                guard let content = refresh.attribute("content"), let text = content.value else { continue }
                guard let url = redirectURL(text) else {
                    report(.redirect, "`\(path)` refreshes without a URL to go to", at: content.location)
                    continue
                }
                resolve(url, from: path, at: content.location, missingFile: .redirect, missingID: .redirect)
            }
            if !refreshes.isEmpty { checkLinks(in: path) }
        }
    }

    /// A translation's folder holds a book of its own, with its own manifest: its documents are
    /// that book's, whatever their names look like here (its `404.html` is no page 404).
    private mutating func checkOrphans(_ pages: [PageEntry]) {
        let reached = Set(pages.map(\.path))
        let otherBooks = files.filter { $0.hasSuffix("/" + SiteLayout.manifest) }.map { String($0.dropLast(SiteLayout.manifest.count)) }
        for path in files.sorted() where SiteLayout.page(at: path) != nil && !reached.contains(path)
            && !otherBooks.contains(where: { path.hasPrefix($0) }) {
            report(.orphanPage, "`\(path)` is a page document that the manifest's reading order does not reach",
                   at: SourceLocation(file: path))
        }
    }
}

/// The URL of a refresh's `content`, as in `0; url=../intro/1.html`.
func redirectURL(_ content: String) -> String? {
    guard let match = content.firstMatch(of: #/^\s*\d*(?:\.\d*)?\s*[;,]\s*(?:[Uu][Rr][Ll]\s*=\s*)?(.+)$/#) else { return nil }
    var url = match.1.trimmingCharacters(in: .whitespaces)
    if let quote = url.first, quote == "'" || quote == "\"", url.count >= 2, url.last == quote { url = String(url.dropFirst().dropLast()) }
    return url.isEmpty ? nil : url
}
