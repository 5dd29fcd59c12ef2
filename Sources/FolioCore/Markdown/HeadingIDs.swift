/// Gives every heading of a chapter an id from its text, unique within the chapter,
/// so that links to `chapter.md#id` keep working while the chapter's other headings change.
func assignHeadingIDs(_ blocks: [Block]) -> (blocks: [Block], headings: [Heading]) {
    var slugs = UniqueSlugs()
    var headings: [Heading] = []

    let result = blocks.map { block in
        block.rewritten(blocks: { block in
            guard case .heading(let level, let content, let given) = block else { return block }
            let title = content.plainText()
            // An id the writer gave (`{#id}`) is kept.
            let id = slugs.claim(given.isEmpty ? slugify(title) : given)
            headings.append(Heading(level: level, title: title, id: id))
            return .heading(level: level, content: content, id: id)
        })
    }
    return (result, headings)
}
