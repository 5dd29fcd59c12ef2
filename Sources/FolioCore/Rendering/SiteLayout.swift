/// Where things live in the site, relative to its root.
public enum SiteLayout {
    public static func chapterURL(_ slug: String) -> String { "\(slug)/index.html" }
    public static func assetURL(_ path: String) -> String { "assets/book/\(path)" }
    /// From a chapter document back to the site root.
    public static let chapterToRoot = "../"
    public static let stylesheet = "assets/folio.css"
    /// Documents every Folio site has, whatever its theme: how a build knows an earlier site.
    static let signature: Set = ["index.html", "toc.html", "404.html"]
}
