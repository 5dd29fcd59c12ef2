import FolioBase
import FolioBook
import FolioCheck
import FolioCore
import FolioServe
import Foundation

/// `folio check [PATH] [--format text|json|github] [--strict]`: PATH is a built site, a book
/// folder, which is built to a temporary folder first, or an EPUB.
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
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue, fileExtension(path) == "epub" { return checkEPUBFile(console: console) }
        guard exists, isDirectory.boolValue else {
            throw UsageError(message: "no site, book folder or EPUB at `\(path)`", command: "check")
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

    /// An EPUB: against the pages of the site it is in, if it is in one; with epubcheck when installed.
    private func checkEPUBFile(console: Console) -> ExitStatus {
        guard let data = FileManager.default.contents(atPath: path) else {
            console.err("folio: error: `\(path)` cannot be read")
            return .bookErrors
        }
        let manifest = FileManager.default.contents(atPath: (directory(of: absolutePath(path)) as NSString).appendingPathComponent(SiteLayout.manifest))
        let epubcheck = epubcheckCommand()
        if epubcheck == nil { console.err("epubcheck is not installed: the EPUB is checked without it") }
        return report(checkEPUB(data, file: fileName(path), pages: manifest.flatMap { sitePages(manifest: $0) }, epubcheck: epubcheck),
                      shownAs: directory(of: path), named: path, console: console)
    }

    /// A book folder has its settings, its summary or chapters; a built site has none of them.
    private var isBook: Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return !names.contains(SiteLayout.manifest) && !names.contains(SiteLayout.index)
            && names.contains { $0 == "book.yml" || $0 == "book.toml" || $0 == "SUMMARY.md" || $0.lowercased().hasSuffix(".md") }
    }

    /// `result`'s findings, their files shown from `root`; the summary names `root`, or `named`.
    private func report(_ result: CheckResult, shownAs root: String, named: String? = nil, console: Console) -> ExitStatus {
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
        console.err("Checked \(counted(result.pages, "page")) and \(counted(result.links, "link")) in \(named ?? root): "
                    + "\(counted(errors, "error")), \(counted(diagnostics.count - errors, "warning"))")
        return errors > 0 ? .bookErrors : .success
    }
}
