import FolioBase
import FolioOptions

extension Block {
    /// Each id in the block a link may reach, in one walk: its headings', nested ones included,
    /// its terms', its footnotes' and the references to them (all of which take their chapter's slug in the
    /// site), and with `rawHTML` those its raw HTML gives its elements.
    package func forEachTargetID(rawHTML: Bool, _ body: (String) -> Void) {
        walk(blocks: { block in
            switch block {
            case .heading(_, _, let id): body(id)
            case .footnotes(let notes): for note in notes { body(Footnote.noteID(note.number)) }
            case .definitionList(let list): for entry in list.entries where !entry.id.isEmpty { body(entry.id) }
            case .html(let html) where rawHTML: FolioBook.rawHTMLIDs(html).forEach(body)
            default: break
            }
        }, inlines: { inline in
            switch inline {
            case .footnoteReference(_, let number, let occurrence): body(Footnote.referenceID(number, occurrence: occurrence))
            case .html(let html) where rawHTML: FolioBook.rawHTMLIDs(html).forEach(body)
            default: break
            }
        })
    }

    /// Whether it holds raw HTML, as a block or an inline.
    package var holdsRawHTML: Bool {
        holds(blocks: \.isRawHTML, inlines: \.isRawHTML)
    }

    /// The ids its raw HTML gives, blocks and inlines alike.
    var rawHTMLIDs: [String] {
        var ids: [String] = []
        walk(blocks: { if case .html(let html) = $0 { ids += FolioBook.rawHTMLIDs(html) } },
             inlines: { if case .html(let html) = $0 { ids += FolioBook.rawHTMLIDs(html) } })
        return ids
    }
}
