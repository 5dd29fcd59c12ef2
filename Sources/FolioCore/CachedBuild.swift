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
/// record of Folio's files written with it. Before it in its file is its `Summary`: a build that
/// reads what the build before read, into a site still as it was left, stops there.
package struct CachedBuild: Sendable, Equatable, Codable {
    /// Its file in the build's cache.
    static let fileName = "build-record"
    static let format = "folio-build 6"

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

    /// Where the search index's parts are.
    struct Search: Sendable, Equatable, Codable {
        var pages: Int
        /// The first page of each chunk of `search/text/`.
        var chunkFirsts: [Int]
        /// Where each shard of terms of `search/terms/` begins: its first term's place among them.
        var shardFirsts: [Int]
        /// `SearchIndexParts.textBytes`.
        var textBytes: [Int]

        /// The index's files in the site.
        var paths: [String] {
            [SiteLayout.searchIndex] + shardFirsts.indices.map(SiteLayout.searchTerms) + chunkFirsts.indices.map(SiteLayout.searchTexts)
        }
    }

    /// What a build read, as one fingerprint, and what it told: a build that reads the same into a
    /// site still as that one left it has nothing to do. Written before the record, and read without
    /// it; with what ties the record to the files written with it.
    struct Summary: Sendable, Equatable, Codable {
        /// `Prints.whole`.
        var inputs: UInt64?
        var pages: Int
        var files: Int
        var warnings: [Diagnostic]
        /// The book's files copied into the site: each one's path in the site by its path in the book.
        var copied: [String: String]
        /// When the record of Folio's files written with it changed.
        var written = FileStatus.Time(seconds: 0, nanoseconds: 0)
        /// The fingerprints of the search index's terms file, and of the record after the summary.
        var terms: UInt64 = 0
        var record: UInt64 = 0
    }

    /// The Folio that wrote it: its executable's size and time of change (not its path: the cache
    /// holds none). Written on a line of its own before the rest.
    var folio: String
    var project: UInt64
    var linkTargets: UInt64
    var rendering: UInt64
    /// Decoded side by side once read (`PreviousBuild.sections`); a section kept whole is written
    /// back as the bytes it was read from.
    var sections: [CacheCoded<Section>]
    var search: Search
    /// What the site's fonts were cut from (`WebFonts.fingerprint`).
    var fonts: UInt64

    /// The running Folio, as `folio` names it; nil where its executable cannot be found.
    static let runningFolio: String? = {
        guard let path = Bundle.main.executablePath, let status = FileStatus(path) else { return nil }
        return "\(status.size) \(status.changed.seconds).\(status.changed.nanoseconds)"
    }()
}

// MARK: The fingerprints

extension CachedBuild {
    /// A book's fingerprints as its record keeps them: everything loaded but the chapters' texts
    /// (`project`), and each section's text.
    struct Prints: Sendable {
        var project: UInt64
        var texts: [ChapterID: UInt64]
        /// All of them as one, in the sections' order: everything the build reads; nil for a book
        /// with math, whose pages depend on the KaTeX that is installed too.
        var whole: UInt64?

        init(_ loaded: LoadedProject) {
            project = CachedBuild.project(loaded)
            let (order, sources) = (loaded.loaded.book.sections.map(\.id), loaded.loaded.sources)
            let prints = order.parallelMap { CachedBuild.text(sources[$0]!) }
            texts = Dictionary(zip(order, prints), uniquingKeysWith: { first, _ in first })
            if loaded.loaded.book.options.markdown.math == .none { whole = Fingerprint(of: [project] + prints).value }
        }
    }

    /// Everything loaded but the chapters' Markdown (`sources`, fingerprinted by section as
    /// `text`): options, contents, the sections' places and names, the book's files, images and theme.
    static func project(_ project: LoadedProject) -> UInt64 {
        let loaded = project.loaded
        var print = Fingerprint(of: loaded.book.title)
        print.add(loaded.book.options)
        print.add(loaded.book.contents)
        print.add(loaded.book.alternates)
        print.add(loaded.book.sections)
        print.add(loaded.files)
        print.add(loaded.themeOverrides)
        for face in TextFace.allCases { print.add(loaded.fonts[face] ?? Data()) }
        print.add(loaded.imageSizes)
        print.add(loaded.coverImage ?? Data())
        print.add(loaded.refused)
        print.add(project.stylesheets)
        print.add(project.source)
        // The system's hyphenation patterns, which the pages are set with.
        let options = loaded.book.options
        print.add(Hyphenation.fingerprint(language: options.language, justify: options.page.justify) ?? 0)
        return print.value
    }

    /// Every chapter's link targets, which each chapter's links are rewritten against.
    static func linkTargets(_ targets: LinkTargets) -> UInt64 {
        Fingerprint(of: targets.chapters).value
    }

    /// What every page document is rendered from besides its own section's text: the book's
    /// outline, options and theme (`RenderInputs`), every page's place, and the generated pages.
    static func rendering(_ inputs: RenderInputs, pages: [Page]) -> UInt64 {
        // The theme's bytes, which `shared` leaves out, are the project's (`project`).
        var print = Fingerprint(of: inputs.shared)
        print.add(batches: inputs.sections)
        print.add(batches: inputs.sections.map { inputs.targetPages[$0.id] })
        print.add(inputs.targetPages.count)
        print.add(batches: pages.map(\.place))
        print.add(batches: pages.filter { $0.kind != .text }.map(\.blocks))
        return print.value
    }

    /// A section's Markdown, from the book's `ChapterSources`.
    static func text(_ markdown: String) -> UInt64 {
        Fingerprint(of: markdown).value
    }
}

// MARK: In the cache

extension CachedBuild {
    /// The summary at `path` and the record's bytes after it, when they are the running Folio's and
    /// were written with the record of Folio's files (`files`); otherwise nils, and why they are not
    /// trusted when there are some.
    static func read(at path: String, files: WrittenFiles) -> (summary: Summary?, record: Data?, distrust: String?) {
        guard let data = FileManager.default.contents(atPath: path) else { return (nil, nil, nil) }
        let lines = data.split(separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0].elementsEqual(format.utf8) else {
            return (nil, nil, data.starts(with: Data("folio-build ".utf8)) ? "it was written by another version of Folio" : "it is damaged")
        }
        guard let folio = runningFolio, lines[1].elementsEqual(folio.utf8) else { return (nil, nil, "it was written by another version of Folio") }
        let rest = lines[3]
        guard let length = Int(String(decoding: lines[2], as: UTF8.self)), (0...rest.count).contains(length),
              let summary = try? rest.prefix(length).withUnsafeBytes({ try CacheCoder.value(Summary.self, from: $0) }) else {
            return (nil, nil, "it is damaged")
        }
        guard summary.written == files.changed else { return (nil, nil, "the build that wrote it did not finish") }
        let record = Data(rest.dropFirst(length))
        guard contentHash(record) == summary.record else { return (nil, nil, "it is damaged") }
        return (summary, record, nil)
    }

    /// The record `read` found after the summary; nil when it does not decode.
    static func decoded(_ bytes: Data) -> CachedBuild? {
        try? bytes.withUnsafeBytes { try CacheCoder.value(CachedBuild.self, from: $0) }
    }

    /// Writes the record into `cache` after its `summary`, beside the record of Folio's files just
    /// written there, and the search index's `terms` when they were made again (else the terms file
    /// is `before`'s), unless the same are there already. Quietly does without: a build that keeps
    /// nothing is only slower the next time. A build that stops half way has rewritten the record of
    /// Folio's files first, so the one before no longer holds.
    func write(in cache: CacheFolder, summary given: Summary, terms: [SearchShards.Term]?, replacing before: (summary: Summary, record: CachedBuild)?) {
        guard let changed = FileStatus(cache.file(WrittenFiles.fileName))?.changed else { return }
        var summary = given
        summary.written = changed
        if let terms {
            guard let print = try? SearchTermsFile.write(terms, to: cache.file(SearchTermsFile.fileName)) else { return }
            summary.terms = print
        } else {
            guard let before else { return }
            summary.terms = before.summary.terms
        }
        guard let bytes = try? CacheCoder.bytes(of: self) else { return }
        summary.record = bytes.withUnsafeBytes(contentHash)
        if let before, before.summary == summary { return }
        guard let head = try? CacheCoder.bytes(of: summary) else { return }
        let lines = Array((Self.format + "\n" + folio + "\n" + String(head.count) + "\n").utf8)
        try? writeWhole(to: cache.file(Self.fileName)) { write in
            lines.withUnsafeBytes(write) && head.withUnsafeBytes(write) && bytes.withUnsafeBytes(write)
        }
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
    /// The record and its summary, when trusted.
    var record: CachedBuild?
    /// The record's sections, decoded.
    var sections: [CachedBuild.Section] = []
    var summary: CachedBuild.Summary?
    /// The summary of the build before when it read what this one reads (`inputs`) and the site and
    /// the book's files it copied are still as it left them: then this build has nothing to do, and
    /// the record is not read.
    private(set) var unchanged: CachedBuild.Summary?
    /// The search index's terms file, once its fingerprint is the record's.
    private var termsFile: Data?
    /// Why the cache, there but not trusted, is ignored: warnings of the build.
    var warnings: [Diagnostic] = []

    /// The build into `output` before, for a build that reads what `inputs` fingerprints
    /// (`CachedBuild.Prints.whole`), of the book whose files are in the folders `book`, each file
    /// in the first that has it (a translation's own, then the book's it shares).
    init(_ output: String, cache: CacheFolder, inputs: UInt64? = nil, book: [String] = []) {
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
        var (summary, bytes, distrust) = CachedBuild.read(at: cache.file(CachedBuild.fileName), files: siteRecord)
        if let kept = summary {
            termsFile = FileManager.default.contents(atPath: cache.file(SearchTermsFile.fileName))
            if termsFile.map(contentHash) != kept.terms { (summary, distrust, termsFile) = (nil, "it is damaged", nil) }
        }
        if let summary, let inputs, summary.inputs == inputs, isWhole(copying: summary.copied, from: book) {
            (self.summary, unchanged) = (summary, summary)
            return
        }
        if summary != nil, let bytes {
            record = CachedBuild.decoded(bytes)
            let sections = record?.sections.parallelMap { try? $0.decoded() }
            if let sections, sections.allSatisfy({ $0 != nil }) {
                self.sections = sections.compactMap { $0 }
            } else {
                (record, summary, distrust, termsFile) = (nil, nil, "it is damaged", nil)
            }
        }
        self.summary = summary
        if let distrust { warn("the build cache is ignored: \(distrust); every page is laid out afresh") }
    }

    /// Whether every file of the site is as the record of Folio's files has it, and each book file
    /// it `copied` (site path by book path), in the first of the folders `book` that has it, has
    /// its copy's size and has not changed since.
    private func isWhole(copying copied: [String: String], from book: [String]) -> Bool {
        guard let siteRecord else { return false }
        let root = root
        guard Array(siteRecord.entries.keys).parallelMap({ siteRecord.isIntact($0, in: root) }).allSatisfy({ $0 }) else { return false }
        // A book file is as its copy was written when it is as intact as the record has the copy.
        return copied.allSatisfy { path, copy in
            book.lazy.compactMap { FileStatus($0 + "/" + path) }.first.map { siteRecord.isIntact(copy, status: $0) } ?? false
        }
    }

    /// The summary and the record, as a build that keeps them writes them (`CachedBuild.write`).
    var kept: (summary: CachedBuild.Summary, record: CachedBuild)? {
        guard let summary, let record else { return nil }
        return (summary, record)
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
