import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// A Mustache template, parsed once and then rendered as often as needed: once per page of a book.
struct MustacheTemplate: Sendable {
    let nodes: [MustacheNode]

    /// Parses `text`; a mistake in it throws a `Diagnostic` at `file:line:column`.
    init(_ text: String, file: String) throws {
        var parser = MustacheParser(text, file: file)
        nodes = try parser.parse()
    }

    init(nodes: [MustacheNode]) {
        self.nodes = nodes
    }

    /// Every `{{> name}}` the template includes by name, with where it does.
    var partialNames: [(String, SourceLocation)] {
        func walk(_ nodes: [MustacheNode]) -> [(String, SourceLocation)] {
            nodes.flatMap { node -> [(String, SourceLocation)] in
                switch node {
                case .partial(.named(let name), _, let location): [(name, location)]
                case .section(_, _, let body): walk(body)
                case .text, .variable, .partial(.dynamic, _, _): []
                }
            }
        }
        return walk(nodes)
    }

    /// Renders the template over `context`, taking `{{> name}}` from `partials`.
    func render(_ context: TemplateValue, partials: TemplateSet) throws -> String {
        try render(over: [context], partials: partials)
    }

    /// Renders the template over a stack of contexts, outermost first: a name is looked up in the
    /// last first, so a document's own values go over ones shared by every document of a book.
    func render(over contexts: [TemplateValue], partials: TemplateSet) throws -> String {
        try rendered(over: contexts, partials: partials).text
    }

    /// `render(over:partials:)` as a file's bytes, never made a string.
    func data(over contexts: [TemplateValue], partials: TemplateSet) throws -> Data {
        try rendered(over: contexts, partials: partials).data
    }

    private func rendered(over contexts: [TemplateValue], partials: TemplateSet) throws -> TextBuffer {
        var renderer = MustacheRenderer(contexts: contexts, partials: partials)
        try renderer.render(nodes)
        return renderer.output
    }
}

/// A theme's templates by name, each parsed once, up front; they are also the partials
/// that `{{> name}}` includes.
struct TemplateSet: Sendable {
    /// What `{{> name}}` does when no template has that name.
    enum UnknownPartial: Sendable {
        /// Stops with an error at the tag: a misspelt partial should not quietly drop part of every page.
        case error
        /// Renders nothing, as the Mustache spec says.
        case renderNothing
    }

    private let templates: [String: MustacheTemplate]
    private let unknownPartials: UnknownPartial

    /// Parses `files`, text by template name; `path` names a template's file in diagnostics.
    /// Throws every file's parse error at once, as a `DiagnosticsError`.
    init(files: [String: String], path: (String) -> String = { $0 }, unknownPartials: UnknownPartial = .error) throws {
        var log = DiagnosticLog()
        var templates: [String: MustacheTemplate] = [:]
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            templates[name] = log.collect { try MustacheTemplate(text, file: path(name)) }
        }
        if unknownPartials == .error {
            // A misspelt partial is reported at build time even in a template no page uses yet.
            for (_, template) in templates.sorted(by: { $0.key < $1.key }) {
                for (name, location) in template.partialNames where templates[name] == nil {
                    log.report(.error("unknown partial `\(name)`", at: location))
                }
            }
        }
        if log.hasErrors { throw DiagnosticsError(log.diagnostics) }
        self.templates = templates
        self.unknownPartials = unknownPartials
    }

    /// The template called `name` rendered over a stack of contexts, outermost first, as a file's bytes.
    func data(_ name: String, over contexts: [TemplateValue]) throws -> Data {
        guard let template = templates[name] else { throw Diagnostic.error("unknown template `\(name)`") }
        return try template.data(over: contexts, partials: self)
    }

    /// The template called `name`, specialised for documents over `shared` when it can be
    /// (`MustacheTemplate.specialised`), else as it is.
    func template(_ name: String, specialisedOver shared: TemplateValue, ownNames: Set<String>) throws -> MustacheTemplate {
        guard let template = templates[name] else { throw Diagnostic.error("unknown template `\(name)`") }
        return template.specialised(over: shared, ownNames: ownNames, partials: self) ?? template
    }

    /// The template that `{{> name}}` at `location` includes; nil when it should render nothing.
    func partial(_ name: String, at location: SourceLocation) throws -> MustacheTemplate? {
        if let template = templates[name] { return template }
        if unknownPartials == .error { throw Diagnostic.error("unknown partial `\(name)`", at: location) }
        return nil
    }
}
