import Foundation

/// Gives every heading of a chapter an id from its text, unique within the chapter, as mdBook
/// gives them, so that links written for mdBook (and GitHub) reach the same headings, and links
/// to `chapter.md#id` keep working while the chapter's other headings change.
func assignHeadingIDs(_ blocks: [Block]) -> (blocks: [Block], headings: [Heading]) {
    var slugs = UniqueSlugs()
    var headings: [Heading] = []

    let result = blocks.map { block in
        block.rewritten(blocks: { block in
            guard case .heading(let level, let content, let given) = block else { return block }
            let title = content.plainText()
            // An id the writer gave (`{#id}`) is kept.
            let id = slugs.claim(given.isEmpty ? headingID(content.plainText(withImageDescriptions: false)) : given)
            headings.append(Heading(level: level, title: title, id: id))
            return .heading(level: level, content: content, id: id)
        })
    }
    return (result, headings)
}

/// mdBook's id for a heading's text: trimmed and lower-cased; letters and digits of any script,
/// `_` and `-` kept, each space a `-` (so runs stay runs), everything else dropped; `section`
/// when nothing is left.
func headingID(_ text: String) -> String {
    var id = ""
    for scalar in text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().unicodeScalars {
        if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" || scalar == "-" {
            id.unicodeScalars.append(scalar)
        } else if scalar.properties.isWhitespace {
            id.append("-")
        }
    }
    return id.isEmpty ? "section" : id
}
