import FolioBase
import FolioOptions
import FolioBook

/// The pages Folio writes itself between the cover and the first chapter, as blocks the
/// paginator sets like any chapter's: the title page and the contents.
package enum GeneratedPages {
    /// The sections the book asks for, in their order. `chapters` are the parsed chapters, whose
    /// titles the contents show.
    package static func sections(book: Book, chapters: [ChapterID: ParsedChapter], contentsHeading: String) -> [(GeneratedSection, [Block])] {
        var sections: [(GeneratedSection, [Block])] = []
        if book.options.page.titlePage { sections.append((.title, title(book.title, options: book.options))) }
        if book.options.page.contentsPage {
            sections.append((.contents, contents(book.contents, chapters: chapters, heading: contentsHeading)))
        }
        return sections
    }

    static func title(_ title: String, options: BookOptions) -> [Block] {
        var blocks: [Block] = [.heading(level: 1, content: [.text(title)], id: "")]
        if !options.authors.isEmpty { blocks.append(.paragraph([.text(options.authors.joined(separator: ", "))])) }
        if let description = options.description { blocks.append(.paragraph([.emphasis([.text(description)])])) }
        return blocks
    }

    /// Parts become headings, chapters nested lists of lines, each a link to its chapter and, once
    /// `numbered`, the number of its first page; drafts have no page to link to.
    static func contents(_ entries: [ContentsEntry], chapters: [ChapterID: ParsedChapter], heading: String) -> [Block] {
        [.heading(level: 1, content: [.text(heading)], id: "")] + entryBlocks(entries, chapters: chapters)
    }

    private static func entryBlocks(_ entries: [ContentsEntry], chapters: [ChapterID: ParsedChapter]) -> [Block] {
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
            case .chapter(let entry):
                // A chapter that could not be read has no page; the build fails anyway.
                guard let chapter = chapters[entry.id] else { continue }
                let number = entry.number.map { sectionNumber($0) + " " } ?? ""
                let link = Reference(destination: "", title: "", position: MarkdownPosition(line: 0, column: 0), target: ChapterLink(chapter: entry.id))
                let line = ContentsLine(title: [.link(link, [.text(number + chapter.title)])], chapter: entry.id)
                items.append([.contentsLine(line)] + entryBlocks(entry.children, chapters: chapters))
            }
        }
        flush()
        return blocks
    }

    /// The contents' lines with the numbers of their chapters' first pages, from `firstPages`.
    static func numbered(_ contents: [Block], firstPages: [ChapterID: String]) -> [Block] {
        contents.map { block in
            block.rewrittenBlocks { block in
                guard case .contentsLine(var line) = block else { return block }
                line.page = firstPages[line.chapter] ?? ""
                return .contentsLine(line)
            }
        }
    }
}
