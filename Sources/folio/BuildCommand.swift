import FolioBase
import FolioBook
import FolioCheck
import FolioCore
import FolioServe
import Foundation

/// `folio build [DIR] [-o OUT] [--strict] [--no-preprocessors] [--epub] [--print] [--pdf [--chromium PATH]]`.
struct BuildCommand {
    var folder = "."
    var output: String?
    var timings = false
    var verbose = false
    var flags = BuildFlags()
    /// Print the book to a PDF (`--pdf`), with this Chromium (`--chromium`) or one on the PATH.
    var pdf = false
    var chromium: String?

    init(parsing arguments: [String]) throws {
        let parsed = try Arguments(arguments, command: "build", options: ["-o": "--output", "--output": "--output", "--chromium": "--chromium"],
                                   flags: ["--timings", "--verbose", "-v", "--strict", "--no-preprocessors", "--epub", "--print", "--pdf"])
        folder = parsed.folder ?? "."
        output = parsed.values["--output"]
        timings = parsed.flags.contains("--timings")
        verbose = !parsed.flags.isDisjoint(with: ["--verbose", "-v"])
        pdf = parsed.flags.contains("--pdf")
        chromium = parsed.values["--chromium"]
        if chromium != nil && !pdf { throw UsageError(message: "`--chromium` is for `--pdf`", command: "build") }
        flags = BuildFlags(strict: parsed.flags.contains("--strict"), preprocessors: !parsed.flags.contains("--no-preprocessors"),
                           epub: parsed.flags.contains("--epub"), print: pdf || parsed.flags.contains("--print"))
    }

    func run(console: Console) throws -> ExitStatus {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError(message: "no book folder at `\(folder)`", command: "build")
        }
        let output = output ?? (folder as NSString).appendingPathComponent("_site")
        let started = Date()
        let diagnostics: [Diagnostic]
        let summary: String
        let status: ExitStatus
        var built: BuildReport?
        do {
            let report = try buildBook(at: folder, output: output, flags: flags)
            diagnostics = report.warnings
            if verbose {
                for line in report.unused { console.err(displayPath(line, in: folder)) }
            }
            summary = "Built \(counted(report.chapters, "chapter")) (\(counted(report.pages, "page"))) into \(output) in \(seconds(since: started)), "
                + counted(report.warnings.count, "warning") + "; \(counted(report.written, "file")) written, \(report.removed) removed"
                + (report.kept > 0 ? "; \(counted(report.kept, "page")) kept from the build before" : "") + (timings ? "\n" + report.times.summary : "")
            status = .success
            built = report
        } catch let error as DiagnosticsError {
            diagnostics = error.diagnostics
            summary = failure(diagnostics, output: output)
            status = .bookErrors
        } catch let error as Diagnostic {
            diagnostics = [error]
            summary = failure(diagnostics, output: output)
            status = .bookErrors
        }
        for diagnostic in diagnostics.sorted(by: reportingOrder) {
            console.report(diagnostic, bookFolder: folder)
        }
        console.err(summary)
        guard let built, pdf else { return status }
        return printPDF(built, site: output, console: console)
    }

    /// `--pdf`: the site's print.html printed into the book's PDF beside the site.
    private func printPDF(_ built: BuildReport, site: String, console: Console) -> ExitStatus {
        let started = Date(), path = PrintedPDF.path(site: site, title: built.title)
        do {
            try PrintedPDF.print(site: site, to: path, chromium: try PrintedPDF.chromium(chromium))
        } catch {
            console.report(error.diagnostic, bookFolder: folder)
            return .bookErrors
        }
        console.err("Printed \(counted(built.pages, "page")) into \(path) in \(seconds(since: started))")
        return .success
    }

    private func failure(_ diagnostics: [Diagnostic], output: String) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        return "Build failed with \(counted(errors, "error")) and \(counted(diagnostics.count - errors, "warning")); \(output) was left as it was"
    }
}


private func seconds(since start: Date) -> String {
    String(format: "%.2f s", Date().timeIntervalSince(start))
}
