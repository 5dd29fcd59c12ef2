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

/// What a build keeps in its cache (`CacheFolder`) for the next build of the book into the same
/// output folder, so that an edit of a few chapters lays out, renders and indexes only those again:
/// fingerprints of what every page depends on, each section's text, page count and link targets,
/// and the search index's terms (its page texts are the site's own `search/text/` files).
///
/// The next build parses and links every chapter, as its outline and messages may have changed.
/// It keeps the pages of a section whose text is the same when the book but its chapters' texts
/// (`project`) and every chapter's link targets are the same. When, laid out, the book's pages and
/// what every page document is rendered from (`rendering`) are the same too, a kept section's
/// documents are the files already in the folder, which the record of Folio's files vouches for;
/// otherwise the whole book is laid out again. The record holds only for the Folio that wrote it,
/// beside the record of Folio's files written with it.
package struct BuildRecord: Sendable {
    /// Its file in the build's cache.
    static let fileName = "build-record"
    static let format = "folio-build 2"

    /// A section whose pages a later build may keep: none of its raw HTML is taller than a page.
    struct Section: Sendable, Equatable {
        var id: ChapterID
        /// The fingerprint of its Markdown.
        var text: UInt64
        var pages: Int
        /// `PagedBook.targetPages` of the section.
        var targets: [String: Int]
    }

    /// The Folio that wrote it: its executable's size and time of change (not its path: the cache
    /// holds none).
    var folio: String
    /// When the record of Folio's files written with it changed.
    var files: FileStatus.Time
    var project: UInt64
    var linkTargets: UInt64
    var rendering: UInt64
    var sections: [Section]
    var search: KeptSearch

    /// The running Folio, as `folio` names it; nil where its executable cannot be found.
    static let runningFolio: String? = {
        guard let path = Bundle.main.executablePath, let status = FileStatus(path) else { return nil }
        return "\(status.size) \(status.changed.seconds).\(status.changed.nanoseconds)"
    }()
}

// MARK: The fingerprints

extension BuildRecord {
    /// Everything loaded but the chapters' Markdown: options, contents, the sections' places and
    /// names, the book's files, images and theme.
    static func project(_ project: LoadedProject) -> UInt64 {
        let loaded = project.withoutSources.loaded
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
    /// outline, options and theme (`BuildCache.RenderInputs`), and every page's place.
    static func rendering(_ inputs: BuildCache.RenderInputs, pages: [Page]) -> UInt64 {
        var print = Fingerprint(of: inputs)
        print.add(pages.map(\.place))
        return print.value
    }

    /// A section's Markdown.
    static func text(_ chapter: Chapter) -> UInt64 {
        Fingerprint(of: chapter.markdown).value
    }
}

// MARK: In the output folder

extension BuildRecord {
    /// The record at `path`, when it is the running Folio's and was written with the record of
    /// Folio's files (`files`); otherwise nil, and why it is not trusted when there is one.
    static func read(at path: String, files: SiteRecord) -> (record: BuildRecord?, distrust: String?) {
        guard let data = FileManager.default.contents(atPath: path) else { return (nil, nil) }
        var reader = RecordReader(data)
        guard let record = try? reader.record() else {
            return (nil, data.starts(with: Data(format.utf8)) ? "it is damaged" : "it was written by another version of Folio")
        }
        guard record.folio == runningFolio else { return (nil, "it was written by another version of Folio") }
        guard record.files == files.changed else { return (nil, "the build that wrote it did not finish") }
        return (record, nil)
    }

    /// Writes the record into `cache`, beside the record of Folio's files just written there, unless
    /// the same one (`before`) is there already. Quietly does without: a build that keeps nothing
    /// is only slower the next time. A build that stops half way has rewritten the record of
    /// Folio's files first, so the one before no longer holds. Written a megabyte at a time: a big
    /// book's record is tens of megabytes, made when its pages are still held.
    func write(in cache: CacheFolder, replacing before: BuildRecord?) {
        let path = cache.file(Self.fileName)
        guard let changed = FileStatus(cache.file(SiteRecord.fileName))?.changed else { return }
        var record = self
        record.files = changed
        if let before, before.same(as: record) { return }
        try? writeWhole(to: path) { write in
            withoutActuallyEscaping(write) { write in
                var writer = RecordWriter { $0.withUnsafeBytes(write) }
                return writer.record(record)
            }
        }
    }

    /// Whether two records hold the same, their bytes alike.
    private func same(as other: BuildRecord) -> Bool {
        (folio, files, project, linkTargets, rendering) == (other.folio, other.files, other.project, other.linkTargets, other.rendering)
            && sections == other.sections && search.pages == other.search.pages && search.chunkFirsts == other.search.chunkFirsts
            && search.terms.elementsEqual(other.search.terms) { $0.term == $1.term && $0.pages == $1.pages && $0.excerpts == $1.excerpts }
    }

    /// Every page's text as the site in `root` has it (its `search/text/` chunks), when every
    /// chunk holds the bytes the record of Folio's files has for it.
    func texts(in root: String, files: SiteRecord) -> [String]? {
        let (firsts, pages) = (search.chunkFirsts, search.pages)
        let chunks = Array(firsts.indices).parallelMap { index -> [String]? in
            let path = SiteLayout.searchTexts(index)
            let end = index + 1 < firsts.count ? firsts[index + 1] : pages + 1
            guard let data = FileManager.default.contents(atPath: root + "/" + path), files.entries[path] == SiteRecord.Entry(of: data),
                  let chunk = (try? parseJSON(data, file: path))?.array, chunk.count == end - firsts[index] else { return nil }
            let texts = chunk.compactMap(\.string)
            return texts.count == chunk.count ? texts : nil
        }
        var texts: [String] = []
        texts.reserveCapacity(pages)
        for (first, chunk) in zip(firsts, chunks) {
            guard let chunk, first == texts.count + 1 else { return nil }
            texts += chunk
        }
        return texts.count == pages ? texts : nil
    }
}

// MARK: Its bytes

/// The record as bytes: its format's line, then numbers as 7-bit groups and strings as their
/// UTF-8 length and bytes.
private struct RecordWriter {
    /// Takes each megabyte as it is made: false when it could not.
    let flush: ([UInt8]) -> Bool
    private var bytes = Array(BuildRecord.format.utf8) + [UInt8(ascii: "\n")]

    init(flush: @escaping ([UInt8]) -> Bool) {
        self.flush = flush
    }

    mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Hands on what is made, once it is a megabyte, or at the end: false when it could not.
    mutating func flushed(atLeast: Int = 1 << 20) -> Bool {
        guard bytes.count >= atLeast else { return true }
        defer { bytes.removeAll(keepingCapacity: true) }
        return flush(bytes)
    }

    mutating func hash(_ value: UInt64) {
        int(Int(bitPattern: UInt(value)))
    }

    mutating func string(_ value: String) {
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    /// Writes the whole record: false when a part could not be handed on.
    mutating func record(_ record: BuildRecord) -> Bool {
        string(record.folio)
        int(record.files.seconds)
        int(record.files.nanoseconds)
        for print in [record.project, record.linkTargets, record.rendering] { hash(print) }
        int(record.sections.count)
        for section in record.sections {
            string(section.id.path)
            hash(section.text)
            int(section.pages)
            int(section.targets.count)
            for (id, page) in section.targets.sorted(by: { $0.key < $1.key }) {
                string(id)
                int(page)
            }
        }
        int(record.search.pages)
        int(record.search.chunkFirsts.count)
        for first in record.search.chunkFirsts { int(first) }
        int(record.search.terms.count)
        for term in record.search.terms {
            string(term.term)
            let gaps = term.pages.gaps
            int(gaps.count)
            for gap in gaps { int(gap) }
            int(term.excerpts.count)
            for excerpt in term.excerpts { string(excerpt) }
            guard flushed() else { return false }
        }
        return flushed(atLeast: 0)
    }
}

private struct RecordReader {
    struct Malformed: Error {}

    let bytes: [UInt8]
    var index = 0

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    mutating func int() throws -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard index < bytes.count, shift < 64 else { throw Malformed() }
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return Int(Int64(bitPattern: value)) }
            shift += 7
        }
    }

    /// A count of things still to read, each at least a byte long.
    mutating func count() throws -> Int {
        let count = try int()
        guard count >= 0, count <= bytes.count - index else { throw Malformed() }
        return count
    }

    mutating func hash() throws -> UInt64 {
        UInt64(UInt(bitPattern: try int()))
    }

    mutating func string() throws -> String {
        let count = try count()
        defer { index += count }
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[index..<index + count]), as: UTF8.self) }
    }

    mutating func record() throws -> BuildRecord {
        let format = Array(BuildRecord.format.utf8) + [UInt8(ascii: "\n")]
        guard bytes.starts(with: format) else { throw Malformed() }
        index = format.count
        let folio = try string()
        let files = FileStatus.Time(seconds: try int(), nanoseconds: try int())
        let (project, linkTargets, rendering) = (try hash(), try hash(), try hash())
        let sections = try (0..<count()).map { _ in
            let (id, text, pages) = (ChapterID(try string()), try hash(), try int())
            var targets: [String: Int] = [:]
            for _ in 0..<(try count()) { targets[try string()] = try int() }
            return BuildRecord.Section(id: id, text: text, pages: pages, targets: targets)
        }
        let pages = try int()
        let chunkFirsts = try (0..<count()).map { _ in try int() }
        let terms = try (0..<count()).map { _ -> SearchShards.Term in
            let term = try string()
            let gaps = try (0..<count()).map { _ in try int() }
            let excerpts = try (0..<count()).map { _ in try string() }
            return (term, PageNumbers(gaps: gaps), excerpts)
        }
        guard index == bytes.count else { throw Malformed() }
        return BuildRecord(folio: folio, files: files, project: project, linkTargets: linkTargets, rendering: rendering,
                           sections: sections, search: KeptSearch(terms: terms, chunkFirsts: chunkFirsts, pages: pages))
    }
}

// MARK: A build that keeps

/// The output folder of a build, with what the build before kept there and in its cache.
package struct KeptBuild: Sendable {
    var root: String
    var cache: CacheFolder
    /// The record of Folio's files there, when the cache has a readable one (the writer takes it too).
    var siteRecord: SiteRecord?
    var record: BuildRecord?
    /// Why the cache, there but not trusted, is ignored: warnings of the build.
    var warnings: [Diagnostic] = []

    init(_ output: String, cache: CacheFolder) {
        root = URL(fileURLWithPath: output).standardizedFileURL.path
        self.cache = cache
        // Nothing to keep in a new or empty folder, whatever the cache says.
        guard let inside = try? FileManager.default.contentsOfDirectory(atPath: root), !inside.isEmpty else { return }
        let files = cache.file(SiteRecord.fileName)
        siteRecord = SiteRecord.read(at: files)
        if siteRecord == nil, FileManager.default.fileExists(atPath: files) {
            warnings.append(.warning("the build cache's record of the site's files is damaged; files the last build wrote and this one does not are left in place",
                                     at: SourceLocation(file: cache.shown + "/" + SiteRecord.fileName), hint: "delete the output folder to start afresh"))
        }
        guard let siteRecord else { return }
        let (record, distrust) = BuildRecord.read(at: cache.file(BuildRecord.fileName), files: siteRecord)
        self.record = record
        if let distrust { warn("the build cache is ignored: \(distrust); every page is laid out afresh") }
    }

    mutating func warn(_ message: String) {
        warnings.append(.warning(message, at: SourceLocation(file: cache.shown + "/" + BuildRecord.fileName)))
    }

    /// Whether the file at `path` is as the record of Folio's files has it (`SiteRecord.isIntact`).
    func isIntact(_ path: String) -> Bool {
        siteRecord?.isIntact(path, in: root) ?? false
    }

    /// The file at `path` as the build before wrote it, when the record vouches for it.
    func file(_ path: String) -> Data? {
        isIntact(path) ? FileManager.default.contents(atPath: root + "/" + path) : nil
    }
}

/// A build into a folder, as its `BuildRecord` will record it, keeping the pages the record
/// before kept where they fit: `renderBook` tells it of each stage.
struct RecordedBuild {
    private let keeping: KeptBuild
    private let project: UInt64
    private let order: [ChapterID]
    private let slugs: [ChapterID: String]
    private var texts: [ChapterID: UInt64]
    private var linkTargets: UInt64 = 0
    private var rendering: UInt64 = 0
    /// The sections whose pages are kept.
    private var kept: [ChapterID: BuildRecord.Section] = [:]
    /// Each section as laid out: its page count, and whether a later build may keep its pages.
    private var laid: [ChapterID: (pages: Int, keepable: Bool)] = [:]
    private var search: KeptSearch?

    init(_ project: LoadedProject, sections: [Chapter], keeping: KeptBuild) {
        self.keeping = keeping
        self.project = BuildRecord.project(project)
        order = sections.map(\.id)
        slugs = Dictionary(sections.map { ($0.id, $0.slug) }, uniquingKeysWith: { first, _ in first })
        texts = Dictionary(zip(order, sections.parallelMap(BuildRecord.text)), uniquingKeysWith: { first, _ in first })
    }

    /// After the math stage: a section's pages are kept only with the same text and the same
    /// MathML for its formulas (KaTeX may have come, gone or changed since the build before).
    mutating func typeset(_ chapters: [ParsedChapter]) {
        for chapter in chapters where chapter.blocks.contains(where: \.holdsMath) {
            var fingerprint = Fingerprint()
            fingerprint.add(Int(truncatingIfNeeded: texts[chapter.chapter.id] ?? 0))
            for block in chapter.blocks {
                block.walk(inlines: { inline in
                    if case .math(let formula) = inline { fingerprint.add(formula.mathML ?? "") }
                })
            }
            texts[chapter.chapter.id] = fingerprint.value
        }
    }

    /// After linking: which sections' pages are kept. Those whose text is the same, when the book
    /// but its texts and every chapter's link targets are, and whose documents are still as written.
    mutating func linked(_ targets: LinkTargets) {
        linkTargets = BuildRecord.linkTargets(targets)
        guard let record = keeping.record, record.project == project, record.linkTargets == linkTargets else { return }
        for section in record.sections where texts[section.id] == section.text {
            guard let slug = slugs[section.id],
                  (0..<section.pages).allSatisfy({ keeping.isIntact(SiteLayout.pageURL(slug: slug, number: $0 + 1)) })
            else { continue }
            kept[section.id] = section
        }
        // The page texts are read when the index is made, once the chapters' blocks are gone.
        let chunks = record.search.chunkFirsts.indices.map(SiteLayout.searchTexts)
        if !chunks.allSatisfy(keeping.isIntact) { kept = [:] }
    }

    /// `paginateBook`'s `chapterPages`: the kept sections' pages as empty ones, the others by `layOut`.
    mutating func pages(of sections: [ParsedChapter], layOut: ([ParsedChapter]) -> [[[Block]]]) -> [[[Block]]] {
        laid = [:]
        var made = layOut(sections.filter { kept[$0.chapter.id] == nil })[...]
        return sections.map { section in
            let id = section.chapter.id
            if let known = kept[id] {
                laid[id] = (known.pages, true)
                return Array(repeating: [], count: known.pages)
            }
            let pages = made.removeFirst()
            laid[id] = (pages.count, tooTallHTML(pages).isEmpty)
            return pages
        }
    }

    /// A kept section's link targets, by the page that holds each.
    func keptTargets(_ id: ChapterID) -> [String: Int]? {
        kept[id]?.targets
    }

    /// After paginating: false when pages were kept but the book's pages, or what their documents
    /// share, changed; then the book is to be laid out again, keeping nothing.
    mutating func laidOut(_ paged: PagedBook, inputs: BuildCache.RenderInputs) -> Bool {
        rendering = BuildRecord.rendering(inputs, pages: paged.pages)
        guard !kept.isEmpty, rendering != keeping.record?.rendering else { return true }
        kept = [:]
        return false
    }

    private func isKept(_ page: Page) -> Bool {
        page.kind != .blank && page.chapter.map { kept[$0] != nil } == true
    }

    /// The search stage: the kept index with the other pages' texts found again, or a whole one.
    /// The kept texts are the site's, which the record of Folio's files vouched for; should one
    /// be unreadable all the same (changed since), the build fails, and the next keeps nothing.
    mutating func search(_ paged: PagedBook) throws -> [SiteFile] {
        let made = if let record = keeping.record, !kept.isEmpty {
            if let files = keeping.siteRecord, let texts = record.texts(in: keeping.root, files: files) {
                searchFiles(paged, kept: record.search, texts: texts, changed: paged.pages.indices.filter { !isKept(paged.pages[$0]) }.map { $0 + 1 })
            } else {
                // Vouched for when the build began: changed during it.
                unlink(keeping.cache.file(BuildRecord.fileName))
                throw FileAccessError(path: SiteLayout.searchTexts(0), reason: "the search index's page texts in the output folder changed during the build; build again")
            }
        } else {
            searchFilesKept(paged)
        }
        search = made.kept
        return made.files
    }

    /// Where the files made from what the whole book shares and its pages but not their text
    /// (`renderSite`'s `bookWide`) are as the build before made them, when pages are kept: all that
    /// is then the same.
    var keptFiles: KeptBuild? { kept.isEmpty ? nil : keeping }

    /// `site` with the kept pages' documents as the files already in the folder; nil when none is kept.
    func keepingPages(_ site: [SiteFile], paged: PagedBook) -> [SiteFile]? {
        guard !kept.isEmpty else { return nil }
        let urls = Set(paged.pages.filter(isKept).map(\.url))
        return site.map { urls.contains($0.path) ? SiteFile(path: $0.path, contents: .kept) : $0 }
    }

    /// The record of this build, for the next.
    func record(_ paged: PagedBook) -> BuildRecord? {
        guard let folio = BuildRecord.runningFolio, let search else { return nil }
        let sections = order.compactMap { id -> BuildRecord.Section? in
            guard let laid = laid[id], laid.keepable, let text = texts[id] else { return nil }
            return BuildRecord.Section(id: id, text: text, pages: laid.pages, targets: paged.targetPages[id] ?? [:])
        }
        return BuildRecord(folio: folio, files: FileStatus.Time(seconds: 0, nanoseconds: 0), project: project, linkTargets: linkTargets,
                           rendering: rendering, sections: sections, search: search)
    }
}
