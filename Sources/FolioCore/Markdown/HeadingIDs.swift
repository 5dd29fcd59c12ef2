/// Gives every heading of a chapter an id from its text, unique within the chapter,
/// so that links to `chapter.md#id` keep working while the chapter's other headings change.
public func assignHeadingIDs(_ blocks: [Block]) -> (blocks: [Block], headings: [Heading]) {
    var slugs = UniqueSlugs()
    var headings: [Heading] = []

    func walk(_ block: Block) -> Block {
        switch block {
        case .heading(let level, let content, _):
            let title = content.plainText
            let id = slugs.claim(slugify(title))
            headings.append(Heading(level: level, title: title, id: id))
            return .heading(level: level, content: content, id: id)
        case .blockQuote(let children):
            return .blockQuote(children.map(walk))
        case .list(var list):
            list.items = list.items.map { $0.map(walk) }
            return .list(list)
        case .continued(let inner):
            return .continued(walk(inner))
        case .paragraph, .codeBlock, .html, .thematicBreak:
            return block
        }
    }

    let result = blocks.map(walk)
    return (result, headings)
}
