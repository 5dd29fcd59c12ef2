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
    /// Pages whose documents were kept as the build before left them (`CachedBuild`): neither laid out nor rendered.
    public var kept = 0
    /// Sections parsed: the others stood as the build before left them (`CachedBuild`).
    public var parsed = 0
    public var warnings: [Diagnostic]
    public var times: PhaseTimes
    /// What `--verbose` lists, as `file:line:col: …` lines: book.toml's keys that mean nothing in
    /// Folio, front matter kept for templates, a theme's templates that are not used.
    public var unused: [String] = []
    /// The book's title.
    public var title = ""
}

/// `folio build`: load → parse → link → paginate → render → write. Throws `DiagnosticsError` with every
/// error and warning when the book has errors; the previous site is then left as it was. A book in
/// many languages is each language's book built alike, the default language's at the site's root
/// and each other's in the folder named by its code; all are rendered before any is written.
public func buildBook(at folder: String, output: String, flags: BuildFlags = BuildFlags()) throws -> BuildReport {
    var times = PhaseTimes()
    var books = try times.time("load") { try loadLanguages(.project(folder), ignoring: pathsInside(folder, output), flags: flags) }
    let alternates = languageAlternates(books)
    var writes: [(inout PhaseTimes) throws -> BuildReport] = []
    var problems: [Diagnostic] = []
    for index in books.indices {
        var project = books[index].project
        // Held by this build alone, which lets the sources go once parsed.
        books[index].project = project.withoutSources
        project.loaded.book.alternates = alternates[index]
        let site = books[index].site
        do {
            writes.append(try renderProject(project, folder: folder, output: site.isEmpty ? output : "\(output)/\(site)", times: &times))
        } catch let error as DiagnosticsError {
            problems += error.diagnostics
        }
    }
    guard problems.isEmpty else { throw DiagnosticsError(problems) }
    var report: BuildReport?
    for write in writes {
        let made = try write(&times)
        report = report.map { $0.adding(made) } ?? made
    }
    report!.times = times
    return report!
}

extension BuildReport {
    /// This report and another language's, as one: the counts added, the first's title.
    func adding(_ other: BuildReport) -> BuildReport {
        var sum = self
        (sum.chapters, sum.pages, sum.files) = (chapters + other.chapters, pages + other.pages, files + other.files)
        (sum.written, sum.removed, sum.kept, sum.parsed) = (written + other.written, removed + other.removed, kept + other.kept, parsed + other.parsed)
        (sum.warnings, sum.unused) = (warnings + other.warnings, unused + other.unused)
        return sum
    }
}

/// One book rendered into its site, and what writes it into `output` and reports. Throws
/// `DiagnosticsError` with every error and warning when the book has errors.
private func renderProject(_ given: consuming LoadedProject, folder: String, output: String, times: inout PhaseTimes) throws
    -> (inout PhaseTimes) throws -> BuildReport
{
    let project = consume given
    // What the build needs of the project after rendering, without the chapters' sources, so that
    // rendering can let them go.
    let after = project.withoutSources
    let cache = CacheFolder.of(book: folder, output: output)
    let prints = times.time("cache") { CachedBuild.Prints(project) }
    let keeping = times.time("cache") { PreviousBuild(output, cache: cache, inputs: prints.whole, book: [project.contentFiles.root, folder]) }
    if let unchanged = keeping.unchanged {
        let report = BuildReport(chapters: after.loaded.book.chapters.count, pages: unchanged.pages, files: unchanged.files, kept: unchanged.pages,
                                 warnings: unchanged.warnings, times: times, unused: after.unused, title: after.loaded.book.title)
        return { _ in report }
    }
    var memo = times.time("cache") { DiskMemo(project, prints: prints, keeping: keeping) }
    let (made, pages, log, parsed) = renderBook(consume project, times: &times, memo: &memo)
    let record = made == nil ? nil : times.time("cache") { memo.record() }
    let warnings = (keeping.warnings + log.diagnostics).map(after.locate)
    guard let site = made, !log.hasErrors else { throw DiagnosticsError(warnings) }
    return { times in
        trimHeap()
        // Made only now, so that a failed build leaves no cache behind.
        let folder = cache.made()
        let counts = try times.time("write") { try writeSite(site, to: output, cache: folder, from: after.contentFiles, record: keeping.siteRecord) }
        let summary = CachedBuild.Summary(inputs: prints.whole, pages: pages, files: site.count, warnings: log.diagnostics.map(after.locate),
                                          copied: Dictionary(site.compactMap { file in
                                              if case .bookFile(let path) = file.contents { (path, file.path) } else { nil }
                                          }, uniquingKeysWith: { first, _ in first }))
        times.time("cache") { if let folder, let record { record.record.write(in: folder, summary: summary, terms: record.terms, replacing: keeping.kept) } }
        let report = BuildReport(chapters: after.loaded.book.chapters.count, pages: pages, files: site.count, written: counts.written,
                                 removed: counts.removed, kept: site.count { file in
                                     if case .kept = file.contents { SiteLayout.page(at: file.path) != nil } else { false }
                                 },
                                 parsed: parsed, warnings: warnings, times: times, unused: after.unused, title: after.loaded.book.title)
        releaseLater((site, record, after, keeping))
        return report
    }
}

/// parse → link → paginate → render a loaded book, in memory: the site's files (`nil` when the theme
/// or rendering failed), how many pages it has, every error and warning found on the way, and how
/// many sections it parsed. At every stage the `memo` gives what it kept of the builds before
/// (`StageMemo`); a fresh build's reuses nothing.
/// The chapters' sources are let go once parsed (those holding raw HTML once paginated) when the caller gives up the project.
/// `math` renders the formulas of a book with math.
func renderBook(_ given: consuming LoadedProject, times: inout PhaseTimes, memo: inout some StageMemo, math: MathRenderer = .katex)
    -> (site: [SiteFile]?, pages: Int, log: DiagnosticLog, parsed: Int)
{
    // Each stage lets go of the sources it was the last to read.
    var sources = given.loaded.sources
    let project = (consume given).withoutSources
    let loaded = project.loaded
    let book = loaded.book
    var log = DiagnosticLog()
    log.report(contentsOf: loaded.warnings + Theme.unusedOverrides(loaded.themeOverrides.keys))
    // The book's font files replace the theme's faces; each must be a font HarfBuzz can read.
    for (face, font) in loaded.fonts where Typeface(font) == nil {
        let path = book.options.fonts[face]!
        log.report(.error("`\(path)` is not a font Folio can read", at: book.options.namedAt[path], hint: "give a TrueType or OpenType file (.ttf, .otf)"))
    }
    let theme = log.collect {
        let (overrides, language) = (loaded.themeOverrides.merging(WebFonts.themeFiles(loaded.fonts)) { _, book in book }, book.options.language)
        return try memo.theme(overrides, language: language) { try RenderingTheme(Theme.builtIn.overridden(by: overrides), language: language) }
    }

    log.report(contentsOf: EPUBBook.warnings(book.options))
    let (hyphenation, noPatterns) = Hyphenation.forBook(language: book.options.language, justify: book.options.page.justify)
    log.report(contentsOf: noPatterns.map { [$0] } ?? [])
    let markdown = book.options.markdown
    let order = book.sections.map(\.id)
    // Read while every section's text is here.
    let characters = times.time("fonts") { WebFonts.characters(of: book, sources: sources, strings: theme?.strings) }
    // Sections that stand as the build before left them are neither parsed nor linked, unless the
    // book's link targets or pages turn out to have changed: their sources are kept meanwhile.
    var standing = Dictionary(uniqueKeysWithValues: order.compactMap { id in memo.standing(id).map { (id, $0) } })
    var unparsed = book.sections.filter { standing[$0.id] != nil }
    var parsed: [ChapterID: ParsedChapter] = [:]
    var parsedCount = 0
    func parse(_ chapters: [Chapter]) {
        parsedCount += chapters.count
        var made = times.time("parse") { memo.parse(chapters, sources: sources, options: markdown, hyphenation: hyphenation) }
        if markdown.math != .none { made = times.time("math") { memo.typesetMath(made, renderer: math) } }
        // Past parsing, a chapter's source is needed only to say where its raw HTML is: the others
        // go before linking makes the book's second copy of its text.
        sources.letGo(of: made.lazy.filter { !$0.blocks.contains(where: \.holdsRawHTML) }.map(\.chapter.id))
        for chapter in consume made { parsed[chapter.chapter.id] = chapter }
    }
    parse(book.sections.filter { standing[$0.id] == nil })
    func parseStanding() {
        memo.parsingOutlines()
        standing = [:]
        parse(unparsed)
        unparsed = []
    }

    let inputs = LinkInputs(files: loaded.files, refused: loaded.refused, imageSizes: loaded.imageSizes, rawHTML: markdown.rawHTML,
                            slips: book.options.slips, redirects: Set(book.options.redirects.map(\.from)))
    func linkTargets() -> LinkTargets {
        inputs.targets(order.map { parsed[$0] ?? standing[$0]!.chapter })
    }
    var targets = linkTargets()
    if !memo.linking(targets, inputs: inputs) {
        parseStanding()
        targets = linkTargets()
        _ = memo.linking(targets, inputs: inputs)
    }
    /// The parsed chapters linked, given up once linked.
    func linkParsed() -> [ChapterID: LinkedChapter] {
        let made = memo.link(order.compactMap { parsed[$0] }, sources: sources, targets: targets, inputs: inputs)
        // Not held beside the linked chapters for the rest of the build, and freed beside the next stages.
        releaseLater(parsed)
        parsed = [:]
        // Past linking, a chapter's source is needed only to place raw HTML too tall for a page.
        sources.letGo(of: made.lazy.filter { !$0.chapter.blocks.contains(where: \.isRawHTML) }.map(\.chapter.chapter.id))
        return Dictionary(uniqueKeysWithValues: made.map { ($0.chapter.chapter.id, $0) })
    }
    var linked = times.time("link") {
        let made = linkParsed()
        return joiningLinked(order.map { made[$0] ?? standing[$0]! }, targets: targets)
    }
    trimHeap()
    log.report(contentsOf: linked.chapters.flatMap(\.warnings) + linked.diagnostics)
    func paginate() -> PagedBook {
        let generated = GeneratedPages.sections(book: book, chapters: Dictionary(uniqueKeysWithValues: linked.chapters.map { ($0.chapter.id, $0) }),
                                                contentsHeading: theme?.strings.values["contents"] ?? "Contents")
        return paginateBook(linked.chapters, generated: generated, options: book.options, type: theme?.type ?? WebFonts.builtIn.type,
                            images: linked.images, sources: sources,
                            chapterPages: { memo.pages(of: $0, typesetter: $1, rawHTML: $2) }, knownTargets: { memo.targets($0, pages: $1, rawHTML: $2) })
    }
    func renderInputs(_ paged: PagedBook) -> RenderInputs {
        RenderInputs(project, sections: linked.chapters, paged: paged, assets: linked.assets)
    }
    var paged = times.time("paginate", paginate)
    // What the page documents are rendered from: a function of the outlines and the pages' places.
    var rendering = renderInputs(paged)
    if !memo.laidOut(paged, inputs: rendering) {
        // The book's pages or what its documents share changed: every section is laid out, those
        // that stood parsed and linked first (against the same targets).
        if !unparsed.isEmpty {
            parseStanding()
            let made = times.time("link", linkParsed)
            for index in linked.chapters.indices {
                if let chapter = made[linked.chapters[index].chapter.id] { linked.chapters[index] = chapter.chapter }
            }
        }
        paged = times.time("paginate", paginate)
        rendering = renderInputs(paged)
        _ = memo.laidOut(paged, inputs: rendering)
    }
    log.report(contentsOf: paged.warnings)
    // The pages hold the text from here on: the chapters' own blocks and sources can go, freed
    // beside rendering.
    let blocks = linked.chapters.map(\.blocks)
    for index in linked.chapters.indices { linked.chapters[index].blocks = [] }
    sources = ChapterSources()
    releaseLater(consume blocks)
    trimHeap()
    let fonts = times.time("fonts") { theme.map { memo.webFonts($0.fonts, characters: characters) } ?? [] }
    let site = times.time("render") {
        theme.flatMap { theme in
            log.collect {
                let site = try renderSite(book, sections: linked.chapters, paged: paged, assets: linked.assets, stylesheets: project.stylesheets,
                                          fonts: fonts, coverImage: loaded.coverImage, theme: theme, search: { try memo.search($0) },
                                          bookFiles: project.contentFiles, kept: memo.kept(paged),
                                          bookWide: memo.bookWide(book, paged: paged, inputs: rendering))
                return memo.documents(site, paged: paged, inputs: rendering)
            }
        }
    }
    return (site, paged.pages.count, log, parsedCount)
}

/// `renderBook` for a build that reuses nothing.
package func renderBook(_ given: consuming LoadedProject, times: inout PhaseTimes, math: MathRenderer = .katex)
    -> (site: [SiteFile]?, pages: Int, log: DiagnosticLog, parsed: Int)
{
    var memo = FreshBuild()
    return renderBook(given, times: &times, memo: &memo, math: math)
}

/// The output folder, when it lies inside the book, as a book-relative path the loader skips.
private func pathsInside(_ folder: String, _ output: String) -> Set<String> {
    let root = absolutePath(folder) + "/"
    let out = absolutePath(output)
    return out.hasPrefix(root) ? [String(out.dropFirst(root.count))] : []
}
