import Foundation

/// The files of a theme by their path inside `Templates/`: Mustache documents and partials
/// (`*.html`), UI strings (`strings/<language>.yml`) and assets copied to the site (`assets/…`).
public struct Theme: Sendable {
    public var files: [String: Data]
    /// The paths a book replaced, so messages point at the book's own file.
    public var overrides: Set<String> = []

    public init(files: [String: Data]) {
        self.files = files
    }

    /// The default theme, carried inside the binary.
    public static let builtIn = Theme(files: defaultThemeFiles.mapValues { Data(base64Encoded: $0) ?? Data() })

    /// A book's `templates/` folder replaces the default files one by one.
    public func overridden(by overrides: [String: Data]) -> Theme {
        var theme = Theme(files: files.merging(overrides) { $1 })
        theme.overrides = self.overrides.union(overrides.keys)
        return theme
    }

    /// Where a theme file comes from, as messages name it.
    public func source(of path: String) -> String {
        overrides.contains(path) ? themeFolder + path : "Templates/" + path
    }

    /// Files copied to the site as they are, under the same path.
    public var assets: [String] {
        files.keys.filter { $0.hasPrefix("assets/") }.sorted()
    }

    /// Mustache sources by template name (path without `.html`), for documents and partials alike.
    public func templateSources() throws -> [String: String] {
        var sources: [String: String] = [:]
        for (path, data) in files where path.hasSuffix(".html") && !path.hasPrefix("assets/") {
            sources[String(path.dropLast(".html".count))] = try chapterText(data, file: source(of: path), allowEmpty: true)
        }
        return sources
    }
}
