import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// Where `folio build` keeps what it remembers of an output folder, outside the site, so that the
/// site holds only what readers need: `.folio-cache/` in the book's folder, one folder in it per
/// output folder (named by a fingerprint of the output's path, so the cache holds no path), or the
/// user's cache folder when the book's folder cannot be written. The cache ignores itself in git.
struct CacheFolder: Sendable {
    static let name = ".folio-cache"
    /// What the cache folder holds besides the outputs' folders: a `.gitignore` of everything, and
    /// the tag backup tools know a cache folder by (bford.info/cachedir).
    private static let marks = [
        ".gitignore": "# Folio's build cache: safe to delete, never to publish.\n*\n",
        "CACHEDIR.TAG": "Signature: 8a477f597d28d172789f06886806bc55\n# Folio's build cache (.folio-cache): safe to delete.\n",
    ]

    /// The folder of one output's records.
    let path: String
    /// The folder as messages name it: from the book's folder, when it is there.
    let shown: String

    /// Where the user's cache folder would hold it, should the book's folder not.
    private let fallback: String?

    init(path: String, shown: String? = nil, fallback: String? = nil) {
        self.path = path
        self.shown = shown ?? path
        self.fallback = fallback
    }

    /// The cache of a build of the book in `book` into `output`: the one there is, or where one
    /// is to be made (`made`), so that a build that fails leaves no cache behind.
    static func of(book: String, output: String) -> CacheFolder {
        let (book, output) = (absolutePath(book), absolutePath(output))
        let key = String(Fingerprint(of: output).value, radix: 16)
        let user = (ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { $0 + "/folio" } ?? NSHomeDirectory() + "/.cache/folio")
            + "/" + String(Fingerprint(of: book).value, radix: 16) + "-" + key
        let own = CacheFolder(path: book + "/" + name + "/" + key, shown: name + "/" + key, fallback: user)
        return FileManager.default.fileExists(atPath: own.path) || !FileManager.default.fileExists(atPath: user) ? own : CacheFolder(path: user)
    }

    /// The cache, made when missing, in the user's cache folder when the book's cannot hold it;
    /// nil when neither can.
    func made() -> CacheFolder? {
        for folder in [self] + (fallback.map { [CacheFolder(path: $0)] } ?? []) {
            let root = directory(of: folder.path)
            guard (try? FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)) != nil else { continue }
            for (mark, text) in Self.marks where !FileManager.default.fileExists(atPath: root + "/" + mark) {
                try? writeWhole(Data(text.utf8), to: root + "/" + mark)
            }
            Self.prune(root, keeping: folder.path)
            return folder
        }
        return nil
    }

    /// How many output folders a cache remembers: those last built into. An output folder that is
    /// gone never says so, and each one a test or a trial builds into would otherwise stay.
    static let outputsKept = 8

    /// Removes the records of all but the `outputsKept` output folders of the book last built into
    /// (`keeping`'s among them). In the user's cache folder, whose folders are named by their
    /// book and output, each book keeps its own.
    private static func prune(_ root: String, keeping: String) {
        let fileManager = FileManager.default
        let book = { (name: String) in name.firstIndex(of: "-").map { name[..<$0] } ?? "" }
        let own = book(fileName(keeping))
        let outputs = ((try? fileManager.contentsOfDirectory(atPath: root)) ?? [])
            .filter { !$0.hasPrefix(".") && !marks.keys.contains($0) && book($0) == own }
        guard outputs.count > outputsKept else { return }
        // When each was last built into: when its record of files was written, or, for a folder
        // whose build is under way and has written nothing yet, when the folder was made.
        let never = FileStatus.Time(seconds: 0, nanoseconds: 0)
        let used = outputs.filter { root + "/" + $0 != keeping }.map { name in
            let folder = root + "/" + name
            return (name, max(FileStatus(folder + "/" + WrittenFiles.fileName)?.changed ?? never, FileStatus(folder)?.changed ?? never))
        }
        for (name, _) in used.sorted(by: { $0.1 < $1.1 }).prefix(outputs.count - outputsKept) { try? fileManager.removeItem(atPath: root + "/" + name) }
    }

    /// The file `name` of this output's records.
    func file(_ name: String) -> String {
        path + "/" + name
    }
}
