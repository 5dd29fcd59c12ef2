/// Every file in the book folder, relative to it, in natural order.
/// Hidden files, the default output folder `_site` and any folder in `ignoring` are left out,
/// and a folder reached twice through symbolic links is an error, not an endless walk.
func listBookFiles(_ files: BookFiles, ignoring: Set<String> = []) throws -> [String] {
    var found: [String] = []
    var visited: Set<String> = []
    var problems: [Diagnostic] = []

    func walk(_ folder: String) {
        let identity = files.identity(folder)
        guard visited.insert(identity).inserted else {
            problems.append(.error("symbolic link loop: this folder is already part of the book", at: SourceLocation(file: folder)))
            return
        }
        let entries: [BookFiles.Entry]
        do {
            entries = try files.list(folder)
        } catch {
            problems.append(.error("\(error)", at: SourceLocation(file: folder.isEmpty ? "." : folder)))
            return
        }
        for entry in entries.sorted(by: { naturallyPrecedes($0.name, $1.name) }) {
            let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
            if entry.name.hasPrefix(".") || ignoring.contains(path) || (folder.isEmpty && entry.name == "_site") {
                continue
            }
            switch entry.kind {
            case .directory: walk(path)
            case .file: found.append(path)
            }
        }
    }

    walk("")
    if !problems.isEmpty { throw DiagnosticsError(problems) }
    return found
}
