import Foundation

/// The ids that a chapter's raw HTML gives its elements (`<a id="x"></a>`, `<a name="x">`):
/// books written for mdBook link to them as they link to headings.
func rawHTMLIDs(_ html: String) -> [String] {
    guard let scan = try? scanHTML(Data(html.utf8), file: "") else { return [] }
    return scan.tags.compactMap { tag in tag.value("id") ?? (tag.name == "a" ? tag.value("name") : nil) }.filter { !$0.isEmpty }
}

extension Block {
    /// The ids of the headings in the block, nested ones included.
    var headingIDs: [String] {
        var ids: [String] = []
        walk(blocks: { if case .heading(_, _, let id) = $0 { ids.append(id) } })
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
