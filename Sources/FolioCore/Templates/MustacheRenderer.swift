import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch

/// Walks a parsed template over a stack of contexts, appending everything to one buffer.
struct MustacheRenderer {
    /// Deep enough for any book's contents tree, shallow enough to stop a partial that
    /// includes itself forever before it overflows the stack.
    static let partialDepthLimit = 100

    /// Room for a page document at once, which would otherwise be copied as it grows.
    private(set) var output = TextBuffer(capacity: 4096)
    private let partials: TemplateSet
    /// Innermost last: sections push the value they render over.
    private var contexts: [TemplateValue]
    /// Written before each line of the partials being rendered: their standalone tags' whitespace.
    private var indentation = ""
    private var atLineStart = true
    private var partialDepth = 0

    /// `contexts` outermost first, as if each were a section's value inside the one before.
    init(contexts: [TemplateValue], partials: TemplateSet) {
        self.contexts = contexts
        self.partials = partials
    }

    mutating func render(_ nodes: [MustacheNode]) throws {
        for node in nodes {
            switch node {
            case .text(let text):
                startLine()
                output += text
                atLineStart = text.utf8.last == UInt8(ascii: "\n")
            case .variable(let name, let escaped):
                startLine()
                let text = resolve(name)?.text ?? ""
                if escaped { appendEscapedHTML(text, to: &output) } else { output += text }
            case .section(let name, let inverted, let body):
                let value = resolve(name) ?? .null
                if inverted {
                    if !value.isTruthy { try render(body) }
                } else if case .list(let items) = value {
                    for item in items { try render(body, in: item) }
                } else if value.isTruthy {
                    try render(body, in: value)
                }
            case .partial(let name, let indentation, let location):
                try include(name, indentation: indentation, at: location)
            }
        }
    }

    private mutating func render(_ nodes: [MustacheNode], in context: TemplateValue) throws {
        contexts.append(context)
        defer { contexts.removeLast() }
        try render(nodes)
    }

    private mutating func include(_ name: MustacheNode.PartialName, indentation tagIndentation: String?, at location: SourceLocation) throws {
        let partialName = switch name {
        case .named(let name): name
        case .dynamic(let keys): resolve(keys)?.text ?? ""
        }
        // A dynamic name that resolves to nothing renders nothing, as the spec says.
        guard !partialName.isEmpty, let template = try partials.partial(partialName, at: location) else { return }
        guard partialDepth < Self.partialDepthLimit else {
            throw Diagnostic.error("partial `\(partialName)` is nested \(Self.partialDepthLimit) deep; does it include itself without end?", at: location)
        }
        let outerIndentation = indentation
        if let tagIndentation {
            indentation += tagIndentation
            atLineStart = true
        }
        partialDepth += 1
        defer {
            partialDepth -= 1
            indentation = outerIndentation
        }
        try render(template.nodes)
    }

    /// Indents a partial's line just before its first output, so values that hold newlines
    /// stay as they are and a partial's last newline leaves the next line alone.
    private mutating func startLine() {
        if atLineStart {
            output += indentation
            atLineStart = false
        }
    }

    /// The spec's name resolution: the first key in the innermost context that has it,
    /// each further key in the value found before; `.` (no keys) is the innermost context.
    private func resolve(_ keys: [String]) -> TemplateValue? {
        guard let first = keys.first else { return contexts.last }
        // A loop, not a lazy chain: a page document resolves a dozen names.
        var found: TemplateValue?
        for place in contexts.indices.reversed() {
            found = contexts[place][first]
            if found != nil { break }
        }
        guard var value = found else { return nil }
        for key in keys.dropFirst() {
            guard let member = value[key] else { return nil }
            value = member
        }
        return value
    }
}
