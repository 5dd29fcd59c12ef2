import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A build into a folder, as its `CachedBuild` will record it, keeping what the record before
/// kept where it fits: the memo of `folio build`, whose store is the cache folder.
struct DiskMemo: StageMemo {
    /// The record of this build, for the next, and the search index's terms when they changed.
    typealias Made = (record: CachedBuild, terms: [SearchShards.Term]?)

    private let keeping: PreviousBuild
    private let project: UInt64
    private let order: [ChapterID]
    private var texts: [ChapterID: UInt64]
    private var linkTargets: UInt64 = 0
    private var rendering: UInt64 = 0
    /// The record's sections whose page documents are as it wrote them, when the book but its
    /// texts is the same, and the index's files with them.
    private var intact: [ChapterID: CachedBuild.Section] = [:]
    /// Their bytes in the record.
    private var coded: [ChapterID: CacheCoded<CachedBuild.Section>] = [:]
    /// The sections that stand as their outlines: the same text, not parsed.
    private var outlines: [ChapterID: CachedBuild.Section] = [:]
    /// The sections whose pages are kept.
    private var kept: [ChapterID: CachedBuild.Section] = [:]
    /// The blank and generated pages kept, by number.
    private var keptOthers: Set<Int> = []
    /// Each section as linked, without its blocks.
    private var linked: [ChapterID: LinkedChapter] = [:]
    /// Each section as laid out: its page count, and whether a later build may keep its pages.
    private var laid: [ChapterID: (pages: Int, keepable: Bool)] = [:]
    private var targetPages: [ChapterID: [String: Int]] = [:]
    private var search: CachedBuild.Search?
    private var terms: [SearchShards.Term]?
    private var fonts: UInt64 = 0

    init(_ project: LoadedProject, prints: CachedBuild.Prints, keeping: PreviousBuild) {
        self.keeping = keeping
        self.project = prints.project
        let sections = project.loaded.book.sections
        order = sections.map(\.id)
        texts = prints.texts
        // print.html holds every page's text, which a kept page's document has but not its blocks;
        // a book's EPUB holds every page too, but its kept pages are taken from the EPUB already there.
        let book = project.loaded.book
        guard !book.options.makesPrint, let record = keeping.record, record.project == self.project,
              record.search.paths.allSatisfy(keeping.isIntact),
              !book.options.makesEPUB || keeping.isIntact(EPUBBook.path(title: book.title)) else { return }
        let slugs = Dictionary(sections.map { ($0.id, $0.slug) }, uniquingKeysWith: { first, _ in first })
        let whole = keeping.sections.parallelMap { section in
            slugs[section.id].map { slug in (0..<section.pages).allSatisfy { keeping.isIntact(SiteLayout.pageURL(slug: slug, number: $0 + 1)) } } ?? false
        }
        for (index, section) in keeping.sections.enumerated() where whole[index] {
            intact[section.id] = section
            coded[section.id] = record.sections[index]
        }
        outlines = intact.filter { texts[$0.key] == $0.value.text }
    }

    func standing(_ id: ChapterID) -> LinkedChapter? {
        outlines[id].map {
            LinkedChapter(chapter: $0.outline, assets: Set($0.assets), images: $0.images, diagnostics: $0.diagnostics, reaches: Set($0.reaches))
        }
    }

    mutating func parsingOutlines() {
        outlines = [:]
    }

    /// A section's pages are kept only with the same text and the same MathML for its formulas
    /// (KaTeX may have come, gone or changed since the build before).
    mutating func typesetMath(_ chapters: [ParsedChapter], renderer: MathRenderer) -> [ParsedChapter] {
        let typeset = FolioBook.typesetMath(chapters, renderer: renderer)
        for chapter in typeset where chapter.blocks.contains(where: \.holdsMath) {
            var fingerprint = Fingerprint()
            fingerprint.add(Int(truncatingIfNeeded: texts[chapter.chapter.id] ?? 0))
            for block in chapter.blocks {
                block.walk(inlines: { inline in
                    if case .math(let formula) = inline { fingerprint.add(formula.mathML ?? "") }
                })
            }
            texts[chapter.chapter.id] = fingerprint.value
        }
        return typeset
    }

    /// Which sections' pages are kept: those whose text is the same when every chapter's link
    /// targets are. The standing sections stand only then.
    mutating func linking(_ targets: LinkTargets, inputs: LinkInputs) -> Bool {
        linkTargets = CachedBuild.linkTargets(targets)
        guard linkTargets == keeping.record?.linkTargets else {
            kept = [:]
            return outlines.isEmpty
        }
        kept = intact.filter { texts[$0.key] == $0.value.text }
        remember(outlines.keys.compactMap(standing))
        return true
    }

    mutating func link(_ chapters: [ParsedChapter], sources: ChapterSources, targets: LinkTargets, inputs: LinkInputs) -> [LinkedChapter] {
        let made = chapters.parallelMap { inputs.link($0, sources: sources, targets: targets) }
        remember(made)
        return made
    }

    /// Sections as linked, kept without their blocks for the record.
    private mutating func remember(_ chapters: [LinkedChapter]) {
        for var chapter in chapters {
            chapter.chapter.blocks = []
            linked[chapter.chapter.chapter.id] = chapter
        }
    }

    /// The kept sections' pages as empty ones, the others laid out.
    mutating func pages(of sections: [ParsedChapter], typesetter: Typesetter, rawHTML: Bool) -> [[LaidPage]] {
        laid = [:]
        var made = paginateChapters(sections.filter { kept[$0.chapter.id] == nil }, typesetter: typesetter, rawHTML: rawHTML)[...]
        return sections.map { section in
            let id = section.chapter.id
            if let known = kept[id] {
                laid[id] = (known.pages, true)
                return Array(repeating: LaidPage(blocks: []), count: known.pages)
            }
            let pages = made.removeFirst()
            laid[id] = (pages.count, tooTallHTML(pages.map(\.blocks)).isEmpty)
            return pages
        }
    }

    /// A kept section's link targets, by the page that holds each.
    func targets(_ id: ChapterID, pages: [[Block]], rawHTML: Bool) -> [String: Int]? {
        kept[id]?.targets
    }

    /// Once paginated: false when pages were kept but the book's pages, or what their documents
    /// share, changed; then the book is to be laid out again, keeping nothing. Else the pages that
    /// hold no section's text (blank and generated ones) are kept too where they are intact: they
    /// are made of nothing else.
    mutating func laidOut(_ paged: PagedBook, inputs: RenderInputs) -> Bool {
        (rendering, targetPages) = (CachedBuild.rendering(inputs, pages: paged.pages), paged.targetPages)
        guard !kept.isEmpty else { return true }
        guard rendering == keeping.record?.rendering else {
            kept = [:]
            return false
        }
        let others = paged.pages.filter { $0.kind != .text }
        let intact = others.parallelMap { [keeping] in keeping.isIntact($0.url) }
        keptOthers = Set(zip(others, intact).filter(\.1).map(\.0.number))
        return true
    }

    private func isKept(_ page: Page) -> Bool {
        page.kind == .text ? page.chapter.map { kept[$0] != nil } == true : keptOthers.contains(page.number)
    }

    func kept(_ paged: PagedBook) -> KeptFiles? {
        KeptFiles(root: keeping.root, pages: Set(paged.pages.filter(isKept).map(\.number)))
    }

    /// The site's fonts: those already there when cut from the same faces to the same characters.
    mutating func webFonts(_ sources: [String: Data], characters: [UInt32]) -> [SiteFile] {
        fonts = WebFonts.fingerprint(sources, characters: characters)
        guard fonts == keeping.record?.fonts, WebFonts.paths.allSatisfy(keeping.isIntact) else {
            return WebFonts.files(sources, characters: characters)
        }
        return WebFonts.paths.map { SiteFile(path: $0, contents: .kept) }
    }

    /// The search stage: the index's files as they are when no page's text changed; else the kept
    /// index with the other pages' texts found again; else a whole one. The kept texts are the
    /// site's, which the record of Folio's files vouched for; should one be unreadable all the
    /// same (changed since), the build fails, and the next keeps nothing.
    mutating func search(_ paged: PagedBook) throws -> [SiteFile] {
        guard let record = keeping.record, !kept.isEmpty, let files = keeping.siteRecord else {
            let made = searchFilesKept(paged)
            (search, terms) = (CachedBuild.Search(made.kept), made.kept.terms)
            return made.files
        }
        // A blank page has no text, and is blank where it was: the pages' places are the same.
        let changed = paged.pages.indices.filter { paged.pages[$0].kind != .blank && !isKept(paged.pages[$0]) }.map { $0 + 1 }
        let now = changed.map { SearchIndex.text(of: paged.pages[$0 - 1]) }
        var previous = SearchIndexParts(terms: [], chunkFirsts: record.search.chunkFirsts, shardFirsts: record.search.shardFirsts,
                                        pages: record.search.pages, textBytes: record.search.textBytes)
        let texts = KeptPageTexts(previous, in: keeping.root, files: files)
        let edited = Set(zip(changed, now).filter { number, text in texts.text(number) != text }.map(\.0))
        func changedDuringTheBuild() -> Error {
            unlink(keeping.cache.file(CachedBuild.fileName))
            return FileAccessError(path: SiteLayout.searchTexts(0), reason: "the search index's page texts in the output folder changed during the build; build again")
        }
        guard !texts.failed else { throw changedDuringTheBuild() }
        if edited.isEmpty {
            search = record.search
            return record.search.paths.map { SiteFile(path: $0, contents: .kept) }
        }
        // The terms file is read only now.
        guard let terms = keeping.terms else { throw changedDuringTheBuild() }
        previous.terms = terms
        let made = searchFiles(paged, kept: previous, texts: texts.text, changed: changed, chunk: { [previous] index, pages, text in
            // A chunk of the same pages, none of them edited, is the file already there, neither
            // read, written out nor compared.
            if previous.chunk(index) == pages && !pages.contains(where: edited.contains) { return .kept }
            let run = pages.map(text)
            return .rendered { SearchShards.chunk(run) }
        })
        guard !texts.failed else { throw changedDuringTheBuild() }
        (search, self.terms) = (CachedBuild.Search(made.kept), made.kept.terms)
        // So is a shard of the same terms.
        let same = Set(made.kept.sameShards(as: previous).map(SiteLayout.searchTerms))
        return made.files.map { same.contains($0.path) ? SiteFile(path: $0.path, contents: .kept) : $0 }
    }

    /// The files made from what the whole book shares and its pages but not their text
    /// (`renderSite`'s `bookWide`) as the build before made them, when pages are kept: all that
    /// is then the same.
    func bookWide(_ book: Book, paged: PagedBook, inputs: RenderInputs) -> @Sendable (String, () throws -> Data) throws -> Data {
        let kept = kept.isEmpty ? nil : keeping
        return { path, make in try kept?.file(path) ?? make() }
    }

    /// `site` with the kept pages' documents as the files already in the folder.
    func documents(_ site: [SiteFile], paged: PagedBook, inputs: RenderInputs) -> [SiteFile] {
        guard !kept.isEmpty else { return site }
        let urls = Set(paged.pages.filter(isKept).map(\.url))
        return site.map { urls.contains($0.path) ? SiteFile(path: $0.path, contents: .kept) : $0 }
    }

    /// The record of this build, for the next.
    func record() -> Made? {
        guard let folio = CachedBuild.runningFolio, let search else { return nil }
        let sections = order.compactMap { id -> CacheCoded<CachedBuild.Section>? in
            guard let laid = laid[id], laid.keepable, let text = texts[id], let linked = linked[id] else { return nil }
            let section = CachedBuild.Section(text: text, outline: linked.chapter, assets: linked.assets.sorted(), images: linked.images,
                                              diagnostics: linked.diagnostics, reaches: linked.reaches.sorted(), pages: laid.pages,
                                              targets: targetPages[id] ?? [:])
            // A section as the record before has it is written back as the bytes read.
            if section == intact[id], let known = coded[id] { return known }
            return try? CacheCoded(section)
        }
        let record = CachedBuild(folio: folio, project: project, linkTargets: linkTargets,
                                 rendering: rendering, sections: sections, search: search, fonts: fonts)
        return (record, terms)
    }
}

extension CachedBuild.Search {
    /// What a build records of the index it made.
    init(_ made: SearchIndexParts) {
        self.init(pages: made.pages, chunkFirsts: made.chunkFirsts, shardFirsts: made.shardFirsts, textBytes: made.textBytes)
    }
}
