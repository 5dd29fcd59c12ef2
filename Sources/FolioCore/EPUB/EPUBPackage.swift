import FolioBase
import FolioOptions
import FolioPagination
import Foundation

/// The EPUB 3 package of a paged book, fixed layout: every page of the site one content document,
/// in the spine on its side of the spread, the book's reading direction the spine's. Pure text:
/// the container, the package document and the navigation document.
package struct EPUBPackage {
    /// The package's folder in the archive; inside it the documents keep the site's paths.
    static let folder = "EPUB"
    static let packagePath = folder + "/package.opf"
    static let navigation = "nav.xhtml"

    struct Item {
        /// The path inside the package's folder.
        var path: String
        var mediaType: String
        var properties: Set<String> = []
    }

    var title: String
    var options: BookOptions
    var identifier: String
    var geometry: PageGeometry
    /// Every page, in order, with the path of its document and its side.
    var pages: [(path: String, side: Page.Side, label: String)]
    /// The documents' properties (`svg`, `mathml`), by path.
    var properties: [String: Set<String>]
    /// The other files: stylesheets, fonts, images.
    var resources: [Item]
    var contents: [ContentsLink]
    var contentsTitle: String
    var pagesTitle: String

    /// The content document of the site's page document at `path` (`intro/2.html` → `intro/2.xhtml`).
    package static func document(of path: String) -> String {
        String(path.dropLast("html".count)) + "xhtml"
    }

    static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <rootfiles>
        <rootfile full-path="\(packagePath)" media-type="application/oebps-package+xml"/>
        </rootfiles>
        </container>

        """

    /// `rendition:spread` from the spine: two pages side by side where the reader would show
    /// them (`auto`: in landscape, `mid`: always), one page otherwise.
    var spread: String {
        guard options.reading.doubleSided, options.reading.orientation == .horizontal else { return "none" }
        switch options.reading.spine {
        case .auto: return "landscape"
        case .mid: return "both"
        case .min, .max, .none: return "none"
        }
    }

    /// Reading right to left: a right-to-left book's, and a bottom-to-top one's as readers that
    /// turn sideways have it.
    var rightToLeft: Bool {
        options.direction == .rtl || options.direction == .btt
    }

    var packageDocument: String {
        let lang = escapeHTML(options.language)
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id" xml:lang="\(lang)"\(rightToLeft ? " dir=\"rtl\"" : "")>
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:identifier id="id">\(escapeHTML(identifier))</dc:identifier>
            <dc:title>\(escapeHTML(title))</dc:title>
            <dc:language>\(lang)</dc:language>

            """
        for author in options.authors { text += "<dc:creator>\(escapeHTML(author))</dc:creator>\n" }
        if let description = options.description { text += "<dc:description>\(escapeHTML(description))</dc:description>\n" }
        text += """
            <meta property="dcterms:modified">\(escapeHTML(modified))</meta>
            <meta property="rendition:layout">pre-paginated</meta>
            <meta property="rendition:spread">\(spread)</meta>
            <meta property="rendition:orientation">auto</meta>
            </metadata>
            <manifest>
            <item id="nav" href="\(Self.navigation)" media-type="application/xhtml+xml" properties="nav"/>

            """
        for (number, page) in pages.enumerated() {
            let properties = (properties[page.path] ?? []).sorted().joined(separator: " ")
            text += "<item id=\"page-\(number + 1)\" href=\"\(escapeHTML(uriReference(page.path)))\" media-type=\"application/xhtml+xml\""
                + (properties.isEmpty ? "" : " properties=\"\(properties)\"") + "/>\n"
        }
        for (number, item) in resources.enumerated() {
            let properties = item.properties.sorted().joined(separator: " ")
            text += "<item id=\"file-\(number + 1)\" href=\"\(escapeHTML(uriReference(item.path)))\" media-type=\"\(item.mediaType)\""
                + (properties.isEmpty ? "" : " properties=\"\(properties)\"") + "/>\n"
        }
        text += "</manifest>\n<spine\(rightToLeft ? " page-progression-direction=\"rtl\"" : "")>\n"
        for (number, page) in pages.enumerated() {
            let side = switch page.side {
            case .left: "page-spread-left"
            case .right: "page-spread-right"
            case .center: "rendition:page-spread-center"
            }
            text += "<itemref idref=\"page-\(number + 1)\" properties=\"\(side)\"/>\n"
        }
        return text + "</spine>\n</package>\n"
    }

    /// EPUB asks for the date the book was last changed; a build gives the book's `modified` or,
    /// so that builds stay byte-identical, ZIP's first day, which the archive's entries carry too.
    private var modified: String {
        options.modified.flatMap(Self.dateTime) ?? "1980-01-01T00:00:00Z"
    }

    /// `2024-05-01` or an ISO 8601 date-time, as EPUB writes it: in UTC, to the second.
    static func dateTime(_ text: String) -> String? {
        let full = ISO8601DateFormatter()
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        guard let date = full.date(from: text) ?? day.date(from: text) else { return nil }
        return full.string(from: date)
    }

    /// `nav.xhtml`: the contents as nested lists, every page by its number, and the landmarks.
    var navigationDocument: String {
        let lang = escapeHTML(options.language)
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="\(lang)" xml:lang="\(lang)"\(rightToLeft ? " dir=\"rtl\"" : "")>
            <head>
            <title>\(escapeHTML(contentsTitle))</title>
            </head>
            <body>
            <nav epub:type="toc" id="toc">
            <h1>\(escapeHTML(contentsTitle))</h1>

            """
        text += list(contents)
        text += "</nav>\n<nav epub:type=\"page-list\" id=\"pages\" hidden=\"hidden\">\n<h1>\(escapeHTML(pagesTitle))</h1>\n<ol>\n"
        for page in pages { text += "<li><a href=\"\(escapeHTML(uriReference(page.path)))\">\(escapeHTML(page.label))</a></li>\n" }
        return text + "</ol>\n</nav>\n</body>\n</html>\n"
    }

    private func list(_ links: [ContentsLink]) -> String {
        guard !links.isEmpty else { return "" }
        var text = "<ol>\n"
        for link in links {
            text += "<li><a href=\"\(escapeHTML(Self.contentDocument(of: link.href)))\">\(escapeHTML(link.title))</a>"
            text += link.children.isEmpty ? "</li>\n" : "\n" + list(link.children) + "</li>\n"
        }
        return text + "</ol>\n"
    }

    /// A link of the site's contents (`intro/2.html#setup`) to the content document holding it.
    static func contentDocument(of href: String) -> String {
        let (path, fragment) = splitFragment(href)
        return document(of: path) + (fragment.map { "#" + $0 } ?? "")
    }
}
