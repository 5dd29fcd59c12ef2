import CCmark
import Foundation

/// Parses a `SUMMARY.md` into the book's contents: link text is a chapter's title there.
/// `firstLine` is the line of the file that `markdown` starts on.
///
/// # Grammar
///
/// The grammar is mdBook's, over the blocks and inlines that CommonMark (libcmark) makes of the file:
///
/// ```text
/// summary    ::= title? affix* numbered* affix*
/// title      ::= "# " TEXT                     the first block; ignored
/// affix      ::= links | separator             prefix chapters before any list or part, suffix after
/// links      ::= link (WHITESPACE link)*       a paragraph of unnumbered chapters
/// numbered   ::= part | separator | list
/// part       ::= "# " TEXT
/// list       ::= item+                          "-", "*", "+" or "1." items
/// item       ::= MARKER link list*              a numbered chapter and its sub-chapters
/// link       ::= "[" INLINE+ "]" "(" PATH? ")"  no PATH: a draft
/// separator  ::= "---"                          any thematic break
/// ```
///
/// HTML blocks and inline HTML (comments) are skipped, and so are headings of level 2 or more,
/// as mdBook does (the Rust book labels groups of chapters with them). Anything else is an error,
/// and so are URLs with a scheme. Paths are percent-decoded and normalised (`./a.md` is `a.md`).
public func parseSummary(_ markdown: String, file: String = "SUMMARY.md", firstLine: Int = 1) throws -> [ContentsEntry] {
    var parser = SummaryParser(file: file, firstLine: firstLine)
    return try parser.items(MarkdownNode.blocks(of: markdown))
}

private enum Section: Equatable {
    case prefix, numbered
    case suffix(startingAt: SourceLocation)
}

private let chapterHint = "a chapter is written `[Title](file.md)`, a draft `[Title]()`"

private struct SummaryParser {
    let file: String
    let firstLine: Int
    var section = Section.prefix

    mutating func items(_ blocks: [MarkdownNode]) throws -> [ContentsEntry] {
        // HTML blocks are comments in practice: skipping them lets writers comment entries out.
        var blocks = blocks.filter { $0.kind != .htmlBlock }[...]
        if let title = blocks.first, title.kind == .heading(level: 1), !title.containsLink {
            blocks.removeFirst()
        }
        var items: [ContentsEntry] = []
        for block in blocks {
            switch block.kind {
            case .heading(level: 1) where !block.containsLink:
                try beginNumbered(block, "a part title")
                items.append(.part(block.plainText.trimmed))
            case .heading where !block.containsLink:
                continue
            case .thematicBreak:
                items.append(.separator)
            case .list:
                try beginNumbered(block, "numbered chapters")
                items += try block.children.map { try numberedChapter($0) }
            case .paragraph:
                if section == .numbered { section = .suffix(startingAt: location(of: block)) }
                items += try links(in: block).map { try chapter($0, numbered: false) }
            default:
                throw unexpected(block, expected: "a chapter link, a `# Part` title or `---`")
            }
        }
        return items
    }

    mutating func beginNumbered(_ block: MarkdownNode, _ what: String) throws {
        if case .suffix(let start) = section {
            throw Diagnostic.error(
                "\(what) cannot come after suffix chapters (the first is at \(start))", at: location(of: block),
                hint: "suffix chapters are plain links after the last list; prefix chapters go before the first")
        }
        section = .numbered
    }

    mutating func numberedChapter(_ item: MarkdownNode) throws -> ContentsEntry {
        let blocks = item.children.filter { $0.kind != .htmlBlock }
        guard let first = blocks.first else {
            throw Diagnostic.error("expected a link to a chapter after the list marker", at: location(of: item), hint: chapterHint)
        }
        guard first.kind == .paragraph else { throw unexpected(first, expected: "a link to a chapter") }
        let found = try links(in: first)
        if found.count > 1 {
            throw Diagnostic.error(
                "expected one link per list item", at: location(of: found[1]),
                hint: "to start the suffix chapters, leave a blank line after the list")
        }
        let entry = try chapter(found[0], numbered: true)
        var children: [ContentsEntry] = []
        for block in blocks.dropFirst() {
            switch block.kind {
            case .list:
                children += try block.children.map { try numberedChapter($0) }
            case .paragraph:
                _ = try links(in: block)
                throw Diagnostic.error(
                    "a prefix or suffix chapter cannot be nested in a list", at: location(of: block),
                    hint: "write `- [Title](file.md)` for a numbered sub-chapter")
            default:
                throw unexpected(block, expected: "a nested list of chapters")
            }
        }
        // A draft has no page for its sub-chapters to follow.
        guard case .chapter(var chapter) = entry else { return entry }
        chapter.children = children
        return .chapter(chapter)
    }

    /// The links of a paragraph that must hold nothing else.
    func links(in paragraph: MarkdownNode) throws -> [MarkdownNode] {
        var links: [MarkdownNode] = []
        for inline in paragraph.children {
            switch inline.kind {
            case .link:
                links.append(inline)
            case .softBreak, .lineBreak, .htmlInline:
                continue
            case .text where inline.literal.allSatisfy(\.isWhitespace):
                continue
            default:
                var text = inline  // point at the text, not at the space before it
                text.column += text.literal.prefix(while: \.isWhitespace).count
                throw Diagnostic.error(
                    "expected a link to a chapter, found text `\(inline.plainText.trimmed)`",
                    at: location(of: text), hint: chapterHint)
            }
        }
        guard !links.isEmpty else {
            throw Diagnostic.error("expected a link to a chapter", at: location(of: paragraph), hint: chapterHint)
        }
        return links
    }

    func chapter(_ link: MarkdownNode, numbered: Bool) throws -> ContentsEntry {
        let location = location(of: link)
        let title = link.plainText.trimmed
        guard !title.isEmpty else {
            throw Diagnostic.error("expected a chapter title between the link's brackets", at: location, hint: chapterHint)
        }
        let url = link.literal
        if isExternal(url) {
            throw Diagnostic.error(
                "`\(url)` is an external link, not a chapter", at: location,
                hint: "SUMMARY.md lists the book's own Markdown files by relative path")
        }
        guard !url.isEmpty else { return .draft(title, at: location) }
        let path = lexicallyNormalized(url.removingPercentEncoding ?? url)
        return .chapter(ContentsChapter(id: ChapterID(path), title: title, numbered: numbered, listedAt: location))
    }

    func unexpected(_ node: MarkdownNode, expected: String) -> Diagnostic {
        if case .heading = node.kind, node.containsLink {
            return .error(
                "expected \(expected), found a heading", at: location(of: node),
                hint: "a `---` or `===` line right under a link makes it a heading; leave a blank line between them")
        }
        return .error("expected \(expected), found a \(node.typeName.replacing("_", with: " "))", at: location(of: node))
    }

    func location(of node: MarkdownNode) -> SourceLocation {
        SourceLocation(file: file, line: node.line + firstLine - 1, column: node.column)
    }
}

/// The part of a cmark node the grammar needs, copied out of the C tree.
private struct MarkdownNode {
    enum Kind: Equatable {
        case heading(level: Int), paragraph, list, thematicBreak, htmlBlock
        case link, text, code, softBreak, lineBreak, htmlInline, other
    }

    var kind: Kind
    /// cmark's name for the kind, for messages: `code_block`, `thematic_break`…
    var typeName: String
    /// The text of a text or code node; the destination of a link.
    var literal: String
    /// 1-based line and column, in characters.
    var line: Int
    var column: Int
    var children: [MarkdownNode]

    /// The top-level blocks of `markdown`; cmark's tree is freed before this returns.
    static func blocks(of markdown: String) -> [MarkdownNode] {
        guard let document = markdown.withCString({ cmark_parse_document($0, markdown.utf8.count, CMARK_OPT_DEFAULT) })
        else { return [] }
        defer { cmark_node_free(document) }
        let lines = markdown.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        return MarkdownNode(document, lines: lines, paragraph: nil).children
    }

    /// `paragraph` is cmark's start (line, byte column) of the paragraph `node` is in, if any.
    private init(_ node: OpaquePointer, lines: [Substring], paragraph: (line: Int, column: Int)?) {
        let type = cmark_node_get_type(node)
        var line = Int(cmark_node_get_start_line(node))
        var byteColumn = Int(cmark_node_get_start_column(node))
        children = []
        var child = cmark_node_first_child(node)
        while let current = child {
            let inParagraph = type == CMARK_NODE_PARAGRAPH ? (line, byteColumn) : paragraph
            children.append(MarkdownNode(current, lines: lines, paragraph: inParagraph))
            child = cmark_node_next(current)
        }
        switch type {
        case CMARK_NODE_HEADING: kind = .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_PARAGRAPH: kind = .paragraph
        case CMARK_NODE_LIST: kind = .list
        case CMARK_NODE_THEMATIC_BREAK: kind = .thematicBreak
        case CMARK_NODE_HTML_BLOCK: kind = .htmlBlock
        case CMARK_NODE_LINK: kind = .link
        case CMARK_NODE_TEXT: kind = .text
        case CMARK_NODE_CODE: kind = .code
        case CMARK_NODE_SOFTBREAK: kind = .softBreak
        case CMARK_NODE_LINEBREAK: kind = .lineBreak
        case CMARK_NODE_HTML_INLINE: kind = .htmlInline
        default: kind = .other
        }
        typeName = String(cString: cmark_node_get_type_string(node))
        if kind == .link {
            literal = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            // cmark 0.30 gives a link the line of its `]`; its text starts on the line of its `[`.
            if let first = children.first, first.line > 0 { line = min(line, first.line) }
        } else {
            literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        }
        let text = lines.indices.contains(line - 1) ? lines[line - 1] : ""
        if let paragraph, line > paragraph.line {
            // cmark places inlines on a paragraph's later lines as if those lines were indented
            // like its first; a lazy or deeper continuation line is not.
            byteColumn += text.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count - (paragraph.column - 1)
        }
        // cmark counts columns in bytes; diagnostics count characters.
        let end = text.utf8.index(text.startIndex, offsetBy: max(byteColumn - 1, 0), limitedBy: text.endIndex) ?? text.endIndex
        self.line = line
        column = text[..<end].count + 1
    }

    var containsLink: Bool {
        children.contains { $0.kind == .link || $0.containsLink }
    }

    /// Text without markup: `*Hello* `world`` → `Hello world`.
    var plainText: String {
        switch kind {
        case .text, .code: literal
        case .softBreak, .lineBreak: " "
        case .htmlInline: ""
        default: children.map(\.plainText).joined()
        }
    }
}

private extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
