import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// A theme made ready to render a book: templates parsed once, UI strings in the book's language.
struct RenderingTheme: Sendable {
    var templates: TemplateSet
    var strings: UIStrings
    /// Site path → bytes.
    var assets: [String: Data]
    /// The faces the site's fonts are cut from (`WebFonts`), and the paginator measures.
    var fonts: [String: Data]
    var type: BookType
    /// The service worker's script (`offline`), its build's id still to be filled in.
    var serviceWorker: Data

    /// Every template error of the theme at once, each at its template's file:line:column.
    init(_ theme: Theme, language: String) throws {
        templates = try TemplateSet(files: theme.templateSources()) { theme.source(of: $0 + ".html") }
        strings = try UIStrings(theme: theme, language: language)
        assets = Dictionary(uniqueKeysWithValues: theme.assets.map { ($0, theme.files[$0]!) })
        fonts = WebFonts.sources(in: theme)
        type = WebFonts.type(fonts)
        serviceWorker = theme.files[SiteLayout.serviceWorker] ?? Data()
    }

    /// The template `name` over the book's shared names and the document's own.
    func render(_ name: String, shared: TemplateValue, _ document: [String: TemplateValue]) throws -> Data {
        try templates.data(name, over: [shared, .object(document)])
    }

    /// `template` (one of this theme's, perhaps specialised) over the shared names and the document's own.
    func render(_ template: MustacheTemplate, shared: TemplateValue, _ document: [String: TemplateValue]) throws -> Data {
        try template.data(over: [shared, .object(document)], partials: templates)
    }
}
