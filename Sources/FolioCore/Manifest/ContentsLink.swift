import FolioBase
import FolioBook
import FolioPagination

/// An entry of the book's contents as its manifests list them (the publication manifest's `toc`,
/// the EPUB's navigation document): a part, a chapter or a heading, the page it starts on as a
/// URI reference of the site, and what it holds.
struct ContentsLink: Sendable, Equatable {
    var href: String
    var title: String
    var children: [ContentsLink] = []

    var json: JSONOutput {
        var entry: [(String, JSONOutput)] = [("href", .string(href)), ("title", .string(title))]
        if !children.isEmpty { entry.append(("children", .array(children.map(\.json)))) }
        return .object(entry)
    }

    /// The contents as a tree: parts hold the chapters after them (a part starts where its first
    /// chapter does); chapters hold their sub-chapters and their headings, nested by level. Drafts,
    /// which have no pages, are left out.
    static func tree(_ entries: [ContentsEntry], chapters: [ChapterID: ParsedChapter], paged: PagedBook) -> [ContentsLink] {
        var result: [ContentsLink] = []
        var part: (title: String, children: [ContentsLink])?
        func closePart() {
            if let open = part, let first = open.children.first {
                result.append(ContentsLink(href: first.href, title: open.title, children: open.children))
            }
            part = nil
        }
        for entry in entries {
            switch entry {
            case .part(let title):
                closePart()
                part = (title, [])
            case .separator:
                closePart()
            case .draft:
                continue
            case .chapter(let entry):
                guard let chapter = chapters[entry.id] else { continue }
                let item = chapterLink(chapter, children: tree(entry.children, chapters: chapters, paged: paged), paged: paged)
                if part != nil { part!.children.append(item) } else { result.append(item) }
            }
        }
        closePart()
        return result
    }

    private static func chapterLink(_ chapter: ParsedChapter, children: [ContentsLink], paged: PagedBook) -> ContentsLink {
        let headings = chapter.headings.first?.level == 1 ? Array(chapter.headings.dropFirst()) : chapter.headings
        return ContentsLink(href: uriReference(SiteLayout.chapterURL(chapter.chapter.slug)), title: chapter.title,
                            children: nest(headings[...], in: chapter, paged: paged) + children)
    }

    /// Headings as a tree: each takes the deeper headings that follow it.
    private static func nest(_ headings: ArraySlice<Heading>, in chapter: ParsedChapter, paged: PagedBook) -> [ContentsLink] {
        var result: [ContentsLink] = []
        var rest = headings
        while let heading = rest.popFirst() {
            let deeper = rest.prefix { $0.level > heading.level }
            rest = rest.dropFirst(deeper.count)
            let number = paged.targetPages[chapter.chapter.id]?[heading.id] ?? 1
            let href = SiteLayout.headingURL(slug: chapter.chapter.slug, number: number, id: heading.id)
            result.append(ContentsLink(href: uriReference(href), title: heading.title, children: nest(deeper, in: chapter, paged: paged)))
        }
        return result
    }
}
