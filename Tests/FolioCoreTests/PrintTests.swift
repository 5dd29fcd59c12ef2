import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCore
@testable import FolioPagination
@testable import folio

/// print.html, every page in one document to print, and `folio build --pdf`, which prints it with Chromium.
struct PrintTests {
    static let book = [
        "book.yml": "title: Printed Matter\n",
        "one.md": "# One\n\nTo [two](two.md), to [far](#far), to [notes](notes.txt), to [the web](https://example.com/x).\n\n<!-- pagebreak -->\n\n## Far\n\nFar away.\n",
        "two.md": "# Two\n\nBack to [far](one.md#far).\n",
        "notes.txt": "notes\n",
    ]

    /// The book's site, built in memory, with print.html when `print`; and its page count.
    func site(print: Bool) throws -> (files: [String: String], pages: Int) {
        var times = PhaseTimes()
        let built = renderBook(try loadProject(.memory(Self.book), flags: BuildFlags(print: print)), times: &times)
        let site = try #require(built.site, "\(built.log.diagnostics)")
        let files = try site.filter { $0.path.hasSuffix(".html") }.map { ($0.path, String(decoding: try $0.bytes(from: .memory(Self.book)), as: UTF8.self)) }
        return (Dictionary(uniqueKeysWithValues: files), built.pages)
    }

    @Test func printHoldsEveryPageInOrderUnderItsDocumentsPath() throws {
        let (files, pages) = try site(print: true)
        let printed = try #require(files[SiteLayout.print])
        let ids = printed.matches(of: #/<article class="page [^"]*" id="([^"]+)"/#).map { String($0.1) }
        let documents = files.keys.filter { SiteLayout.page(at: $0) != nil }
        #expect(ids.count == pages && Set(ids) == Set(documents))
        #expect(ids.prefix(3) == ["title/1.html", "title/2.html", "contents/1.html"])
        #expect(printed.contains("@page { size: 432px 688px; margin: 0; }"))
        // Each page as on screen: its number, and its chapter's running head.
        #expect(printed.contains("<div class=\"running-head\" aria-hidden=\"true\"><span class=\"number\">1</span> One</div>"))
        #expect(printed.contains("<div class=\"folio\" aria-hidden=\"true\">1</div>"))
    }

    @Test func linksToPagesLeadInsideThePrintDocument() throws {
        let printed = try #require(try site(print: true).files[SiteLayout.print])
        #expect(printed.contains("<a href=\"#two/1.html\">two</a>"))
        #expect(printed.contains("<a href=\"#one.far\">far</a>"))
        #expect(printed.contains("id=\"one.far\""))
        #expect(printed.contains("<a href=\"assets/book/notes.txt\">notes</a>"))
        #expect(printed.contains("<a href=\"https://example.com/x\">the web</a>"))
        // The contents page's lines too.
        #expect(printed.contains("href=\"#one/1.html\""))
        #expect(!printed.contains("../"))
    }

    @Test(arguments: [
        ("<a href=\"../two/1.html\">", "<a href=\"#two/1.html\">"),
        ("<a href=\"../two/3.html#two.far\">", "<a href=\"#two.far\">"),
        ("<a href=\"#one.near\">", "<a href=\"#one.near\">"),
        ("<a href=\"../toc.html\">", "<a href=\"toc.html\">"),
        ("<img src=\"../assets/book/a%20b.png\" alt=\"\">", "<img src=\"assets/book/a%20b.png\" alt=\"\">"),
        ("<a href=\"../assets/book/x.zip?v=2#part\">", "<a href=\"assets/book/x.zip?v=2#part\">"),
        ("<a href=\"mailto:a@example.com\">", "<a href=\"mailto:a@example.com\">"),
        ("<a href=\"/elsewhere.html\">", "<a href=\"/elsewhere.html\">"),
    ])
    func printedLink(_ onPage: String, _ inPrint: String) {
        #expect(printedLinks(onPage, from: "one/2.html") == inPrint)
    }

    @Test func onlyABookBuiltForPrintHasPrintHTMLAndNamesItInEveryDocument() throws {
        let plain = try site(print: false).files
        #expect(plain[SiteLayout.print] == nil)
        #expect(!(plain["one/1.html"] ?? "").contains("media=\"print\""))
        let printing = try site(print: true).files
        #expect(try #require(printing["one/1.html"]).contains("<link rel=\"alternate\" media=\"print\" href=\"../print.html\">"))
        #expect(try #require(printing["index.html"]).contains("<link rel=\"alternate\" media=\"print\" href=\"print.html\">"))
    }

    @Test(arguments: [
        (["--pdf"], true, true, nil),
        (["--print"], true, false, nil),
        (["--pdf", "--chromium", "/opt/chrome"], true, true, "/opt/chrome"),
        ([], false, false, nil),
    ] as [([String], Bool, Bool, String?)])
    func flags(_ arguments: [String], print: Bool, pdf: Bool, chromium: String?) throws {
        let command = try BuildCommand(parsing: ["book"] + arguments)
        #expect(command.flags.print == print && command.pdf == pdf && command.chromium == chromium)
    }

    @Test(arguments: [("content/_site", "content/the-guide.pdf"), ("_site", "the-guide.pdf"), ("/tmp/out/site/", "/tmp/out/the-guide.pdf")])
    func thePDFLiesBesideTheSite(_ site: String, _ pdf: String) {
        #expect(PrintedPDF.path(site: site, title: "The Guide") == pdf)
    }

    // `folio build --pdf` as a user runs it: Chromium missing, failing, printing.

    /// The book built with `arguments` and PATH holding only `programs` (shell scripts by name).
    func build(_ arguments: [String], programs: [String: String] = [:]) throws -> (scratch: Scratch, result: Folio.Result) {
        let scratch = try Scratch()
        _ = try scratch.write(Self.book, under: "book")
        let bin = try scratch.write(programs.mapValues { "#!/bin/sh\n" + $0 }, under: "bin")
        for name in programs.keys { chmod(bin.appendingPathComponent(name).path, 0o755) }
        let result = try Folio.run(["build", "book"] + arguments, in: scratch.url, environment: ["NO_COLOR": "1", "PATH": bin.path])
        return (scratch, result)
    }

    @Test func withoutChromiumThePDFIsAnErrorThatSaysWhatToInstallAndTheSiteIsBuilt() throws {
        let (scratch, result) = try build(["--pdf"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: `--pdf` needs Chromium to print the book, and none of chromium, chromium-browser, google-chrome, google-chrome-stable is on the PATH\n"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: install Chromium (Debian and Ubuntu: `apt-get install chromium`) or give its path with `--chromium PATH`"))
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("book/_site/print.html").path))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("book/printed-matter.pdf").path))
    }

    @Test func aChromiumThatIsNotThereIsAnError() throws {
        let (_, result) = try build(["--pdf", "--chromium", "/no/such/chromium"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: `--chromium /no/such/chromium` is not a program that can be run\n"), "\(result.stderr)")
    }

    /// A Chromium that never finishes is stopped at `PrintedPDF.timeout`, as any command run with a timeout.
    @Test func aCommandPastItsTimeIsStopped() throws {
        let started = ContinuousClock.now
        let ran = try #require(try runCommand(["sleep", "30"], input: Data(), in: "/", timeout: .milliseconds(200)))
        #expect(ran.timedOut && ran.status != 0)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func chromiumsMessagesShowOnlyWhenItFails() throws {
        let (_, failed) = try build(["--pdf"], programs: ["chromium": "echo 'no display, no luck' >&2\nexit 3\n"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("failed (exit status 3) printing "), "\(failed.stderr)")
        #expect(failed.stderr.contains("no display, no luck"))

        // A Chromium that prints: the arguments it was given, as the PDF.
        let printing = """
            for argument; do case "$argument" in --print-to-pdf=*) out="${argument#--print-to-pdf=}";; esac; done
            echo "$@" > "$out"
            echo 'noise' >&2

            """
        let (scratch, printed) = try build(["--pdf"], programs: ["google-chrome": printing])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stderr.contains("Printed 7 pages into book/printed-matter.pdf in "), "\(printed.stderr)")
        #expect(!printed.stderr.contains("noise"))
        let pdf = try String(contentsOf: scratch.url.appendingPathComponent("book/printed-matter.pdf"), encoding: .utf8)
        #expect(pdf.hasPrefix("--headless --no-pdf-header-footer --print-to-pdf="))
        #expect(pdf.hasSuffix("/book/_site/print.html\n"))
    }
}
