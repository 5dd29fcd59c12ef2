/// The search index as site files, cut so that a query loads little:
///
/// - `search/index.json`: the number of pages, and for each shard of terms its file and first
///   term, for each chunk of page texts its file and first page;
/// - `search/terms/<n>.json`: a run of terms in UTF-16 order, `[[term, [page, gap, gap…]]…]`
///   (pages as gaps from the one before). A term's shard is the last whose first term is not
///   after it; the terms that begin with a prefix are a run of neighbouring shards, usually one;
/// - `search/text/<n>.json`: the texts of a run of pages, `[text…]`, for the results' snippets
///   and for checking phrases; a chapter's pages together where they fit.
enum SearchShards {
    /// About a few kilobytes once a server compresses them.
    static let shardBytes = 12_000
    static let chunkBytes = 24_000

    /// `chunk` writes a chunk of page texts and `shard` a shard of terms (`folio serve` passes ones
    /// that reuse earlier ones).
    static func files(_ index: SearchIndex, slugs: [String], chunk: ([String]) -> String = SearchShards.chunk,
                      shard: ([(term: String, pages: [Int])]) -> String = SearchShards.shard) -> [SiteFile] {
        var files: [SiteFile] = []
        var shards: [JSONOutput] = []
        for run in cut(index.terms, limit: shardBytes, size: { $0.term.utf8.count + 6 + $0.pages.count * 3 }, breakBefore: { _ in false }) {
            let path = SiteLayout.searchTerms(shards.count)
            shards.append(["file": .string(SiteLayout.searchRelative(path)), "first": .string(run[0].term)])
            files.append(.text(path, shard(run)))
        }
        var chunks: [JSONOutput] = []
        let pages = index.texts.indices.map { (number: $0 + 1, text: index.texts[$0]) }
        let chunkRuns = cut(pages, limit: chunkBytes, size: { $0.text.utf8.count + 3 },
                            breakBefore: { $0.number > 1 && slugs[$0.number - 1] != slugs[$0.number - 2] })
        for run in chunkRuns {
            let path = SiteLayout.searchTexts(chunks.count)
            chunks.append(["file": .string(SiteLayout.searchRelative(path)), "first": .int(run[0].number)])
            files.append(.text(path, chunk(run.map(\.text))))
        }
        let toc: JSONOutput = ["format": .int(1), "pages": .int(index.texts.count), "terms": .array(shards), "texts": .array(chunks)]
        files.append(.text(SiteLayout.searchIndex, toc.text() + "\n"))
        return files
    }

    /// A shard of terms as its file holds them.
    static func shard(_ terms: [(term: String, pages: [Int])]) -> String {
        JSONOutput.array(terms.map { [.string($0.term), .array(gaps($0.pages).map(JSONOutput.int))] }).text(indent: nil)
    }

    /// A chunk of page texts as its file holds them.
    static func chunk(_ texts: [String]) -> String {
        JSONOutput.array(texts.map { .string($0) }).text(indent: nil)
    }

    /// `items` in runs of at most `limit` bytes by `size` (a longer item alone), a run also
    /// ending before an item `breakBefore` accepts once the run is past a quarter of the limit.
    private static func cut<Item>(_ items: [Item], limit: Int, size: (Item) -> Int, breakBefore: (Item) -> Bool) -> [[Item]] {
        var runs: [[Item]] = []
        var run: [Item] = []
        var bytes = 0
        for item in items {
            let itemBytes = size(item)
            if !run.isEmpty && (bytes + itemBytes > limit || (breakBefore(item) && bytes > limit / 4)) {
                runs.append(run)
                run = []
                bytes = 0
            }
            run.append(item)
            bytes += itemBytes
        }
        return run.isEmpty ? runs : runs + [run]
    }

    private static func gaps(_ pages: [Int]) -> [Int] {
        pages.indices.map { $0 == 0 ? pages[0] : pages[$0] - pages[$0 - 1] }
    }
}

/// The search stage: the paged book's index as site files. `index` is the book's, when it is known;
/// `chunk` and `shard` as `SearchShards.files` takes them.
func searchFiles(_ paged: PagedBook, index: SearchIndex? = nil, chunk: ([String]) -> String = SearchShards.chunk,
                 shard: ([(term: String, pages: [Int])]) -> String = SearchShards.shard) -> [SiteFile] {
    SearchShards.files(index ?? SearchIndex(paged), slugs: paged.pages.map(\.slug), chunk: chunk, shard: shard)
}
