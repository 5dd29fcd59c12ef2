/// Measures blocks with the default theme's typography and splits them where a typesetter
/// would: paragraphs between lines (never leaving one line alone), code between lines, lists
/// between items, quotes and items between their blocks. Headings, breaks and raw HTML stay whole.
///
/// The spacing it assumes is the theme's page CSS: blocks have only a top margin, so nothing
/// collapses — no gap before the first block of a box, none between two paragraphs (the second
/// is indented instead), `headingSpace` before a heading, `afterHeading` after one, `gap` otherwise.
struct Typesetter {
    let geometry: PageGeometry
    let images: ImageSizes

    /// The fewest lines a paragraph or code block may leave at the foot or the head of a page.
    static let minimumLines = 2

    // MARK: Sequences

    /// The space above `block` when it follows `previous` in the same box.
    func gap(after previous: Block?, before block: Block) -> Double {
        guard let previous else { return 0 }
        if block.isHeading { return geometry.headingSpace }
        if previous.isHeading { return geometry.afterHeading }
        if previous.isParagraph && block.isParagraph { return 0 }
        return geometry.gap
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
    /// can; a heading is never the last thing in the box when something follows it.
    func fit(_ blocks: [Block], width: Double, available: Double) -> (head: [Block], tail: [Block]) {
        var used = 0.0
        var head: [Block] = []
        var tail: [Block] = []
        for (index, block) in blocks.enumerated() {
            let previous = index > 0 ? blocks[index - 1] : nil
            let space = gap(after: previous, before: block)
            let needed = height(of: block, width: width, after: previous)
            if used + space + needed <= available + 0.01 {
                head.append(block)
                used += space + needed
                continue
            }
            if let (first, rest) = split(block, width: width, after: previous, available: available - used - space) {
                head.append(first)
                tail = [rest]
            } else {
                tail = [block]
            }
            tail += blocks[(index + 1)...]
            break
        }
        while head.count > 1, !tail.isEmpty, head.last!.isHeading {
            tail.insert(head.removeLast(), at: 0)
        }
        return (head, tail)
    }

    // MARK: Blocks

    func height(of block: Block, width: Double, after previous: Block?) -> Double {
        switch block {
        case .paragraph(let content):
            return lines(of: content, width: width, indented: previous?.isParagraph ?? false).reduce(0) { $0 + $1.height }
        case .continued(let inner):
            // The rest of a block is the first thing in its box: no indent.
            return height(of: inner, width: width, after: nil)
        case .heading(let level, let content, _):
            return headingLines(level: level, content: content, width: width).reduce(0) { $0 + $1.height }
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

    /// Raw HTML is not laid out here, and it is never split. Its images take the size the theme
    /// gives them (their width, or the one the HTML asks for, within the box); its words take as
    /// many lines as a paragraph of them, or a line per source line, whichever is more.
    func rawHTMLHeight(_ html: String, width: Double) -> Double {
        let images = rawHTMLImages(html)
        let text = rawHTMLText(html)
        var height = 0.0
        if !text.isEmpty || images.isEmpty {
            let guess = Double(html.split(separator: "\n", omittingEmptySubsequences: false).count) * geometry.lineHeight
            let set = text.isEmpty ? 0 : lines(of: [.text(text)], width: width, indented: false).reduce(0) { $0 + $1.height }
            height = max(guess, set)
        }
        for image in images {
            height += max(shownSize(of: image, sizes: self.images, width: width, maxHeight: geometry.contentHeight).height, geometry.lineHeight)
        }
        return height
    }

    /// The largest first part of `block` that fits in `available`, and the rest; nil when
    /// nothing of it may stand alone there.
    func split(_ block: Block, width: Double, after previous: Block?, available: Double) -> (Block, Block)? {
        switch block {
        case .paragraph(let content):
            return splitParagraph(content, width: width, indented: previous?.isParagraph ?? false, available: available)
        case .continued(let inner):
            guard let (head, tail) = split(inner, width: width, after: nil, available: available) else { return nil }
            return (.continued(head), tail)
        case .codeBlock(let info, let code):
            return splitCode(info: info, code: code, width: width, available: available)
        case .blockQuote(let children):
            let (head, tail) = fit(children, width: width - geometry.quoteIndent, available: available)
            guard !head.isEmpty, !tail.isEmpty else { return nil }
            return (.blockQuote(head), .blockQuote(tail))
        case .list(let list):
            return splitList(list, width: width, available: available)
        case .table(let table):
            return splitTable(table, width: width, available: available)
        case .footnotes(let notes):
            return splitFootnotes(notes, width: width, available: available)
        case .heading, .thematicBreak, .html, .classed:
            return nil
        }
    }

    // MARK: Paragraphs and headings

    func lines(of content: [Inline], width: Double, indented: Bool) -> [LineBreaker.Line] {
        let atoms = TextAtomizer.atoms(content, geometry: geometry, fontSize: geometry.fontSize, bold: false, images: images, width: width)
        return LineBreaker(width: width, lineHeight: geometry.lineHeight).lines(atoms, indent: indented ? geometry.indent : 0)
    }

    private func headingLines(level: Int, content: [Inline], width: Double) -> [LineBreaker.Line] {
        let style = geometry.headings[min(max(level, 1), 6) - 1]
        let atoms = TextAtomizer.atoms(content, geometry: geometry, fontSize: style.size, bold: true, images: images, width: width)
        return LineBreaker(width: width, lineHeight: style.lineHeight).lines(atoms, indent: 0)
    }

    private func splitParagraph(_ content: [Inline], width: Double, indented: Bool, available: Double) -> (Block, Block)? {
        let lines = lines(of: content, width: width, indented: indented)
        var fitting = 0
        var used = 0.0
        while fitting < lines.count, used + lines[fitting].height <= available + 0.01 {
            used += lines[fitting].height
            fitting += 1
        }
        fitting = min(fitting, lines.count - Self.minimumLines)
        guard fitting >= Self.minimumLines else { return nil }
        let (head, tail) = splitInlines(content, at: lines[fitting].start)
        return (.paragraph(head), .continued(.paragraph(tail)))
    }

    // MARK: Code

    /// Each source line's count of lines on the page. The theme sets code so that the browser
    /// breaks it as a typewriter would (`white-space: break-spaces; line-break: anywhere`): every
    /// character, spaces included, takes its advance, and a line breaks before the first that
    /// does not fit, wherever it is. A tab reaches the next tab stop (every four spaces), or the
    /// one after when the next is nearer than half a space, as CSS says; at a break it takes a
    /// whole stop on the new line.
    private func codeLines(_ code: String, width: Double) -> [Int] {
        let box = width - 2 * geometry.codePaddingInline
        let space = TextWidths.width(" ", .mono, size: geometry.codeSize)
        let tabStop = 4 * space
        return sourceLines(code).map { line in
            var lines = 1
            var x = 0.0
            for scalar in line.unicodeScalars {
                var advance: Double
                if scalar == "\t" {
                    advance = ((x / tabStop + 1e-9).rounded(.down) + 1) * tabStop - x
                    if advance < space / 2 - 1e-9 { advance += tabStop }
                } else {
                    advance = TextWidths.width(scalar, .mono, size: geometry.codeSize)
                }
                if x > 0, x + advance > box + 0.001 {
                    lines += 1
                    x = 0
                    if scalar == "\t" { advance = tabStop }
                }
                x += advance
            }
            return lines
        }
    }

    private func sourceLines(_ code: String) -> [Substring] {
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private func codeHeight(visualLines: Int) -> Double {
        2 * geometry.codePaddingBlock + Double(visualLines) * geometry.codeLineHeight
    }

    private func splitCode(info: String, code: String, width: Double, available: Double) -> (Block, Block)? {
        let counts = codeLines(code, width: width)
        var fitting = 0
        var visual = 0
        while fitting < counts.count, codeHeight(visualLines: visual + counts[fitting]) <= available + 0.01 {
            visual += counts[fitting]
            fitting += 1
        }
        fitting = min(fitting, counts.count - Self.minimumLines)
        guard fitting >= Self.minimumLines else { return nil }
        let lines = sourceLines(code)
        let head = lines[..<fitting].joined(separator: "\n") + "\n"
        let tail = lines[fitting...].joined(separator: "\n") + "\n"
        return (.codeBlock(info: info, code: head), .continued(.codeBlock(info: info, code: tail)))
    }

    // MARK: Lists

    /// Each item's height, and the space above it: loose items (those holding paragraphs) are set apart.
    private func itemHeights(_ list: MarkdownList, width: Double) -> [(gap: Double, height: Double)] {
        let inner = width - geometry.listIndent
        return list.items.enumerated().map { index, item in
            let apart = index > 0 && !list.tight && list.items[index - 1].contains { $0.isParagraph }
            return (apart ? geometry.gap : 0, height(of: item, width: inner))
        }
    }

    private func splitList(_ list: MarkdownList, width: Double, available: Double) -> (Block, Block)? {
        let heights = itemHeights(list, width: width)
        var whole = 0
        var used = 0.0
        while whole < heights.count, used + heights[whole].gap + heights[whole].height <= available + 0.01 {
            used += heights[whole].gap + heights[whole].height
            whole += 1
        }
        guard whole < list.items.count else { return nil }
        func part(_ items: ArraySlice<[Block]>, from index: Int) -> MarkdownList {
            MarkdownList(start: list.start.map { $0 + index }, tight: list.tight, items: Array(items))
        }
        let (head, tail) = fit(list.items[whole], width: width - geometry.listIndent, available: available - used - heights[whole].gap)
        if !head.isEmpty, !tail.isEmpty {
            let first = part(list.items[..<whole] + [head], from: 0)
            let rest = part([tail] + list.items[(whole + 1)...], from: whole)
            return (.list(first), .continued(.list(rest)))
        }
        guard whole > 0 else { return nil }
        return (.list(part(list.items[..<whole], from: 0)), .list(part(list.items[whole...], from: whole)))
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
        case .paragraph, .continued(.paragraph): true
        default: false
        }
    }
}
