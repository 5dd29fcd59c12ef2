import Foundation

/// A theme made ready to render a book: templates parsed once, UI strings in the book's language.
struct RenderingTheme: Sendable {
    var templates: TemplateSet
    var strings: UIStrings
    /// Site path → bytes.
    var assets: [String: Data]

    /// Every template error of the theme at once, each at its template's file:line:column.
    init(_ theme: Theme, language: String) throws {
        templates = try TemplateSet(files: theme.templateSources()) { theme.source(of: $0 + ".html") }
        strings = try UIStrings(theme: theme, language: language)
        assets = Dictionary(uniqueKeysWithValues: theme.assets.map { ($0, theme.files[$0]!) })
    }

    func render(_ name: String, _ context: [String: TemplateValue]) throws -> String {
        try templates.render(name, .object(context))
    }
}
