/// Gives every heading of a chapter an id from its text, unique within the chapter,
/// so that links to `chapter.md#id` keep working while the chapter's other headings change.
public func assignHeadingIDs(_ blocks: [Block]) -> (blocks: [Block], headings: [Heading]) {
    var slugs = UniqueSlugs()
    var headings: [Heading] = []

    let result = blocks.map { block in
        block.rewritten(blocks: { block in
            guard case .heading(let level, let content, _) = block else { return block }
            let title = content.plainText()
            let id = slugs.claim(slugify(title))
            headings.append(Heading(level: level, title: title, id: id))
            return .heading(level: level, content: content, id: id)
        })
    }
    return (result, headings)
}
