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

/// What the write stage did: site files whose bytes changed (or were new), and files removed.
struct WriteCounts: Sendable, Equatable {
    var written = 0
    var removed = 0
}

/// The write stage, in place: a site file is written only when its bytes differ from the file
/// already there, each through a temporary file beside it and a rename, so an interrupted build
/// leaves every file whole. Files of an earlier build that the site no longer has are removed at
/// the end, and folders left empty with them. A rebuild with no changes writes nothing.
///
/// Which files Folio wrote, and their hashes, are kept outside the site, in the build's `cache`
/// (`WrittenFiles`): only those files are ever removed, and a file the record vouches for is not
/// read again. The record is written before the first file (every path about to be written marked
/// unknown) and again at the end, so an interrupted build is still known to be Folio's. With no
/// record, nothing is removed: Folio cannot prove it wrote a file.
func writeSite(_ files: [SiteFile], to output: String, cache: CacheFolder?, from book: BookFiles, record known: WrittenFiles? = nil) throws -> WriteCounts {
    let target = URL(fileURLWithPath: output).standardizedFileURL
    do {
        let earlier = try ensureReplaceable(target, cache: cache, known: known, writing: files)
        return try SiteUpdate(root: target.path, recordPath: cache.map { $0.file(WrittenFiles.fileName) }, earlier: earlier).apply(files, from: book)
    } catch let diagnostic as Diagnostic {
        throw diagnostic
    } catch {
        throw Diagnostic.error("could not write the site: \((error as? FileAccessError)?.reason ?? error.localizedDescription)", at: SourceLocation(file: output))
    }
}

/// Only an earlier Folio site (or an empty folder) is ever written over, so `-o ~/Documents` loses
/// nothing. Every Folio site has these documents, whatever its theme, or a record of its files.
/// Returns what is known of the files already there: the record in the cache (`known`, when
/// already read), or one that earlier versions kept in the site itself, whose files then go too.
/// A Folio site with neither is adopted: the files it shares with the new site are compared and
/// written over, and no other is removed.
private func ensureReplaceable(_ target: URL, cache: CacheFolder?, known: WrittenFiles?, writing files: [SiteFile]) throws -> WrittenFiles {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) else { return WrittenFiles() }
    guard isDirectory.boolValue else {
        throw Diagnostic.error("the output path exists and is not a folder", at: SourceLocation(file: target.path),
                               hint: "choose another folder with -o")
    }
    let contents = Set((try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? [])
    guard !contents.isEmpty else { return WrittenFiles() }
    // A file the record lists is removed only while it is as Folio left it, so a record is trusted
    // whatever else the folder holds.
    if let record = known ?? cache.flatMap({ WrittenFiles.read(at: $0.file(WrittenFiles.fileName)) }) { return record }
    if contents.contains(WrittenFiles.inSite), var record = WrittenFiles.read(at: target.path + "/" + WrittenFiles.inSite) {
        for name in [WrittenFiles.inSite, WrittenFiles.buildRecordInSite] { record.entries[name] = WrittenFiles.Entry() }
        return record
    }
    guard SiteLayout.signature.isSubset(of: contents) else {
        throw Diagnostic.error("the output folder holds files that Folio did not write; refusing to replace it",
                               at: SourceLocation(file: target.path), hint: "choose an empty or new folder with -o")
    }
    var adopted = WrittenFiles()
    for file in files where FileStatus(target.path + "/" + file.path).map({ !$0.isDirectory }) == true {
        adopted.entries[file.path] = WrittenFiles.Entry()
    }
    return adopted
}

/// The files Folio wrote into an output folder: path → size and content hash (unknown for a file
/// whose write may not have finished). One line a file, sorted, so the same site gives the same record.
struct WrittenFiles: Equatable, Sendable {
    /// Its file in the build's cache.
    static let fileName = "site-files"
    static let header = "folio-files 1"
    /// Where versions before the cache kept the record, and the build's record, in the site itself.
    static let inSite = ".folio-files"
    static let buildRecordInSite = ".folio-build"

    /// A file's size and hash, both known or both not: sixteen bytes, as a big site has a
    /// hundred thousand of them, in two records at once.
    struct Entry: Equatable, Sendable {
        /// -1 when unknown.
        private let knownSize: Int
        private let knownHash: UInt64

        init(size: Int? = nil, hash: UInt64? = nil) {
            (knownSize, knownHash) = if let size, let hash { (size, hash) } else { (-1, 0) }
        }

        /// The entry of a file holding `data`.
        init(of data: Data) {
            self.init(size: data.count, hash: contentHash(data))
        }

        var size: Int? { knownSize < 0 ? nil : knownSize }
        var hash: UInt64? { knownSize < 0 ? nil : knownHash }
    }

    var entries: [String: Entry] = [:]
    /// When the record was last written: a file changed after it is not vouched for.
    var changed: FileStatus.Time?

    /// Writes the record as its file holds it to `path`, with `overriding`'s entries in place of
    /// its own: streamed a megabyte at a time, as a big site's record is megabytes, and written
    /// twice a build. In no particular order: it is read into a hash table, and sorting a hundred
    /// thousand paths twice a build would cost more than all the rest of its writing.
    func write(to path: String, overriding: [String: Entry] = [:]) throws {
        let paths = Array(entries.keys) + overriding.keys.filter { entries[$0] == nil }
        try writeWhole(to: path) { write in
            var bytes = Array((Self.header + "\n").utf8)
            bytes.reserveCapacity(1 << 20)
            for path in paths {
                let entry = overriding[path] ?? entries[path]!
                if let size = entry.size, let hash = entry.hash {
                    for shift in stride(from: 60, through: 0, by: -4) { bytes.append(Self.hexDigits[Int(hash >> UInt64(shift) & 0xF)]) }
                    bytes.append(UInt8(ascii: " "))
                    bytes.append(contentsOf: String(size).utf8)
                    bytes.append(UInt8(ascii: " "))
                } else {
                    bytes.append(contentsOf: "- - ".utf8)
                }
                bytes.append(contentsOf: path.utf8)
                bytes.append(UInt8(ascii: "\n"))
                if bytes.count >= 1 << 20 {
                    guard bytes.withUnsafeBytes(write) else { return false }
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            return bytes.withUnsafeBytes(write)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Whether the file at `path` under `root` is still as the record has it: listed with its size
    /// and hash, that size, and not changed since the record was written (strictly before: a clock
    /// tick is coarse, and a file changed in the tick the record was written in may have changed
    /// after it).
    func isIntact(_ path: String, in root: String) -> Bool {
        FileStatus(root + "/" + path).map { isIntact(path, status: $0) } ?? false
    }

    /// `isIntact(_:in:)` for a file whose status is known.
    func isIntact(_ path: String, status: FileStatus) -> Bool {
        guard let known = entries[path], let size = known.size, let changed else { return false }
        return !status.isDirectory && status.size == size && status.changed < changed
    }

    /// Read as bytes: a big site's record is a hundred thousand lines, read at every build.
    static func read(at path: String) -> WrittenFiles? {
        guard let status = FileStatus(path), let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.withUnsafeBytes { bytes -> WrittenFiles? in
            let lines = bytes.split(separator: UInt8(ascii: "\n"))
            guard let first = lines.first, first.elementsEqual(header.utf8) else { return nil }
            var record = WrittenFiles(changed: status.changed)
            record.entries.reserveCapacity(lines.count)
            for line in lines.dropFirst() {
                let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
                // A path that would lead out of the folder is not Folio's, whatever the record says.
                guard fields.count == 3, isInside(fields[2]) else { continue }
                let (size, hash) = (number(fields[1], radix: 10), number(fields[0], radix: 16))
                record.entries[String(decoding: UnsafeRawBufferPointer(rebasing: fields[2]), as: UTF8.self)] = Entry(size: size.map(Int.init), hash: hash)
            }
            return record
        }
    }

    /// The number `digits` spell, when they are one of at most 16 digits.
    private static func number(_ digits: Slice<UnsafeRawBufferPointer>, radix: UInt64) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = asciiHexDigitValue(byte), UInt64(digit) < radix else { return nil }
            value = value * radix + UInt64(digit)
        }
        return value
    }
}

/// A relative path that stays inside its folder: no empty, `.` or `..` parts, no leading `/`.
private func isInside(_ path: Slice<UnsafeRawBufferPointer>) -> Bool {
    path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { part in
        !part.isEmpty && !part.elementsEqual([UInt8(ascii: ".")]) && !part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
    }
}

/// One build's changes to the output folder.
private struct SiteUpdate {
    var root: String
    /// Where the record of Folio's files is written; nil when there is no cache to hold it.
    var recordPath: String?
    var earlier: WrittenFiles
    /// A site file as it is now, and whether the file already there lacks its bytes.
    private struct Planned: Sendable {
        /// The file's place among the build's files.
        var index: Int
        var entry: WrittenFiles.Entry
        var changed: Bool
        /// The bytes to write, kept when changed unless the file is a rendered document: that is
        /// rendered again when written, so a book's documents are never all held at once.
        var bytes: Data?
    }

    func apply(_ files: [SiteFile], from book: BookFiles) throws -> WriteCounts {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: root, withIntermediateDirectories: true)
        if earlier.entries.isEmpty { return try writeAfresh(files, from: book) }
        let (root, earlier) = (self.root, self.earlier)
        @Sendable func plan(_ index: Int, made: Data? = nil) throws -> Planned {
            let file = files[index]
            if case .kept = file.contents {
                guard earlier.isIntact(file.path, in: root), let entry = earlier.entries[file.path] else {
                    throw FileAccessError(path: file.path, reason: "`\(file.path)` changed in the output folder during the build; build again")
                }
                return Planned(index: index, entry: entry, changed: false, bytes: nil)
            }
            let data = try made ?? file.bytes(from: book)
            let entry = WrittenFiles.Entry(of: data)
            let changed = !Self.isUpToDate(root, file.path, data, entry, earlier)
            let keep: Data? = if case .rendered = file.contents { nil } else { changed ? data : nil }
            return Planned(index: index, entry: entry, changed: changed, bytes: keep)
        }
        // Every file's bytes are made here, before anything is written: a document that cannot be
        // rendered or a book file that cannot be read fails the build with the site untouched.
        let (others, last) = Self.fingerprintingLast(files)
        var planned = try others.parallelMap { index in Result { try plan(index) } }.map { try $0.get() }
        let site = siteFingerprint(planned.map { (files[$0.index].path, $0.entry) })
        for (index, make) in last { planned.append(try plan(index, made: make(site))) }
        // The documents rendered for comparing are gone: their memory can serve the writes.
        trimHeap()

        var record = WrittenFiles()
        record.entries.reserveCapacity(planned.count)
        for plan in planned { record.entries[files[plan.index].path] = plan.entry }
        // A file of the build before is removed only while it is as that build left it (or was
        // being written when it stopped): one changed since is someone else's.
        let stale = earlier.entries.filter { path, entry in
            guard record.entries[path] == nil else { return false }
            guard entry.size != nil, let status = FileStatus(root + "/" + path) else { return true }
            return earlier.isIntact(path, status: status)
        }.keys.sorted()
        let changes = planned.filter(\.changed)
        guard !changes.isEmpty || !stale.isEmpty || record.entries != earlier.entries else { return WriteCounts() }
        try ensureOwnFolders(changes.map { files[$0.index].path } + stale)

        // The record first: every path about to be written is Folio's from now on, its bytes unknown.
        var journal: [String: WrittenFiles.Entry] = [:]
        for plan in changes { journal[files[plan.index].path] = WrittenFiles.Entry() }
        for path in stale { journal[path] = earlier.entries[path] }
        try recordPath.map { try record.write(to: $0, overriding: journal) }
        // Files an interrupted build may have left half written.
        for (path, entry) in earlier.entries where entry.hash == nil { unlink(temporaryPath(for: root + "/" + path)) }

        // An old file where a new file needs a folder (or the other way round) goes first.
        let blocking = stale.filter { path in record.entries.keys.contains(where: { $0.hasPrefix(path + "/") || path.hasPrefix($0 + "/") }) }
        if !blocking.isEmpty { try remove(blocking) }

        _ = try write(changes.map { files[$0.index] }) { index, file in try changes[index].bytes ?? file.bytes(from: book) }
        try remove(stale.filter { !blocking.contains($0) })
        try writeRecord(record)
        return WriteCounts(written: changes.count, removed: stale.count)
    }

    /// Into a folder that holds no earlier site, there is nothing to compare with and nothing to
    /// keep whole: each document is rendered once and written. Should one fail, the files written
    /// are removed again, so a failed build still leaves the folder as it was.
    private func writeAfresh(_ files: [SiteFile], from book: BookFiles) throws -> WriteCounts {
        // The record first, every path unknown: an interrupted build's files are Folio's.
        var record = WrittenFiles()
        for file in files { record.entries[file.path] = WrittenFiles.Entry() }
        do {
            try ensureOwnFolders(files.map(\.path))
            try recordPath.map { try record.write(to: $0) }
            let (others, last) = Self.fingerprintingLast(files)
            let written = others.map { files[$0] }
            let entries = try write(written, entries: true) { _, file in try file.bytes(from: book) }
            for (file, entry) in zip(written, entries) { record.entries[file.path] = entry }
            let site = siteFingerprint(zip(written, entries).map { ($0.path, $1 ?? WrittenFiles.Entry()) })
            let made = last.map { SiteFile(path: files[$0.index].path, contents: .bytes($0.make(site))) }
            for (file, entry) in zip(made, try write(made, entries: true) { _, file in try file.bytes(from: book) }) {
                record.entries[file.path] = entry
            }
        } catch {
            try? remove(files.map(\.path))
            if let recordPath { unlink(recordPath) }
            throw error
        }
        try writeRecord(record)
        return WriteCounts(written: files.count, removed: 0)
    }

    /// The places of `files` but those made from the others' fingerprint, and those, which come after.
    private static func fingerprintingLast(_ files: [SiteFile]) -> (others: [Int], last: [(index: Int, make: @Sendable (UInt64) -> Data)]) {
        var (others, last): ([Int], [(index: Int, make: @Sendable (UInt64) -> Data)]) = ([], [])
        for index in files.indices {
            if case .fingerprinting(let make) = files[index].contents { last.append((index, make)) } else { others.append(index) }
        }
        return (others, last)
    }

    /// Writes the record at the end of a build, in a later clock tick than every file written, so
    /// that it vouches for them all: the clock of files' times is coarse. Written after them, it is
    /// in their last tick or later; it is touched until its time has moved past that.
    private func writeRecord(_ record: WrittenFiles) throws {
        guard let path = recordPath else { return }
        try record.write(to: path)
        guard let written = FileStatus(path)?.changed else { return }
        for _ in 0..<100 {
            usleep(1000)
            // Touched: its time of change is now.
            utimensat(AT_FDCWD, path, nil, 0)
            guard let recorded = FileStatus(path)?.changed, recorded <= written else { return }
        }
    }

    /// Writes `files` with the bytes `bytes` gives for each (by its index); returns each file's
    /// record entry when `entries`, else nils. Files are made and written on every core at once, a
    /// run of one folder's files at a time: two threads creating files in one folder contend for
    /// its lock, in two folders they do not. Each file is written as soon as it is made, so only
    /// as many are held as there are cores. Should files fail, the first of them in order is the
    /// error thrown, and no run after it is begun.
    private func write(_ files: [SiteFile], entries: Bool = false, bytes: @escaping @Sendable (Int, SiteFile) throws -> Data) throws -> [WrittenFiles.Entry?] {
        // Parents sort before their folders.
        for folder in folders(of: files.map(\.path)).sorted() {
            let full = root + "/" + folder
            guard mkdir(full, 0o777) != 0 else { continue }
            let error = errno
            guard error != EEXIST || FileStatus(full)?.isDirectory != true else { continue }
            throw FileAccessError(path: folder, reason: "cannot make the folder `\(folder)` (\(String(cString: strerror(error))))")
        }
        let root = root
        let failed = FirstFailure()
        let written = Self.runs(of: files.map(\.path)).parallelMap { run -> [WrittenFiles.Entry?] in
            guard !failed.before(run.lowerBound) else { return [] }
            var made: [WrittenFiles.Entry?] = []
            let folder = OpenFolder(root + "/" + directory(of: files[run.lowerBound].path))
            for index in run {
                do {
                    let data = try bytes(index, files[index])
                    try writeWhole(data, to: root + "/" + files[index].path, in: folder)
                    made.append(entries ? WrittenFiles.Entry(of: data) : nil)
                } catch {
                    failed.report(error, at: index)
                    break
                }
            }
            return made
        }
        if let error = failed.first { throw error }
        return Array(written.joined())
    }

    /// `paths`' places as runs of one folder's files in order, at most `longest` long: a big
    /// folder's files are written from every core too.
    private static func runs(of paths: [String], longest: Int = 64) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var (start, folder) = (0, "")
        for (place, path) in paths.enumerated() {
            let next = directory(of: path)
            guard place > start, next != folder || place - start == longest else {
                folder = next
                continue
            }
            runs.append(start..<place)
            (start, folder) = (place, next)
        }
        if start < paths.count { runs.append(start..<paths.count) }
        return runs
    }

    /// The record vouches for a file it lists with the same size and hash that has not changed since
    /// the record was written; any other file of the right size is compared byte for byte.
    private static func isUpToDate(_ root: String, _ path: String, _ data: Data, _ entry: WrittenFiles.Entry, _ earlier: WrittenFiles) -> Bool {
        let full = root + "/" + path
        guard let status = FileStatus(full), !status.isDirectory, status.size == data.count else { return false }
        if earlier.entries[path] == entry && earlier.isIntact(path, status: status) { return true }
        return FileManager.default.contents(atPath: full) == data
    }

    /// Folio writes and removes only inside real folders of the output folder: a folder in it that
    /// is a symbolic link would lead elsewhere.
    private func ensureOwnFolders(_ paths: [String]) throws {
        for folder in folders(of: paths).sorted() where FileStatus(root + "/" + folder)?.isSymbolicLink == true {
            throw FileAccessError(path: folder, reason: "`\(folder)` in the output folder is a symbolic link; Folio writes only into folders of its own")
        }
    }

    /// Removes files of an earlier build, then the folders they leave empty, up to the root.
    private func remove(_ paths: [String]) throws {
        var removed: [String] = []
        for path in paths {
            let full = root + "/" + path
            // A folder where Folio wrote a file is someone else's now: it stays.
            if FileStatus(full)?.isDirectory == true { continue }
            if unlink(full) != 0 && errno != ENOENT {
                throw FileAccessError(path: path, reason: "cannot remove `\(path)` (\(String(cString: strerror(errno))))")
            }
            removed.append(path)
        }
        // Deepest first, so a folder's emptied subfolders are gone before it is tried.
        for folder in folders(of: removed).sorted(by: { $0.count > $1.count }) { rmdir(root + "/" + folder) }
    }

    /// The folders that hold `paths`, and the folders that hold those, but the root.
    private func folders(of paths: [String]) -> Set<String> {
        var folders: Set<String> = []
        for path in paths {
            var folder = directory(of: path)
            while !folder.isEmpty, folders.insert(folder).inserted { folder = directory(of: folder) }
        }
        return folders
    }
}

extension SiteFile {
    /// The file's bytes: as rendered, or read from the book.
    func bytes(from book: BookFiles) throws -> Data {
        switch contents {
        case .bytes(let data): data
        case .bookFile(let path): try book.read(path)
        case .rendered(let render): try render()
        case .kept: throw FileAccessError(path: path, reason: "`\(path)` is kept in the output folder, not made")
        case .fingerprinting: throw FileAccessError(path: path, reason: "`\(path)` is made from the other files, after them")
        }
    }
}

/// The fingerprint of a site's files, each by its path and its bytes' hash, in the site's order:
/// the same for two builds of the same book, whether a file was kept or made again.
func siteFingerprint(_ files: [(path: String, entry: WrittenFiles.Entry)]) -> UInt64 {
    var print = Fingerprint()
    for (path, entry) in files {
        print.add(path)
        print.add(Int(bitPattern: UInt(entry.hash ?? 0)))
    }
    return print.value
}

/// The first of the files that failed to be made or written, by their place in the site, from
/// every thread writing them.
private final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var place = Int.max
    private var error: Error?

    var first: Error? { lock.withLock { error } }

    func report(_ error: Error, at place: Int) {
        lock.withLock { if place < self.place { (self.place, self.error) = (place, error) } }
    }

    /// Whether a file before `place` failed: nothing after it need be begun.
    func before(_ place: Int) -> Bool { lock.withLock { self.place < place } }
}

/// Writes a file whole or not at all: into a temporary file beside it, then renamed over it. The
/// rename is what keeps an interrupted build's files whole; no `fsync` (which `Data.write` does
/// on Linux): syncing each of a book's thousands of pages costs more than the rest of its build.
/// In a `folder` held open (the file's own), the file is found by its name alone.
func writeWhole(_ data: Data, to path: String, in folder: OpenFolder? = nil) throws {
    try writeWhole(to: path, in: folder) { write in data.withUnsafeBytes(write) }
}

/// `writeWhole` of bytes made as they are written: `make` hands each part to `write`, which is
/// false, with `errno` set, when the part could not be written, and gives what `write` last gave.
func writeWhole(to path: String, in folder: OpenFolder? = nil, _ make: (_ write: (UnsafeRawBufferPointer) -> Bool) throws -> Bool) throws {
    let (base, name) = folder.map { ($0.descriptor, fileName(path)) } ?? (AT_FDCWD, path)
    let temporary = temporaryPath(for: name)
    func failure() -> FileAccessError {
        let reason = String(cString: strerror(errno))
        unlinkat(base, temporary, 0)
        return FileAccessError(path: path, reason: "cannot write `\(path)` (\(reason))")
    }
    let descriptor = openat(base, temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure() }
    let written: Bool
    do {
        written = try make { writeAll($0, to: descriptor) }
    } catch {
        close(descriptor)
        unlinkat(base, temporary, 0)
        throw error
    }
    let savedErrno = errno
    guard close(descriptor) == 0, written else {
        if !written { errno = savedErrno }
        throw failure()
    }
    guard renameat(base, temporary, base, name) == 0 else { throw failure() }
}

/// A folder held open while its files are written: each file is then found by its name, not by a
/// walk of its whole path, twice (to make it and to rename it).
final class OpenFolder {
    let descriptor: Int32

    /// Nil when the folder cannot be opened; its files are then written by their paths.
    init?(_ path: String) {
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }
}

/// Writes all of `buffer` to the open file; false with `errno` set if not.
private func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < buffer.count {
        let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
    }
    return true
}

/// `.<name>.folio-tmp` beside the file: one name per file, so a later build can clear it away.
func temporaryPath(for path: String) -> String {
    let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) } ?? path.startIndex
    return path[..<slash] + "." + path[slash...] + ".folio-tmp"
}
