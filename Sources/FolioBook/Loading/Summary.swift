import FolioBase
import FolioOptions
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
/// item       ::= MARKER link TEXT? list*        a numbered chapter and its sub-chapters
/// link       ::= "[" INLINE+ "]" "(" PATH? ")"  no PATH: a draft
/// separator  ::= "---"                          any thematic break
/// ```
///
/// HTML blocks and inline HTML (comments) are skipped, and so are headings of level 2 or more,
/// as mdBook does (the Rust book labels groups of chapters with them). What mdBook passes over
/// is passed over with a warning to `report`: anything after an item's link
/// (`- [Cancellation](c.md) (cancellation safety)`), text beside the links of prefix and suffix
/// chapters. Anything else is an error, and so are URLs with a scheme. Paths are percent-decoded
/// and normalised (`./a.md` is `a.md`).
func parseSummary(_ markdown: String, file: String = "SUMMARY.md", firstLine: Int = 1,
                  report: (Diagnostic) -> Void = { _ in }) throws -> [ContentsEntry] {
    var parser = SummaryParser(file: file, firstLine: firstLine)
    let entries = try parser.items(MarkdownNode.parse(markdown).children)
    parser.warnings.forEach(report)
    return entries
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
    var warnings: [Diagnostic] = []

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
        // The item's link, and what follows it, which mdBook leaves out.
        let inlines = first.children.drop(while: isBlank)
        guard let link = inlines.first else {
            throw Diagnostic.error("expected a link to a chapter", at: location(of: first), hint: chapterHint)
        }
        guard link.isLink else { throw foundText([link]) }
        let after = inlines.dropFirst()
        if let rest = after.first(where: { !isBlank($0) }) {
            warnings.append(.warning(
                "`\(after.map(\.plainText).joined().trimmed)` after the chapter's link is left out, as mdBook leaves it out", at: location(ofText: rest),
                hint: after.contains(where: \.isLink) ? "to start the suffix chapters, leave a blank line after the list"
                    : "say it in the chapter's page, or in the link's text"))
        }
        let entry = try chapter(link, numbered: true)
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

    /// The links of a paragraph of chapters: text beside them is left out with a warning, as
    /// mdBook leaves it out; a paragraph of text alone is no list of chapters.
    mutating func links(in paragraph: MarkdownNode) throws -> [MarkdownNode] {
        let links = paragraph.children.filter(\.isLink)
        let text = paragraph.children.filter { !$0.isLink && !isBlank($0) }
        guard !links.isEmpty else {
            guard text.isEmpty else { throw foundText(text) }
            throw Diagnostic.error("expected a link to a chapter", at: location(of: paragraph), hint: chapterHint)
        }
        if !text.isEmpty {
            let found = foundText(text)
            warnings.append(.warning("`\(words(text))` beside the chapters' links is left out, as mdBook leaves it out", at: found.location,
                                     hint: chapterHint))
        }
        return links
    }

    /// Where a chapter's link was expected: the text found there.
    private func foundText(_ text: [MarkdownNode]) -> Diagnostic {
        .error("expected a link to a chapter, found text `\(words(text))`", at: location(ofText: text[0]), hint: chapterHint)
    }

    /// Where a text begins: at its first letter, not at the space before it.
    private func location(ofText text: MarkdownNode) -> SourceLocation {
        var start = text
        start.position.column += start.literal.prefix(while: \.isWhitespace).count
        return location(of: start)
    }

    private func words(_ text: [MarkdownNode]) -> String {
        text.map(\.plainText.trimmed).joined(separator: " ")
    }

    /// Space, a line break or a comment: nothing a reader sees.
    private func isBlank(_ inline: MarkdownNode) -> Bool {
        switch inline.kind {
        case .softBreak, .lineBreak, .htmlInline: true
        case .text: inline.literal.allSatisfy(\.isWhitespace)
        default: false
        }
    }

    func chapter(_ link: MarkdownNode, numbered: Bool) throws -> ContentsEntry {
        let location = location(of: link)
        let title = link.plainText.trimmed
        guard !title.isEmpty else {
            throw Diagnostic.error("expected a chapter title between the link's brackets", at: location, hint: chapterHint)
        }
        let url = link.destination
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
        SourceLocation(file: file, line: node.position.line + firstLine - 1, column: node.position.column)
    }
}

private extension MarkdownNode {
    /// Text without markup: `*Hello* `world`` → `Hello world`.
    var plainText: String {
        switch kind {
        case .text, .code: literal
        case .softBreak, .lineBreak: " "
        case .htmlInline: ""
        default: inlines.plainText()
        }
    }

    var isLink: Bool {
        if case .link = kind { true } else { false }
    }

    /// Where a link points; empty for any other node.
    var destination: String {
        if case .link(let destination, _) = kind { destination } else { "" }
    }

    var containsLink: Bool {
        var found = false
        for inline in inlines {
            inline.walk(entering: { inline in
                if case .link = inline { found = true }
                return !found
            })
        }
        return found
    }
}

private extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
