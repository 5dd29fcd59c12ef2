import FolioBase
import FolioOptions

/// The files of a book folder, relative to it, in natural order, and the symbolic links among
/// them that lead out of it.
struct BookListing: Sendable {
    /// Every file the walk met, those that lead out of the book included.
    var paths: [String]
    /// The files that are symbolic links out of the book, and where each points: never read.
    var outside: [String: String]

    /// The files that may be read.
    var inside: Set<String> { Set(paths).subtracting(outside.keys) }

    /// Why `path`, or a folder on its way, may not be read; nil when nothing refuses it.
    func refusal(_ path: String) -> String? {
        outside[path].map { "`\(path)` is a symbolic link to `\($0)`, outside the book's folder" }
    }
}

/// Every file in the book folder, relative to it, in natural order.
/// Hidden files, the default output folder `_site` and any folder in `ignoring` are left out.
/// A symbolic link to a folder inside the book is walked as a folder of its own; one that leads
/// back into a folder it is in is an error, not an endless walk, and so is a symbolic link to a
/// folder outside the book, which is not walked. More than `folderLimit` folders is an error too,
/// so links between folders cannot multiply the walk without end.
func listBookFolder(_ files: BookFiles, ignoring: Set<String> = []) throws -> BookListing {
    var listing = BookListing(paths: [], outside: [:])
    // The folders being walked, from the book's own down to the current one.
    var ancestors: Set<String> = []
    var folders = 0
    var problems: [Diagnostic] = []

    func walk(_ folder: String) {
        let identity = files.identity(folder)
        guard ancestors.insert(identity).inserted else {
            problems.append(.error("symbolic link loop: this folder is already part of the book", at: SourceLocation(file: folder)))
            return
        }
        defer { ancestors.remove(identity) }
        folders += 1
        guard folders <= folderLimit else {
            if folders == folderLimit + 1 {
                problems.append(.error("the book folder holds more than \(folderLimit) folders; the rest are not read", at: SourceLocation(file: folder),
                                       hint: "look for symbolic links between folders that multiply them"))
            }
            return
        }
        let entries: [BookFiles.Entry]
        do {
            entries = try files.list(folder)
        } catch {
            problems.append(.error("\(error)", at: SourceLocation(file: folder.isEmpty ? "." : folder)))
            return
        }
        for entry in entries.sortedNaturally(by: \.name) {
            let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
            if entry.name.hasPrefix(".") || ignoring.contains(path) || (folder.isEmpty && entry.name == "_site") {
                continue
            }
            switch (entry.kind, entry.outside) {
            case (.directory, let destination?):
                problems.append(.error("this is a symbolic link to `\(destination)`, outside the book's folder; it is not read",
                                       at: SourceLocation(file: path),
                                       hint: "a book reads only files inside its folder: copy what it needs into it, or remove the link"))
            case (.directory, nil): walk(path)
            case (.file, let destination):
                listing.paths.append(path)
                listing.outside[path] = destination
            }
        }
    }

    walk("")
    if !problems.isEmpty { throw DiagnosticsError(problems) }
    return listing
}

/// The most folders a book's walk goes through.
let folderLimit = 10_000

/// The paths of every file in the book folder, as `listBookFolder` finds them.
package func listBookFiles(_ files: BookFiles, ignoring: Set<String> = []) throws -> [String] {
    try listBookFolder(files, ignoring: ignoring).paths
}
