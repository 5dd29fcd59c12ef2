import FolioBase
import FolioOptions
import FolioBook

/// One fixed-size page of the book.
package struct Page: Sendable, Equatable, Encodable {
    package enum Side: String, Sendable, Encodable { case left, right, center }

    package enum Kind: String, Sendable, Encodable {
        /// A share of a chapter's text.
        case text
        /// Left empty so the next chapter opens on a recto.
        case blank
        /// Generated: the front cover, the title page, the contents.
        case cover, title, contents
    }

    /// 1-based, counted through the whole book.
    package var number: Int
    /// 1-based, counted within its section: the page's file name is `<slug>/<numberInSection>.html`.
    package var numberInSection: Int
    /// The folder the page lives in: its chapter's slug, or `cover`, `title`, `contents`.
    package var slug: String
    /// The chapter (or Markdown cover) the page is a share of; nil for generated pages.
    package var chapter: ChapterID?
    package var kind: Kind
    package var side: Side
    package var blocks: [Block]
    /// The room, in px, added at each of the page's gaps between blocks so that its text ends at
    /// the foot of the page, as the page facing it does (`LaidPage`).
    package var stretch: Double = 0

    init(number: Int, numberInSection: Int, slug: String, chapter: ChapterID?, kind: Kind, side: Side, blocks: [Block], stretch: Double = 0) {
        self.number = number
        self.numberInSection = numberInSection
        self.slug = slug
        self.chapter = chapter
        self.kind = kind
        self.side = side
        self.blocks = blocks
        self.stretch = stretch
    }

    /// The page without its text: where it is in the book.
    package var place: Page {
        var place = self
        place.blocks = []
        place.stretch = 0
        return place
    }

    /// The page's document, relative to the site root.
    package var url: String { SiteLayout.pageURL(slug: slug, number: numberInSection) }
}

/// A page's share of its section as the paginator lays it: its blocks, and the room spread at its
/// gaps so that it ends at the foot.
package struct LaidPage: Sendable, Equatable {
    package var blocks: [Block]
    package var stretch: Double = 0

    package init(blocks: [Block], stretch: Double = 0) {
        self.blocks = blocks
        self.stretch = stretch
    }
}
