import FolioBase
import FolioBook
import FolioPagination
import Foundation

extension PageDocuments {
    /// print.html: every page of the book in order, in the theme's `print` template, each at the
    /// page size (`@page`), so that printing it gives one sheet a page. A page is the content of
    /// its document, under the id `SiteLayout.printedPageID`, with its links read from the site's
    /// root and those to pages of the book made links inside the document, which a PDF keeps.
    func printDocument(_ pages: [Page], geometry: PageGeometry) throws -> Data {
        let printed = pages.map { page -> TemplateValue in
            var values = values(of: page, content: printedLinks(content(of: page), from: page.url), pages: pages)
            values["id"] = .string(SiteLayout.printedPageID(page.url))
            return .object(values)
        }
        var document = TemplateContext.document(title: bookTitle, root: "")
        document["pages"] = .list(printed)
        document["geometry"] = .string(SiteLayout.geometry)
        document["size"] = ["width": .number(geometry.width), "height": .number(geometry.height)]
        return try theme.render("print", shared: .object(bookShared), document)
    }
}

/// The links of HTML written for the document at `pageURL`, rewritten for the print document at the
/// site's root: a page of the book becomes the element that holds it (`#` and its id), a heading
/// on it its own id; any other file of the site its path from the root; other addresses stay.
func printedLinks(_ html: String, from pageURL: String) -> String {
    rewritingRawHTMLLinks(html) { link in
        guard let target = relativeLink(link.value, from: pageURL), let path = target.path else { return nil }
        if target.query == nil, SiteLayout.page(at: path) != nil {
            return "#" + (target.fragment ?? SiteLayout.printedPageID(path))
        }
        return percentEncodedPath(path) + (target.query.map { "?" + $0 } ?? "") + (target.fragment.map { "#" + $0 } ?? "")
    }
}
