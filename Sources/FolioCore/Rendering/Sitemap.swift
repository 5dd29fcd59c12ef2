import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch

/// `sitemap.xml`: the front page, the contents and every page. Search engines want absolute
/// locations, so with `url:` in book.yml the locations are absolute; without it they are
/// relative to the sitemap, which keeps the site movable and `folio check` able to read it.
/// In a book in many languages each page names its counterparts (`alternates`, by slug) as
/// `xhtml:link`s, as search engines read them.
package func sitemap(_ pages: [Page], base: String?, alternates: [String: [Alternate]] = [:]) -> String {
    let prefix = base ?? ""
    func entry(_ location: String, slug: String?) -> String {
        let links = slug.flatMap { alternates[$0] } ?? []
        return "<url><loc>\(escapeHTML(prefix + location))</loc>"
            + links.map { "<xhtml:link rel=\"alternate\" hreflang=\"\(escapeHTML($0.language))\" href=\"\(escapeHTML($0.href))\"/>" }.joined()
            + "</url>"
    }
    let namespaces = alternates.isEmpty ? "" : " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""
    let entries = [entry(SiteLayout.index, slug: nil), entry(SiteLayout.contents, slug: nil)] + pages.map { entry($0.url, slug: $0.slug) }
    return """
    <?xml version="1.0" encoding="UTF-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"\(namespaces)>
    \(entries.joined(separator: "\n"))
    </urlset>

    """
}
