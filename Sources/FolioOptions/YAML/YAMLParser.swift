import FolioBase
import CYAML

/// Parses one YAML document into a `YAMLNode`, or `nil` when the text holds none (empty, or only
/// comments). `firstLine` is the file line of the text's first line, for YAML cut out of a larger
/// file such as a chapter's front matter.
///
/// Throws a `Diagnostic` for a syntax error, a second document, a key set twice in one mapping,
/// an alias to an unknown anchor, or nesting deeper than `TreeBuilder.maximumDepth` levels.
/// Aliases are resolved to a copy of their anchor's node.
package func parseYAML(_ text: String, file: String, firstLine: Int = 1) throws -> YAMLNode? {
    try parseYAML(SourceText(text, file: file, firstLine: firstLine))
}

/// The same, for a file's text already checked.
package func parseYAML(_ source: SourceText) throws -> YAMLNode? {
    let file = source.file
    // libyaml wants a non-null input pointer, which an empty array may not give.
    guard !source.bytes.isEmpty else { return nil }

    // Heap-allocated because libyaml keeps a pointer to the parser in the parser itself.
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    defer { parser.deallocate() }
    guard yaml_parser_initialize(parser) == 1 else {
        throw Diagnostic.error("could not parse YAML: out of memory", at: SourceLocation(file: file))
    }
    defer { yaml_parser_delete(parser) }

    var builder = TreeBuilder(source: source)
    return try source.bytes.withUnsafeBufferPointer { input in
        yaml_parser_set_input_string(parser, input.baseAddress, input.count)
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) == 1 else {
                throw syntaxError(parser.pointee, builder: &builder)
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { return builder.root }
            try builder.add(event)
        }
    }
}

/// Builds the node tree from libyaml's events, copying everything out of C memory.
private struct TreeBuilder {
    /// Far deeper than any book.yml or front matter, shallow enough that nothing that walks or
    /// frees the tree (recursively) can exhaust the stack; stopping there also spares libyaml's
    /// scanner, whose time grows with the square of the flow nesting.
    static let maximumDepth = 100

    /// A sequence or mapping whose end event has not come yet.
    struct Open {
        var location: SourceLocation
        var anchor: String?
        var isMapping: Bool
        /// Levels from this node down to its deepest item so far.
        var height = 1
        /// For a mapping: key, value, key, value…
        var items: [YAMLNode] = []
        /// Where each scalar key was first written, to refuse a second one.
        var keys: [String: SourceLocation] = [:]
    }

    var source: SourceText
    var file: String { source.file }
    var open: [Open] = []
    /// Each anchor's node and its height, which an alias brings along.
    var anchors: [String: (node: YAMLNode, height: Int)] = [:]
    var documents = 0
    var root: YAMLNode?

    func location(_ mark: yaml_mark_t) -> SourceLocation {
        // libyaml counts from 0, lines in the text and columns in characters.
        source.location(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    mutating func add(_ event: yaml_event_t) throws {
        let at = location(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw Diagnostic.error(
                    "only one YAML document is allowed, but a second one starts here", at: at,
                    hint: "remove this `---` line and everything after it, or merge the documents")
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            // A tag (`!!str 5`) asks for something other than the plain reading: take it as text.
            let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil
            try close(YAMLNode(.scalar(text, plain: plain), at: at), height: 1, anchor: string(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            try refuseDepth(1, at: at)
            open.append(Open(location: at, anchor: string(event.data.sequence_start.anchor), isMapping: false))
        case YAML_MAPPING_START_EVENT:
            try refuseDepth(1, at: at)
            open.append(Open(location: at, anchor: string(event.data.mapping_start.anchor), isMapping: true))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let done = open.removeLast()
            let value: YAMLNode.Value = done.isMapping
                ? .mapping(stride(from: 0, to: done.items.count, by: 2).map {
                    YAMLNode.Pair(key: done.items[$0], value: done.items[$0 + 1])
                })
                : .sequence(done.items)
            try close(YAMLNode(value, at: done.location), height: done.height, anchor: done.anchor)
        case YAML_ALIAS_EVENT:
            let name = string(event.data.alias.anchor) ?? ""
            guard let (anchored, height) = anchors[name] else {
                throw Diagnostic.error("`*\(name)` refers to no anchor: `&\(name)` must come before it", at: at)
            }
            // Problems with the value itself are reported where the alias stands.
            var node = anchored
            node.location = at
            try refuseDepth(height, at: at)
            try close(node, height: height, anchor: nil)
        default:
            break  // stream start, document end: nothing to keep
        }
    }

    /// Refuses a node `height` levels tall placed inside the collections open now, when that
    /// nests too deep.
    private func refuseDepth(_ height: Int, at location: SourceLocation) throws {
        guard open.count + height > Self.maximumDepth else { return }
        throw Diagnostic.error("the YAML nests deeper than \(Self.maximumDepth) levels here", at: location,
                               hint: "options and front matter need only a few levels (an alias counts as deep as its anchor)")
    }

    /// Puts a finished node, `height` levels tall, into the collection around it, or makes it the root.
    private mutating func close(_ node: YAMLNode, height: Int, anchor: String?) throws {
        if let anchor { anchors[anchor] = (node, height) }
        guard let last = open.indices.last else {
            root = node
            return
        }
        open[last].height = max(open[last].height, height + 1)
        let isKey = open[last].isMapping && open[last].items.count.isMultiple(of: 2)
        if isKey, case .scalar(let key, _) = node.value {
            if let first = open[last].keys[key] {
                throw Diagnostic.error("`\(key)` is set twice (first at line \(first.line))", at: node.location)
            }
            open[last].keys[key] = node.location
        }
        open[last].items.append(node)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

/// libyaml's error, at the place it names, in words an author can act on.
private func syntaxError(_ parser: yaml_parser_t, builder: inout TreeBuilder) -> Diagnostic {
    guard parser.error != YAML_MEMORY_ERROR, let problem = parser.problem.map({ String(cString: $0) }) else {
        return Diagnostic.error("could not parse YAML: out of memory", at: SourceLocation(file: builder.file))
    }
    var message = "could not parse YAML: " + problem.replacing(" in this context", with: " here")
    if parser.error == YAML_READER_ERROR {
        return Diagnostic.error(message, at: builder.source.location(ofByte: parser.problem_offset))
    }
    // The context says what libyaml was reading when it failed, and where that began.
    if let context = parser.context {
        message += ", \(String(cString: context)) that starts at line \(builder.location(parser.context_mark).line)"
    }
    return Diagnostic.error(message, at: builder.location(parser.problem_mark), hint: syntaxHints[problem])
}

/// The usual slips behind libyaml's most frequent problems.
private let syntaxHints = [
    "mapping values are not allowed in this context":
        "a value that contains `: ` must be quoted, as in `title: \"Part 1: Dawn\"`",
    "found a tab character that violates indentation": "indent with spaces: YAML does not allow tabs",
    "found character that cannot start any token": "a value that starts with `@` or a backtick must be quoted",
]
