/// Where things live in the site, relative to its root.
public enum SiteLayout {
    /// A chapter opens on its first page.
    package static func chapterURL(_ slug: String) -> String { pageURL(slug: slug, number: 1) }
    /// `<chapter-slug>/<n>.html`, n counted within the chapter so that URLs stay put when
    /// other chapters change.
    package static func pageURL(slug: String, number: Int) -> String { "\(slug)/\(number).html" }

    /// The page a site path names, if it is a page document's (`<slug>/<digits>.html`): the
    /// inverse of `pageURL`.
    package static func page(at path: String) -> (slug: String, number: Int)? {
        // Split by hand: `folio serve` asks this of every file of the site after each edit.
        guard path.hasSuffix(".html"), let slash = path.firstIndex(of: "/"), slash != path.startIndex else { return nil }
        let slug = String(path[..<slash])
        let name = path[path.index(after: slash)...]
        guard !name.contains("/") else { return nil }
        let digits = name.dropLast(".html".count)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits) else { return nil }
        return (slug, number)
    }

    /// The id a heading takes in the site: its chapter's slug and its id in the chapter
    /// (`writing.front-matter`), so that every id occurs once in the whole book.
    package static func headingID(slug: String, id: String) -> String { "\(slug).\(id)" }
    /// A heading on the page that holds it.
    package static func headingURL(slug: String, number: Int, id: String) -> String {
        pageURL(slug: slug, number: number) + "#" + headingID(slug: slug, id: id)
    }

    /// The front page; and, as web servers have it, the document of any folder's address.
    public static let index = "index.html"
    /// The contents page.
    package static let contents = "toc.html"
    /// The page a server sends for an address the site does not have.
    package static let notFound = "404.html"
    /// Every page's absolute URL, for search engines.
    package static let sitemap = "sitemap.xml"
    /// The theme's files and the book's: its images and whatever else its pages link to.
    static let assets = "assets"
    /// The search index's files.
    package static let search = "search"
    /// Every page in one document, to print (`folio build --print`, or `--pdf`).
    package static let print = "print.html"
    /// A page's id in the print document: its document's path, so that a link to a page becomes
    /// a link inside the print document.
    package static func printedPageID(_ pageURL: String) -> String { pageURL }
    /// The names at the site's root that Folio writes, files and folders. A chapter's slug is
    /// never the stem of one (`ChapterSlugs`), so that no chapter's folder stands beside a name
    /// of the site's own.
    package static let rootNames = [index, contents, notFound, manifest, sitemap, assets, search, print, serviceWorker, appManifest]
    /// Documents every Folio site has, whatever its theme: how a build knows an earlier site.
    package static let signature: Set = [index, contents, notFound]

    package static func assetURL(_ path: String) -> String { "\(assets)/book/\(path)" }
    /// A face of the theme's, cut down to the book's characters (`WebFonts`).
    package static func font(_ name: String) -> String { "\(assets)/fonts/\(name)" }
    /// The files under assets/, which the manifest lists as the publication's resources.
    package static func isResource(_ path: String) -> Bool { path.hasPrefix(assets + "/") }
    /// A book file as a page links to it.
    package static func assetLink(_ path: String) -> String { pageToRoot + assetURL(percentEncodedPath(path)) }
    /// From a page document back to the site root.
    package static let pageToRoot = "../"
    /// The Readium Web Publication Manifest.
    public static let manifest = "manifest.json"
    /// The service worker that keeps the book for reading offline: at the root, so that its scope
    /// is the whole book, wherever the site is published.
    package static let serviceWorker = "service-worker.js"
    /// The web app manifest, with which the book installs on a home screen.
    package static let appManifest = "manifest.webmanifest"
    /// The book's icon on a home screen, made from its cover or its title.
    package static let appIcon = "\(assets)/icon.svg"
    /// The theme's UI strings in the book's language, for the reader.
    package static let strings = "\(assets)/strings.json"
    /// The page geometry as CSS custom properties, written by the build.
    package static let geometry = "\(assets)/geometry.css"
    package static let stylesheet = "\(assets)/folio.css"
    /// A stylesheet the book adds to the theme's (book.toml's `additional-css`).
    package static func stylesheetURL(_ path: String) -> String { "\(assets)/css/\(path)" }
    /// The search index's table of contents, its shards of terms and its chunks of page texts
    /// (`Search/SearchShards.swift`); the table names the others relative to its folder.
    package static let searchIndex = "\(search)/index.json"
    package static func searchTerms(_ number: Int) -> String { "\(search)/terms/\(number).json" }
    package static func searchTexts(_ number: Int) -> String { "\(search)/text/\(number).json" }
    /// A search file's path relative to the search index's folder, as the table names it.
    package static func searchRelative(_ path: String) -> String { String(path.dropFirst(search.count + 1)) }
    /// The inverse of `searchRelative`.
    package static func searchPath(_ relative: String) -> String { "\(search)/\(relative)" }
}
