import Foundation

/// What one build of a book can lend the next, for `folio serve`: each chapter's parse by the
/// text it was parsed from, each chapter's pages by the linked blocks they were laid out from,
/// and each page document's bytes by everything its rendering reads. Every entry is kept with
/// its whole input and reused only when the new input equals it, so a build from the cache
/// gives the same bytes as a fresh one. A build keeps only the entries it used.
final class BuildCache: @unchecked Sendable {
    private struct Parse {
        var chapter: Chapter
        var options: MarkdownOptions
        var parsed: ParsedChapter
    }

    private struct Layout {
        var blocks: [Block]
        var geometry: PageGeometry
        var images: ImageSizes
        var rawHTML: Bool
        var pages: [[Block]]
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
        var page: Page
        var previous: String?
        var next: String?
    }

    private struct Words {
        var kind: Page.Kind
        var blocks: [Block]
        var words: SearchIndex.PageWords
    }

    private var parses: [ChapterID: Parse] = [:]
    /// The search index's chunks of page texts, by their first page's text.
    private var chunks: [String: (texts: [String], json: String)] = [:]
    private var chunksUsed: [String: (texts: [String], json: String)] = [:]
    private var words: [String: Words] = [:]
    private var layouts: [ChapterID: Layout] = [:]
    private var renderInputs: RenderInputs?
    private var documents: [String: (key: PageKey, bytes: Data)] = [:]
    /// Page documents of the build under way, by path: those to render and remember, with their keys.
    private var rendering: [String: PageKey] = [:]

    /// How many chapters the last build parsed and laid out, and page documents it rendered, anew.
    private(set) var reparsed = 0
    private(set) var relaidOut = 0
    private(set) var rerendered = 0

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

    /// The chapters' pages (`paginateChapters`), laying out again only the chapters whose linked
    /// blocks, page geometry, images or raw HTML setting changed.
    func paginate(_ chapters: [ParsedChapter], typesetter: Typesetter, rawHTML: Bool) -> [[[Block]]] {
        func layout(_ chapter: ParsedChapter, pages: [[Block]]) -> Layout {
            Layout(blocks: chapter.blocks, geometry: typesetter.geometry, images: typesetter.images, rawHTML: rawHTML, pages: pages)
        }
        let missing = chapters.filter { chapter in
            guard let known = layouts[chapter.chapter.id] else { return true }
            return known.rawHTML != rawHTML || known.geometry != typesetter.geometry || known.images != typesetter.images
                || known.blocks != chapter.blocks
        }
        var kept: [ChapterID: Layout] = [:]
        for (chapter, pages) in zip(missing, paginateChapters(missing, typesetter: typesetter, rawHTML: rawHTML)) {
            kept[chapter.chapter.id] = layout(chapter, pages: pages)
        }
        relaidOut = missing.count
        for chapter in chapters where kept[chapter.chapter.id] == nil { kept[chapter.chapter.id] = layouts[chapter.chapter.id] }
        layouts = kept
        return chapters.map { kept[$0.chapter.id]!.pages }
    }

    /// The search index, finding the words only of pages whose blocks changed.
    func searchIndex(_ paged: PagedBook) -> SearchIndex {
        let missing = paged.pages.filter { page in
            guard let known = words[page.url] else { return true }
            return known.kind != page.kind || known.blocks != page.blocks
        }
        var kept: [String: Words] = [:]
        for (page, found) in zip(missing, missing.mapSideBySide(SearchIndex.words(on:))) {
            kept[page.url] = Words(kind: page.kind, blocks: page.blocks, words: found)
        }
        for page in paged.pages where kept[page.url] == nil { kept[page.url] = words[page.url] }
        words = kept
        return SearchIndex(paged.pages.map { kept[$0.url]!.words })
    }

    /// A chunk of page texts as `SearchShards.chunk` writes it, written again only when its texts changed.
    func chunk(_ texts: [String]) -> String {
        let key = texts.first ?? ""
        let json = chunks[key].flatMap { $0.texts == texts ? $0.json : nil } ?? SearchShards.chunk(texts)
        chunksUsed[key] = (texts, json)
        return json
    }

    /// `site` with the page documents whose key is unchanged given as the bytes rendered before;
    /// the others stay to be rendered, and `remember` keeps their bytes.
    func reusingDocuments(_ site: [SiteFile], paged: PagedBook, inputs: RenderInputs) -> [SiteFile] {
        if inputs != renderInputs { documents = [:] }
        renderInputs = inputs
        var keys: [String: PageKey] = [:]
        for (index, page) in paged.pages.enumerated() {
            // A neighbour shows as its URL and title; titles are in `inputs`.
            keys[page.url] = PageKey(page: page, previous: index > 0 ? paged.pages[index - 1].url : nil,
                                     next: index + 1 < paged.pages.count ? paged.pages[index + 1].url : nil)
        }
        rendering = [:]
        let reused = site.map { file -> SiteFile in
            guard let key = keys[file.path] else { return file }
            if let known = documents[file.path], known.key == key { return SiteFile(path: file.path, contents: .bytes(known.bytes)) }
            rendering[file.path] = key
            return file
        }
        rerendered = rendering.count
        // The search files were made before this, in the same build.
        chunks = chunksUsed
        chunksUsed = [:]
        documents = documents.filter { keys[$0.key] != nil && rendering[$0.key] == nil }
        return reused
    }

    /// Keeps the bytes of the page documents this build rendered.
    func remember(_ bytes: [String: Data]) {
        for (path, key) in rendering {
            if let data = bytes[path] { documents[path] = (key, data) }
        }
        rendering = [:]
    }
}
