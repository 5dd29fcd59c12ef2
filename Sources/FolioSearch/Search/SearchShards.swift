import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import Foundation

/// The search index as site files, cut so that a query loads little:
///
/// - `search/index.json`: its format (2), the number of pages, and for each shard of terms its file and first
///   term, for each chunk of page texts its file and first page;
/// - `search/terms/<n>.json`: a run of terms in UTF-16 order, `[[term, [page, gap, gap…],
///   [excerpt…]]…]` (pages as gaps from the one before; a word's excerpts, `SearchExcerpt`, for its
///   first pages, the snippets of the results a reader sees first). A term's shard is the last
///   whose first term is not after it; the terms that begin with a prefix are a run of
///   neighbouring shards, usually one;
/// - `search/text/<n>.json`: the texts of a run of pages, `[text…]`, for checking phrases and
///   ideograph runs, and for the snippets of results past a word's first pages; a chapter's pages
///   together where they fit.
///
/// The files are made as the index's parts come, page texts in book order and terms in theirs, so
/// that a big book's texts are held only as their chunks' JSON.
package struct SearchShards {
    /// A term as a shard holds it: its pages, ascending, and the excerpts of its first ones.
    package typealias Term = (term: String, pages: PageNumbers, excerpts: [String])

    /// About 6 KB and 10 KB once a server compresses them: a word's shard with its excerpts is
    /// all most first queries load, and a query with phrases or ideographs checks a few chunks.
    static let shardBytes = 16_000
    static let chunkBytes = 36_000

    /// Each page's chapter slug, by book number from 1: a chunk ends at a chapter's end where it may.
    let slugs: [String]
    /// A chunk file's contents from its place among the chunks and its pages' numbers.
    let chunkFile: (_ index: Int, _ pages: Range<Int>) -> SiteFile.Contents
    /// A shard file's contents from its terms.
    let shardFile: ([Term]) -> SiteFile.Contents
    private(set) var files: [SiteFile] = []
    /// Every term added, in order, and the first page of each chunk: what a build keeps of its
    /// index for the next (`CachedBuild`).
    private(set) var added: [Term] = []
    private(set) var chunkFirsts: [Int] = []
    private(set) var textBytes: [Int] = []
    private var shards: [JSONOutput] = []
    /// The place in `added` of each shard's first term.
    private var shardFirsts: [Int] = []
    private var termsWritten = 0
    private var chunks: [JSONOutput] = []
    private var terms = Runs<Term>(limit: shardBytes)
    private var texts = Runs<Int>(limit: chunkBytes)
    private var pages = 0

    init(slugs: [String], chunkFile: @escaping (_ index: Int, _ pages: Range<Int>) -> SiteFile.Contents,
         shardFile: @escaping ([Term]) -> SiteFile.Contents) {
        (self.slugs, self.chunkFile, self.shardFile) = (slugs, chunkFile, shardFile)
    }

    /// The page after the last one added, `number` (from 1), whose text is `bytes` long in UTF-8:
    /// where chunks end depends on that alone.
    mutating func add(page number: Int, textBytes bytes: Int) {
        pages = number
        textBytes.append(bytes)
        let breaking = number > 1 && slugs[number - 1] != slugs[number - 2]
        if let run = texts.add(number, bytes: bytes + 3, breaking: breaking) { write(texts: run) }
    }

    /// The term after the last one added, in `SearchIndex.precedes` order.
    mutating func add(_ term: Term) {
        // A page counts a byte: its gap, mostly one digit and a comma, compresses to about that.
        let bytes = term.term.utf8.count + 6 + term.pages.count + term.excerpts.reduce(0) { $0 + $1.utf8.count + 3 }
        added.append(term)
        if let run = terms.add(term, bytes: bytes, breaking: Self.opensShard(term.term)) { write(terms: run) }
    }

    /// Whether a shard past half its size ends before `term`. Chosen by the term itself, not by
    /// the bytes before it, so that a term that grows or shrinks moves the ends of its own shard
    /// at most, and an edit rewrites a few shards, not every one after it.
    static func opensShard(_ term: String) -> Bool {
        var print = Fingerprint()
        print.add(term)
        return print.value % 32 == 0
    }

    /// Every file, the table of contents last, and what a build keeps of the index.
    mutating func finish() -> (files: [SiteFile], kept: SearchIndexParts) {
        if let run = texts.finish() { write(texts: run) }
        if let run = terms.finish() { write(terms: run) }
        let toc: JSONOutput = ["format": .int(2), "pages": .int(pages), "terms": .array(shards), "texts": .array(chunks)]
        files.append(.text(SiteLayout.searchIndex, toc.text() + "\n"))
        return (files, SearchIndexParts(terms: added, chunkFirsts: chunkFirsts, shardFirsts: shardFirsts, pages: pages, textBytes: textBytes))
    }

    private mutating func write(terms run: [Term]) {
        let path = SiteLayout.searchTerms(shards.count)
        shardFirsts.append(termsWritten)
        termsWritten += run.count
        shards.append(["file": .string(SiteLayout.searchRelative(path)), "first": .string(run[0].term)])
        files.append(SiteFile(path: path, contents: shardFile(run)))
    }

    private mutating func write(texts run: [Int]) {
        let path = SiteLayout.searchTexts(chunks.count)
        chunkFirsts.append(run[0])
        files.append(SiteFile(path: path, contents: chunkFile(chunks.count, run[0]..<run[run.count - 1] + 1)))
        chunks.append(["file": .string(SiteLayout.searchRelative(path)), "first": .int(run[0])])
    }

    /// A shard of terms as its file holds them.
    package static func shard(_ terms: [Term]) -> Data {
        JSONOutput.array(terms.map { term in
            let entry: [JSONOutput] = [.string(term.term), .numbers(term.pages.gaps)]
            return .array(term.excerpts.isEmpty ? entry : entry + [.array(term.excerpts.map(JSONOutput.string))])
        }).data(indent: nil)
    }

    /// A chunk of page texts as its file holds them.
    package static func chunk(_ texts: [String]) -> Data {
        JSONOutput.array(texts.map { .string($0) }).data(indent: nil)
    }

}

/// Items cut into runs of at most `limit` bytes (a longer item alone) as they come, a run also
/// ending before an item that breaks once the run is past half the limit.
private struct Runs<Item> {
    let limit: Int
    private var run: [Item] = []
    private var bytes = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Adds `item` of `itemBytes`; the run it closed, if it closed one.
    mutating func add(_ item: Item, bytes itemBytes: Int, breaking: Bool = false) -> [Item]? {
        var closed: [Item]?
        if !run.isEmpty && (bytes + itemBytes > limit || (breaking && bytes > limit / 2)) {
            closed = run
            run = []
            bytes = 0
        }
        run.append(item)
        bytes += itemBytes
        return closed
    }

    /// The last run, if any.
    mutating func finish() -> [Item]? {
        defer { run = [] }
        return run.isEmpty ? nil : run
    }
}

/// The search stage: the paged book's index as site files. The index is made here, and its files
/// are written when the writer asks for them, side by side: a chunk of page texts from the pages,
/// so that a big book's texts are never all held at once, and a shard from its terms' compact pages.
package func searchFiles(_ paged: PagedBook) -> [SiteFile] {
    searchFilesKept(paged).files
}

/// `searchFiles`, with what a build keeps of the index for the next (`CachedBuild`).
package func searchFilesKept(_ paged: PagedBook) -> (files: [SiteFile], kept: SearchIndexParts) {
    let pages = paged.pages
    var shards = SearchShards(slugs: pages.map(\.slug), chunkFile: { _, numbers in
        .rendered { SearchShards.chunk(numbers.map { SearchIndex.text(of: pages[$0 - 1]) }) }
    }, shardFile: { run in .rendered { SearchShards.shard(run) } })
    for entry in SearchIndex.terms(of: paged, text: { shards.add(page: $0, textBytes: $1.utf8.count) }) { shards.add(entry) }
    return shards.finish()
}

/// A chunk of page texts' file from its place among the chunks, its pages and their texts (by
/// book number from 1); by default rendered when the writer asks for it.
package typealias SearchChunkFile = (_ index: Int, _ pages: Range<Int>, _ text: (Int) -> String) -> SiteFile.Contents

/// The search stage for an index built from its pages' words (`folio serve` keeps each page's).
/// `chunk` and `shard` give a chunk's and a shard's file (`folio serve`'s reuse earlier ones).
package func searchFilesKept(_ index: SearchIndex, slugs: [String], chunk: @escaping SearchChunkFile,
                             shard: @escaping ([SearchShards.Term]) -> SiteFile.Contents) -> (files: [SiteFile], kept: SearchIndexParts) {
    let texts = index.texts
    var shards = SearchShards(slugs: slugs, chunkFile: { chunk($0, $1) { texts[$0 - 1] } }, shardFile: shard)
    for (offset, text) in texts.enumerated() { shards.add(page: offset + 1, textBytes: text.utf8.count) }
    for entry in index.terms { shards.add((entry.term, PageNumbers(entry.pages), index.excerpts(of: entry.term, pages: entry.pages))) }
    return shards.finish()
}

/// The search stage of a build that keeps the index of the one before, with the same pages: its
/// terms with the texts of the pages in `changed` (book numbers from 1) found again, `texts`
/// giving any page's text as it was, asked only for the pages it needs (`kept.textBytes` has
/// every one's length). Only the terms of the pages whose text changed move
/// (`SearchTermsUpdate`): the one way an index is updated. `chunk` and `shard` give a chunk's and
/// a shard's file, rendered when the writer asks for them unless given. Also the pages whose text
/// changed, with their texts now.
package func searchFiles(_ paged: PagedBook, kept: SearchIndexParts, texts: @escaping (Int) -> String, changed: [Int],
                         chunk: @escaping SearchChunkFile = { _, pages, text in
                             let run = pages.map(text)
                             return .rendered { SearchShards.chunk(run) }
                         },
                         shard: @escaping ([SearchShards.Term]) -> SiteFile.Contents = { run in .rendered { SearchShards.shard(run) } })
    -> (files: [SiteFile], kept: SearchIndexParts, now: [Int: String])
{
    var update = SearchTermsUpdate(changed: [:], text: texts)
    for number in changed {
        let (before, now) = (texts(number), SearchIndex.text(of: paged.pages[number - 1]))
        if now != before { update.changed[number] = (before, now) }
    }
    let terms = update.changed.isEmpty ? kept.terms : update.apply(to: kept.terms)
    let now = update.changed.mapValues(\.now)
    let text = { (number: Int) in now[number] ?? texts(number) }
    var shards = SearchShards(slugs: paged.pages.map(\.slug), chunkFile: { chunk($0, $1, text) }, shardFile: shard)
    for number in paged.pages.indices.map({ $0 + 1 }) {
        shards.add(page: number, textBytes: now[number]?.utf8.count ?? kept.textBytes[number - 1])
    }
    for term in terms { shards.add(term) }
    let made = shards.finish()
    return (made.files, made.kept, now)
}

/// What a build keeps of its search index for the next (`CachedBuild`): its terms, where its
/// page texts are (the first page of each chunk of `search/text/`) and where its shards of terms
/// begin (the place in `terms` of each one's first).
package struct SearchIndexParts: Sendable {
    package var terms: [SearchShards.Term]
    package var chunkFirsts: [Int]
    package var shardFirsts: [Int]
    package var pages: Int
    /// Each page's text's length in UTF-8, by book number from 1: where chunks end.
    package var textBytes: [Int]

    package init(terms: [SearchShards.Term], chunkFirsts: [Int], shardFirsts: [Int], pages: Int, textBytes: [Int]) {
        self.terms = terms
        self.chunkFirsts = chunkFirsts
        self.shardFirsts = shardFirsts
        self.pages = pages
        self.textBytes = textBytes
    }

    /// The terms of shard `index`.
    package func shard(_ index: Int) -> ArraySlice<SearchShards.Term> {
        terms[shardFirsts[index]..<(index + 1 < shardFirsts.count ? shardFirsts[index + 1] : terms.count)]
    }

    /// The pages of chunk `index` of page texts, by book number from 1; empty past the last.
    package func chunk(_ index: Int) -> Range<Int> {
        guard chunkFirsts.indices.contains(index) else { return 0..<0 }
        return chunkFirsts[index]..<(index + 1 < chunkFirsts.count ? chunkFirsts[index + 1] : pages + 1)
    }

    /// The chunk that holds page `number` (from 1): the last whose first page is not after it.
    package func chunk(holding number: Int) -> Int {
        max(chunkFirsts.partitionPoint { $0 > number } - 1, 0)
    }

    /// The shards that hold the same terms, pages and excerpts in `other`, and so the same bytes.
    package func sameShards(as other: SearchIndexParts) -> [Int] {
        (0..<min(shardFirsts.count, other.shardFirsts.count)).filter { index in
            shard(index).elementsEqual(other.shard(index)) { $0.term == $1.term && $0.pages == $1.pages && $0.excerpts == $1.excerpts }
        }
    }
}
