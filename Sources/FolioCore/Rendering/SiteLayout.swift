/// Where things live in the site, relative to its root.
public enum SiteLayout {
    /// A chapter opens on its first page.
    public static func chapterURL(_ slug: String) -> String { pageURL(slug: slug, number: 1) }
    public static func pageURL(slug: String, number: Int) -> String { "\(slug)/\(number).html" }
    public static func assetURL(_ path: String) -> String { "assets/book/\(path)" }
    /// A book file as a page links to it.
    public static func assetLink(_ path: String) -> String { pageToRoot + assetURL(percentEncodedPath(path)) }
    /// From a page document back to the site root.
    public static let pageToRoot = "../"
    /// The Readium Web Publication Manifest.
    public static let manifest = "manifest.json"
    /// The theme's UI strings in the book's language, for the reader.
    public static let strings = "assets/strings.json"
    /// The page geometry as CSS custom properties, written by the build.
    public static let geometry = "assets/geometry.css"
    public static let stylesheet = "assets/folio.css"
    /// Documents every Folio site has, whatever its theme: how a build knows an earlier site.
    static let signature: Set = ["index.html", "toc.html", "404.html"]
}
