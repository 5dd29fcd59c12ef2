import FolioBase
import FolioOptions
import FolioBook

/// Which side of the spine each page falls on, as the book's reading options decide.
package struct PageSides {
    /// Two pages face each other: a horizontal book with the spine in the middle (or `auto`,
    /// which shows spreads whenever two pages fit). Otherwise every page stands alone.
    let spreads: Bool
    /// The side of a recto, the page a chapter opens on: right in a left-to-right book.
    let recto: Page.Side

    package init(_ reading: ReadingOptions, direction: ReadingOptions.Direction) {
        spreads = reading.orientation == .horizontal && reading.doubleSided && (reading.spine == .mid || reading.spine == .auto)
        recto = direction == .rtl ? .left : .right
    }

    /// The side of the page numbered `number` in the book: page 1 is a recto, then they alternate.
    package func side(of number: Int) -> Page.Side {
        guard spreads else { return .center }
        let verso: Page.Side = recto == .right ? .left : .right
        return number % 2 == 1 ? recto : verso
    }

    func isRecto(_ number: Int) -> Bool {
        !spreads || number % 2 == 1
    }
}

/// A run of pages that share a folder: a chapter, or a generated section such as the contents.
struct PageSection {
    var slug: String
    var chapter: ChapterID?
    var kind: Page.Kind
    var pages: [LaidPage]
}

/// Numbers the sections' pages through the book and gives each its side. With
/// `chapter-start: recto` a section that would open on a verso gets a blank page before it,
/// kept at the end of the section before, so no other section's page URLs move.
func layOutPages(_ sections: [PageSection], sides: PageSides, chapterStart: PageOptions.ChapterStart) -> [Page] {
    var pages: [Page] = []
    for (index, section) in sections.enumerated() {
        if index > 0, chapterStart == .recto, !sides.isRecto(pages.count + 1), let last = pages.last {
            pages.append(Page(number: pages.count + 1, numberInSection: last.numberInSection + 1, slug: last.slug,
                              chapter: last.chapter, kind: .blank, side: sides.side(of: pages.count + 1), blocks: []))
        }
        for (offset, laid) in section.pages.enumerated() {
            let number = pages.count + 1
            pages.append(Page(number: number, numberInSection: offset + 1, slug: section.slug, chapter: section.chapter,
                              kind: section.kind, side: sides.side(of: number), blocks: laid.blocks, stretch: laid.stretch))
        }
    }
    return pages
}
