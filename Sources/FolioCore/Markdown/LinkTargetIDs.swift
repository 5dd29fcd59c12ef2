import Foundation

/// The ids that a chapter's raw HTML gives its elements (`<a id="x"></a>`, `<a name="x">`):
/// books written for mdBook link to them as they link to headings.
func rawHTMLIDs(_ html: String) -> [String] {
    guard let scan = try? scanHTML(Data(html.utf8), file: "") else { return [] }
    return scan.tags.compactMap { tag in tag.value("id") ?? (tag.name == "a" ? tag.value("name") : nil) }.filter { !$0.isEmpty }
}

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

    /// The ids its raw HTML gives, blocks and inlines alike.
    var rawHTMLIDs: [String] {
        var ids: [String] = []
        walk(blocks: { if case .html(let html) = $0 { ids += FolioCore.rawHTMLIDs(html) } },
             inlines: { if case .html(let html) = $0 { ids += FolioCore.rawHTMLIDs(html) } })
        return ids
    }
}
