import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch

/// book.toml's redirects as small documents at the old addresses: a refresh, a canonical link
/// and a plain link, all relative so the site works under a sub-path. A target inside the book
/// must be a chapter (`x.md`, `x.html`, `dir/index.html` or `dir/` for `dir/README.md` or
/// `dir/index.md`, as mdBook names them) or the site's root; it leads to the chapter's first page,
/// or with a `#fragment` naming one of its headings, to the page that holds it. A URL outside the
/// book is kept as written.
func redirectPages(_ redirects: [Redirect], links: PageLinks, chapters: [ChapterID: ParsedChapter], site: Set<String>) throws -> [SiteFile] {
    var problems: [Diagnostic] = []
    var files: [SiteFile] = []
    for redirect in redirects {
        guard !site.contains(redirect.from) else {
            problems.append(.error("the redirect at `\(redirect.from)` would replace a file of the site", at: redirect.location,
                                   hint: "redirect from an address the book no longer uses"))
            continue
        }
        guard let target = redirectTarget(redirect, links: links, chapters: chapters) else {
            problems.append(.error("the redirect target `\(redirect.to)` is not a chapter of the book", at: redirect.location,
                                   hint: "name a chapter's .md or .html file relative to the old page, or give a full URL"))
            continue
        }
        files.append(.text(redirect.from, redirectDocument(to: target)))
    }
    guard problems.isEmpty else { throw DiagnosticsError(problems) }
    return files
}

/// The URL written in the page at `redirect.from`; nil when it names no chapter.
private func redirectTarget(_ redirect: Redirect, links: PageLinks, chapters: [ChapterID: ParsedChapter]) -> String? {
    if isExternal(redirect.to) { return redirect.to }
    let (written, fragment) = splitFragment(redirect.to)
    let fromRoot = written.hasPrefix("/")
    // A target above the site's root is a sibling site beside the book: kept as written.
    guard let path = resolvePath(percentDecoded(fromRoot ? String(written.dropFirst()) : written),
                                 relativeTo: fromRoot ? "" : directory(of: redirect.from)) else { return redirect.to }
    let stem = String(path.dropLast(fileExtension(path).count + 1))
    let toRoot = String(repeating: "../", count: redirect.from.split(separator: "/").count - 1)
    func opening(_ folder: String) -> [String] { ["README.md", "index.md"].map { folder.isEmpty ? $0 : "\(folder)/\($0)" } }
    var candidates: [String] = []
    switch fileExtension(path) {
    case _ where path.isEmpty || path.hasSuffix("/"): candidates = opening(path.hasSuffix("/") ? String(path.dropLast()) : path)
    case "md": candidates = [path]
    case "html" where fileName(path) == SiteLayout.index: candidates = opening(directory(of: path))
    case "html": candidates = [stem + ".md"]
    default: break
    }
    guard let id = candidates.map({ ChapterID($0) }).first(where: { chapters[$0] != nil }) else {
        // The site's root (`./`, `/`), where no chapter opens it, is the front page.
        return path.isEmpty && fragment == nil ? toRoot + SiteLayout.index : nil
    }
    return links.siteURL(of: ChapterLink(chapter: id, fragment: fragment.map(percentDecoded))).map { toRoot + $0 }
}

private func redirectDocument(to url: String) -> String {
    let href = escapeHTML(url)
    return """
        <!DOCTYPE html>
        <html>
        <head>
        <meta charset="utf-8">
        <title>Moved</title>
        <meta name="robots" content="noindex">
        <meta http-equiv="refresh" content="0; url=\(href)">
        <link rel="canonical" href="\(href)">
        </head>
        <body>
        <p>This page has moved to <a href="\(href)">\(href)</a>.</p>
        </body>
        </html>

        """
}
