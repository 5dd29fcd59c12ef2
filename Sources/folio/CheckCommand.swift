import FolioBase
import FolioBook
import FolioCheck
import FolioCore
import FolioServe
import Foundation

/// `folio check [PATH] [--format text|json|github] [--strict]`: PATH is a built site, or a book
/// folder, which is built to a temporary folder first.
struct CheckCommand {
    enum Format: String, CaseIterable { case text, json, github }

    var path = "."
    var format = Format.text
    var strict = false

    init(parsing arguments: [String]) throws {
        let parsed = try Arguments(arguments, command: "check", options: ["--format": "--format"], flags: ["--strict"])
        path = parsed.folder ?? "."
        strict = parsed.flags.contains("--strict")
        if let name = parsed.values["--format"] {
            guard let format = Format(rawValue: name) else {
                throw UsageError(message: "`--format` must be one of \(Format.allCases.map(\.rawValue).joined(separator: ", ")), not `\(name)`",
                                 command: "check")
            }
            self.format = format
        }
    }

    func run(console: Console) throws -> ExitStatus {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError(message: "no site or book folder at `\(path)`", command: "check")
        }
        guard isBook else { return report(checkSite(.disk(path)), shownAs: path, console: console) }

        let built = FileManager.default.temporaryDirectory.appendingPathComponent("folio-check-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: built) }
        do {
            _ = try buildBook(at: path, output: built.path)
        } catch let error as DiagnosticsError {
            for diagnostic in error.diagnostics.sorted(by: reportingOrder) { console.report(diagnostic, bookFolder: path) }
            console.err("The book does not build: \(counted(error.diagnostics.filter { $0.severity == .error }.count, "error"))")
            return .bookErrors
        } catch let diagnostic as Diagnostic {
            console.report(diagnostic, bookFolder: path)
            return .bookErrors
        }
        return report(checkSite(.disk(built.path)), shownAs: (path as NSString).appendingPathComponent("_site"), console: console)
    }

    /// A book folder has its settings, its summary or chapters; a built site has none of them.
    private var isBook: Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return !names.contains(SiteLayout.manifest) && !names.contains(SiteLayout.index)
            && names.contains { $0 == "book.yml" || $0 == "book.toml" || $0 == "SUMMARY.md" || $0.lowercased().hasSuffix(".md") }
    }

    private func report(_ result: CheckResult, shownAs root: String, console: Console) -> ExitStatus {
        let diagnostics = result.diagnostics.map { diagnostic -> Diagnostic in
            var shown = diagnostic
            if strict { shown.severity = .error }
            shown.location?.file = displayPath(diagnostic.location?.file ?? ".", in: root)
            return shown
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        switch format {
        case .text: diagnostics.forEach { console.report($0, bookFolder: "") }
        case .json: console.out(CheckOutput.json(diagnostics))
        case .github: diagnostics.forEach { console.out(CheckOutput.github($0)) }
        }
        console.err("Checked \(counted(result.pages, "page")) and \(counted(result.links, "link")) in \(root): "
                    + "\(counted(errors, "error")), \(counted(diagnostics.count - errors, "warning"))")
        return errors > 0 ? .bookErrors : .success
    }
}
