import Foundation

/// The blocks from a raw HTML block that opens an element to the one that closes it, joined into
/// one raw HTML block. mdBook books write tables and `<div>`s whose cells hold Markdown, each tag
/// a block of its own with Markdown between them; raw HTML is never split, and so the element
/// stays whole on its page, rather than cut between its cells with its tags left open. The
/// Markdown inside is rendered as the page would render it, so the page's HTML is the same.
/// A `<details>` and a `<figure>` are left to be cut like the Markdown in them: shut, a browser shows
/// only a `<details>`' summary, and a figure is most often a code listing that reads best cut
/// between its lines, as a code block is, than in a box of its own.
func joiningOpenRawHTML(_ blocks: [Block]) -> [Block] {
    guard blocks.contains(where: { if case .html(let html) = $0 { openElements(html) > 0 } else { false } }) else { return blocks }
    var joined: [Block] = []
    var index = blocks.startIndex
    while index < blocks.endIndex {
        guard case .html(let html) = blocks[index], openElements(html) > 0, let end = closing(blocks, from: index) else {
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

/// The block at which the elements the raw HTML at `start` opens are all closed again; nil when
/// the chapter ends first.
private func closing(_ blocks: [Block], from start: Int) -> Int? {
    var open = 0
    for index in blocks.indices[start...] {
        if case .html(let html) = blocks[index] { open += openElements(html) }
        if open <= 0 { return index }
    }
    return nil
}

/// How many of the elements that hold blocks a piece of HTML opens and leaves open (negative: closes
/// ones opened before it). Elements a browser closes by itself, such as `<p>` and `<li>`, are not counted.
private func openElements(_ html: String) -> Int {
    guard html.containsBytes("<"), let scan = try? scanHTML(Data(html.utf8), file: "") else { return 0 }
    return scan.tags.count { holdsBlocks.contains($0.name) && !$0.selfClosing } - scan.endTags.count { holdsBlocks.contains($0.name) }
}

private let holdsBlocks: Set = ["table", "div", "section", "aside", "center", "blockquote", "ul", "ol", "dl"]
