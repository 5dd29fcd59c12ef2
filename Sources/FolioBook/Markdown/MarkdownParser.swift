import FolioBase
import FolioOptions

/// Parses Markdown with libcmark into `Block` values, lowered from the positioned tree, with
/// the extensions mdBook enables beyond CommonMark, built over cmark's tree and the source
/// lines: tables, footnotes, strikethrough, task lists, heading attributes, and (unless turned
/// off) admonitions and definition lists.
func parseMarkdown(_ text: String, smartPunctuation: Bool, math: MathDelimiters = .none, admonitions: Bool = true, definitionLists: Bool = true) -> [Block] {
    var cuts: [MarkdownPosition] = []
    return parseMarkdown(text, smartPunctuation: smartPunctuation, math: math, admonitions: admonitions, definitionLists: definitionLists, cuts: &cuts)
}

/// The blocks `text` makes, and in `cuts` where it nests deeper than `MarkdownNode.maximumDepth`
/// (the content there is kept as plain text).
func parseMarkdown(_ text: String, smartPunctuation: Bool, math: MathDelimiters = .none, admonitions: Bool = true, definitionLists: Bool = true,
                   cuts: inout [MarkdownPosition]) -> [Block] {
    let definitions = FootnoteDefinitions(text)
    var lowering = MarkdownLowering(text: definitions.text, smartPunctuation: smartPunctuation, math: math,
                                    admonitions: admonitions, definitionLists: definitionLists)
    let body = lowering.parse(definitions.text, lineOffset: 0)
    let notes = definitions.notes.mapValues { note in
        lowering.parse(note.text, lineOffset: note.line - 1)
    }
    cuts += lowering.cuts
    return attachFootnotes(body, notes: notes)
}

/// Lowers cmark's tree to `Block`s. Text that cmark must parse again on its own — a table's
/// cells, a footnote's text — is parsed before the chapter's own text, so that the chapter's
/// link reference definitions reach it, and its positions are moved back to its source.
struct MarkdownLowering {
    /// The chapter's text, with footnote definitions blanked out.
    let text: String
    let smartPunctuation: Bool
    /// The delimiters of formulas, found in cmark's tree before it is lowered.
    let math: MathDelimiters
    /// Whether `[!NOTE]`-tagged block quotes are asides, and whether definition lists are read.
    let admonitions: Bool
    let definitionLists: Bool
    private let lines: [Substring]
    /// Whether the chapter may define link references: a definition's label ends in `]:`.
    private let mayDefineReferences: Bool
    /// The chapter's text without its blocks that define no link reference (see
    /// `definingText`), once the chapter is parsed.
    private var definitions: String?
    /// Where the chapter's own text nests too deep (text parsed again is not counted twice).
    private(set) var cuts: [MarkdownPosition] = []

    init(text: String, smartPunctuation: Bool, math: MathDelimiters = .none, admonitions: Bool = true, definitionLists: Bool = true) {
        self.text = text
        self.smartPunctuation = smartPunctuation
        self.math = math
        self.admonitions = admonitions
        self.definitionLists = definitionLists
        lines = text.lines
        mayDefineReferences = text.containsBytes("]:")
    }

    /// What follows `source` when it is parsed again: the chapter's link reference definitions,
    /// unless the chapter has none or `source` has no `]` to use one; then nothing, so that a
    /// chapter of many tables or notes costs each one its own length, not the chapter's.
    private func referencesFor(_ source: String) -> String {
        mayDefineReferences && source.containsBytes("]") ? "\n\n<!-- -->\n\n" + (definitions ?? text) : ""
    }

    /// The lines of `lines` that may define a link reference, in order: those no block of the
    /// document covers (a paragraph of definitions only leaves no block) and the blocks holding a
    /// `]:` (with which every definition's label ends), a blank line where blocks were left out.
    /// Parsed after other text, they define what the whole chapter does, in a fraction of its length.
    static func definingText(_ lines: [Substring], blocks: [MarkdownNode]) -> String {
        var kept = [Bool](repeating: true, count: lines.count)
        for block in blocks where block.position.line >= 1 && block.position.line <= lines.count {
            let span = (block.position.line - 1)..<min(max(block.endLine, block.position.line), lines.count)
            if !lines[span].contains(where: { $0.containsBytes("]:") }) { kept.replaceSubrange(span, with: repeatElement(false, count: span.count)) }
        }
        var text = ""
        var endsBlank = true
        for (index, line) in lines.enumerated() where kept[index] {
            // A run of blank lines is one, as cmark reads it: the blank lines left where footnotes
            // and definition lists were taken out would otherwise be parsed again with every note.
            let blank = line.allSatisfy(\.isWhitespace)
            if blank || (index > 0 && !kept[index - 1]), !endsBlank {
                text += "\n"
                endsBlank = true
            }
            guard !blank else { continue }
            text += line + "\n"
            endsBlank = false
        }
        return text
    }

    /// `source`'s blocks, with the extensions; `lineOffset` is how far its first line is from the chapter's.
    mutating func parse(_ source: String, lineOffset: Int) -> [Block] {
        let blocks = parseBlocks(source, nesting: 0)
        let moved = lineOffset == 0 ? blocks : blocks.map { $0.movingPositions(lines: lineOffset, columns: 0) }
        return moved.map(applyInlineExtensions)
    }

    /// `source`'s blocks, before the inline extensions; `nesting` is how many definitions hold it.
    private mutating func parseBlocks(_ source: String, nesting: Int) -> [Block] {
        let lists = definitionLists && nesting < DefinitionList.maximumNesting ? DefinitionListLines(source) : nil
        let marked = lists?.text ?? source
        let document: MarkdownNode
        let own: [MarkdownNode]
        if source == text {
            document = MarkdownNode.parse(marked, smartPunctuation: smartPunctuation, cuts: &cuts).findingMath(math, lines: lines)
            own = document.children
            // A definition list's lines are its own to parse, as a placeholder's blank lines say.
            if mayDefineReferences { definitions = Self.definingText(lists?.lists.isEmpty ?? true ? lines : marked.lines, blocks: own) }
        } else {
            let count = source.lines.count
            document = MarkdownNode.parse(marked + referencesFor(marked), smartPunctuation: smartPunctuation)
                .findingMath(math, lines: math == .none ? [] : marked.lines)
            own = document.children.filter { $0.position.line <= count }
        }
        let blocks = MarkdownNode(kind: .document, literal: "", position: document.position, endLine: document.endLine, children: own)
            .blocks(lowering: &self, quoteDepth: 0, sourceLines: source == text ? lines : source.lines)
        guard let lists, !lists.lists.isEmpty else { return blocks }
        return blocks.map { block in
            guard case .paragraph(let content) = block, let entries = lists.list(content) else { return block }
            return .definitionList(definitionList(entries, nesting: nesting))
        }
    }

    /// A list's terms, parsed as paragraphs all at once, and its definitions, each as a text of
    /// its own, with their positions moved back to their lines.
    private mutating func definitionList(_ entries: [DefinitionListLines.Entry], nesting: Int) -> DefinitionList {
        let terms = inlines(cells: [], paragraphs: entries.map(\.term)).paragraphs
        var line = 1
        var listed: [DefinitionList.Entry] = []
        for (entry, term) in zip(entries, terms) {
            let moved = term.map { $0.movingPositions(lines: entry.termLine - line, columns: 0) }
            line += entry.term.lines.count + 1
            let definitions = entry.definitions.map { definition in
                parseBlocks(definition.text, nesting: nesting + 1).map { $0.movingPositions(lines: definition.line - 1, columns: 0) }
            }
            listed.append(DefinitionList.Entry(term: moved, definitions: definitions))
        }
        return DefinitionList(tight: !entries.contains(where: \.loose), entries: listed)
    }

    /// Pieces of text parsed as inlines, each as cmark reads a paragraph of it: a table cell is
    /// read on a line of its own (after a word, so that it cannot open a block), a paragraph's
    /// lines as they are.
    func inlines(cells: [String], paragraphs: [String]) -> (cells: [[Inline]], paragraphs: [[Inline]]) {
        let pieces = cells.map { "x " + $0 } + paragraphs
        let joined = pieces.joined(separator: "\n\n")
        let document = MarkdownNode.parse(joined + referencesFor(joined), smartPunctuation: smartPunctuation)
            .findingMath(math, lines: math == .none ? [] : joined.lines)
        let parsed = document.children.prefix(pieces.count).map(\.inlines)
        let cellInlines = parsed.prefix(cells.count).map { inlines -> [Inline] in
            guard case .text(let first)? = inlines.first else { return inlines }
            let rest = String(first.dropFirst(2))
            return (rest.isEmpty ? [] : [.text(rest)]) + inlines.dropFirst()
        }
        return (Array(cellInlines), Array(parsed.dropFirst(cells.count)))
    }

    /// The paragraph `node` as GFM reads it: one or more tables, perhaps after a paragraph.
    func table(in node: MarkdownNode, quoteDepth: Int, sourceLines: [Substring]) -> [Block]? {
        guard node.endLine > node.position.line, node.endLine <= sourceLines.count else { return nil }
        let paragraphLines = (node.position.line...node.endLine).map { number in
            let (text, column) = Self.content(of: sourceLines[number - 1], quoteDepth: quoteDepth,
                                              from: number == node.position.line ? node.position.column : nil)
            return (text: text, line: number, column: column)
        }
        guard let found = TableLines.find(paragraphLines) else { return nil }
        let rows = [found.header] + found.rows
        let cells = rows.flatMap { $0.cells.map(\.text) }
        let before = found.before.map { $0.drop { $0 == " " || $0 == "\t" } }.joined(separator: "\n")
        let parsed = inlines(cells: cells, paragraphs: found.before.isEmpty ? [] : [before])
        // The pieces were parsed one to a paragraph: the cells first, on lines 1, 3, 5…, after `x `.
        var index = 0
        let inlineRows = rows.map { row in
            row.cells.map { cell -> [Inline] in
                defer { index += 1 }
                return parsed.cells[index].map { $0.movingPositions(lines: row.line - (2 * index + 1), columns: cell.column - 3) }
            }
        }
        let table = Block.table(MarkdownTable(alignments: found.alignments, header: inlineRows[0], rows: Array(inlineRows.dropFirst())))
        guard let paragraph = parsed.paragraphs.first else { return [table] }
        return [.paragraph(paragraph.map { $0.movingPositions(lines: node.position.line - (2 * cells.count + 1), columns: 0) }), table]
    }

    /// A paragraph line without its block quote markers (or, on its first line, without what
    /// comes before the paragraph), and the column it starts at.
    static func content(of line: Substring, quoteDepth: Int, from column: Int?) -> (Substring, Int) {
        if let column { return (line.dropFirst(column - 1), column) }
        var rest = line
        for _ in 0..<quoteDepth {
            let spaces = rest.prefix { $0 == " " }.count
            guard spaces <= 3, rest.dropFirst(spaces).first == ">" else { break }
            rest = rest.dropFirst(spaces + 1)
            if rest.first == " " { rest = rest.dropFirst() }
        }
        return (rest, line.count - rest.count + 1)
    }
}

extension MarkdownNode {
    /// The blocks among the node's children; custom blocks, which Folio's Markdown never makes, are left out.
    func blocks(lowering: inout MarkdownLowering, quoteDepth: Int, sourceLines: [Substring]) -> [Block] {
        children.flatMap { node -> [Block] in
            switch node.kind {
            case .paragraph:
                return lowering.table(in: node, quoteDepth: quoteDepth, sourceLines: sourceLines) ?? [.paragraph(node.inlines)]
            case .heading(let level): return [.heading(level: level, content: node.inlines, id: "")]
            case .blockQuote:
                let children = node.blocks(lowering: &lowering, quoteDepth: quoteDepth + 1, sourceLines: sourceLines)
                if lowering.admonitions, let aside = Aside(quoting: children) { return [.aside(aside)] }
                return [.blockQuote(children)]
            case .list(let ordered, let start, let tight):
                let items = node.children.map { $0.blocks(lowering: &lowering, quoteDepth: quoteDepth, sourceLines: sourceLines) }
                return [.list(MarkdownList(start: ordered ? start : nil, tight: tight, items: items))]
            case .codeBlock(let info): return [.codeBlock(info: info, code: node.literal)]
            case .htmlBlock: return [.html(node.literal)]
            case .thematicBreak: return [.thematicBreak]
            default: return []
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
            case .math(let display): .math(Formula(tex: node.literal, display: display, position: node.position))
            default: nil
            }
        }
    }
}

extension Block {
    /// The block with the positions of its links and images moved, for text parsed apart from its chapter.
    func movingPositions(lines: Int, columns: Int) -> Block {
        rewritten(inlines: { $0.moved(lines: lines, columns: columns) })
    }
}

extension Inline {
    /// The inline, and those inside it, with the positions of links and images moved by `lines` and `columns`.
    func movingPositions(lines: Int, columns: Int) -> Inline {
        rewritten { $0.moved(lines: lines, columns: columns) }
    }

    /// This inline alone moved: a link's or an image's position.
    fileprivate func moved(lines: Int, columns: Int) -> Inline {
        func moved(_ reference: Reference) -> Reference {
            var reference = reference
            reference.position.line += lines
            reference.position.column = max(1, reference.position.column + columns)
            return reference
        }
        switch self {
        case .link(let reference, let content): return .link(moved(reference), content)
        case .image(let reference, let alt): return .image(moved(reference), alt: alt)
        case .math(var formula):
            formula.position.line += lines
            formula.position.column = max(1, formula.position.column + columns)
            return .math(formula)
        default: return self
        }
    }
}

/// Strikethrough in every run of inlines, task list items, heading attributes.
func applyInlineExtensions(_ block: Block) -> Block {
    block.rewritten(blocks: { block in
        switch block {
        case .list(let list): .list(taskListItems(list))
        case .heading: headingAttributes(block)
        default: block
        }
    }, sequences: strikethrough)
}
