import FolioBase
import FolioOptions
import FolioBook

/// Measures blocks with the default theme's typography and splits them where a typesetter
/// would: paragraphs between lines (never leaving one line alone), code between lines, lists
/// between items, quotes, asides and items between their blocks, definition lists between
/// entries. Headings, breaks and raw HTML stay whole.
///
/// The spacing it assumes is the theme's page CSS: blocks have only a top margin, so nothing
/// collapses — no gap before the first block of a box, none between two paragraphs (the second
/// is indented instead), `headingSpace` before a heading, `afterHeading` after one, `gap` otherwise.
package struct Typesetter {
    package let geometry: PageGeometry
    package let images: ImageSizes
    /// Set while a chapter is paginated (see `LineMemo`).
    var memo: LineMemo?

    package init(geometry: PageGeometry, images: ImageSizes, memo: LineMemo? = nil) {
        self.geometry = geometry
        self.images = images
        self.memo = memo
    }

    /// The fewest lines a paragraph or code block may leave at the foot or the head of a page.
    static let minimumLines = 2

    // MARK: Sequences

    /// The space above `block` when it follows `previous` in the same box.
    func gap(after previous: Block?, before block: Block) -> Double {
        guard let previous else { return 0 }
        if block.isHeading { return geometry.headingSpace }
        if previous.isHeading { return geometry.afterHeading }
        if previous.isParagraph && block.isParagraph { return 0 }
        // A contents line's nested lines follow it as closely as the next line does.
        if case .contentsLine = previous { return 0 }
        return geometry.gap
    }

    /// The room added at each gap of a page's `blocks` (before a heading, around a list, code, a
    /// quote…; not after a heading, nor between paragraphs) so that they end at the foot of the
    /// page: what is left spread evenly, less a pixel kept for the browser's rounding; none when
    /// the page has no such gap, or when a gap would grow by more than two lines (a page that ends
    /// early for a block too tall to follow is left so, not pulled apart).
    func stretch(of blocks: [Block]) -> Double {
        let gaps = zip(blocks, blocks.dropFirst()).filter { previous, block in
            block.isHeading || !(previous.isHeading || previous.isParagraph && block.isParagraph)
        }.count
        guard gaps > 0 else { return 0 }
        let left = geometry.contentHeight - height(of: blocks, width: geometry.contentWidth) - 1
        let stretch = (left / Double(gaps) * 100).rounded(.down) / 100
        return stretch > 0 && stretch <= 2 * geometry.lineHeight ? stretch : 0
    }

    func height(of blocks: [Block], width: Double) -> Double {
        var total = 0.0
        for (index, block) in blocks.enumerated() {
            let previous = index > 0 ? blocks[index - 1] : nil
            total += gap(after: previous, before: block) + height(of: block, width: width, after: previous)
        }
        return total
    }

    /// As many of `blocks` as fit in `available`, splitting the first that does not fit when it
    /// can; a heading is never the last thing in the box when something follows it. What is
    /// left is `rest` (the later parts of the block split, a page's worth each, or headings held
    /// back), then `blocks` after the first `consumed`. It looks no further than the first block
    /// that does not fit, so filling a page costs what the page holds. The first `wholePages` parts
    /// of `rest` are each a page of their own: the parts of a split block before its last.
    func fit(_ blocks: some Collection<Block>, width: Double, available: Double) -> (head: [Block], rest: [Block], consumed: Int, wholePages: Int) {
        var used = 0.0
        var head: [Block] = []
        var rest: [Block] = []
        var consumed = 0
        var wholePages = 0
        var previous: Block?
        for block in blocks {
            let space = gap(after: previous, before: block)
            // A paragraph's lines are set once, for its height and, if it does not fit, its split.
            var paragraph: (content: [Inline], lines: [LineBreaker.Line])?
            let needed: Double
            if case .paragraph(let content) = block {
                let lines = lines(of: content, width: width, indented: previous?.isParagraph ?? false)
                paragraph = (content, lines)
                needed = lines.reduce(0) { $0 + $1.height }
            } else {
                needed = height(of: block, width: width, after: previous, upTo: available - used - space)
            }
            if used + space + needed <= available + 0.01 {
                head.append(block)
                used += space + needed
                consumed += 1
                previous = block
                continue
            }
            let room = available - used - space
            let parts = if let paragraph {
                splitParagraph(paragraph.content, lines: paragraph.lines, available: room)
            } else {
                split(block, width: width, after: previous, available: room)
            }
            if let (first, later) = parts {
                head.append(first)
                rest = later
                wholePages = later.count - 1
                consumed += 1
            }
            break
        }
        while head.count > 1, !rest.isEmpty || consumed < blocks.count, head.last!.isHeading {
            let heading = head.removeLast()
            if rest.isEmpty { consumed -= 1 } else { rest.insert(heading, at: 0) }
        }
        return (head, rest, consumed, wholePages)
    }

    /// `fit` for a box of its own (a quote's blocks, a list item's): what fits, and all the rest.
    func fit(_ blocks: [Block], width: Double, available: Double) -> (head: [Block], tail: [Block]) {
        let fitted = fit(blocks[...], width: width, available: available)
        return (fitted.head, fitted.rest + blocks.dropFirst(fitted.consumed))
    }

    // MARK: Blocks

    func height(of block: Block, width: Double, after previous: Block?) -> Double {
        switch block {
        case .paragraph(let content):
            return lines(of: content, width: width, indented: previous?.isParagraph ?? false).reduce(0) { $0 + $1.height }
        case .continued(.aside(let aside)):
            return height(of: aside.blocks, width: width - geometry.quoteIndent)
        case .continued(let inner):
            // The rest of a block is the first thing in its box: no indent.
            return height(of: inner, width: width, after: nil)
        case .aside(let aside):
            return titleHeight(aside) + height(of: aside.blocks, width: width - geometry.quoteIndent)
        case .definitionList:
            return height(of: block, width: width, after: previous, upTo: .infinity)
        case .heading(let level, let content, _):
            return headingLines(level: level, content: content, width: width).reduce(0) { $0 + $1.height }
        case .contentsLine(let line):
            return lines(of: line, width: width).reduce(0) { $0 + $1.height }
        case .codeBlock(_, let code):
            return codeHeight(visualLines: codeLines(code, width: width).reduce(0, +))
        case .blockQuote(let children):
            return height(of: children, width: width - geometry.quoteIndent)
        case .list(let list):
            return itemHeights(list, width: width).reduce(0) { $0 + $1.gap + $1.height }
        case .thematicBreak:
            return geometry.lineHeight
        case .html(let html):
            return rawHTMLHeight(html, width: width)
        case .classed(let inner, _):
            return height(of: inner, width: width, after: previous)
        case .table(let table):
            let rows = rowHeights(table, width: width)
            return rows.header + rows.body.reduce(0, +)
        case .footnotes(let notes):
            return height(of: .list(notesAsList(notes)), width: width, after: nil)
        }
    }

    /// `height(of:)`, or, when that is more than `limit`, some height more than `limit` + 1
    /// found by measuring no further than needed: a list of many items, or a quote of many
    /// blocks, is measured as far as the page reaches.
    func height(of block: Block, width: Double, after previous: Block?, upTo limit: Double) -> Double {
        switch block {
        case .continued(.aside(let aside)):
            return height(of: aside.blocks, width: width - geometry.quoteIndent, upTo: limit)
        case .continued(let inner):
            return height(of: inner, width: width, after: nil, upTo: limit)
        case .blockQuote(let children):
            return height(of: children, width: width - geometry.quoteIndent, upTo: limit)
        case .aside(let aside):
            let title = titleHeight(aside)
            return title + height(of: aside.blocks, width: width - geometry.quoteIndent, upTo: limit - title)
        case .definitionList(let list):
            var total = 0.0
            for index in list.entries.indices {
                let gap = entryGap(index)
                total = total + gap + entryHeight(list.entries[index], width: width, upTo: limit - total - gap)
                if total > limit + 1 { break }
            }
            return total
        case .list(let list):
            var total = 0.0
            for index in list.items.indices {
                let gap = itemGap(list, index)
                // In the order `height(of:)` adds them, so that the sums agree to the last bit.
                total = total + gap + height(of: list.items[index], width: width - geometry.listIndent, upTo: limit - total - gap)
                if total > limit + 1 { break }
            }
            return total
        default:
            return height(of: block, width: width, after: previous)
        }
    }

    /// `height(of: blocks)`, measured no further than needed to pass `limit` + 1.
    func height(of blocks: [Block], width: Double, upTo limit: Double) -> Double {
        var total = 0.0
        for (index, block) in blocks.enumerated() {
            let previous = index > 0 ? blocks[index - 1] : nil
            let space = gap(after: previous, before: block)
            total += space + height(of: block, width: width, after: previous, upTo: limit - total - space)
            if total > limit + 1 { break }
        }
        return total
    }

    /// Raw HTML is not laid out here, and it is never split. Its images take the size the theme
    /// gives them (their width, or the one the HTML asks for, within the box); its words take as
    /// many lines as a paragraph of them, or a line per source line, whichever is more.
    func rawHTMLHeight(_ html: String, width: Double) -> Double {
        let images = rawHTMLImages(html)
        let text = rawHTMLText(html)
        var height = 0.0
        if !text.isEmpty || images.isEmpty {
            let guess = Double(html.lines.count) * geometry.lineHeight
            let set = text.isEmpty ? 0 : lines(of: [.text(text)], width: width, indented: false).reduce(0) { $0 + $1.height }
            height = max(guess, set)
        }
        for image in images {
            height += max(shownSize(of: image, sizes: self.images, width: width, maxHeight: geometry.contentHeight,
                                       unsized: geometry.unsizedImageHeight).height, geometry.lineHeight)
        }
        return height
    }

    /// The largest first part of `block` that fits in `available`, and the rest; nil when
    /// nothing of it may stand alone there. Paragraphs, code, tables and footnotes are measured
    /// once and their rest comes cut already, a page's worth to a part (the last part what is
    /// left), as splitting each rest again at the top of the next page would cut it: a block of
    /// many pages costs its length, not its length times its pages.
    func split(_ block: Block, width: Double, after previous: Block?, available: Double) -> (Block, [Block])? {
        switch block {
        case .paragraph(let content):
            return splitParagraph(content, lines: lines(of: content, width: width, indented: previous?.isParagraph ?? false), available: available)
        case .continued(.aside(let aside)):
            return splitAside(aside, titled: false, width: width, available: available)
        case .continued(let inner):
            guard let (head, rest) = split(inner, width: width, after: nil, available: available) else { return nil }
            return (.continued(head), rest)
        case .aside(let aside):
            return splitAside(aside, titled: true, width: width, available: available)
        case .definitionList(let list):
            return splitDefinitionList(list, width: width, available: available)
        case .codeBlock(let info, let code):
            return splitCode(info: info, code: code, width: width, available: available)
        case .blockQuote(let children):
            let (head, tail) = fit(children, width: width - geometry.quoteIndent, available: available)
            guard !head.isEmpty, !tail.isEmpty else { return nil }
            return (.blockQuote(head), [.blockQuote(tail)])
        case .list(let list):
            return splitList(list, width: width, available: available)
        case .table(let table):
            return splitTable(table, width: width, available: available)
        case .footnotes(let notes):
            return splitFootnotes(notes, width: width, available: available)
        case .heading, .thematicBreak, .html, .classed, .contentsLine:
            return nil
        }
    }

    /// Where a block of `count` units (lines, rows, notes) is cut: after as many as fit in
    /// `available`, then after as many as fit in each later page, until the rest fits in one.
    /// `fitting(start, room)` is how many units from `start` on fit in `room`. Each part keeps at
    /// least `least` units and leaves at least `least`; no cuts when the first part cannot.
    func pageCuts(count: Int, least: Int, available: Double, fitting: (Int, Double) -> Int) -> [Int] {
        var cuts: [Int] = []
        var start = 0
        var room = available
        while true {
            let fit = fitting(start, room)
            if !cuts.isEmpty, fit == count - start { break }
            let taken = min(fit, count - start - least)
            guard taken >= least else { break }
            start += taken
            cuts.append(start)
            room = geometry.contentHeight
        }
        return cuts
    }

    // MARK: Paragraphs and headings

    func lines(of content: [Inline], width: Double, indented: Bool) -> [LineBreaker.Line] {
        func set() -> [LineBreaker.Line] {
            let atoms = TextAtomizer.atoms(content, geometry: geometry, fontSize: geometry.fontSize, bold: false, images: images, width: width)
            return LineBreaker(width: width, lineHeight: geometry.lineHeight, type: geometry.type).lines(atoms, indent: indented ? geometry.indent : 0)
        }
        return memo?.lines(of: content, width: width, indented: indented, set: set) ?? set()
    }

    private func headingLines(level: Int, content: [Inline], width: Double) -> [LineBreaker.Line] {
        let style = geometry.headings[min(max(level, 1), 6) - 1]
        let atoms = TextAtomizer.atoms(content, geometry: geometry, fontSize: style.size, bold: true, images: images, width: width)
        return LineBreaker(width: width, lineHeight: style.lineHeight, type: geometry.type).lines(atoms, indent: 0)
    }

    /// A contents line's title, set as the theme sets it: every line short of the page number and
    /// the space before it, the number standing at the end of the last; every line but the first
    /// indented by a paragraph's indent.
    func lines(of line: ContentsLine, width: Double) -> [LineBreaker.Line] {
        let widths = TextWidths.Scaled.table(.regular, size: geometry.fontSize, type: geometry.type)
        let number = line.page.unicodeScalars.reduce(Self.contentsPageGap * geometry.fontSize) { $0 + widths.width($1) }
        let titleWidth = width - geometry.indent - number
        let atoms = TextAtomizer.atoms(line.title, geometry: geometry, fontSize: geometry.fontSize, bold: false, images: images, width: titleWidth)
        return LineBreaker(width: titleWidth, lineHeight: geometry.lineHeight, type: geometry.type).lines(atoms, indent: -geometry.indent)
    }

    /// The space before a contents line's page number, in em (the theme's `.contents-page` padding).
    static let contentsPageGap = 0.5

    private func splitParagraph(_ content: [Inline], lines: [LineBreaker.Line], available: Double) -> (Block, [Block])? {
        let cuts = pageCuts(count: lines.count, least: Self.minimumLines, available: available) { start, room in
            var used = 0.0
            var end = start
            while end < lines.count, used + lines[end].height <= room + 0.01 {
                used += lines[end].height
                end += 1
            }
            return end - start
        }
        guard !cuts.isEmpty else { return nil }
        let parts = splitInlines(content, at: cuts.map { lines[$0].start })
        let blocks = parts.indices.compactMap { index -> Block? in
            guard !parts[index].isEmpty else { return nil }
            guard index < cuts.count else { return .paragraph(parts[index]) }
            return runningOn(parts[index], hyphenated: lines[cuts[index] - 1].hyphenated)
        }
        return (blocks[0], blocks.dropFirst().map { .continued($0) })
    }

    /// The part of a paragraph that goes on over the page: justified to its last line, in a
    /// justified book, and ending in a hyphen when its last line does (the browser shows none for
    /// a soft hyphen at the end of a paragraph).
    private func runningOn(_ part: [Inline], hyphenated: Bool) -> Block {
        let classes = (geometry.justify ? [Self.runsOn] : []) + (hyphenated ? [Self.hyphenated] : [])
        return classes.isEmpty ? .paragraph(part) : .classed(.paragraph(part), classes: classes)
    }

    /// The classes of a paragraph's part that goes on over the page (the theme's names).
    static let runsOn = "runs-on", hyphenated = "hyphenated"

    // MARK: Code

    /// Each source line's count of lines on the page, set as the theme sets code (`CodeLines`).
    private func codeLines(_ code: String, width: Double) -> [Int] {
        let setting = CodeLines(size: geometry.codeSize, type: geometry.type)
        let box = codeBox(width)
        return sourceLines(code).map { setting.count($0, box: box) }
    }

    /// The width of a code block's text in a box `width` wide.
    private func codeBox(_ width: Double) -> Double {
        width - 2 * geometry.codePaddingInline
    }

    /// Where the page marks each line of code that may wrap (`CodeLines.breaks`), for a code
    /// block inside `nesting` other blocks. The renderer does not know the box's width, but only
    /// that each block around takes at most a list's or a quote's indent: a line is marked when it
    /// would wrap in the narrowest box it may have, and the marks change nothing in a line that
    /// does not wrap.
    package var codeLineBreaks: @Sendable (_ line: Substring, _ nesting: Int) -> [Int]? {
        let setting = CodeLines(size: geometry.codeSize, type: geometry.type)
        let (box, indent) = (codeBox(geometry.contentWidth), max(geometry.listIndent, geometry.quoteIndent))
        return { line, nesting in setting.breaks(line, box: box - Double(nesting) * indent) }
    }

    private func sourceLines(_ code: String) -> [Substring] {
        var lines = code.lines
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private func codeHeight(visualLines: Int) -> Double {
        2 * geometry.codePaddingBlock + Double(visualLines) * geometry.codeLineHeight
    }

    private func splitCode(info: String, code: String, width: Double, available: Double) -> (Block, [Block])? {
        let counts = codeLines(code, width: width)
        let cuts = pageCuts(count: counts.count, least: Self.minimumLines, available: available) { start, room in
            var end = start
            var visual = 0
            while end < counts.count, codeHeight(visualLines: visual + counts[end]) <= room + 0.01 {
                visual += counts[end]
                end += 1
            }
            return end - start
        }
        guard !cuts.isEmpty else { return nil }
        let lines = sourceLines(code)
        let parts = zip([0] + cuts, cuts + [lines.count]).map { start, end in
            Block.codeBlock(info: info, code: lines[start..<end].joined(separator: "\n") + "\n")
        }
        return (parts[0], parts.dropFirst().map { .continued($0) })
    }

    // MARK: Lists

    /// Each item's height, and the space above it.
    private func itemHeights(_ list: MarkdownList, width: Double) -> [(gap: Double, height: Double)] {
        list.items.indices.map { (itemGap(list, $0), height(of: list.items[$0], width: width - geometry.listIndent)) }
    }

    /// The space above an item: loose items (those holding paragraphs) are set apart.
    private func itemGap(_ list: MarkdownList, _ index: Int) -> Double {
        index > 0 && !list.tight && list.items[index - 1].contains { $0.isParagraph } ? geometry.gap : 0
    }

    private func splitList(_ list: MarkdownList, width: Double, available: Double) -> (Block, [Block])? {
        // Items are measured only as far as the page reaches.
        var whole = 0
        var used = 0.0
        var gap = 0.0
        while whole < list.items.count {
            gap = itemGap(list, whole)
            let height = height(of: list.items[whole], width: width - geometry.listIndent, upTo: available - used - gap)
            guard used + gap + height <= available + 0.01 else { break }
            used += gap + height
            whole += 1
        }
        guard whole < list.items.count else { return nil }
        func part(_ items: ArraySlice<[Block]>, from index: Int) -> MarkdownList {
            MarkdownList(start: list.start.map { $0 + index }, tight: list.tight, items: Array(items))
        }
        let (head, tail) = fit(list.items[whole], width: width - geometry.listIndent, available: available - used - gap)
        if !head.isEmpty, !tail.isEmpty {
            let first = part(list.items[..<whole] + [head], from: 0)
            let rest = part([tail] + list.items[(whole + 1)...], from: whole)
            return (.list(first), [.continued(.list(rest))])
        }
        guard whole > 0 else { return nil }
        return (.list(part(list.items[..<whole], from: 0)), [.list(part(list.items[whole...], from: whole))])
    }
}

extension Typesetter {
    // MARK: Asides

    /// An aside's title, a line of the text's size, and the space after it when blocks follow.
    func titleHeight(_ aside: Aside) -> Double {
        geometry.lineHeight + (aside.blocks.isEmpty ? 0 : geometry.afterHeading)
    }

    /// An aside split between its blocks, as a quote is; its rest goes on without the title.
    func splitAside(_ aside: Aside, titled: Bool, width: Double, available: Double) -> (Block, [Block])? {
        let (head, tail) = fit(aside.blocks, width: width - geometry.quoteIndent, available: available - (titled ? titleHeight(aside) : 0))
        guard !head.isEmpty, !tail.isEmpty else { return nil }
        let first = Block.aside(Aside(kind: aside.kind, blocks: head))
        return (titled ? first : .continued(first), [.continued(.aside(Aside(kind: aside.kind, blocks: tail)))])
    }

    // MARK: Definition lists

    /// The space above an entry: entries are set apart.
    func entryGap(_ index: Int) -> Double {
        index > 0 ? geometry.gap : 0
    }

    /// An entry's term, set in bold, and its definitions indented as list items are, measured
    /// no further than needed to pass `limit` + 1.
    func entryHeight(_ entry: DefinitionList.Entry, width: Double, upTo limit: Double) -> Double {
        var total = termLines(entry.term, width: width).reduce(0) { $0 + $1.height }
        for definition in entry.definitions {
            total += height(of: definition, width: width - geometry.listIndent, upTo: limit - total)
            if total > limit + 1 { break }
        }
        return total
    }

    private func termLines(_ term: [Inline], width: Double) -> [LineBreaker.Line] {
        guard !term.isEmpty else { return [] }
        let atoms = TextAtomizer.atoms(term, geometry: geometry, fontSize: geometry.fontSize, bold: true, images: images, width: width)
        return LineBreaker(width: width, lineHeight: geometry.lineHeight, type: geometry.type).lines(atoms, indent: 0)
    }

    /// A definition list split between entries, or inside the first entry that does not fit
    /// (between its definitions, or between a definition's blocks), its term never alone at the
    /// foot of a page. Entries are measured only as far as the page reaches.
    func splitDefinitionList(_ list: DefinitionList, width: Double, available: Double) -> (Block, [Block])? {
        var whole = 0
        var used = 0.0
        while whole < list.entries.count {
            let gap = entryGap(whole)
            let height = entryHeight(list.entries[whole], width: width, upTo: available - used - gap)
            guard used + gap + height <= available + 0.01 else { break }
            used += gap + height
            whole += 1
        }
        guard whole < list.entries.count else { return nil }
        func part(_ entries: ArraySlice<DefinitionList.Entry>) -> Block {
            .definitionList(DefinitionList(tight: list.tight, entries: Array(entries)))
        }
        if let (head, tail) = splitEntry(list.entries[whole], width: width, available: available - used - entryGap(whole)) {
            return (part(list.entries[..<whole] + [head]), [.continued(part([tail] + list.entries[(whole + 1)...]))])
        }
        guard whole > 0 else { return nil }
        return (part(list.entries[..<whole]), [part(list.entries[whole...])])
    }

    /// The largest first part of an entry that fits, its term and some of its definitions, and
    /// the rest, without the term.
    private func splitEntry(_ entry: DefinitionList.Entry, width: Double, available: Double) -> (DefinitionList.Entry, DefinitionList.Entry)? {
        let inner = width - geometry.listIndent
        var used = termLines(entry.term, width: width).reduce(0) { $0 + $1.height }
        var whole = 0
        while whole < entry.definitions.count {
            let height = height(of: entry.definitions[whole], width: inner, upTo: available - used)
            guard used + height <= available + 0.01 else { break }
            used += height
            whole += 1
        }
        guard whole < entry.definitions.count else { return nil }
        let (head, tail) = fit(entry.definitions[whole], width: inner, available: available - used)
        var first = Array(entry.definitions[..<whole])
        var rest = Array(entry.definitions[whole...])
        if !head.isEmpty, !tail.isEmpty {
            first.append(head)
            rest[0] = tail
        }
        guard !first.isEmpty else { return nil }
        return (DefinitionList.Entry(term: entry.term, id: entry.id, definitions: first), DefinitionList.Entry(term: [], definitions: rest))
    }
}

extension Block {
    var isHeading: Bool {
        switch self {
        case .heading, .classed(.heading, _): true
        default: false
        }
    }

    /// A `<p>` in the page: a paragraph or the rest of one.
    var isParagraph: Bool {
        switch self {
        case .paragraph, .continued(.paragraph), .classed(.paragraph, _), .continued(.classed(.paragraph, _)): true
        default: false
        }
    }
}
