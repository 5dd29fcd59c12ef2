/// The pages Folio writes itself before the first chapter, as blocks the paginator sets like
/// any chapter's: the cover, the title page and the contents.
enum GeneratedPages {
    /// The sections the book asks for, in their order: cover, title page, contents.
    /// `cover` is a Markdown cover, parsed and linked like a chapter.
    static func sections(book: Book, cover: ParsedChapter?, chapters: [ParsedChapter], title: String,
                         contentsHeading: String) -> [(GeneratedSection, [Block])] {
        var sections: [(GeneratedSection, [Block])] = []
        switch book.cover {
        case .image(let path): sections.append((.cover, self.cover(image: SiteLayout.assetLink(path), alt: title)))
        case .page: cover.map { sections.append((.cover, $0.blocks)) }
        case nil: break
        }
        if book.options.page.titlePage { sections.append((.title, self.title(title, options: book.options))) }
        if book.options.page.contentsPage {
            sections.append((.contents, contents(book.contents, chapters: chapters, heading: contentsHeading)))
        }
        return sections
    }

    /// An image cover is the image alone; a Markdown cover is its own blocks.
    static func cover(image url: String, alt: String) -> [Block] {
        [.paragraph([.image(reference(url), alt: [.text(alt)])])]
    }

    static func title(_ title: String, options: BookOptions) -> [Block] {
        var blocks: [Block] = [.heading(level: 1, content: [.text(title)], id: "")]
        if !options.authors.isEmpty { blocks.append(.paragraph([.text(options.authors.joined(separator: ", "))])) }
        if let description = options.description { blocks.append(.paragraph([.emphasis([.text(description)])])) }
        return blocks
    }

    /// Parts become headings, chapters nested lists of links; drafts have no page to link to.
    static func contents(_ entries: [ContentsEntry], chapters: [ParsedChapter], heading: String) -> [Block] {
        [.heading(level: 1, content: [.text(heading)], id: "")] + entryBlocks(entries, chapters: chapters)
    }

    private static func entryBlocks(_ entries: [ContentsEntry], chapters: [ParsedChapter]) -> [Block] {
        var blocks: [Block] = []
        var items: [[Block]] = []
        func flush() {
            if !items.isEmpty { blocks.append(.list(MarkdownList(start: nil, tight: true, items: items))) }
            items = []
        }
        for entry in entries {
            switch entry {
            case .part(let title):
                flush()
                blocks.append(.heading(level: 2, content: [.text(title)], id: ""))
            case .separator:
                flush()
                blocks.append(.thematicBreak)
            case .draft:
                continue
            case .chapter(let index, let children):
                let chapter = chapters[index]
                let number = chapter.chapter.number.map { sectionNumber($0) + " " } ?? ""
                var link = reference("")
                link.target = ChapterLink(chapter: chapter.chapter.path)
                items.append([.paragraph([.text(number), .link(link, [.text(chapter.title)])])] + entryBlocks(children, chapters: chapters))
            }
        }
        flush()
        return blocks
    }

    private static func reference(_ destination: String) -> Reference {
        Reference(destination: destination, title: "", position: MarkdownPosition(line: 0, column: 0))
    }
}
