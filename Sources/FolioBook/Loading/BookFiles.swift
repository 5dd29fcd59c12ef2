import FolioBase
import FolioOptions
import Foundation

/// Read access to a book folder. Paths are relative to the book's root and use `/`.
/// Stages get this value instead of touching the disk, so tests can hand them a folder in memory.
public struct BookFiles: Sendable {
    package enum Kind: Sendable, Equatable {
        case file, directory
    }

    package struct Entry: Sendable, Equatable {
        var name: String
        var kind: Kind
        /// Where a symbolic link that leads out of the book points, as it is written; such an
        /// entry is never read or walked.
        var outside: String?
        init(name: String, kind: Kind, outside: String? = nil) {
            self.name = name
            self.kind = kind
            self.outside = outside
        }
    }

    /// Where the files are, for messages and for copying assets.
    package var root: String
    package var kind: @Sendable (String) -> Kind?
    package var list: @Sendable (String) throws -> [Entry]
    package var read: @Sendable (String) throws -> Data
    /// A canonical identity for a folder, so a symbolic link that loops back is noticed.
    package var identity: @Sendable (String) -> String
    /// How far above the root includes may read, as `..` steps: to the top of the repository that
    /// holds the book (`project`), or nowhere ("").
    package var reach: String

    package init(
        root: String,
        kind: @escaping @Sendable (String) -> Kind?,
        list: @escaping @Sendable (String) throws -> [Entry],
        read: @escaping @Sendable (String) throws -> Data,
        identity: @escaping @Sendable (String) -> String,
        reach: String = ""
    ) {
        self.root = root
        self.kind = kind
        self.list = list
        self.read = read
        self.identity = identity
        self.reach = reach
    }
}

package struct FileAccessError: Error, Sendable, CustomStringConvertible {
    var path: String
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    package var description: String { reason }
}

extension BookFiles {
    /// The book folder on disk. Only what lies inside it is read or listed: a path whose real
    /// location (symbolic links resolved) is outside the folder's is refused with the reason.
    public static func disk(_ root: String) -> BookFiles {
        let base = URL(fileURLWithPath: root)
        let folder = Containment(root: base.path)
        @Sendable func url(_ path: String) -> URL {
            path.isEmpty ? base : base.appendingPathComponent(path)
        }
        return BookFiles(
            root: root,
            kind: { path in
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url(path).path, isDirectory: &isDirectory) else { return nil }
                return isDirectory.boolValue ? .directory : .file
            },
            list: { path in
                if let reason = folder.escape(path) { throw FileAccessError(path: path, reason: reason) }
                let dir = url(path)
                let names: [String]
                do {
                    names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
                } catch {
                    throw FileAccessError(path: path, reason: "cannot read the folder (\(describe(error)))")
                }
                return names.sorted().compactMap { name in
                    // The folder is in the book (`escape` said so): a file or folder in it that is
                    // not a symbolic link is too, without resolving its path.
                    if let status = FileStatus(dir.path + "/" + name), !status.isSymbolicLink {
                        return Entry(name: name, kind: status.isDirectory ? .directory : .file)
                    }
                    var isDirectory: ObjCBool = false
                    let child = dir.appendingPathComponent(name).path
                    guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory) else {
                        // A dangling or looping symbolic link: list it as a file so reading it reports why.
                        return Entry(name: name, kind: .file)
                    }
                    let outside = folder.contains(realPath(child) ?? child) ? nil : symbolicLinkDestination(child) ?? child
                    return Entry(name: name, kind: isDirectory.boolValue ? .directory : .file, outside: outside)
                }
            },
            read: { path in
                if let reason = folder.escape(path) { throw FileAccessError(path: path, reason: reason) }
                let file = url(path)
                do {
                    return try Data(contentsOf: file)
                } catch {
                    if (try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) != nil,
                       !FileManager.default.fileExists(atPath: file.path) {
                        throw FileAccessError(path: path, reason: "this is a symbolic link that loops or points nowhere")
                    }
                    throw FileAccessError(path: path, reason: "the file cannot be read (\(describe(error)))")
                }
            },
            identity: { path in realPath(url(path).path) ?? url(path).standardizedFileURL.path }
        )
    }

    /// A book's folder on disk, read up to the top of the git repository that holds it (the nearest
    /// folder, itself or above, with a `.git`), so that its includes reach the examples kept beside
    /// the book; nothing above that top, or through a symbolic link out of it, is read. With no
    /// repository, the folder alone (`disk`).
    public static func project(_ folder: String) -> BookFiles {
        let real = realPath(folder) ?? absolutePath(folder)
        var top = URL(fileURLWithPath: real)
        var inside: [String] = []
        while FileStatus(top.appendingPathComponent(".git").path) == nil {
            guard top.path != "/" else { return .disk(folder) }
            inside.insert(top.lastPathComponent, at: 0)
            top.deleteLastPathComponent()
        }
        guard !inside.isEmpty else { return .disk(folder) }
        var files = BookFiles.disk(top.path).subfolder(inside.joined(separator: "/"))
        files.root = folder
        return files
    }

    /// A book held in memory: `files` maps relative paths to contents; folders are implied.
    static func memory(_ files: [String: String]) -> BookFiles {
        memory(files.mapValues { Data($0.utf8) })
    }

    /// A book held in memory as bytes, which need not be UTF-8.
    static func memory(_ data: [String: Data]) -> BookFiles {
        @Sendable func children(_ dir: String) -> [Entry] {
            let prefix = dir.isEmpty ? "" : dir + "/"
            var seen: [String: Kind] = [:]
            for path in data.keys where path.hasPrefix(prefix) {
                let rest = path.dropFirst(prefix.count)
                if let slash = rest.firstIndex(of: "/") {
                    seen[String(rest[..<slash])] = .directory
                } else {
                    seen[String(rest)] = .file
                }
            }
            return seen.keys.sorted().map { Entry(name: $0, kind: seen[$0]!) }
        }
        return BookFiles(
            root: "book",
            kind: { path in
                if path.isEmpty { return .directory }
                if data[path] != nil { return .file }
                return data.keys.contains { $0.hasPrefix(path + "/") } ? .directory : nil
            },
            list: { children($0) },
            read: { path in
                guard let contents = data[path] else { throw FileAccessError(path: path, reason: "the file does not exist") }
                return contents
            },
            identity: { $0 }
        )
    }
}

/// The real location of a book's folder, and the test that keeps reading inside it.
struct Containment: Sendable {
    /// The folder as given, and its real path (symbolic links resolved).
    var root: String
    var realRoot: String

    init(root: String) {
        self.root = root
        realRoot = realPath(root) ?? absolutePath(root)
    }

    /// Whether a real path is the folder or inside it.
    func contains(_ real: String) -> Bool {
        real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }

    /// Why `path` (relative to the folder) may not be read: the symbolic link on its way that
    /// leads outside, or the `..` that does; nil when it stays inside or does not exist (reading
    /// it then says why).
    func escape(_ path: String) -> String? {
        let full = path.isEmpty ? root : root + "/" + path
        guard let real = realPath(full), !contains(real) else { return nil }
        // The first step of the path that leads out: a symbolic link, or a `..`.
        let steps = path.split(separator: "/")
        for count in steps.indices.map({ $0 + 1 }) {
            let prefix = steps[..<count].joined(separator: "/")
            let step = root + "/" + prefix
            guard let stepReal = realPath(step), !contains(stepReal) else { continue }
            let name = count == steps.count ? "this" : "`\(prefix)`"
            if let destination = symbolicLinkDestination(step) {
                return "\(name) is a symbolic link to `\(destination)`, outside the book's folder"
            }
            return "`\(path)` is outside the book's folder (it is `\(real)`)"
        }
        return "`\(path)` is outside the book's folder (it is `\(real)`)"
    }
}

/// A path with every symbolic link, `.` and `..` resolved; nil when it does not exist.
func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// What a symbolic link holds, as written; nil when `path` is not one.
func symbolicLinkDestination(_ path: String) -> String? {
    try? FileManager.default.destinationOfSymbolicLink(atPath: path)
}

private func describe(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
        return String(cString: strerror(Int32(underlying.code)))
    }
    return nsError.localizedDescription
}

/// What `lstat` says of a path.
package struct FileStatus {
    package struct Time: Comparable, Equatable, Sendable {
        package var seconds: Int
        package var nanoseconds: Int

        package init(seconds: Int, nanoseconds: Int) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }
        package static func < (a: Time, b: Time) -> Bool { (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds) }
    }

    package var isDirectory: Bool
    package var isSymbolicLink: Bool
    package var size: Int
    /// The last change to the file's bytes or its entry (ctime), which no tool can set back.
    package var changed: Time

    package init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        isSymbolicLink = (info.st_mode & S_IFMT) == S_IFLNK
        size = Int(info.st_size)
        #if canImport(Darwin)
        changed = Time(seconds: Int(info.st_ctimespec.tv_sec), nanoseconds: Int(info.st_ctimespec.tv_nsec))
        #else
        changed = Time(seconds: Int(info.st_ctim.tv_sec), nanoseconds: Int(info.st_ctim.tv_nsec))
        #endif
    }
}
