import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch

/// `sitemap.xml`: the front page, the contents and every page. Search engines want absolute
/// locations, so with `url:` in book.yml the locations are absolute; without it they are
/// relative to the sitemap, which keeps the site movable and `folio check` able to read it.
package func sitemap(_ pages: [Page], base: String?) -> String {
    let prefix = base ?? ""
    let locations = [SiteLayout.index, SiteLayout.contents] + pages.map(\.url)
    return """
    <?xml version="1.0" encoding="UTF-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
    \(locations.map { "<url><loc>\(escapeHTML(prefix + $0))</loc></url>" }.joined(separator: "\n"))
    </urlset>

    """
}
