import CCmark

/// Parses CommonMark with libcmark and copies the tree into `Block` values.
/// The C document lives only inside this function.
public func parseMarkdown(_ text: String, smartPunctuation: Bool) -> [Block] {
    let options = CMARK_OPT_VALIDATE_UTF8 | (smartPunctuation ? CMARK_OPT_SMART : 0)
    // Positions are the body's own lines, numbered from 1: the chapter adds its first line.
    let copier = TreeCopier(source: SourceText(text, file: ""))
    guard let document = copier.source.bytes.withUnsafeBufferPointer({ buffer in
        buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, options) }
    }) else { return [] }
    defer { cmark_node_free(document) }
    return copier.blocks(under: document)
}

/// Walks cmark's tree once. A class, because turning cmark's byte columns into character columns
/// resumes from the last place asked for.
private final class TreeCopier {
    var source: SourceText

    init(source: SourceText) {
        self.source = source
    }

    func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    func blocks(under node: OpaquePointer) -> [Block] {
        children(of: node).compactMap(block)
    }

    func block(_ node: OpaquePointer) -> Block? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            return .paragraph(inlines(under: node))
        case CMARK_NODE_HEADING:
            return .heading(level: Int(cmark_node_get_heading_level(node)), content: inlines(under: node), id: "")
        case CMARK_NODE_BLOCK_QUOTE:
            return .blockQuote(blocks(under: node))
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            return .list(MarkdownList(
                start: ordered ? Int(cmark_node_get_list_start(node)) : nil,
                tight: cmark_node_get_list_tight(node) != 0,
                items: children(of: node).map(blocks(under:))
            ))
        case CMARK_NODE_CODE_BLOCK:
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            return .codeBlock(info: info, code: literal(node))
        case CMARK_NODE_HTML_BLOCK:
            return .html(literal(node))
        case CMARK_NODE_THEMATIC_BREAK:
            return .thematicBreak
        default:
            return nil
        }
    }

    func inlines(under node: OpaquePointer) -> [Inline] {
        children(of: node).compactMap(inline)
    }

    func inline(_ node: OpaquePointer) -> Inline? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: return .text(literal(node))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code(literal(node))
        case CMARK_NODE_HTML_INLINE: return .html(literal(node))
        case CMARK_NODE_EMPH: return .emphasis(inlines(under: node))
        case CMARK_NODE_STRONG: return .strong(inlines(under: node))
        case CMARK_NODE_LINK: return .link(reference(node), inlines(under: node))
        case CMARK_NODE_IMAGE: return .image(reference(node), alt: inlines(under: node))
        default: return nil
        }
    }

    func reference(_ node: OpaquePointer) -> Reference {
        Reference(
            destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "",
            title: cmark_node_get_title(node).map { String(cString: $0) } ?? "",
            position: position(line: Int(cmark_node_get_start_line(node)), byteColumn: Int(cmark_node_get_start_column(node)))
        )
    }

    func position(line: Int, byteColumn: Int) -> MarkdownPosition {
        let location = source.location(line: line, byteColumn: byteColumn)
        return MarkdownPosition(line: location.line, column: location.column)
    }
}
