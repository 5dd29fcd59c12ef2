import FolioBase
import FolioOptions
import FolioBook

/// The book as pages: every page in reading order, and where each heading landed.
package struct PagedBook: Sendable {
    package var pages: [Page]
    package var geometry: PageGeometry
    /// Chapter → the id of a heading, or of an element in its raw HTML → the page (its number
    /// within the chapter) that holds it.
    package var targetPages: [ChapterID: [String: Int]]
    /// What pagination found that the writer should know: raw HTML taller than a page.
    package var warnings: [Diagnostic] = []

    /// The pages seen together, by book number. In spreads the first page, a recto, stands
    /// alone as a book's first page does; then each verso faces the recto after it.
    var spreads: [[Int]] {
        guard let recto = pages.first?.side, recto != .center else { return pages.map { [$0.number] } }
        var spreads: [[Int]] = []
        var open: [Int] = []
        for page in pages {
            open.append(page.number)
            if page.side == recto {
                spreads.append(open)
                open = []
            }
        }
        return open.isEmpty ? spreads : spreads + [open]
    }

    /// The numbers the pages show.
    package var numbering: PageNumbering { PageNumbering(pages) }
}

/// The paginate stage: the book's sections cut into pages of its design size, numbered through
/// the book, each on its side of the spine.
///
/// `sections` are the book's Markdown sections in reading order (a cover first); `generated`
/// are the pages Folio writes between the cover and the first chapter (title, contents), in order.
/// The contents are laid out last, numbered with the pages the chapters start on.
/// Raw HTML too tall for a page is a warning, placed by finding it in its section's text in `sources`.
/// `chapterPages` lays out the sections' pages and `targets` finds where a section's link targets are
/// (`folio serve` passes ones that reuse earlier layouts and targets).
package func paginateBook(_ sections: [ParsedChapter], generated: [(GeneratedSection, [Block])] = [],
                         options: BookOptions, type: BookType, images: ImageSizes, sources: ChapterSources,
                         chapterPages: ([ParsedChapter], Typesetter, Bool) -> [[LaidPage]] = paginateChapters,
                         knownTargets: (ChapterID, [[Block]], Bool) -> [String: Int]? = { _, _, _ in nil }) -> PagedBook {
    let geometry = PageGeometry(size: options.page.size, language: options.language, type: type, justify: options.page.justify)
    let typesetter = Typesetter(geometry: geometry, images: images)
    let rawHTML = options.markdown.rawHTML
    // The generated sections but the contents are laid out with the chapters, under ids no chapter file can have.
    let others = generated.filter { $0.0 != .contents }
    let generatedSections = others.map { section, blocks in
        ParsedChapter(chapter: Chapter(id: ChapterID(generated: section), slug: section.rawValue), title: "", blocks: blocks, headings: [])
    }
    let sectionPages = chapterPages(sections + generatedSections, typesetter, rawHTML)
    let written = sections.indices.map { index in
        let chapter = sections[index].chapter
        return PageSection(slug: chapter.slug, chapter: chapter.id, kind: chapter.role == .cover ? .cover : .text, pages: sectionPages[index])
    }
    let covers = written.prefix { $0.kind == .cover }
    let chapters = written.dropFirst(covers.count)
    let sides = PageSides(options.reading, direction: options.direction)
    var othersPages = sectionPages.dropFirst(sections.count).makeIterator()
    let front = generated.map { section, blocks in
        guard section == .contents else {
            return PageSection(slug: section.rawValue, chapter: nil, kind: Page.Kind(section), pages: othersPages.next()!)
        }
        // The chapters' pages are numbered from the first chapter's, whatever comes before it:
        // laid out alone, they have the numbers they will show.
        let firstPages = chapterFirstPages(layOutPages(Array(chapters), sides: sides, chapterStart: options.page.chapterStart))
        let numbered = GeneratedPages.numbered(blocks, firstPages: firstPages)
        return PageSection(slug: section.rawValue, chapter: nil, kind: .contents, pages: paginate(numbered, typesetter: typesetter, rawHTML: rawHTML, prose: false))
    }
    let pages = layOutPages(covers + front + chapters, sides: sides, chapterStart: options.page.chapterStart)

    // A section's pages are numbered in it from 1, as laid out (a blank page after them holds
    // nothing). Those not known already are found on every core: each is a walk of a chapter.
    let known = sections.indices.map { knownTargets(sections[$0].chapter.id, sectionPages[$0].map(\.blocks), rawHTML) }
    let found = Array(sections.indices).parallelMap { index in
        known[index] ?? FolioPagination.targetPages(of: sectionPages[index].map(\.blocks), rawHTML: rawHTML)
    }
    var targetPages: [ChapterID: [String: Int]] = [:]
    for (section, found) in zip(sections, found) where !found.isEmpty { targetPages[section.chapter.id] = found }
    var warnings: [Diagnostic] = []
    for (index, pages) in sectionPages.prefix(sections.count).enumerated() {
        let chapter = sections[index].chapter
        for html in tooTallHTML(pages.map(\.blocks)) {
            let firstLine = String(html.prefix { $0 != "\n" })
            warnings.append(.warning("this raw HTML is taller than a page: it is set on a page of its own, in a box that scrolls",
                                     at: sources.location(ofFirst: firstLine, in: chapter), hint: "split it, or make it smaller"))
        }
    }
    return PagedBook(pages: pages, geometry: geometry, targetPages: targetPages, warnings: warnings)
}

/// The number each chapter's first page shows, by chapter.
private func chapterFirstPages(_ pages: [Page]) -> [ChapterID: String] {
    let numbering = PageNumbering(pages)
    var first: [ChapterID: String] = [:]
    for page in pages where page.kind == .text && page.numberInSection == 1 {
        if let chapter = page.chapter { first[chapter] = numbering.label(of: page.number) }
    }
    return first
}

/// The page, numbered in its section, that first holds each of the section's link targets: its
/// headings' and notes' ids, and with raw HTML its elements'.
package func targetPages(of pages: [[Block]], rawHTML: Bool) -> [String: Int] {
    var found: [String: Int] = [:]
    for (offset, blocks) in pages.enumerated() {
        for block in blocks {
            block.forEachTargetID(rawHTML: rawHTML) { id in
                if found[id] == nil { found[id] = offset + 1 }
            }
        }
    }
    return found
}

extension ChapterID {
    /// A generated section's id, which no chapter file can have.
    init(generated section: GeneratedSection) { self.init("/" + section.rawValue) }

    /// Whether this is a generated section's: its entries and titles are not prose to hyphenate.
    var isGenerated: Bool { path.hasPrefix("/") }
}

extension Page.Kind {
    init(_ section: GeneratedSection) {
        switch section {
        case .cover: self = .cover
        case .title: self = .title
        case .contents: self = .contents
        }
    }
}
