import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// What a finished build did, for the closing summary line.
public struct BuildReport: Sendable {
    public var chapters: Int
    public var pages: Int
    public var files: Int
    /// Site files written because their bytes changed or were new, and files of an earlier build removed.
    public var written = 0
    public var removed = 0
    /// Pages whose documents were kept as the build before left them (`BuildRecord`): neither laid out nor rendered.
    public var kept = 0
    /// Sections parsed: the others stood as the build before left them (`BuildRecord`).
    public var parsed = 0
    public var warnings: [Diagnostic]
    public var times: PhaseTimes
    /// What `--verbose` lists, as `file:line:col: …` lines: book.toml's keys that mean nothing in
    /// Folio, front matter kept for templates, a theme's templates that are not used.
    public var unused: [String] = []
}

/// `folio build`: load → parse → link → paginate → render → write. Throws `DiagnosticsError` with every
/// error and warning when the book has errors; the previous site is then left as it was.
public func buildBook(at folder: String, output: String, flags: BuildFlags = BuildFlags()) throws -> BuildReport {
    var times = PhaseTimes()
    let project = try times.time("load") { try loadProject(.project(folder), ignoring: pathsInside(folder, output), flags: flags) }
    // What the build needs of the project after rendering, without the chapters' sources, so that
    // rendering can let them go.
    let after = project.withoutSources
    let cache = CacheFolder.of(book: folder, output: output)
    let keeping = KeptBuild(output, cache: cache)
    let (made, pages, log, record, parsed) = renderBook(consume project, times: &times, keeping: keeping)
    guard let site = made, !log.hasErrors else { throw DiagnosticsError(log.diagnostics.map(after.locate)) }
    trimHeap()
    let counts = try times.time("write") {
        // Made only now, so that a failed build leaves no cache behind.
        let made = cache.made()
        let counts = try writeSite(site, to: output, cache: made, from: after.contentFiles, record: keeping.siteRecord)
        if let made, let record { record.record.write(in: made, terms: record.terms, replacing: keeping.record) }
        return counts
    }
    let report = BuildReport(chapters: after.loaded.book.chapters.count, pages: pages, files: site.count, written: counts.written,
                             removed: counts.removed, kept: site.count { if case .kept = $0.contents { true } else { false } },
                             parsed: parsed, warnings: log.diagnostics.map(after.locate), times: times, unused: after.unused)
    releaseLater((consume made, consume site, consume record, consume after, consume keeping))
    return report
}

/// parse → link → paginate → render a loaded book, in memory: the site's files (`nil` when the theme
/// or rendering failed), how many pages it has, and every error and warning found on the way.
/// With a `cache` (`folio serve`'s), what an earlier build made from the same input is reused.
/// `keeping` a build into a folder, what the build before kept there is reused where it fits, and
/// the build's own `record` made for the next.
/// The chapters' sources are let go once parsed (those holding raw HTML once paginated) when the caller gives up the project.
/// `math` renders the formulas of a book with math.
package func renderBook(_ given: consuming LoadedProject, times: inout PhaseTimes, cache: BuildCache? = nil, keeping: KeptBuild? = nil,
                math: MathRenderer = .katex)
    -> (site: [SiteFile]?, pages: Int, log: DiagnosticLog, record: RecordedBuild.Made?, parsed: Int)
{
    var sections = given.loaded.book.sections
    let project = (consume given).withoutSources
    var recording = keeping.map { RecordedBuild(project, sections: sections, keeping: $0) }
    let loaded = project.loaded
    let book = loaded.book
    var log = DiagnosticLog()
    log.report(contentsOf: loaded.warnings + Theme.unusedOverrides(loaded.themeOverrides.keys) + (keeping?.warnings ?? []))
    let theme = log.collect {
        let (overrides, language) = (loaded.themeOverrides, book.options.language)
        let make = { try RenderingTheme(Theme.builtIn.overridden(by: overrides), language: language) }
        return try cache?.theme(overrides, language: language, make: make) ?? make()
    }

    let markdown = book.options.markdown
    let order = book.sections.map(\.id)
    // Sections the build before left as they are stand as their outlines, neither parsed nor
    // linked, unless the book's link targets or pages turn out to have changed: `unparsed` holds
    // their sources meanwhile.
    var unparsed = sections.filter { recording?.outlines[$0.id] != nil }
    var parsed: [ChapterID: ParsedChapter] = [:]
    var parsedCount = 0
    func parse(_ chapters: [Chapter]) {
        parsedCount += chapters.count
        var made = times.time("parse") { cache?.parse(chapters, options: markdown) ?? parseChapters(chapters, options: markdown) }
        if markdown.math != .none {
            made = times.time("math") { cache?.typesetMath(made, renderer: math) ?? typesetMath(made, renderer: math) }
            recording?.typeset(made)
        }
        // Past parsing, a chapter's source is needed only to say where its raw HTML is: the others
        // go before linking makes the book's second copy of its text.
        for var chapter in consume made {
            if !chapter.blocks.contains(where: \.holdsRawHTML) { chapter.chapter.markdown = "" }
            parsed[chapter.chapter.id] = chapter
        }
    }
    parse(sections.filter { recording?.outlines[$0.id] == nil })
    sections = []

    let (files, sizes, refused, rawHTML, slips) = (loaded.files, loaded.imageSizes, loaded.refused, markdown.rawHTML, book.options.slips)
    let redirects = Set(book.options.redirects.map(\.from))
    func linkTargets() -> LinkTargets {
        LinkTargets(order.map { parsed[$0] ?? recording!.linkedOutline($0)!.chapter }, files: files, refused: refused, redirects: redirects)
    }
    /// The parsed chapters linked against `targets`, given up once linked.
    func linkParsed(_ targets: LinkTargets) -> [ChapterID: LinkedChapter] {
        let made = order.compactMap { parsed[$0] }.parallelMap { linkChapter($0, targets: targets, imageSizes: sizes, rawHTML: rawHTML, slips: slips) }
        // Not held beside the linked chapters for the rest of the build, and freed beside the next stages.
        releaseLater(parsed)
        parsed = [:]
        recording?.linked(made)
        return Dictionary(uniqueKeysWithValues: made.map { ($0.chapter.chapter.id, $0) })
    }
    func parseOutlines() {
        recording?.parsingOutlines()
        parse(unparsed)
        unparsed = []
    }
    var targets: LinkTargets?
    if cache == nil {
        targets = linkTargets()
        if recording?.linking(targets!) == false {
            parseOutlines()
            targets = linkTargets()
            _ = recording?.linking(targets!)
        }
    }
    var linked = times.time("link") {
        if let cache {
            return cache.link(order.map { parsed[$0]! }, files: files, imageSizes: sizes, refused: refused, rawHTML: rawHTML, slips: slips, redirects: redirects)
        }
        let made = linkParsed(targets!)
        let standing = order.compactMap { made[$0] == nil ? recording?.linkedOutline($0) : nil }
        recording?.linked(standing)
        var outlines = Dictionary(uniqueKeysWithValues: standing.map { ($0.chapter.chapter.id, $0) })
        return joiningLinked(order.map { made[$0] ?? outlines.removeValue(forKey: $0)! }, targets: targets!)
    }
    // Past linking, a chapter's source is needed only to place raw HTML too tall for a page.
    func lettingSourcesGo() {
        for index in linked.chapters.indices where !linked.chapters[index].blocks.contains(where: \.isRawHTML) {
            linked.chapters[index].chapter.markdown = ""
        }
    }
    lettingSourcesGo()
    trimHeap()
    log.report(contentsOf: linked.chapters.flatMap(\.warnings) + linked.diagnostics)
    func paginate() -> PagedBook {
        let generated = GeneratedPages.sections(book: book, chapters: Dictionary(uniqueKeysWithValues: linked.chapters.map { ($0.chapter.id, $0) }),
                                                contentsHeading: theme?.strings.values["contents"] ?? "Contents")
        return paginateBook(linked.chapters, generated: generated, options: book.options, images: linked.images,
                            chapterPages: { sections, typesetter, rawHTML in
            if let cache { return cache.paginate(sections, typesetter: typesetter, rawHTML: rawHTML) }
            guard recording != nil else { return paginateChapters(sections, typesetter: typesetter, rawHTML: rawHTML) }
            return recording!.pages(of: sections) { paginateChapters($0, typesetter: typesetter, rawHTML: rawHTML) }
        }, knownTargets: { id, pages, rawHTML in
            recording?.keptTargets(id) ?? cache?.targets(id, pages: pages, rawHTML: rawHTML)
        })
    }
    func laidOut(_ paged: PagedBook) -> Bool {
        recording?.laidOut(paged, inputs: BuildCache.RenderInputs(project, sections: linked.chapters, paged: paged, assets: linked.assets)) ?? true
    }
    var paged = times.time("paginate", paginate)
    if !laidOut(paged) {
        // The book's pages or what its documents share changed: every section is laid out, those
        // that stood as outlines parsed and linked first (against the same targets).
        if !unparsed.isEmpty {
            parseOutlines()
            let made = times.time("link") { linkParsed(targets!) }
            for index in linked.chapters.indices {
                if let chapter = made[linked.chapters[index].chapter.id] { linked.chapters[index] = chapter.chapter }
            }
            lettingSourcesGo()
        }
        paged = times.time("paginate", paginate)
        _ = laidOut(paged)
    }
    log.report(contentsOf: paged.warnings)
    // The pages hold the text from here on: the chapters' own blocks and sources can go, freed
    // beside rendering.
    let blocks = linked.chapters.map(\.blocks)
    for index in linked.chapters.indices {
        linked.chapters[index].blocks = []
        linked.chapters[index].chapter.markdown = ""
    }
    releaseLater(consume blocks)
    trimHeap()
    let site = times.time("render") {
        theme.flatMap { theme in
            log.collect {
                let cached = cache.map { ($0, BuildCache.RenderInputs(project, sections: linked.chapters, paged: paged, assets: linked.assets)) }
                let kept = recording?.keptFiles
                let bookWide: @Sendable (String, () throws -> Data) throws -> Data = cached.map { $0.bookWide(book, paged: paged, inputs: $1) }
                    ?? { @Sendable path, make in try kept?.file(path) ?? make() }
                let site = try renderSite(book, sections: linked.chapters, paged: paged, assets: linked.assets, stylesheets: project.stylesheets, theme: theme,
                                          search: { paged in
                    if let cache { return cache.search(paged) }
                    return try recording?.search(paged) ?? searchFiles(paged)
                }, bookWide: bookWide)
                return cached.map { $0.reusingDocuments(site, paged: paged, inputs: $1) } ?? recording?.keepingPages(site, paged: paged) ?? site
            }
        }
    }
    return (site, paged.pages.count, log, site == nil ? nil : recording?.record(paged), parsedCount)
}

/// The output folder, when it lies inside the book, as a book-relative path the loader skips.
private func pathsInside(_ folder: String, _ output: String) -> Set<String> {
    let root = URL(fileURLWithPath: folder).standardizedFileURL.path + "/"
    let out = URL(fileURLWithPath: output).standardizedFileURL.path
    return out.hasPrefix(root) ? [String(out.dropFirst(root.count))] : []
}
