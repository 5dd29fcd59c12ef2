import FolioBase
import FolioOptions
import FolioBook
import Foundation

/// A chapter's blocks cut into pages: each page as full as the typesetter can make it,
/// `<!-- pagebreak -->` forcing a new page, and every chapter at least one page long. A chapter's
/// pages (`prose`: not a generated page's) but each section's last end at the foot.
package func paginate(_ blocks: [Block], typesetter: Typesetter, rawHTML: Bool, prose: Bool = true) -> [LaidPage] {
    var typesetter = typesetter
    typesetter.memo = LineMemo()
    let geometry = typesetter.geometry
    var pages: [LaidPage] = []
    // Each table's type size is chosen once, for the page's width, so its height and its HTML agree.
    let blocks = blocks.map { block in
        block.rewrittenBlocks { block in
            guard case .table(let table) = block else { return block }
            return .table(typesetter.settingType(of: table, width: geometry.contentWidth))
        }
    }
    for section in sections(of: blocks, rawHTML: rawHTML) {
        var laid = lay(Array(section.reversed()), typesetter: typesetter, firstPage: geometry.contentHeight)
        // No runt: a section's last page holds at least `runtLines` lines where lines can move
        // back to it from the page before, which then ends that much earlier.
        let runt = Double(runtLines) * geometry.lineHeight
        if let (index, remaining) = laid.penultimate, let last = laid.pages.last,
           typesetter.height(of: last, width: geometry.contentWidth) < runt - 0.01 {
            for lines in 1...runtLines - 1 {
                let moved = lay(remaining, typesetter: typesetter, firstPage: geometry.contentHeight - Double(lines) * geometry.lineHeight)
                if moved.pages.count == 2, typesetter.height(of: moved.pages[1], width: geometry.contentWidth) >= runt - 0.01 {
                    laid.pages[index...] = moved.pages[...]
                    break
                }
            }
        }
        pages += laid.pages.enumerated().map { index, blocks in
            LaidPage(blocks: blocks, stretch: prose && index < laid.pages.count - 1 ? typesetter.stretch(of: blocks) : 0)
        }
    }
    return pages.isEmpty ? [LaidPage(blocks: [])] : pages
}

/// The fewest lines a section's last page holds where the text allows.
let runtLines = 3

/// The pages of what `remaining` holds (the next block last), the first `firstPage` high; and
/// where the last but one began, with what remained before it, when a page of its own began it
/// and little remained (a snapshot of what remains costs its length, paid only near the end).
private func lay(_ remaining: [Block], typesetter: Typesetter, firstPage: Double)
    -> (pages: [[Block]], penultimate: (index: Int, remaining: [Block])?)
{
    let geometry = typesetter.geometry
    // What is left of the section, the next block last, so that a page takes its blocks off the
    // end and puts back the rest of a block it split, without copying all that follows.
    var remaining = remaining
    var pages: [[Block]] = []
    var starts: [(index: Int, remaining: [Block])] = []
    while !remaining.isEmpty {
        if remaining.count <= 64 { starts = starts.suffix(1) + [(pages.count, remaining)] }
        let fitted = typesetter.fit(remaining.reversed(), width: geometry.contentWidth, available: pages.isEmpty ? firstPage : geometry.contentHeight)
        remaining.removeLast(fitted.consumed)
        remaining += fitted.rest.dropFirst(fitted.wholePages).reversed()
        // Taller than a page and not to be split (a huge table, say): it gets a page of its own.
        pages.append(fitted.head.isEmpty ? [tooTall(remaining.removeLast())] : fitted.head)
        // A split block's parts were cut a page's worth each: they are not measured again.
        pages += fitted.rest.prefix(fitted.wholePages).map { [$0] }
    }
    return (pages, starts.first { $0.index == pages.count - 2 })
}

/// A block alone on its page and still taller than it. Raw HTML, which is never split, is set in a
/// box that scrolls (the theme's `.too-tall`), so nothing is cut off; `tooTallHTML` finds it again.
private func tooTall(_ block: Block) -> Block {
    guard case .html = block else { return block }
    return .classed(block, classes: [tooTallClass])
}

private let tooTallClass = "too-tall"

/// The raw HTML blocks of `pages` set in a scrolling box, as they were written.
package func tooTallHTML(_ pages: [[Block]]) -> [String] {
    pages.compactMap { page in
        guard page.count == 1, case .classed(.html(let html), let classes) = page[0], classes == [tooTallClass] else { return nil }
        return html
    }
}

/// The runs of blocks between page breaks. Raw HTML that safe mode leaves out takes no room,
/// so it is dropped here rather than measured.
private func sections(of blocks: [Block], rawHTML: Bool) -> [[Block]] {
    var sections: [[Block]] = [[]]
    for block in blocks {
        if case .html(let html) = block {
            if isPageBreak(html) {
                if !sections[sections.count - 1].isEmpty { sections.append([]) }
                continue
            }
            if !rawHTML { continue }
        }
        sections[sections.count - 1].append(block)
    }
    return sections.filter { !$0.isEmpty }
}

/// `<!-- pagebreak -->`, however it is spaced or cased.
func isPageBreak(_ html: String) -> Bool {
    let compact = html.lowercased().filter { !$0.isWhitespace }
    return compact == "<!--pagebreak-->"
}

/// Every chapter paginated, side by side: chapters are independent.
package func paginateChapters(_ chapters: [ParsedChapter], typesetter: Typesetter, rawHTML: Bool) -> [[LaidPage]] {
    chapters.parallelMap { paginate($0.blocks, typesetter: typesetter, rawHTML: rawHTML, prose: !$0.chapter.id.isGenerated) }
}
