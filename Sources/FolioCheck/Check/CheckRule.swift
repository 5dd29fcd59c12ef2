import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore

/// The rules `folio check` applies, by their stable ids (listed in the README).
enum CheckRule: String, CaseIterable, Sendable {
    case manifestMissing = "manifest-missing"
    case manifestJSON = "manifest-json"
    case manifestStructure = "manifest-structure"
    case manifestEnum = "manifest-enum"
    case options = "options"
    case hrefMissing = "href-missing"
    case fragmentMissing = "fragment-missing"
    case readingOrder = "reading-order"
    case pageNumbers = "page-numbers"
    case pageSides = "page-sides"
    case pageContent = "page-content"
    case pageLink = "page-link"
    case duplicateID = "duplicate-id"
    case encoding = "encoding"
    case sitemap = "sitemap"
    case orphanPage = "orphan-page"
    case redirect = "redirect"
    case searchIndex = "search-index"
    case epubContainer = "epub-container"
    case epubSpine = "epub-spine"
    case epubNavigation = "epub-navigation"
    case epubLink = "epub-link"
    case epubcheck = "epubcheck"
    case appManifest = "app-manifest"

    /// Warnings do not fail a check unless `--strict`: the book still reads.
    var severity: Diagnostic.Severity {
        switch self {
        case .sitemap, .orphanPage: .warning
        default: .error
        }
    }

    var summary: String {
        switch self {
        case .manifestMissing: "the site has no \(SiteLayout.manifest)"
        case .manifestJSON: "\(SiteLayout.manifest) is not valid JSON (or not UTF-8)"
        case .manifestStructure: "a member of the manifest is missing or has the wrong type"
        case .manifestEnum: "a manifest value is not one of those allowed (layout, readingProgression, page sides, Folio terms)"
        case .options: "the reading options in the manifest form a combination a page view controller refuses"
        case .hrefMissing: "an href in the manifest points to a file the site does not have"
        case .fragmentMissing: "an href's #fragment is not an id in its target"
        case .readingOrder: "the reading order is not the order of the pages (their data-page numbers)"
        case .pageNumbers: "page numbers are not contiguous: numberOfPages, pageList, pages within a chapter"
        case .pageSides: "a page's left/right side does not follow from the spine, direction and double-sided"
        case .pageContent: "a page document does not have exactly one data-page-content element"
        case .pageLink: "a link or image inside a page points to a missing file or id"
        case .duplicateID: "an id occurs twice in one document"
        case .encoding: "a page document is not valid UTF-8"
        case .sitemap: "\(SiteLayout.sitemap) is missing or does not list every page"
        case .orphanPage: "a page document that no manifest entry reaches"
        case .searchIndex: "the search index names a file the site does not have, or a page the book does not have"
        case .appManifest: "the web app manifest is not JSON, names a file the site does not have, or has no service worker beside it"
        case .redirect: "a redirect page (book.toml's `[output.html.redirect]`) leads to a file or id the site does not have"
        case .epubContainer: "an EPUB is not a ZIP archive beginning with `mimetype`, or its container, package or a document is not XML"
        case .epubSpine: "an EPUB's package lists a file it does not have, or its spine is not the site's pages in their order and on their sides"
        case .epubNavigation: "an EPUB has no navigation document, or its page list is not its spine"
        case .epubLink: "a link in an EPUB's documents reaches no file or id of the EPUB"
        case .epubcheck: "epubcheck, when it is installed, found an error or a warning in an EPUB"
        }
    }

    func report(_ message: String, at location: SourceLocation?, hint: String? = nil) -> Diagnostic {
        Diagnostic(severity, message, at: location, hint: hint, rule: rawValue)
    }
}
