import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches a book folder, all the way down, and calls `changed` with the book-relative paths
/// that changed once a burst of changes has been quiet for `quiet` seconds (an editor's save is
/// a burst of a few events well within it); "" stands for the whole folder, when the system lost
/// track of the changes. inotify on Linux (a
/// watch per folder, new folders watched as they appear), polling elsewhere. Names the loader
/// never reads are ignored, so an editor's swap and backup files cause no rebuild.
final class FolderWatcher: @unchecked Sendable {
    let root: String
    let quiet: TimeInterval
    private let changed: @Sendable ([String]) -> Void
    private let stopping = NSLock()
    private var stopped = false
    private var thread: Thread?

    /// Whether this system has no inotify, so the folder is polled.
    #if os(Linux)
    static let polls = false
    #else
    static let polls = true
    #endif
    let polling: Bool

    init(root: String, quiet: TimeInterval = 0.015, polling: Bool = FolderWatcher.polls, changed: @escaping @Sendable ([String]) -> Void) {
        self.root = absolutePath(root)
        self.quiet = quiet
        self.polling = polling
        self.changed = changed
    }

    func start() throws {
        #if os(Linux)
        let source: any ChangeSource = polling ? PollingSource(root: root) : try InotifySource(root: root)
        #else
        let source: any ChangeSource = PollingSource(root: root)
        #endif
        let thread = Thread { [self] in
            var pending = Set<String>()
            var lastEvent = Date.distantPast
            while !isStopped {
                let paths = source.wait(seconds: pending.isEmpty ? 0.25 : quiet)
                let wanted = paths.filter { $0.isEmpty || isWatched($0) }
                if !wanted.isEmpty {
                    pending.formUnion(wanted)
                    lastEvent = Date()
                } else if !pending.isEmpty && Date().timeIntervalSince(lastEvent) >= quiet {
                    changed(pending.sorted())
                    pending = []
                }
            }
            source.close()
        }
        self.thread = thread
        thread.start()
    }

    func stop() {
        stopping.withLock { stopped = true }
    }

    private var isStopped: Bool { stopping.withLock { stopped } }
}

/// Whether a change to this book-relative path can change the site: not the default output folder,
/// not hidden files (swap files `.x.swp`, Emacs's `.#x`, `.DS_Store`, `.git`), not backups (`x~`),
/// temporary files (`x.tmp`, `x.swp`) or Vim's probe `4913`.
func isWatched(_ path: String) -> Bool {
    let parts = path.split(separator: "/")
    guard let name = parts.last, parts.first != "_site" else { return false }
    if parts.contains(where: { $0.hasPrefix(".") }) { return false }
    let ext = fileExtension(String(name))
    return !name.hasSuffix("~") && name != "4913" && !["swp", "swx", "swo", "tmp"].contains(ext)
}

/// Where changes come from: each call waits up to `seconds` and returns the paths changed meanwhile.
private protocol ChangeSource: Sendable {
    func wait(seconds: TimeInterval) -> [String]
    func close()
}

#if os(Linux)
/// inotify: one watch per folder of the book, each mapped back to its path.
private final class InotifySource: ChangeSource, @unchecked Sendable {
    let descriptor: Int32
    let root: String
    var folders: [Int32: String] = [:]

    init(root: String) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw ServeError(message: "cannot watch \(root): \(String(cString: strerror(errno)))") }
        self.root = root
        watchAll("")
    }

    /// Watches `folder` and every folder under it; returns the files found in the new folders.
    @discardableResult
    func watchAll(_ folder: String) -> [String] {
        let full = folder.isEmpty ? root : root + "/" + folder
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_ATTRIB)
        let watch = inotify_add_watch(descriptor, full, mask | UInt32(IN_ONLYDIR))
        guard watch >= 0 else { return [] }
        folders[watch] = folder
        var found: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? [] where !name.hasPrefix(".") && !(folder.isEmpty && name == "_site") {
            let path = folder.isEmpty ? name : folder + "/" + name
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) else { continue }
            found += isFolder.boolValue ? watchAll(path) : [path]
        }
        return found
    }

    /// The paths changed within `seconds` (none when nothing happened).
    func wait(seconds: TimeInterval) -> [String] {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        var paths: [String] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
            let nameBytes = buffer[(offset + header)..<(offset + header + Int(event.len))].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += header + Int(event.len)
            // The kernel's queue overflowed: some changes are lost.
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { paths.append(""); continue }
            guard let folder = folders[event.wd] else { continue }
            if event.mask & UInt32(IN_IGNORED) != 0 { folders[event.wd] = nil; continue }
            let path = name.isEmpty ? folder : (folder.isEmpty ? name : folder + "/" + name)
            paths.append(path)
            if event.mask & UInt32(IN_ISDIR) != 0 && event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 && isWatched(path) {
                paths += watchAll(path)
            }
        }
        return paths
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
#endif

/// Every watched file under a folder with its size and modification time, to tell which changed
/// between two looks.
struct FolderLook: Sendable {
    private var files: [String: Stamp] = [:]

    private struct Stamp: Equatable, Sendable {
        var size: Int?
        var modified: Date?
    }

    init(root: String) {
        let walker = FileManager.default.enumerator(atPath: root)
        while let path = walker?.nextObject() as? String {
            guard isWatched(path), let attributes = walker?.fileAttributes else {
                walker?.skipDescendants()
                continue
            }
            files[path] = Stamp(size: attributes[.size] as? Int, modified: attributes[.modificationDate] as? Date)
        }
    }

    /// The paths added, removed or changed since `earlier`, sorted.
    func changed(since earlier: FolderLook) -> [String] {
        Set(files.keys).union(earlier.files.keys).filter { files[$0] != earlier.files[$0] }.sorted()
    }
}

/// Polling, where inotify is missing: each look compared with the last.
private final class PollingSource: ChangeSource, @unchecked Sendable {
    let root: String
    var known: FolderLook

    init(root: String) {
        self.root = root
        known = FolderLook(root: root)
    }

    func wait(seconds: TimeInterval) -> [String] {
        Thread.sleep(forTimeInterval: max(seconds, 0.25))
        let now = FolderLook(root: root)
        defer { known = now }
        return now.changed(since: known)
    }

    func close() {}
}
