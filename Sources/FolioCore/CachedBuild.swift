import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// What a build keeps in its cache (`CacheFolder`) for the next build of the book into the same
/// output folder, so that an edit of a few chapters parses, lays out, renders and indexes only
/// those again: fingerprints of what every page depends on; for each section the fingerprint of
/// its text, its outline (all the rest of the book reads of it once linked), what linking found,
/// its page count and link targets; and where the search index's parts are (its terms are in a
/// file of their own, `SearchTermsFile`, read only when a page's text changed; its page texts are
/// the site's own `search/text/` files).
///
/// The next build parses only the sections whose text changed, when the book but its chapters'
/// texts (`project`) is the same and the others' page documents are still as written, which the
/// record of Folio's files vouches for. When the link targets then differ, or, laid out, the
/// book's pages and what every page document is rendered from (`rendering`), every section is
/// parsed and laid out again. The record holds only for the Folio that wrote it, beside the
/// record of Folio's files written with it.
package struct CachedBuild: Sendable, Equatable, Codable {
    /// Its file in the build's cache.
    static let fileName = "build-record"
    static let format = "folio-build 4"

    /// A section whose pages a later build may keep: none of its raw HTML is taller than a page.
    struct Section: Sendable, Equatable, Codable {
        /// The fingerprint of its Markdown, and of its formulas' MathML when it has any.
        var text: UInt64
        /// The chapter as linked, without its blocks.
        var outline: ParsedChapter
        var assets: [String]
        var images: ImageSizes
        var diagnostics: [Diagnostic]
        /// `LinkedChapter.reaches`, sorted.
        var reaches: [ChapterID]
        var pages: Int
        /// `PagedBook.targetPages` of the section.
        var targets: [String: Int]

        var id: ChapterID { outline.chapter.id }
    }

    /// Where the search index's parts are, and the fingerprint of its terms' file.
    struct Search: Sendable, Equatable, Codable {
        var pages: Int
        /// The first page of each chunk of `search/text/`.
        var chunkFirsts: [Int]
        /// Where each shard of terms of `search/terms/` begins: its first term's place among them.
        var shardFirsts: [Int]
        var terms: UInt64

        /// The index's files in the site.
        var paths: [String] {
            [SiteLayout.searchIndex] + shardFirsts.indices.map(SiteLayout.searchTerms) + chunkFirsts.indices.map(SiteLayout.searchTexts)
        }
    }

    /// The Folio that wrote it: its executable's size and time of change (not its path: the cache
    /// holds none). Written on a line of its own before the rest.
    var folio: String
    /// When the record of Folio's files written with it changed.
    var files: FileStatus.Time
    var project: UInt64
    var linkTargets: UInt64
    var rendering: UInt64
    var sections: [Section]
    var search: Search

    /// The running Folio, as `folio` names it; nil where its executable cannot be found.
    static let runningFolio: String? = {
        guard let path = Bundle.main.executablePath, let status = FileStatus(path) else { return nil }
        return "\(status.size) \(status.changed.seconds).\(status.changed.nanoseconds)"
    }()
}

// MARK: The fingerprints

extension CachedBuild {
    /// Everything loaded but the chapters' Markdown (`sources`, fingerprinted by section as
    /// `text`): options, contents, the sections' places and names, the book's files, images and theme.
    static func project(_ project: LoadedProject) -> UInt64 {
        let loaded = project.loaded
        var print = Fingerprint(of: loaded.book.title)
        print.add(loaded.book.options)
        print.add(loaded.book.contents)
        print.add(loaded.book.sections)
        print.add(loaded.files)
        print.add(loaded.themeOverrides)
        print.add(loaded.imageSizes)
        print.add(loaded.refused)
        print.add(project.stylesheets)
        print.add(project.source)
        return print.value
    }

    /// Every chapter's link targets, which each chapter's links are rewritten against.
    static func linkTargets(_ targets: LinkTargets) -> UInt64 {
        Fingerprint(of: targets.chapters).value
    }

    /// What every page document is rendered from besides its own page's text: the book's
    /// outline, options and theme (`RenderInputs`), and every page's place.
    static func rendering(_ inputs: RenderInputs, pages: [Page]) -> UInt64 {
        var print = Fingerprint(of: inputs)
        print.add(pages.map(\.place))
        return print.value
    }

    /// A section's Markdown, from the book's `ChapterSources`.
    static func text(_ markdown: String) -> UInt64 {
        Fingerprint(of: markdown).value
    }
}

// MARK: In the cache

extension CachedBuild {
    /// The record at `path`, when it is the running Folio's and was written with the record of
    /// Folio's files (`files`); otherwise nil, and why it is not trusted when there is one.
    static func read(at path: String, files: WrittenFiles) -> (record: CachedBuild?, distrust: String?) {
        guard let data = FileManager.default.contents(atPath: path) else { return (nil, nil) }
        let lines = data.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count == 3, lines[0].elementsEqual(format.utf8) else {
            return (nil, data.starts(with: Data("folio-build ".utf8)) ? "it was written by another version of Folio" : "it is damaged")
        }
        guard let folio = runningFolio, lines[1].elementsEqual(folio.utf8) else { return (nil, "it was written by another version of Folio") }
        guard let record = try? lines[2].withUnsafeBytes({ try CacheCoder.value(CachedBuild.self, from: $0) }) else { return (nil, "it is damaged") }
        guard record.files == files.changed else { return (nil, "the build that wrote it did not finish") }
        return (record, nil)
    }

    /// Writes the record into `cache`, beside the record of Folio's files just written there, and
    /// the search index's `terms` when they were made again, unless the same record (`before`) is
    /// there already. Quietly does without: a build that keeps nothing is only slower the next time. A
    /// build that stops half way has rewritten the record of Folio's files first, so the one
    /// before no longer holds.
    func write(in cache: CacheFolder, terms: [SearchShards.Term]?, replacing before: CachedBuild?) {
        guard let changed = FileStatus(cache.file(WrittenFiles.fileName))?.changed else { return }
        var record = self
        record.files = changed
        if let terms {
            guard let print = try? SearchTermsFile.write(terms, to: cache.file(SearchTermsFile.fileName)) else { return }
            record.search.terms = print
        }
        if let before, before == record { return }
        guard let bytes = try? CacheCoder.bytes(of: record) else { return }
        let head = Array((Self.format + "\n" + folio + "\n").utf8)
        try? writeWhole(to: cache.file(Self.fileName)) { write in head.withUnsafeBytes(write) && bytes.withUnsafeBytes(write) }
    }

    /// Every page's text as the site in `root` has it (its `search/text/` chunks), when every
    /// chunk holds the bytes the record of Folio's files has for it.
    func texts(in root: String, files: WrittenFiles) -> [String]? {
        let chunks = Array(search.chunkFirsts.indices).parallelMap { chunk($0, in: root, files: files) }
        var texts: [String] = []
        texts.reserveCapacity(search.pages)
        for chunk in chunks {
            guard let chunk else { return nil }
            texts += chunk
        }
        return texts
    }

    /// The texts of the pages `numbers` (from 1), read from the chunks that hold them.
    func texts(ofPages numbers: [Int], in root: String, files: WrittenFiles) -> [Int: String]? {
        let firsts = search.chunkFirsts
        // The last chunk whose first page is not after the page.
        let holding = Set(numbers.map { number in firsts.lastIndex { $0 <= number } ?? 0 })
        var texts: [Int: String] = [:]
        for index in holding.sorted() {
            guard let chunk = chunk(index, in: root, files: files) else { return nil }
            for (offset, text) in chunk.enumerated() { texts[firsts[index] + offset] = text }
        }
        return texts
    }

    /// The texts of chunk `index` of `search/text/`, when the file holds the bytes the record of
    /// Folio's files has for it and as many texts as its pages.
    private func chunk(_ index: Int, in root: String, files: WrittenFiles) -> [String]? {
        let (firsts, pages) = (search.chunkFirsts, search.pages)
        guard firsts.indices.contains(index) else { return nil }
        let path = SiteLayout.searchTexts(index)
        let end = index + 1 < firsts.count ? firsts[index + 1] : pages + 1
        guard let data = FileManager.default.contents(atPath: root + "/" + path), files.entries[path] == WrittenFiles.Entry(of: data),
              let chunk = (try? parseJSON(data, file: path))?.array, chunk.count == end - firsts[index] else { return nil }
        let texts = chunk.compactMap(\.string)
        return texts.count == chunk.count ? texts : nil
    }
}

extension FileStatus.Time: Codable {
    package init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(seconds: try container.decode(Int.self), nanoseconds: try container.decode(Int.self))
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(seconds)
        try container.encode(nanoseconds)
    }
}

// MARK: A build that keeps

/// The output folder of a build, with what the build before kept there and in its cache.
package struct PreviousBuild: Sendable {
    var root: String
    var cache: CacheFolder
    /// The record of Folio's files there, when the cache has a readable one (the writer takes it too).
    var siteRecord: WrittenFiles?
    var record: CachedBuild?
    /// The search index's terms file, once its fingerprint is the record's.
    private var termsFile: Data?
    /// Why the cache, there but not trusted, is ignored: warnings of the build.
    var warnings: [Diagnostic] = []

    init(_ output: String, cache: CacheFolder) {
        root = absolutePath(output)
        self.cache = cache
        // Nothing to keep in a new or empty folder, whatever the cache says.
        guard let inside = try? FileManager.default.contentsOfDirectory(atPath: root), !inside.isEmpty else { return }
        let files = cache.file(WrittenFiles.fileName)
        siteRecord = WrittenFiles.read(at: files)
        if siteRecord == nil, FileManager.default.fileExists(atPath: files) {
            warnings.append(.warning("the build cache's record of the site's files is damaged; files the last build wrote and this one does not are left in place",
                                     at: SourceLocation(file: cache.shown + "/" + WrittenFiles.fileName), hint: "delete the output folder to start afresh"))
        }
        guard let siteRecord else { return }
        var (record, distrust) = CachedBuild.read(at: cache.file(CachedBuild.fileName), files: siteRecord)
        if let kept = record {
            termsFile = FileManager.default.contents(atPath: cache.file(SearchTermsFile.fileName))
            if termsFile.map(contentHash) != kept.search.terms { (record, distrust, termsFile) = (nil, "it is damaged", nil) }
        }
        self.record = record
        if let distrust { warn("the build cache is ignored: \(distrust); every page is laid out afresh") }
    }

    mutating func warn(_ message: String) {
        warnings.append(.warning(message, at: SourceLocation(file: cache.shown + "/" + CachedBuild.fileName)))
    }

    /// Whether the file at `path` is as the record of Folio's files has it (`WrittenFiles.isIntact`).
    func isIntact(_ path: String) -> Bool {
        siteRecord?.isIntact(path, in: root) ?? false
    }

    /// The file at `path` as the build before wrote it, when the record vouches for it.
    func file(_ path: String) -> Data? {
        isIntact(path) ? FileManager.default.contents(atPath: root + "/" + path) : nil
    }

    /// The search index's terms as the build before kept them.
    var terms: [SearchShards.Term]? {
        termsFile.flatMap { try? SearchTermsFile.terms($0) }
    }
}
