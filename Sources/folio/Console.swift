import FolioBase
import FolioBook
import FolioCheck
import FolioCore
import FolioServe
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the command talks: results on stdout, diagnostics on stderr,
/// coloured only when stderr is a terminal and `NO_COLOR` is not set.
struct Console {
    let colour: Bool

    init() {
        let noColour = getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false
        colour = isatty(STDERR_FILENO) == 1 && !noColour
    }

    func out(_ text: String) {
        print(text)
    }

    func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    private func paint(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `file:line:col: error: message`, with the location shown from where the command was run.
    func report(_ diagnostic: Diagnostic, bookFolder: String) {
        let place = diagnostic.location.map { location -> String in
            var shown = location
            shown.file = displayPath(location.file, in: bookFolder)
            return paint("\(shown): ", "1")
        } ?? ""
        let label = diagnostic.severity == .error ? paint("error:", "1;31") : paint("warning:", "1;33")
        err("\(place)\(label) \(diagnostic.message)" + (diagnostic.rule.map { " [\($0)]" } ?? ""))
        if let hint = diagnostic.hint {
            err("  \(paint("hint:", "1;36")) \(hint)")
        }
    }

    func usageError(_ error: UsageError) {
        err("folio: \(paint("error:", "1;31")) \(error.message)")
        err("Run `folio \(error.command.map { "help \($0)" } ?? "--help")` for usage.")
    }
}

/// Book-relative paths are shown under the folder as the user typed it.
func displayPath(_ file: String, in bookFolder: String) -> String {
    if file.hasPrefix("/") { return file }
    if file == "." { return bookFolder }
    if bookFolder == "." || bookFolder.isEmpty { return file }
    return (bookFolder.hasSuffix("/") ? bookFolder : bookFolder + "/") + file
}
