import FolioBase
import FolioOptions
import Foundation

/// The blocks from a raw HTML block that opens a table to the one that closes it, joined into one
/// raw HTML block. mdBook books write tables whose cells hold Markdown, each tag a block of its
/// own with Markdown between them; raw HTML is never split, and so the table stays whole on its
/// page, rather than cut between its cells with its tags left open. The Markdown inside is
/// rendered as the page would render it, so the page's HTML is the same. Other elements (a
/// `<div>` around paragraphs, a `<figure>` around a listing, `<details>`) are left to be cut like
/// the Markdown in them, which the paginator measures better than the raw HTML they would become,
/// and which a browser shows whole on either page. So is a table whose Markdown renders otherwise
/// on its page than here, where no page is known yet: a heading or a term (their ids carry the
/// page's chapter), a footnote reference (its note's page) or a formula (rendered after parsing).
func joiningOpenRawHTML(_ blocks: [Block]) -> [Block] {
    guard blocks.contains(where: { if case .html(let html) = $0 { html.containsBytes("<table") } else { false } }) else { return blocks }
    var joined: [Block] = []
    var index = blocks.startIndex
    while index < blocks.endIndex {
        guard case .html(let html) = blocks[index], case let open = openTables(html), open > 0,
              let end = closing(blocks, after: index, open: open), !blocks[index...end].contains(where: \.rendersOnItsPage) else {
            joined.append(blocks[index])
            index += 1
            continue
        }
        let renderer = HTMLRenderer(rawHTML: true, codeClasses: .mdBook)
        joined.append(.html(blocks[index...end].map { block in
            if case .html(let html) = block { html } else { renderer.render([block]) }
        }.joined()))
        index = end + 1
    }
    return joined
}

/// The block after `start` at which the `open` tables the raw HTML at `start` leaves open are all
/// closed again; nil when the chapter ends first.
private func closing(_ blocks: [Block], after start: Int, open: Int) -> Int? {
    var open = open
    for index in blocks.indices[(start + 1)...] {
        guard case .html(let html) = blocks[index] else { continue }
        open += openTables(html)
        if open <= 0 { return index }
    }
    return nil
}

private extension Block {
    /// Whether the block's HTML depends on the page it is on, or on a stage after parsing.
    var rendersOnItsPage: Bool {
        holds(blocks: { block in
            switch block {
            case .heading, .definitionList: true
            default: false
            }
        }, inlines: { inline in
            switch inline {
            case .footnoteReference, .math: true
            default: false
            }
        })
    }
}

/// How many tables a piece of HTML opens and leaves open (negative: closes ones opened before it).
private func openTables(_ html: String) -> Int {
    guard html.containsBytes("<table") || html.containsBytes("</table"), let scan = try? scanHTML(Data(html.utf8), file: "") else { return 0 }
    return scan.tags.count { $0.name == "table" && !$0.selfClosing } - scan.endTags.count { $0.name == "table" }
}
