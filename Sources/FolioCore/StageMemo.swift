import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// What a build may reuse of the builds before it, stage by stage: `renderBook` asks its memo at
/// every stage, and the memo answers from its store — memory for `folio serve` (`BuildCache`),
/// the cache folder for `folio build` (`DiskMemo`) — or by doing the stage's work, as every
/// default here does (`FreshBuild`). Whatever the store, the site is the one a fresh build makes.
protocol StageMemo {
    /// A section that stands as the build before left it, as linked (without its blocks): it is
    /// neither parsed nor linked, unless `parsingOutlines` is called.
    func standing(_ id: ChapterID) -> LinkedChapter?
    /// The standing sections are to be parsed and linked after all.
    mutating func parsingOutlines()
    /// The theme with the book's overrides, from `make`.
    mutating func theme(_ overrides: [String: Data], language: String, make: () throws -> RenderingTheme) throws -> RenderingTheme
    /// The `chapters` parsed from their texts in `sources`.
    mutating func parse(_ chapters: [Chapter], sources: ChapterSources, options: MarkdownOptions, hyphenation: Hyphenation?) -> [ParsedChapter]
    mutating func typesetMath(_ chapters: [ParsedChapter], renderer: MathRenderer) -> [ParsedChapter]
    /// Given every chapter's link targets before linking: false when sections stand but cannot,
    /// the targets having changed.
    mutating func linking(_ targets: LinkTargets, inputs: LinkInputs) -> Bool
    /// The parsed `chapters` linked against `targets`, their raw HTML placed in `sources`.
    mutating func link(_ chapters: [ParsedChapter], sources: ChapterSources, targets: LinkTargets, inputs: LinkInputs) -> [LinkedChapter]
    /// `paginateBook`'s `chapterPages`: each section's pages.
    mutating func pages(of sections: [ParsedChapter], typesetter: Typesetter, rawHTML: Bool) -> [[LaidPage]]
    /// `paginateBook`'s `knownTargets`: where a section's link targets are, when known.
    func targets(_ id: ChapterID, pages: [[Block]], rawHTML: Bool) -> [String: Int]?
    /// Once paginated: false when the book is to be laid out again, none of it standing or kept.
    mutating func laidOut(_ paged: PagedBook, inputs: RenderInputs) -> Bool
    /// The search stage.
    mutating func search(_ paged: PagedBook) throws -> [SiteFile]
    /// The site's fonts: the faces in `sources` cut down to `characters` (`WebFonts`).
    mutating func webFonts(_ sources: [String: Data], characters: [UInt32]) -> [SiteFile]
    /// What it keeps of the build before, once `paged` is laid out, for what is made of the
    /// site's files (the EPUB); nil for a memo that keeps nothing.
    func kept(_ paged: PagedBook) -> KeptFiles?
    /// `renderSite`'s `bookWide`.
    mutating func bookWide(_ book: Book, paged: PagedBook, inputs: RenderInputs) -> @Sendable (String, () throws -> Data) throws -> Data
    /// The rendered `site`, with the page documents the store has given as it has them.
    mutating func documents(_ site: [SiteFile], paged: PagedBook, inputs: RenderInputs) -> [SiteFile]
}

/// What linking a chapter reads besides its parse and the book's targets: the same for every chapter of a build.
struct LinkInputs: Equatable {
    var files: Set<String>
    var refused: [String: String]
    var imageSizes: [String: ImageSize]
    var rawHTML: Bool
    var slips: Slips
    var redirects: Set<String>

    /// The book's link targets, from its chapters (parsed, or standing as linked).
    func targets(_ chapters: [ParsedChapter]) -> LinkTargets {
        LinkTargets(chapters, files: files, refused: refused, redirects: redirects)
    }

    /// A parsed chapter linked against `targets` (`linkChapter`).
    func link(_ chapter: ParsedChapter, sources: ChapterSources, targets: LinkTargets) -> LinkedChapter {
        linkChapter(chapter, sources: sources, targets: targets, imageSizes: imageSizes, rawHTML: rawHTML, slips: slips)
    }
}

extension StageMemo {
    func kept(_ paged: PagedBook) -> KeptFiles? { nil }
    func standing(_ id: ChapterID) -> LinkedChapter? { nil }
    mutating func parsingOutlines() {}

    mutating func theme(_ overrides: [String: Data], language: String, make: () throws -> RenderingTheme) throws -> RenderingTheme {
        try make()
    }

    mutating func parse(_ chapters: [Chapter], sources: ChapterSources, options: MarkdownOptions, hyphenation: Hyphenation?) -> [ParsedChapter] {
        parseChapters(chapters, sources: sources, options: options, hyphenation: hyphenation)
    }

    mutating func typesetMath(_ chapters: [ParsedChapter], renderer: MathRenderer) -> [ParsedChapter] {
        FolioBook.typesetMath(chapters, renderer: renderer)
    }

    mutating func linking(_ targets: LinkTargets, inputs: LinkInputs) -> Bool { true }

    mutating func link(_ chapters: [ParsedChapter], sources: ChapterSources, targets: LinkTargets, inputs: LinkInputs) -> [LinkedChapter] {
        chapters.parallelMap { inputs.link($0, sources: sources, targets: targets) }
    }

    mutating func pages(of sections: [ParsedChapter], typesetter: Typesetter, rawHTML: Bool) -> [[LaidPage]] {
        paginateChapters(sections, typesetter: typesetter, rawHTML: rawHTML)
    }

    func targets(_ id: ChapterID, pages: [[Block]], rawHTML: Bool) -> [String: Int]? { nil }
    mutating func laidOut(_ paged: PagedBook, inputs: RenderInputs) -> Bool { true }
    mutating func search(_ paged: PagedBook) throws -> [SiteFile] { searchFiles(paged) }

    mutating func webFonts(_ sources: [String: Data], characters: [UInt32]) -> [SiteFile] {
        WebFonts.files(sources, characters: characters)
    }

    mutating func bookWide(_ book: Book, paged: PagedBook, inputs: RenderInputs) -> @Sendable (String, () throws -> Data) throws -> Data {
        { try $1() }
    }

    mutating func documents(_ site: [SiteFile], paged: PagedBook, inputs: RenderInputs) -> [SiteFile] { site }
}

/// A build that reuses nothing: every stage does its work.
struct FreshBuild: StageMemo {}
