import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch

/// One piece of a parsed template.
enum MustacheNode: Sendable {
    /// Template text holding at most one newline, at its end, so the renderer knows where a
    /// partial's lines start (to indent them) without scanning text again. (A specialised
    /// template, which has no partials, joins its text.)
    case text(String)
    /// `{{name}}`, or `{{{name}}}` and `{{& name}}` when not `escaped`.
    /// A name is its keys split on dots; `.` is no keys at all: the current context.
    case variable([String], escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when `inverted`.
    case section([String], inverted: Bool, body: [MustacheNode])
    /// `{{> name}}`. `indentation` is the whitespace before a standalone tag, written before each
    /// of the partial's lines; nil when the tag shares its line with other content.
    case partial(PartialName, indentation: String?, at: SourceLocation)

    enum PartialName: Sendable {
        /// `{{> nav}}`
        case named(String)
        /// `{{> *name}}`: the partial named by the value of `name`.
        case dynamic([String])
    }
}

/// Reads Mustache text into nodes, once, so rendering never scans text again.
///
///     {{name}}  {{{name}}}  {{& name}}     a value, HTML-escaped unless triple or `&`
///     {{# name}} … {{/ name}}              a section: once per list item, or once if truthy
///     {{^ name}} … {{/ name}}              an inverted section: once if falsey
///     {{! comment }}                       nothing
///     {{> name}}  {{> *name}}              another template, named directly or by `name`'s value
///     {{=<% %>=}}                          new delimiters, to the end of this template
///
/// A name is `.`, the current context, or keys joined by dots (`chapter.title`). A section,
/// comment, partial or set-delimiter tag alone on its line is *standalone*: the line's
/// whitespace and newline go with it, so block tags on lines of their own leave no blank lines.
struct MustacheParser {
    /// How deep sections may nest: far more than any template needs, and a bound on the renderer's recursion.
    static let maximumSectionDepth = 100

    private let text: [Character]
    /// Where each character of `text` starts in the template, to say where a tag is.
    private let indices: [String.Index]
    private let template: String
    private var source: SourceText
    private var position = 0
    private var opener: [Character] = ["{", "{"]
    private var closer: [Character] = ["}", "}"]

    /// The nodes of the innermost open section (or of the whole template).
    private var nodes: [MustacheNode] = []
    /// Text since the last newline or tag, not yet a node.
    private var line = ""
    private var sections: [OpenSection] = []

    private struct OpenSection {
        var name: String
        var keys: [String]
        var inverted: Bool
        var location: SourceLocation
        /// The nodes around the section, resumed when it closes.
        var outer: [MustacheNode]
    }

    init(_ text: String, file: String) {
        self.text = Array(text)
        indices = Array(text.indices)
        template = text
        source = SourceText(text, file: file)
    }

    mutating func parse() throws -> [MustacheNode] {
        while let tagStart = find(opener, from: position) {
            appendText(upTo: tagStart)
            try readTag(at: tagStart)
        }
        appendText(upTo: text.count)
        endLine()
        if let open = sections.last {
            throw Diagnostic.error("section `\(open.name)` opened at line \(open.location.line) is never closed", at: open.location)
        }
        return nodes
    }

    private mutating func readTag(at start: Int) throws {
        let next = text.indices.contains(start + opener.count) ? text[start + opener.count] : nil
        let sigil = next.flatMap { "#^/!>={&".contains($0) ? $0 : nil }
        // `{{{name}}}` and `{{=<% %>=}}` end with their sigil's twin before the closer.
        let twin: Character? = sigil == "{" ? "}" : sigil == "=" ? "=" : nil
        let tagCloser = (twin.map { [$0] } ?? []) + closer
        let contentStart = start + opener.count + (sigil == nil ? 0 : 1)
        guard let contentEnd = find(tagCloser, from: contentStart) else {
            throw error("`\(String(text[start..<contentStart]))` is never closed with `\(String(tagCloser))`", at: start)
        }
        position = contentEnd + tagCloser.count
        let content = trimmed(text[contentStart..<contentEnd])

        switch sigil {
        case "!":
            _ = standalone(start)
        case "=":
            let delimiters = content.split(whereSeparator: \.isWhitespace)
            guard delimiters.count == 2 else {
                throw error("`\(tag(at: start))` should set two delimiters separated by a space, like `{{=<% %>=}}`", at: start)
            }
            _ = standalone(start)
            opener = Array(delimiters[0])
            closer = Array(delimiters[1])
        case "#", "^":
            let name = try self.name(content, at: start)
            _ = standalone(start)
            endLine()
            let location = location(of: start)
            guard sections.count < Self.maximumSectionDepth else {
                throw Diagnostic.error("section `\(name)` is nested more than \(Self.maximumSectionDepth) sections deep", at: location,
                                       hint: "rendering recurses once per section; nest them less deeply")
            }
            sections.append(OpenSection(name: name, keys: keys(name), inverted: sigil == "^", location: location, outer: nodes))
            nodes = []
        case "/":
            let name = try self.name(content, at: start)
            let closing = "`\(String(opener))/\(name)\(String(closer))`"
            guard let open = sections.popLast() else {
                throw error("\(closing) closes no open section", at: start)
            }
            guard open.name == name else {
                throw error("\(closing) closes `\(open.name)`, opened at line \(open.location.line)", at: start)
            }
            _ = standalone(start)
            endLine()
            nodes = open.outer + [.section(open.keys, inverted: open.inverted, body: nodes)]
        case ">":
            let name = try self.name(content, at: start)
            let partial: MustacheNode.PartialName = name.hasPrefix("*")
                ? .dynamic(keys(try self.name(String(name.dropFirst().drop(while: \.isWhitespace)), at: start)))
                : .named(name)
            let indentation = standalone(start)
            endLine()
            let location = location(of: start)
            nodes.append(.partial(partial, indentation: indentation, at: location))
        default:
            let name = try self.name(content, at: start)
            endLine()
            nodes.append(.variable(keys(name), escaped: sigil == nil))
        }
    }

    /// A tag's name, checked: an opener inside it means an earlier tag was never closed.
    private mutating func name(_ content: String, at start: Int) throws -> String {
        if content.isEmpty {
            throw error("`\(tag(at: start))` has no name", at: start)
        }
        if content.contains(String(opener)) {
            throw error("`\(String(opener))` is never closed with `\(String(closer))`", at: start)
        }
        return content
    }

    /// The tag starting at `start`, as written, for messages.
    private func tag(at start: Int) -> String {
        String(text[start..<position])
    }

    private func keys(_ name: String) -> [String] {
        name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// When the tag starting at `start` (and ending at `position`) is alone on its line, drops
    /// the line's whitespace and newline and returns the whitespace before the tag; otherwise nil.
    private mutating func standalone(_ start: Int) -> String? {
        var lineStart = start
        while lineStart > 0, Self.isBlank(text[lineStart - 1]) { lineStart -= 1 }
        guard lineStart == 0 || Self.isNewline(text[lineStart - 1]) else { return nil }
        var lineEnd = position
        while lineEnd < text.count, Self.isBlank(text[lineEnd]) { lineEnd += 1 }
        guard lineEnd == text.count || Self.isNewline(text[lineEnd]) else { return nil }
        // The whitespace before the tag is all of `line`: anything else would have ended it.
        line = ""
        position = min(lineEnd + 1, text.count)
        return String(text[lineStart..<start])
    }

    /// Adds text to the current line, ending a text node at each newline.
    private mutating func appendText(upTo end: Int) {
        while position < end {
            let newline = text[position..<end].firstIndex(where: Self.isNewline)
            let lineEnd = newline.map { $0 + 1 } ?? end
            line += written(position..<lineEnd)
            if newline != nil { endLine() }
            position = lineEnd
        }
    }

    private mutating func endLine() {
        if !line.isEmpty { nodes.append(.text(line)) }
        line = ""
    }

    private func find(_ delimiter: [Character], from start: Int) -> Int? {
        guard let first = delimiter.first, delimiter.count <= text.count else { return nil }
        var index = start
        while index <= text.count - delimiter.count {
            if text[index] == first && delimiter.indices.allSatisfy({ text[index + $0] == delimiter[$0] }) { return index }
            index += 1
        }
        return nil
    }

    private func trimmed(_ characters: ArraySlice<Character>) -> String {
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
              let last = characters.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(written(first..<(last + 1)))
    }

    private mutating func error(_ message: String, at index: Int) -> Diagnostic {
        .error(message, at: location(of: index))
    }

    private mutating func location(of index: Int) -> SourceLocation {
        source.location(of: templateIndex(index), in: template)
    }

    /// Where the character at `index` of `text` starts in the template (its end past the last).
    private func templateIndex(_ index: Int) -> String.Index {
        index < indices.count ? indices[index] : template.endIndex
    }

    /// The characters of `text` in `range` as the template has them, without copying them one by one.
    private func written(_ range: Range<Int>) -> Substring {
        template[templateIndex(range.lowerBound)..<templateIndex(range.upperBound)]
    }

    /// Swift reads `\r\n` as one character, so this covers both line endings.
    private static func isNewline(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n"
    }

    private static func isBlank(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }
}
