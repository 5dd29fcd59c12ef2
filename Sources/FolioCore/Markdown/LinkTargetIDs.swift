extension Block {
    /// The ids of the headings in the block, nested ones included, and of its footnotes and
    /// references to them: the anchors a link may reach, which take their chapter's slug in the site.
    var anchorIDs: [String] {
        var ids: [String] = []
        walk(blocks: { block in
            switch block {
            case .heading(_, _, let id): ids.append(id)
            case .footnotes(let notes): ids += notes.map { Footnote.noteID($0.number) }
            default: break
            }
        }, inlines: { inline in
            if case .footnoteReference(_, let number, let occurrence) = inline {
                ids.append(Footnote.referenceID(number, occurrence: occurrence))
            }
        })
        return ids
    }

    /// Whether it holds raw HTML, as a block or an inline.
    var holdsRawHTML: Bool {
        holds(blocks: \.isRawHTML, inlines: \.isRawHTML)
    }

    /// The ids its raw HTML gives, blocks and inlines alike.
    var rawHTMLIDs: [String] {
        var ids: [String] = []
        walk(blocks: { if case .html(let html) = $0 { ids += FolioCore.rawHTMLIDs(html) } },
             inlines: { if case .html(let html) = $0 { ids += FolioCore.rawHTMLIDs(html) } })
        return ids
    }
}
