import CCmark

/// libcmark's tree as Swift values: every node with its kind, its text and where it starts. It is
/// the one walk over the C tree, which is freed before `parse` returns; chapters lower it to
/// `Block`s, and SUMMARY.md reads its grammar from it.
package struct MarkdownNode: Sendable {
    package enum Kind: Sendable, Equatable {
        case document, blockQuote, item, paragraph, thematicBreak, htmlBlock, customBlock
        case list(ordered: Bool, start: Int, tight: Bool)
        /// `info` is the fence's info string; indented code has none.
        case codeBlock(info: String)
        case heading(level: Int)
        case text, softBreak, lineBreak, code, htmlInline, customInline, emphasis, strong
        case link(destination: String, title: String)
        case image(destination: String, title: String)
        /// Not cmark's: a formula `findingMath` found in the text, its TeX the node's literal.
        case math(display: Bool)
    }

    package var kind: Kind
    /// The text of a text, code or HTML node, or a code block's code.
    package var literal: String
    /// Where the node starts in the parsed text, in characters.
    package var position: MarkdownPosition
    /// The line the node ends on, in the parsed text.
    package var endLine: Int
    package var children: [MarkdownNode]

    package init(kind: Kind, literal: String, position: MarkdownPosition, endLine: Int, children: [MarkdownNode]) {
        self.kind = kind
        self.literal = literal
        self.position = position
        self.endLine = endLine
        self.children = children
    }

    /// How deep the tree may nest: a node this many levels below the document keeps its text but
    /// not its structure (see `parse`). Far deeper than any real book (browsers and cmark's own
    /// renderers bound nesting too), and shallow enough that every walk over the tree, which
    /// recurses once per level, stays within a thread's stack.
    package static let maximumDepth = 100

    /// The document `text` makes.
    package static func parse(_ text: String, smartPunctuation: Bool = false) -> MarkdownNode {
        var cuts: [MarkdownPosition] = []
        return parse(text, smartPunctuation: smartPunctuation, cuts: &cuts)
    }

    /// The document `text` makes, nested at most `maximumDepth` levels: a node at that depth that
    /// has children is flattened to its text (a block to a paragraph, a list item to an item
    /// holding one) and its position added to `cuts`.
    package static func parse(_ text: String, smartPunctuation: Bool, cuts: inout [MarkdownPosition]) -> MarkdownNode {
        let options = CMARK_OPT_VALIDATE_UTF8 | (smartPunctuation ? CMARK_OPT_SMART : 0)
        // Positions are the text's own lines, numbered from 1: a chapter adds its first line.
        var copier = TreeCopier(source: SourceText(text, file: ""))
        guard let document = copier.source.bytes.withUnsafeBufferPointer({ buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, options) }
        }) else { return MarkdownNode(kind: .document, literal: "", position: MarkdownPosition(line: 1, column: 1), endLine: 1, children: []) }
        defer { cmark_node_free(document) }
        let copy = copier.copy(document, paragraph: nil, depth: 0)
        cuts += copier.cuts
        return copy
    }

    /// cmark's name for the kind, for messages: `code_block`, `thematic_break`…
    package var typeName: String {
        switch kind {
        case .document: "document"
        case .blockQuote: "block_quote"
        case .list: "list"
        case .item: "item"
        case .codeBlock: "code_block"
        case .htmlBlock: "html_block"
        case .customBlock: "custom_block"
        case .paragraph: "paragraph"
        case .heading: "heading"
        case .thematicBreak: "thematic_break"
        case .text: "text"
        case .softBreak: "softbreak"
        case .lineBreak: "linebreak"
        case .code: "code"
        case .htmlInline: "html_inline"
        case .customInline: "custom_inline"
        case .emphasis: "emph"
        case .strong: "strong"
        case .link: "link"
        case .image: "image"
        case .math: "math"
        }
    }
}

private struct TreeCopier {
    var source: SourceText
    /// Where nodes nested too deep were flattened.
    var cuts: [MarkdownPosition] = []

    /// `paragraph` is cmark's start (line, byte column) of the paragraph `node` is in, if any;
    /// `depth` how many levels `node` is below the document. The recursion stops at `MarkdownNode.maximumDepth`.
    mutating func copy(_ node: OpaquePointer, paragraph: (line: Int, column: Int)?, depth: Int) -> MarkdownNode {
        let type = cmark_node_get_type(node)
        let start = (line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)))
        var (line, byteColumn) = start
        var kind = Self.kind(of: node, type)
        let cut = depth >= MarkdownNode.maximumDepth && cmark_node_first_child(node) != nil
        // A node's place is found before its children's, so that places are asked for in the
        // order of the text, which `SourceText` answers without recounting the line.
        if case .link = kind, !cut, let first = cmark_node_first_child(node), cmark_node_get_start_line(first) > 0 {
            // cmark 0.30 gives a link the line of its `]`; its text starts on the line of its `[`.
            line = min(line, Int(cmark_node_get_start_line(first)))
        }
        if let paragraph, line > paragraph.line {
            // cmark places inlines on a paragraph's later lines as if those lines were indented
            // like its first; a lazy or deeper continuation line is not.
            byteColumn += source.indentation(ofLine: line) - (paragraph.column - 1)
        }
        let location = source.location(line: line, byteColumn: byteColumn)
        let position = MarkdownPosition(line: location.line, column: location.column)
        var children: [MarkdownNode] = []
        var child = cut ? nil : cmark_node_first_child(node)
        while let current = child {
            children.append(copy(current, paragraph: type == CMARK_NODE_PARAGRAPH ? start : paragraph, depth: depth + 1))
            child = cmark_node_next(current)
        }
        let endLine = Int(cmark_node_get_end_line(node))
        if cut {
            cuts.append(position)
            let text = MarkdownNode(kind: .text, literal: Self.text(of: node), position: position, endLine: endLine, children: [])
            if type.rawValue >= CMARK_NODE_FIRST_INLINE.rawValue { return text }
            let paragraph = MarkdownNode(kind: .paragraph, literal: "", position: position, endLine: endLine, children: [text])
            if type == CMARK_NODE_ITEM {
                children = [paragraph]
            } else {
                (kind, children) = (.paragraph, [text])
            }
        }
        return MarkdownNode(kind: kind, literal: cmark_node_get_literal(node).map { String(cString: $0) } ?? "",
                            position: position, endLine: endLine, children: children)
    }

    /// The text of `node` and everything in it, read with cmark's own iterator (which does not
    /// recurse): literals as they are, a line break or the end of a block as a new line.
    private static func text(of node: OpaquePointer) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return text }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let current = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(current)
            if event == CMARK_EVENT_ENTER, let literal = cmark_node_get_literal(current) {
                text += String(cString: literal)
            } else if event == CMARK_EVENT_ENTER, type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                text += "\n"
            } else if event == CMARK_EVENT_EXIT, type.rawValue <= CMARK_NODE_LAST_BLOCK.rawValue, !text.isEmpty, text.last != "\n" {
                text += "\n"
            }
        }
        while text.last == "\n" { text.removeLast() }
        return text
    }

    private static func kind(of node: OpaquePointer, _ type: cmark_node_type) -> MarkdownNode.Kind {
        func string(_ value: UnsafePointer<CChar>?) -> String { value.map { String(cString: $0) } ?? "" }
        switch type {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                         start: Int(cmark_node_get_list_start(node)), tight: cmark_node_get_list_tight(node) != 0)
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK: return .codeBlock(info: string(cmark_node_get_fence_info(node)))
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE: return .image(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_CUSTOM_INLINE: return .customInline
        default: return .customBlock
        }
    }
}

/// A place in a chapter's Markdown body: 1-based line, and column in characters.
package struct MarkdownPosition: Sendable, Equatable, Hashable, Codable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
