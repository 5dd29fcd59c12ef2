import Foundation

/// The write stage: the whole site goes into a sibling temporary folder, which then takes the
/// output folder's place. A build that fails at any point leaves the previous site as it was.
func writeSite(_ files: [SiteFile], to output: String, from book: BookFiles) throws {
    let fileManager = FileManager.default
    let target = URL(fileURLWithPath: output).standardizedFileURL
    try ensureReplaceable(target)
    let parent = target.deletingLastPathComponent()
    let suffix = "\(ProcessInfo.processInfo.processIdentifier)"
    let staging = parent.appendingPathComponent(".\(target.lastPathComponent).folio-tmp-\(suffix)")
    let retired = parent.appendingPathComponent(".\(target.lastPathComponent).folio-old-\(suffix)")

    do {
        try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        try? fileManager.removeItem(at: staging)
        for folder in Set(files.map { directory(of: $0.path) }).sorted() {
            try fileManager.createDirectory(at: staging.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        // Files are independent: writing them side by side keeps the disk busy.
        let writes = files.mapSideBySide { file in
            Result<Void, Error> {
                let destination = staging.appendingPathComponent(file.path)
                switch file.contents {
                case .bytes(let data): try data.write(to: destination)
                case .bookFile(let path): try book.read(path).write(to: destination)
                }
            }
        }
        for write in writes { try write.get() }
        if fileManager.fileExists(atPath: target.path) {
            try fileManager.moveItem(at: target, to: retired)
            do {
                try fileManager.moveItem(at: staging, to: target)
            } catch {
                try? fileManager.moveItem(at: retired, to: target)
                throw error
            }
            try? fileManager.removeItem(at: retired)
        } else {
            try fileManager.moveItem(at: staging, to: target)
        }
    } catch {
        try? fileManager.removeItem(at: staging)
        throw Diagnostic.error("could not write the site: \(error.localizedDescription)", at: SourceLocation(file: output))
    }
}

/// Only an earlier Folio site (or an empty folder) is ever replaced, so `-o ~/Documents` loses nothing.
/// Every Folio site has these documents, whatever its theme.
private func ensureReplaceable(_ target: URL) throws {
    let fileManager = FileManager.default
    var isDirectory: ObjCBool = false
    guard fileManager.fileExists(atPath: target.path, isDirectory: &isDirectory) else { return }
    guard isDirectory.boolValue else {
        throw Diagnostic.error("the output path exists and is not a folder", at: SourceLocation(file: target.path),
                               hint: "choose another folder with -o")
    }
    let contents = Set((try? fileManager.contentsOfDirectory(atPath: target.path)) ?? [])
    guard contents.isEmpty || SiteLayout.signature.isSubset(of: contents) else {
        throw Diagnostic.error("the output folder holds files that Folio did not write; refusing to replace it",
                               at: SourceLocation(file: target.path), hint: "choose an empty or new folder with -o")
    }
}
