import FolioBase
import FolioBook
import Foundation

/// The book as a PDF: the site's print.html printed by a headless Chromium, whose pages are the
/// book's pages (its `@page` rule gives the sheet the page's size, with no margin).
public enum PrintedPDF {
    /// The names a Chromium goes by on the PATH, in the order they are looked for.
    package static let chromiumNames = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
    /// A printing that takes longer has hung: a page takes Chromium a few milliseconds.
    static let timeout: Duration = .seconds(600)

    /// Why no PDF was made, as a diagnostic: what went wrong and what to do.
    public struct Failure: Error {
        public var diagnostic: Diagnostic
    }

    /// Where `folio build --pdf` writes the book's PDF: beside the site's folder (in the book's
    /// folder, for `_site`), named after the book; outside the site, which is the same bytes
    /// wherever it is built, while a PDF carries the time it was made.
    public static func path(site: String, title: String) -> String {
        let folder = (site as NSString).deletingLastPathComponent
        return (folder.isEmpty ? "" : folder + "/") + slugify(title) + ".pdf"
    }

    /// The Chromium to print with: `given` (a path, or a name on the PATH), else the first of
    /// `chromiumNames` on the PATH.
    public static func chromium(_ given: String?) throws(Failure) -> String {
        let folder = FileManager.default.currentDirectoryPath
        if let given {
            guard let found = findProgram(given, in: folder) else {
                throw Failure(diagnostic: .error("`--chromium \(given)` is not a program that can be run",
                                                 hint: "give the path of Chromium or Google Chrome, or leave `--chromium` out to look for it on the PATH"))
            }
            return found
        }
        guard let found = chromiumNames.lazy.compactMap({ findProgram($0, in: folder) }).first else {
            throw Failure(diagnostic: .error("`--pdf` needs Chromium to print the book, and none of \(chromiumNames.joined(separator: ", ")) is on the PATH",
                                             hint: "install Chromium (Debian and Ubuntu: `apt-get install chromium`) or give its path with `--chromium PATH`; the site was built"))
        }
        return found
    }

    /// Prints the site's print.html into `pdf` with `chromium`, headless, through a file beside it
    /// (of this build's own: two builds may print at once) that is renamed only once whole.
    /// Chromium's messages are shown only when it fails.
    public static func print(site: String, to pdf: String, chromium: String) throws(Failure) {
        let document = URL(fileURLWithPath: absolutePath(site)).appendingPathComponent(SiteLayout.print)
        let folder = (pdf as NSString).deletingLastPathComponent
        let partial = (folder.isEmpty ? "" : folder + "/") + ".\(fileName(pdf)).\(getpid()).partial"
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("folio-chromium-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: profile)
            unlink(partial)
        }
        // The sandbox needs a user other than root; as root Chromium does not start without this.
        let sandbox = getuid() == 0 ? ["--no-sandbox"] : []
        let arguments = [chromium, "--headless", "--no-pdf-header-footer", "--print-to-pdf=\(partial)", "--user-data-dir=\(profile.path)",
                         "--no-first-run", "--no-default-browser-check", "--disable-gpu"] + sandbox + [document.absoluteString]
        let ran: CommandResult?
        do {
            ran = try runCommand(arguments, input: Data(), in: FileManager.default.currentDirectoryPath, timeout: timeout)
        } catch {
            throw Failure(diagnostic: .error("Chromium (`\(chromium)`) could not be started: \(error)"))
        }
        guard let ran, !ran.timedOut, ran.status == 0, (try? FileManager.default.attributesOfItem(atPath: partial)[.size] as? Int) ?? 0 > 0 else {
            let said = String(decoding: ran?.errors ?? Data(), as: UTF8.self).split(separator: "\n").suffix(20).joined(separator: "\n")
            let what = ran?.timedOut == true ? "did not finish within \(timeout)" : "failed (exit status \(ran?.status ?? -1))"
            throw Failure(diagnostic: .error("Chromium (`\(chromium)`) \(what) printing \(document.path) to \(pdf)" + (said.isEmpty ? "" : ":\n" + said)))
        }
        guard rename(partial, pdf) == 0 else {
            throw Failure(diagnostic: .error("the PDF could not be written to \(pdf): \(String(cString: strerror(errno)))"))
        }
    }
}
