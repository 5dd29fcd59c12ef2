import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// What one build of a book can lend the next, for `folio serve`: the loaded book (`ProjectCache`),
/// each chapter's parse by the text it was parsed from, its links by its parse and the book's link
/// targets, its pages by the linked blocks they were laid out from, and each page document's bytes
/// by everything its rendering reads. Every entry is kept with
/// its whole input and reused only when the new input equals it, so a build from the cache
/// gives the same bytes as a fresh one. A build keeps only the entries it used.
package final class BuildCache: StageMemo, @unchecked Sendable {
    private struct Parse {
        var chapter: Chapter
        /// The Markdown it was parsed from.
        var source: String
        var options: MarkdownOptions
        /// The fingerprint of the patterns its paragraphs were hyphenated by, if any.
        var hyphenation: UInt64?
        var parsed: ParsedChapter

        /// Whether it is the parse of `chapter` with its text in `sources`, with whatever options.
        func isOf(_ chapter: Chapter, in sources: ChapterSources) -> Bool {
            self.chapter == chapter && source == sources[chapter.id]
        }
    }

    /// What linking a chapter reads besides its parse and the ids of the chapters it reaches: the
    /// same for every chapter of a build.
    private struct LinkKey: Equatable {
        var chapters: Set<ChapterID>
        var inputs: LinkInputs
    }

    /// What laying out a chapter reads besides its blocks: the same for every chapter of a build.
    private struct LayoutInputs: Equatable {
        var geometry: PageGeometry
        var images: ImageSizes
        var rawHTML: Bool
    }

    private struct Layout {
        var blocks: [Block]
        var pages: [LaidPage]
        /// `targetPages(of: pages)`, once found.
        var targets: [String: Int]?
    }

    /// A page document's key: what its rendering reads besides what every page shares
    /// (`RenderInputs.shared`): its page, its neighbours' addresses and titles, its own section and
    /// those its links lead to, each with where its targets are (every section, for a page with
    /// raw HTML, whose links are rewritten against the whole book's targets).
    private struct PageKey: Equatable {
        struct Neighbour: Equatable {
            var slug: String
            var number: Int
            var title: String?
        }

        var page: Page
        var previous: Neighbour?
        var next: Neighbour?
        /// Whether the page holds raw HTML, and so reaches every section.
        var rawHTML: Bool
        var sections: [RenderInputs.Section]
        var targets: [[String: Int]]
    }

    /// What the files made from the whole book are made from (`renderSite`'s `bookWide`): the
    /// build's inputs, the contents, and the pages but their blocks.
    private struct BookKey: Equatable {
        var inputs: RenderInputs
        var contents: [ContentsEntry]
        var pages: [Page]
    }

    private struct Words {
        var kind: Page.Kind
        var blocks: [Block]
        var words: SearchIndex.PageWords
    }

    let projects = ProjectCache()
    private var parses: [ChapterID: Parse] = [:]
    /// Every formula rendered in this session: few and small, and written again as often as they are edited.
    private var formulas: [FormulaSource: MathResult] = [:]
    private var linkKey: LinkKey?
    private var linkTargets: LinkTargets?
    /// Each chapter's links by its parse and its source (nil when let go before linking: it holds no raw HTML).
    private var links: [ChapterID: (parsed: ParsedChapter, source: String?, linked: LinkedChapter)] = [:]
    /// The search index's chunks of page texts, by `chunkKey`.
    private var chunks: [Int: (texts: [String], json: Data)] = [:]
    private var chunksUsed: [Int: (texts: [String], json: Data)] = [:]
    private var words: [String: Words] = [:]
    /// The last search index as kept for the next build, its pages' addresses in book order and their texts.
    private var index: (urls: [String], kept: SearchIndexParts, texts: [String])?
    /// The search index's shards of terms, by their first term.
    private var shards: [String: (terms: [SearchShards.Term], json: Data)] = [:]
    private var shardsUsed: [String: (terms: [SearchShards.Term], json: Data)] = [:]
    private var layoutInputs: LayoutInputs?
    private var layouts: [ChapterID: Layout] = [:]
    private var renderInputs: RenderInputs?
    private var renderingTheme: (overrides: [String: Data], language: String, theme: RenderingTheme)?
    /// A page document's bytes, made or to be, and their key: a class, so that the many of a big book are moved about cheaply.
    private final class Document {
        let key: PageKey
        let bytes: FileBytes
        init(key: PageKey, bytes: FileBytes) { (self.key, self.bytes) = (key, bytes) }
    }

    private var documents: [String: Document] = [:]
    private var bookKey: BookKey?
    private var bookWide: [String: Data] = [:]
    /// Page documents of the build under way, by path: those to render, with their keys.
    private var rendering: [String: PageKey] = [:]
    /// The pages of the build under way, which `remember` keeps with its files.
    private var pendingPages: PagedBook?

    package init() {}

    /// The last good build, which an edit of chapters alone can carry over (`carryingOver`).
    private struct LastBuild {
        var build: MemoryBuild
        var paged: PagedBook
        /// Each section's first page, by its place in `paged.pages`.
        var firstPages: [ChapterID: Int]
        /// What its page documents share, once an edit carried over needed it.
        var documents: PageDocuments?
    }

    private var last: LastBuild?
    /// The pages of the build under way, whose search index is put off (`searchLater`).
    private var searching: PagedBook?
    /// The site's fonts, and what they were cut from (`WebFonts.fingerprint`).
    private var fonts: (print: UInt64, files: [SiteFile])?
    private var pendingSearch: Later<[String: FileBytes]>?

    /// How many chapters the last build parsed and laid out, and page documents it rendered, anew.
    private(set) var reparsed = 0
    private(set) var relinked = 0
    private(set) var relaidOut = 0
    private(set) var rerendered = 0

    /// The theme with the book's overrides (`make`), made again only when they or the language changed.
    func theme(_ overrides: [String: Data], language: String, make: () throws -> RenderingTheme) throws -> RenderingTheme {
        if let known = renderingTheme, known.overrides == overrides, known.language == language { return known.theme }
        let theme = try make()
        renderingTheme = (overrides, language, theme)
        return theme
    }

    /// The parse stage, parsing only the chapters whose text or options changed.
    func parse(_ chapters: [Chapter], sources: ChapterSources, options: MarkdownOptions, hyphenation: Hyphenation?) -> [ParsedChapter] {
        let missing = chapters.filter { chapter in
            guard let known = parses[chapter.id] else { return true }
            return !known.isOf(chapter, in: sources) || known.options != options || known.hyphenation != hyphenation?.fingerprint
        }
        var kept: [ChapterID: Parse] = [:]
        for parsed in parseChapters(missing, sources: sources, options: options, hyphenation: hyphenation) {
            kept[parsed.chapter.id] = Parse(chapter: parsed.chapter, source: sources[parsed.chapter.id]!, options: options,
                                            hyphenation: hyphenation?.fingerprint, parsed: parsed)
        }
        reparsed = missing.count
        let result = chapters.map { kept[$0.id]?.parsed ?? parses[$0.id]!.parsed }
        for chapter in chapters where kept[chapter.id] == nil { kept[chapter.id] = parses[chapter.id] }
        parses = kept
        return result
    }

    /// The math stage (`typesetMath`), asking `renderer` only for formulas no build before rendered.
    func typesetMath(_ chapters: [ParsedChapter], renderer: MathRenderer) -> [ParsedChapter] {
        FolioBook.typesetMath(chapters, renderer: MathRenderer { [self] sources in
            let missing = sources.filter { formulas[$0] == nil }
            if !missing.isEmpty {
                switch renderer.render(missing) {
                case .success(let made): for (source, result) in zip(missing, made) { formulas[source] = result }
                case .failure(let unavailable): return .failure(unavailable)
                }
            }
            return .success(sources.map { formulas[$0]! })
        })
    }

    /// The link stage (`linkChapter`), linking again only the chapters whose parse or source
    /// changed, or whose links reach a chapter whose ids did; every chapter when the book's
    /// chapters, its files, its images or the raw HTML setting changed.
    func link(_ chapters: [ParsedChapter], sources: ChapterSources, targets: LinkTargets, inputs: LinkInputs) -> [LinkedChapter] {
        let key = LinkKey(chapters: Set(targets.chapters.keys), inputs: inputs)
        if key != linkKey { links = [:] }
        let before = linkTargets?.chapters ?? [:]
        let retargeted = Set(targets.chapters.filter { before[$0.key] != $0.value }.keys)
        (linkKey, linkTargets) = (key, targets)
        let missing = chapters.filter { parsed in
            guard let known = links[parsed.chapter.id] else { return true }
            return known.parsed != parsed || known.source != sources[parsed.chapter.id] || !known.linked.reaches.isDisjoint(with: retargeted)
        }
        var kept: [ChapterID: (parsed: ParsedChapter, source: String?, linked: LinkedChapter)] = [:]
        for (parsed, linked) in zip(missing, missing.parallelMap { inputs.link($0, sources: sources, targets: targets) }) {
            kept[parsed.chapter.id] = (parsed, sources[parsed.chapter.id], linked)
        }
        relinked = missing.count
        for chapter in chapters where kept[chapter.chapter.id] == nil { kept[chapter.chapter.id] = links[chapter.chapter.id] }
        links = kept
        return chapters.map { kept[$0.chapter.id]!.linked }
    }

    /// The chapters' pages (`paginateChapters`), laying out again only the chapters whose linked
    /// blocks changed, or every chapter when the page geometry, the images or the raw HTML setting did.
    func pages(of chapters: [ParsedChapter], typesetter: Typesetter, rawHTML: Bool) -> [[LaidPage]] {
        let inputs = LayoutInputs(geometry: typesetter.geometry, images: typesetter.images, rawHTML: rawHTML)
        if inputs != layoutInputs { layouts = [:] }
        layoutInputs = inputs
        let missing = chapters.filter { chapter in layouts[chapter.chapter.id].map { $0.blocks != chapter.blocks } ?? true }
        var kept: [ChapterID: Layout] = [:]
        for (chapter, pages) in zip(missing, paginateChapters(missing, typesetter: typesetter, rawHTML: rawHTML)) {
            kept[chapter.chapter.id] = Layout(blocks: chapter.blocks, pages: pages, targets: nil)
        }
        relaidOut = missing.count
        for chapter in chapters where kept[chapter.chapter.id] == nil { kept[chapter.chapter.id] = layouts[chapter.chapter.id] }
        layouts = kept
        return chapters.map { kept[$0.chapter.id]!.pages }
    }

    /// Where a section's link targets are (`targetPages`), found again only for sections laid out again.
    func targets(_ section: ChapterID, pages: [[Block]], rawHTML: Bool) -> [String: Int]? {
        if let known = layouts[section]?.targets, layouts[section]?.pages.map(\.blocks) == pages { return known }
        let found = targetPages(of: pages, rawHTML: rawHTML)
        layouts[section]?.targets = found
        return found
    }

    /// The site's fonts, cut again only from other faces or to other characters.
    func webFonts(_ sources: [String: Data], characters: [UInt32]) -> [SiteFile] {
        let print = WebFonts.fingerprint(sources, characters: characters)
        if let fonts, fonts.print == print { return fonts.files }
        let files = WebFonts.files(sources, characters: characters)
        fonts = (print, files)
        return files
    }

    /// The search stage, put off (`searchLater`): no file now.
    func search(_ paged: PagedBook) -> [SiteFile] {
        searching = paged
        return []
    }

    /// The search index's files of the good build under way, made after its pages are served: a
    /// save that moves every later page moves the pages of nearly every term. Made before the next
    /// build begins (`finishSearch`); an edit carried over starts from them.
    func searchLater() -> Later<[String: FileBytes]>? {
        guard let paged = searching else { return nil }
        searching = nil
        let later = Later { [self] in
            var made: [String: FileBytes] = [:]
            for file in search(paged, changed: nil) {
                guard case .bytes(let bytes) = file.contents else { preconditionFailure("search files are bytes") }
                made[file.path] = FileBytes(bytes)
            }
            keepSearchFiles()
            last?.build.files.merge(made) { _, new in new }
            return made
        }
        pendingSearch = later
        return later
    }

    /// Makes the last build's search index, if nothing has asked for it yet.
    func finishSearch() {
        _ = try? pendingSearch?.value()
        pendingSearch = nil
    }

    /// With the same pages as the last build, only the terms of the pages whose text changed move
    /// (`searchFiles(_:kept:texts:changed:)`, as a build to disk does); `changed` are those that may
    /// have (book numbers from 1), when known, else those whose blocks changed. Otherwise the index
    /// is made from each page's words, found again only for pages whose blocks changed.
    private func search(_ paged: PagedBook, changed known: [Int]?) -> [SiteFile] {
        let urls = paged.pages.map(\.url)
        let changed = known.map { $0.map { $0 - 1 } } ?? paged.pages.indices.filter { number in
            guard let known = words[urls[number]] else { return true }
            return known.kind != paged.pages[number].kind || known.blocks != paged.pages[number].blocks
        }
        let found = changed.parallelMap { SearchIndex.words(on: paged.pages[$0]) }
        for (number, now) in zip(changed, found) {
            words[urls[number]] = Words(kind: paged.pages[number].kind, blocks: paged.pages[number].blocks, words: now)
        }
        let chunk: SearchChunkFile = { [self] _, pages, text in .bytes(self.chunk(pages.map(text))) }
        let shard = { [self] (terms: [SearchShards.Term]) in SiteFile.Contents.bytes(self.shard(terms)) }
        if let last = index, last.urls == urls {
            // Held only here meanwhile.
            index = nil
            let before = last.texts
            let made = searchFiles(paged, kept: last.kept, texts: { before[$0 - 1] }, changed: changed.map { $0 + 1 }, chunk: chunk, shard: shard)
            var texts = before
            for (number, text) in made.now { texts[number - 1] = text }
            index = (urls, made.kept, texts)
            return made.files
        }
        let present = Set(urls)
        words = words.filter { present.contains($0.key) }
        let whole = SearchIndex(urls.map { words[$0]!.words })
        let made = searchFilesKept(whole, slugs: paged.pages.map(\.slug), chunk: chunk, shard: shard)
        index = (urls, made.kept, whole.texts)
        return made.files
    }

    /// A shard of terms as `SearchShards.shard` writes it, written again only when its terms, their pages or their excerpts changed.
    func shard(_ terms: [SearchShards.Term]) -> Data {
        let key = terms.first?.term ?? ""
        let same = shards[key].map { $0.terms.elementsEqual(terms) { $0.term == $1.term && $0.pages == $1.pages && $0.excerpts == $1.excerpts } } ?? false
        let json = same ? shards[key]!.json : SearchShards.shard(terms)
        shardsUsed[key] = (terms, json)
        return json
    }

    /// A chunk of page texts as `SearchShards.chunk` writes it, written again only when its texts changed.
    func chunk(_ texts: [String]) -> Data {
        let key = Self.chunkKey(texts)
        let json = chunks[key].flatMap { $0.texts == texts ? $0.json : nil } ?? SearchShards.chunk(texts)
        chunksUsed[key] = (texts, json)
        return json
    }

    /// A chunk's key: its first text's length and first bytes. Hashing the whole of a page's text
    /// costs more than the rest of finding its chunk; two chunks with one key only miss.
    private static func chunkKey(_ texts: [String]) -> Int {
        var hasher = Hasher()
        hasher.combine(texts.count)
        if let first = texts.first {
            hasher.combine(first.utf8.count)
            for byte in first.utf8.prefix(64) { hasher.combine(byte) }
        }
        return hasher.finalize()
    }

    /// `renderSite`'s `bookWide` for a build of `book` into `paged`: each file as the last build
    /// made it while the book's key is the same. Called beside the search stage, which keeps
    /// its own properties.
    func bookWide(_ book: Book, paged: PagedBook, inputs: RenderInputs) -> @Sendable (String, () throws -> Data) throws -> Data {
        let key = BookKey(inputs: inputs, contents: book.contents, pages: paged.pages.map(\.place))
        if key != bookKey { bookWide = [:] }
        bookKey = key
        return { [self] path, make in
            if let known = bookWide[path] { return known }
            let data = try make()
            bookWide[path] = data
            return data
        }
    }

    /// Finds which page documents' keys changed, to be rendered again (`document`); `site` as it is.
    func documents(_ site: [SiteFile], paged: PagedBook, inputs: RenderInputs) -> [SiteFile] {
        if inputs.shared != renderInputs?.shared { documents = [:] }
        renderInputs = inputs
        pendingPages = paged
        let pages = paged.pages
        // Each made once: a page's address is a string built anew whenever asked for.
        let urls = pages.map(\.url)
        let sections = Dictionary(inputs.sections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let before = urls.map { documents[$0]?.key }
        let keys = Array(pages.indices).parallelMap { Self.pageKey($0, of: pages, sections: sections, inputs: inputs, known: before[$0]) }
        rendering = [:]
        for (index, key) in keys.enumerated() where before[index] != key {
            rendering[urls[index]] = key
        }
        // Documents of pages the book no longer has; those rendered again are replaced by `document`.
        if before.count(where: { $0 != nil }) < documents.count {
            let present = Set(urls)
            documents = documents.filter { present.contains($0.key) }
        }
        rerendered = rendering.count
        return site
    }

    /// The page document at `path` of a good build: the one before while its key is the same (made
    /// by this build's `render` if it is not made yet, so that it holds nothing of the build
    /// before), else `render`'s, made when first read.
    func document(_ path: String, render: @escaping @Sendable () throws -> Data) -> FileBytes {
        if rendering[path] == nil, let known = documents[path] {
            known.bytes.renew(render)
            return known.bytes
        }
        let made = FileBytes(render)
        if let key = rendering[path] { documents[path] = Document(key: key, bytes: made) }
        return made
    }

    /// The key of the page at `index` of `pages`, given the build's `inputs` and its sections by
    /// id. The sections a page reaches are found again only when it is not the `known` key's page.
    private static func pageKey(_ index: Int, of pages: [Page], sections: [ChapterID: RenderInputs.Section], inputs: RenderInputs,
                                known: PageKey? = nil) -> PageKey {
        func neighbour(_ index: Int) -> PageKey.Neighbour? {
            guard pages.indices.contains(index) else { return nil }
            let page = pages[index]
            return PageKey.Neighbour(slug: page.slug, number: page.numberInSection, title: page.chapter.flatMap { sections[$0] }.map(\.title))
        }
        let page = pages[index]
        // The key before, when it is the same page: the same blocks reach the same sections.
        let known = known.flatMap { $0.page == page ? $0 : nil }
        let rawHTML = known?.rawHTML ?? page.blocks.contains(where: \.holdsRawHTML)
        let ids: [ChapterID]
        if rawHTML {
            ids = sections.keys.sorted()
        } else if let known {
            ids = known.sections.map(\.id)
        } else {
            var reached = Set(page.chapter.map { [$0] } ?? [])
            for block in page.blocks { block.forEachChapterLink { reached.insert($0.chapter) } }
            ids = reached.sorted()
        }
        return PageKey(page: page, previous: neighbour(index - 1), next: neighbour(index + 1), rawHTML: rawHTML,
                       sections: ids.compactMap { sections[$0] }, targets: ids.map { inputs.targetPages[$0] ?? [:] })
    }

    /// Keeps the search files' shards and chunks the build under way used.
    private func keepSearchFiles() {
        (chunks, chunksUsed) = (chunksUsed, [:])
        (shards, shardsUsed) = (shardsUsed, [:])
    }

    /// Keeps this good build for the next edit to carry over.
    func remember(_ build: MemoryBuild) {
        rendering = [:]
        last = pendingPages.map { paged in
            var firstPages: [ChapterID: Int] = [:]
            for (index, page) in paged.pages.enumerated() where page.chapter != nil && firstPages[page.chapter!] == nil {
                firstPages[page.chapter!] = index
            }
            return LastBuild(build: build, paged: paged, firstPages: firstPages)
        }
        pendingPages = nil
    }
}

// MARK: An edit carried over

extension BuildCache {
    /// The last good build with an edit of chapter files alone (`projects.reread`) carried over,
    /// when it changed only the text of those chapters' pages: each has the same title, headings,
    /// link targets, images, assets and messages as before, and as many pages, its targets on the
    /// same ones. Then only those chapters are parsed, linked and laid out again, only their pages
    /// whose blocks changed are rendered and their words moved in the search index, and only the
    /// files whose bytes changed are given as `changed`: what a whole build of `project` would give.
    /// Nil when the edit needs a whole build, which then builds without the last one (and finds
    /// the errors, should rendering fail).
    func carryingOver(_ project: LoadedProject) -> MemoryBuild? {
        guard let carried = try? carryOver(project) else {
            last = nil
            return nil
        }
        return carried
    }

    private func carryOver(_ project: LoadedProject) throws -> MemoryBuild? {
        guard let reread = projects.reread.map(Set.init), var carried = last, let linkTargets, let layoutInputs, index != nil,
              let renderInputs, let theme = renderingTheme?.theme else { return nil }
        let (book, sources) = (project.loaded.book, project.loaded.sources)
        let options = book.options.markdown
        let hyphenation = Hyphenation.forBook(language: book.options.language, justify: book.options.page.justify).0
        let edited = book.sections.filter { reread.contains($0.path) && parses[$0.id]?.isOf($0, in: sources) != true }
        let before = edited.compactMap { parses[$0.id] }
        guard before.count == edited.count, before.allSatisfy({ $0.options == options && $0.hyphenation == hyphenation?.fingerprint }) else { return nil }
        // Past `BookSize.book` a chapter warns wherever the edit is.
        let size = sources.size
        let sizeBefore = size + before.reduce(0) { $0 + $1.source.utf8.count } - edited.reduce(0) { $0 + sources[$1.id]!.utf8.count }
        guard max(size, sizeBefore) <= BookSize.book else { return nil }

        let parsed = parseChapters(edited, sources: sources, options: options, hyphenation: hyphenation)
        // What linking is given, and keeps: with math, the parse typeset (its TeX errors among its messages).
        let typeset = options.math == .none ? parsed : typesetMath(parsed, renderer: .katex)
        let linked = typeset.map {
            linkChapter($0, sources: sources, targets: linkTargets, imageSizes: project.loaded.imageSizes, rawHTML: options.rawHTML,
                        slips: project.loaded.book.options.slips)
        }
        let typesetter = Typesetter(geometry: layoutInputs.geometry, images: layoutInputs.images)
        let laidOut = paginateChapters(linked.map(\.chapter), typesetter: typesetter, rawHTML: options.rawHTML)
        let redone = edited.indices.map { (chapter: edited[$0], parse: parsed[$0], typeset: typeset[$0], linked: linked[$0], pages: laidOut[$0]) }
        for (chapter, _, typeset, linked, pages) in redone {
            let id = chapter.id
            guard let old = links[id]?.parsed, outline(old) == outline(typeset), let oldLinked = links[id]?.linked,
                  oldLinked.assets == linked.assets, oldLinked.images == linked.images, oldLinked.diagnostics == linked.diagnostics,
                  let oldPages = layouts[id]?.pages, oldPages.count == pages.count, carried.firstPages[id] != nil,
                  tooTallHTML(oldPages.map(\.blocks)).isEmpty, tooTallHTML(pages.map(\.blocks)).isEmpty,
                  targets(id, pages: oldPages.map(\.blocks), rawHTML: options.rawHTML) == targetPages(of: pages.map(\.blocks), rawHTML: options.rawHTML)
            else { return nil }
        }

        // The edit carries over: the last build becomes this one, changed in place (held only here meanwhile).
        last = nil
        var changedPages: [Int] = []
        for (chapter, parse, typeset, linked, pages) in redone {
            parses[chapter.id] = Parse(chapter: chapter, source: sources[chapter.id]!, options: options, hyphenation: hyphenation?.fingerprint, parsed: parse)
            links[chapter.id] = (typeset, sources[chapter.id], linked)
            // Its targets are those of the pages before, found equal above.
            layouts[chapter.id] = Layout(blocks: linked.chapter.blocks, pages: pages, targets: layouts[chapter.id]?.targets)
            let first = carried.firstPages[chapter.id]!
            for (offset, laid) in pages.enumerated()
            where carried.paged.pages[first + offset].blocks != laid.blocks || carried.paged.pages[first + offset].stretch != laid.stretch {
                (carried.paged.pages[first + offset].blocks, carried.paged.pages[first + offset].stretch) = (laid.blocks, laid.stretch)
                changedPages.append(first + offset)
            }
        }
        (reparsed, relinked, relaidOut, rerendered) = (edited.count, edited.count, edited.count, changedPages.count)

        var files = carried.build.files
        carried.build.files = [:]
        var changed: [String] = []
        func put(_ path: String, _ file: FileBytes) {
            guard (try? files[path]?.bytes()) != (try? file.bytes()) else { return }
            changed.append(path)
            files[path] = file
        }
        let pages = carried.paged.pages
        let documents = try carried.documents ?? PageDocuments(book, sections: book.sections.map { links[$0.id]!.linked.chapter },
                                                               paged: carried.paged, assets: renderInputs.assets, theme: theme)
        carried.documents = documents
        let rendered = changedPages.parallelMap { index in Result { try documents.render(index, of: pages) } }
        let sections = Dictionary(renderInputs.sections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, result) in zip(changedPages, rendered) {
            let bytes = try result.get()
            let document = Document(key: Self.pageKey(index, of: pages, sections: sections, inputs: renderInputs), bytes: FileBytes(bytes))
            self.documents[pages[index].url] = document
            put(pages[index].url, document.bytes)
        }

        // Pages with the same blocks have the same words.
        if !changedPages.isEmpty {
            let search = self.search(carried.paged, changed: changedPages.map { $0 + 1 })
            keepSearchFiles()
            for file in search {
                guard case .bytes(let bytes) = file.contents else { preconditionFailure("search files are bytes") }
                put(file.path, FileBytes(bytes))
            }
            // Shards or chunks past the new last one are gone.
            let made = Set(search.map(\.path))
            for path in [SiteLayout.searchTerms, SiteLayout.searchTexts] {
                var number = 0
                while made.contains(path(number)) { number += 1 }
                while files.removeValue(forKey: path(number)) != nil {
                    changed.append(path(number))
                    number += 1
                }
            }
        }

        // An edit may bring a character the fonts lack.
        for file in webFonts(theme.fonts, characters: WebFonts.characters(of: book, sources: sources, strings: theme.strings)) {
            guard case .bytes(let bytes) = file.contents else { preconditionFailure("fonts are bytes") }
            put(file.path, FileBytes(bytes))
        }

        carried.build.files = files
        carried.build.changed = changed.sorted()
        last = carried
        return carried.build
    }

    /// What a chapter's parse shows the rest of the book: all of it but its blocks.
    private func outline(_ parsed: ParsedChapter) -> ParsedChapter {
        var outline = parsed
        outline.blocks = []
        return outline
    }
}
