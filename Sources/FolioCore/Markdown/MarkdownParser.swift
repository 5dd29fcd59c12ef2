/// Parses CommonMark with libcmark into `Block` values, lowered from the positioned tree.
func parseMarkdown(_ text: String, smartPunctuation: Bool) -> [Block] {
    MarkdownNode.parse(text, smartPunctuation: smartPunctuation).blocks
}

extension MarkdownNode {
    /// The blocks among the node's children; custom blocks, which Folio's Markdown never makes, are left out.
    var blocks: [Block] {
        children.compactMap { node in
            switch node.kind {
            case .paragraph: .paragraph(node.inlines)
            case .heading(let level): .heading(level: level, content: node.inlines, id: "")
            case .blockQuote: .blockQuote(node.blocks)
            case .list(let ordered, let start, let tight):
                .list(MarkdownList(start: ordered ? start : nil, tight: tight, items: node.children.map(\.blocks)))
            case .codeBlock(let info): .codeBlock(info: info, code: node.literal)
            case .htmlBlock: .html(node.literal)
            case .thematicBreak: .thematicBreak
            default: nil
            }
        }
    }

    /// The inlines among the node's children.
    var inlines: [Inline] {
        children.compactMap { node in
            switch node.kind {
            case .text: .text(node.literal)
            case .softBreak: .softBreak
            case .lineBreak: .lineBreak
            case .code: .code(node.literal)
            case .htmlInline: .html(node.literal)
            case .emphasis: .emphasis(node.inlines)
            case .strong: .strong(node.inlines)
            case .link(let destination, let title):
                .link(Reference(destination: destination, title: title, position: node.position), node.inlines)
            case .image(let destination, let title):
                .image(Reference(destination: destination, title: title, position: node.position), alt: node.inlines)
            default: nil
            }
        }
    }
}
