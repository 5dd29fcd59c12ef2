import Foundation

/// What one build of a book can lend the next, for `folio serve`: the loaded book (`ProjectCache`),
/// each chapter's parse by the text it was parsed from, its links by its parse and the book's link
/// targets, its pages by the linked blocks they were laid out from, and each page document's bytes
/// by everything its rendering reads. Every entry is kept with
/// its whole input and reused only when the new input equals it, so a build from the cache
/// gives the same bytes as a fresh one. A build keeps only the entries it used.
final class BuildCache: @unchecked Sendable {
    private struct Parse {
        var chapter: Chapter
        var options: MarkdownOptions
        var parsed: ParsedChapter
    }

    /// What linking a chapter reads besides its parse: the same for every chapter of a build.
    private struct LinkInputs: Equatable {
        var chapters: [ChapterID: Set<String>]
        var files: Set<String>
        var refused: [String: String]
        var imageSizes: [String: ImageSize]
        var rawHTML: Bool
    }

    /// What laying out a chapter reads besides its blocks: the same for every chapter of a build.
    private struct LayoutInputs: Equatable {
        var geometry: PageGeometry
        var images: ImageSizes
        var rawHTML: Bool
    }

    private struct Layout {
        var blocks: [Block]
        var pages: [[Block]]
        /// `targetPages(of: pages)`, once found.
        var targets: [String: Int]?
    }

    /// What a page document is rendered from besides its page and its neighbours: the same for
    /// every page of a build. When it changes, every page is rendered again.
    struct RenderInputs: Equatable {
        struct Section: Equatable {
            var id: ChapterID
            var role: Chapter.Role
            var slug: String
            var number: [Int]?
            var title: String
            var headings: [Heading]
            var anchors: [String]
        }

        var title: String
        var options: BookOptions
        var themeOverrides: [String: Data]
        var sections: [Section]
        var targetPages: [ChapterID: [String: Int]]
        var assets: [String]

        init(_ project: LoadedProject, sections: [ParsedChapter], paged: PagedBook, assets: [String]) {
            title = project.loaded.book.title
            options = project.loaded.book.options
            themeOverrides = project.loaded.themeOverrides
            self.sections = sections.map { Section(id: $0.chapter.id, role: $0.chapter.role, slug: $0.chapter.slug, number: $0.chapter.number,
                                                   title: $0.title, headings: $0.headings, anchors: $0.anchors) }
            targetPages = paged.targetPages
            self.assets = assets
        }
    }

    /// A page document's key: its page, its neighbours' addresses and titles, and the build's inputs.
    private struct PageKey: Equatable {
        /// A neighbour's address: its section's slug and its number there.
        struct Neighbour: Equatable {
            var slug: String
            var number: Int
        }

        var page: Page
        var previous: Neighbour?
        var next: Neighbour?
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
    private var linkInputs: LinkInputs?
    private var links: [ChapterID: (parsed: ParsedChapter, linked: LinkedChapter)] = [:]
    /// The search index's chunks of page texts, by their first page's text.
    private var chunks: [String: (texts: [String], json: String)] = [:]
    private var chunksUsed: [String: (texts: [String], json: String)] = [:]
    private var words: [String: Words] = [:]
    /// The last search index, and its pages' addresses in book order.
    private var index: (urls: [String], index: SearchIndex)?
    /// The search index's shards of terms, by their first term.
    private var shards: [String: (terms: [(term: String, pages: [Int])], json: String)] = [:]
    private var shardsUsed: [String: (terms: [(term: String, pages: [Int])], json: String)] = [:]
    private var layoutInputs: LayoutInputs?
    private var layouts: [ChapterID: Layout] = [:]
    private var renderInputs: RenderInputs?
    private var renderingTheme: (overrides: [String: Data], language: String, theme: RenderingTheme)?
    /// A page document's bytes and their key: a class, so that the many of a big book are moved about cheaply.
    private final class Document {
        let key: PageKey
        let bytes: Data
        init(key: PageKey, bytes: Data) { (self.key, self.bytes) = (key, bytes) }
    }

    private var documents: [String: Document] = [:]
    private var bookKey: BookKey?
    private var bookWide: [String: Data] = [:]
    /// Page documents of the build under way, by path: those to render and remember, with their keys.
    private var rendering: [String: PageKey] = [:]

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
    func parse(_ chapters: [Chapter], options: MarkdownOptions) -> [ParsedChapter] {
        let missing = chapters.filter { chapter in
            guard let known = parses[chapter.id] else { return true }
            return known.chapter != chapter || known.options != options
        }
        var kept: [ChapterID: Parse] = [:]
        for parsed in parseChapters(missing, options: options) {
            kept[parsed.chapter.id] = Parse(chapter: parsed.chapter, options: options, parsed: parsed)
        }
        reparsed = missing.count
        let result = chapters.map { kept[$0.id]?.parsed ?? parses[$0.id]!.parsed }
        for chapter in chapters where kept[chapter.id] == nil { kept[chapter.id] = parses[chapter.id] }
        parses = kept
        return result
    }

    /// The link stage (`linkChapters`), linking again only the chapters whose parse changed, or
    /// every chapter when the link targets, the book's files, its images or the raw HTML setting did.
    func link(_ chapters: [ParsedChapter], files: Set<String>, imageSizes: [String: ImageSize], refused: [String: String], rawHTML: Bool)
        -> (chapters: [ParsedChapter], assets: [String], images: ImageSizes, diagnostics: [Diagnostic])
    {
        let targets = LinkTargets(chapters, files: files, refused: refused)
        let inputs = LinkInputs(chapters: targets.chapters, files: files, refused: refused, imageSizes: imageSizes, rawHTML: rawHTML)
        if inputs != linkInputs { links = [:] }
        linkInputs = inputs
        var kept: [ChapterID: (parsed: ParsedChapter, linked: LinkedChapter)] = [:]
        relinked = 0
        let linked = chapters.map { parsed in
            if let known = links[parsed.chapter.id], known.parsed == parsed {
                kept[parsed.chapter.id] = known
                return known.linked
            }
            relinked += 1
            let linked = linkChapter(parsed, targets: targets, imageSizes: imageSizes, rawHTML: rawHTML)
            kept[parsed.chapter.id] = (parsed, linked)
            return linked
        }
        links = kept
        return joiningLinked(linked)
    }

    /// The chapters' pages (`paginateChapters`), laying out again only the chapters whose linked
    /// blocks changed, or every chapter when the page geometry, the images or the raw HTML setting did.
    func paginate(_ chapters: [ParsedChapter], typesetter: Typesetter, rawHTML: Bool) -> [[[Block]]] {
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
    func targets(_ section: ChapterID, pages: [[Block]], rawHTML: Bool) -> [String: Int] {
        if let known = layouts[section]?.targets, layouts[section]?.pages == pages { return known }
        let found = targetPages(of: pages, rawHTML: rawHTML)
        layouts[section]?.targets = found
        return found
    }

    /// The search index, finding the words only of pages whose blocks changed. When the pages are
    /// the same ones as in the last build, only the changed pages' terms move in its index.
    func searchIndex(_ paged: PagedBook) -> SearchIndex {
        let urls = paged.pages.map(\.url)
        let missing = paged.pages.indices.filter { number in
            guard let known = words[urls[number]] else { return true }
            return known.kind != paged.pages[number].kind || known.blocks != paged.pages[number].blocks
        }
        let found = missing.mapSideBySide { SearchIndex.words(on: paged.pages[$0]) }
        var next: SearchIndex
        if let last = index, last.urls == urls {
            index = nil
            next = last.index
            for (number, now) in zip(missing, found) { next.replaceWords(ofPage: number + 1, words[urls[number]]!.words, with: now) }
            for (number, now) in zip(missing, found) { words[urls[number]] = Words(kind: paged.pages[number].kind, blocks: paged.pages[number].blocks, words: now) }
        } else {
            var kept: [String: Words] = [:]
            for (number, now) in zip(missing, found) { kept[urls[number]] = Words(kind: paged.pages[number].kind, blocks: paged.pages[number].blocks, words: now) }
            for url in urls where kept[url] == nil { kept[url] = words[url] }
            words = kept
            next = SearchIndex(urls.map { kept[$0]!.words })
        }
        index = (urls, next)
        return next
    }

    /// A shard of terms as `SearchShards.shard` writes it, written again only when its terms or their pages changed.
    func shard(_ terms: [(term: String, pages: [Int])]) -> String {
        let key = terms.first?.term ?? ""
        let same = shards[key].map { $0.terms.elementsEqual(terms) { $0.term == $1.term && $0.pages == $1.pages } } ?? false
        let json = same ? shards[key]!.json : SearchShards.shard(terms)
        shardsUsed[key] = (terms, json)
        return json
    }

    /// A chunk of page texts as `SearchShards.chunk` writes it, written again only when its texts changed.
    func chunk(_ texts: [String]) -> String {
        let key = texts.first ?? ""
        let json = chunks[key].flatMap { $0.texts == texts ? $0.json : nil } ?? SearchShards.chunk(texts)
        chunksUsed[key] = (texts, json)
        return json
    }

    /// `renderSite`'s `bookWide` for a build of `book` into `paged`: each file as the last build
    /// made it while the book's key is the same.
    func bookWide(_ book: Book, paged: PagedBook, inputs: RenderInputs) -> (String, () throws -> Data) throws -> Data {
        let pages = paged.pages.map { page in
            var bare = page
            bare.blocks = []
            return bare
        }
        let key = BookKey(inputs: inputs, contents: book.contents, pages: pages)
        if key != bookKey { bookWide = [:] }
        bookKey = key
        return { [self] path, make in
            if let known = bookWide[path] { return known }
            let data = try make()
            bookWide[path] = data
            return data
        }
    }

    /// `site` with the page documents whose key is unchanged given as the bytes rendered before;
    /// the others stay to be rendered, and `remember` keeps their bytes.
    func reusingDocuments(_ site: [SiteFile], paged: PagedBook, inputs: RenderInputs) -> [SiteFile] {
        if inputs != renderInputs { documents = [:] }
        renderInputs = inputs
        let pages = paged.pages
        rendering = [:]
        // A neighbour shows as its URL and title; titles are in `inputs`.
        func neighbour(_ index: Int) -> PageKey.Neighbour? {
            pages.indices.contains(index) ? PageKey.Neighbour(slug: pages[index].slug, number: pages[index].numberInSection) : nil
        }
        var known = 0
        for index in pages.indices {
            let url = pages[index].url
            let (previous, next) = (neighbour(index - 1), neighbour(index + 1))
            if let document = documents[url] {
                known += 1
                if document.key.page == pages[index] && document.key.previous == previous && document.key.next == next { continue }
            }
            rendering[url] = PageKey(page: pages[index], previous: previous, next: next)
        }
        // Documents of pages the book no longer has; those rendered again are replaced by `remember`.
        if known < documents.count {
            let urls = Set(pages.map(\.url))
            documents = documents.filter { urls.contains($0.key) }
        }
        rerendered = rendering.count
        // The search files were made before this, in the same build.
        (chunks, chunksUsed) = (chunksUsed, [:])
        (shards, shardsUsed) = (shardsUsed, [:])
        return site.map { file in
            guard rendering[file.path] == nil, let document = documents[file.path] else { return file }
            return SiteFile(path: file.path, contents: .bytes(document.bytes))
        }
    }

    /// Keeps the bytes of the page documents this build rendered.
    func remember(_ bytes: [String: Data]) {
        for (path, key) in rendering {
            if let data = bytes[path] { documents[path] = Document(key: key, bytes: data) }
        }
        rendering = [:]
    }
}

private extension SearchIndex {
    /// Page `number`'s words `before` replaced by `now`, the terms kept in their order and each
    /// term's pages ascending, as `SearchIndex(_:)` makes them.
    mutating func replaceWords(ofPage number: Int, _ before: PageWords, with now: PageWords) {
        texts[number - 1] = now.text
        for term in before.terms.subtracting(now.terms) {
            let at = position(of: term)
            terms[at].pages.removeAll { $0 == number }
            if terms[at].pages.isEmpty { terms.remove(at: at) }
        }
        for term in now.terms.subtracting(before.terms) {
            let at = position(of: term)
            if at < terms.count && terms[at].term == term {
                terms[at].pages.insert(number, at: terms[at].pages.firstIndex { $0 > number } ?? terms[at].pages.count)
            } else {
                terms.insert((term, [number]), at: at)
            }
        }
    }

    /// The first place whose term does not come before `term`.
    func position(of term: String) -> Int {
        var (low, high) = (0, terms.count)
        while low < high {
            let middle = (low + high) / 2
            if SearchIndex.precedes(terms[middle].term, term) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
