import FolioBase
import FolioBook
import FolioCheck
import FolioCore
import FolioServe
import Foundation

/// `folio init [DIR] [--title T]`: a starter book that builds, never written over an existing one.
struct InitCommand {
    var folder = "."
    var title: String?

    init(parsing arguments: [String]) throws {
        let parsed = try Arguments(arguments, command: "init", options: ["-t": "--title", "--title": "--title"])
        folder = parsed.folder ?? "."
        title = parsed.values["--title"]
    }

    func run(console: Console) -> ExitStatus {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        let title = title ?? titleFromFileName(root.lastPathComponent)
        let files = bookScaffold(title: title)
        if let existing = existingBook(at: root) {
            console.report(.error("there is a book here already (\(existing)); folio init writes only into a new or empty book folder",
                                  hint: "choose another folder: folio init NEW-FOLDER"), bookFolder: folder)
            return .bookErrors
        }
        do {
            for (path, text) in files.sorted(by: { $0.key < $1.key }) {
                let file = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file, options: .withoutOverwriting)
            }
        } catch {
            console.report(.error("could not write the book: \(error.localizedDescription)"), bookFolder: folder)
            return .bookErrors
        }
        console.err("Created “\(title)” in \(folder): \(counted(files.count, "file")). Build it with: folio build \(folder)")
        return .success
    }

    /// What marks a folder as a book already: its settings, its summary or any chapter.
    private func existingBook(at root: URL) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().first { ["book.yml", "SUMMARY.md"].contains($0) || $0.lowercased().hasSuffix(".md") }
    }
}
