import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// The files of a theme by their path inside `Templates/`: Mustache documents and partials
/// (`*.html`), UI strings (`strings/<language>.yml`), assets copied to the site (`assets/…`) and
/// the service worker's script (`service-worker.js`).
struct Theme: Sendable {
    var files: [String: Data]
    /// The default files a book replaced: UI strings a book leaves out still come from them.
    var replaced: [String: Data] = [:]
    /// The paths a book replaced or added, so messages point at the book's own file.
    var overrides: Set<String> = []

    init(files: [String: Data]) {
        self.files = files
    }

    /// The default theme, carried inside the binary.
    static let builtIn = Theme(files: defaultThemeFiles.mapValues { Data(base64Encoded: $0) ?? Data() })

    /// A book's `templates/` folder replaces the default files one by one.
    func overridden(by overrides: [String: Data]) -> Theme {
        var theme = Theme(files: files.merging(overrides) { $1 })
        theme.overrides = self.overrides.union(overrides.keys)
        theme.replaced = replaced.merging(files.filter { overrides[$0.key] != nil }) { old, _ in old }
        return theme
    }

    /// A file as the default theme has it, then as the book has it: the layers of UI strings.
    func versions(of path: String) -> [(data: Data, source: String)] {
        [replaced[path].map { ($0, "Templates/" + path) }, files[path].map { ($0, source(of: path)) }].compactMap { $0 }
    }

    /// A book's documents that replace none of the theme's: a misspelt `pgae.html` is never used.
    /// (New partials, strings and assets are fine: templates include them by name.)
    static func unusedOverrides(_ paths: some Sequence<String>) -> [Diagnostic] {
        paths.filter { !$0.contains("/") && fileExtension($0) == "html" && builtIn.files[$0] == nil }.sorted().map {
            .warning("`\($0)` replaces no document of the theme, so it is not used", at: SourceLocation(file: themeFolder + $0),
                     hint: "the documents are " + builtIn.files.keys.filter { !$0.contains("/") && fileExtension($0) == "html" }.sorted().joined(separator: ", "))
        }
    }

    /// Where a theme file comes from, as messages name it.
    func source(of path: String) -> String {
        overrides.contains(path) ? themeFolder + path : "Templates/" + path
    }

    /// Files copied to the site as they are, under the same path.
    var assets: [String] {
        files.keys.filter(SiteLayout.isResource).sorted()
    }

    /// Mustache sources by template name (path without `.html`), for documents and partials alike.
    func templateSources() throws -> [String: String] {
        var sources: [String: String] = [:]
        for (path, data) in files where fileExtension(path) == "html" && !SiteLayout.isResource(path) {
            sources[String(path.dropLast(".html".count))] = try SourceText.bookFile(data, file: source(of: path), allowEmpty: true).text
        }
        return sources
    }
}
