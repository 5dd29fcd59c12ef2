import Foundation
import Testing

/// `folio` as a user types it: help, version, usage errors and their exit statuses.
struct CommandLineTests {
    func run(_ arguments: [String]) throws -> Folio.Result {
        try Folio.run(arguments, in: FileManager.default.temporaryDirectory, environment: ["NO_COLOR": "1"])
    }

    @Test func version() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        // `folio 0.1.0 (abc1234)`: the commit is stamped at build time, "unknown" outside git.
        #expect(result.stdout.wholeMatch(of: /folio \d+\.\d+\.\d+ \(([0-9a-f]{7,}|unknown)\)\n/) != nil, "\(result.stdout)")
    }

    @Test(arguments: [["--help"], ["help"], ["-h"]])
    func help(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: folio <command>"))
    }

    @Test(arguments: [["help", "build"], ["build", "--help"]])
    func buildHelp(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: folio build [DIR] [-o OUT]"))
    }

    @Test(arguments: [
        (["frobnicate"], "folio: error: unknown command `frobnicate`"),
        (["build", "--frobnicate"], "folio: error: unknown option `--frobnicate` for `folio build`"),
        (["build", "-o"], "folio: error: `-o` needs a value"),
        (["init", "--title"], "folio: error: `--title` needs a value"),
        (["init", "--frobnicate"], "folio: error: unknown option `--frobnicate` for `folio init`"),
        (["build", "a", "b"], "folio: error: `folio build` takes one folder, got `a` and `b`"),
        (["build", "no-such-folder"], "folio: error: no book folder at `no-such-folder`"),
        (["build", "--chromium", "/opt/chrome"], "folio: error: `--chromium` is for `--pdf`"),
        (["help", "frobnicate"], "folio: error: no help for unknown command `frobnicate`"),
        (["check", "--frobnicate"], "folio: error: unknown option `--frobnicate` for `folio check`"),
        (["check", "--format", "xml"], "folio: error: `--format` must be one of text, json, github, not `xml`"),
        (["check", "a", "b"], "folio: error: `folio check` takes one folder, got `a` and `b`"),
        (["check", "no-such-folder"], "folio: error: no site, book folder or EPUB at `no-such-folder`"),
    ])
    func usageErrors(_ arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
    }

    @Test func noColourWhenNotATerminal() throws {
        let result = try Folio.run(["build", "no-such-folder"], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 2)
        #expect(!result.stderr.contains("\u{1B}["))
    }
}

/// `folio build`'s flags for books from elsewhere, on the fixture books.
struct BuildFlagTests {
    func build(_ fixture: String, _ flags: [String]) throws -> (scratch: Scratch, result: Folio.Result, site: URL) {
        let scratch = try Scratch()
        let folder = try scratch.copy(FixtureBookTests.fixtures.appendingPathComponent(fixture), as: fixture)
        let result = try Folio.run(["build", "book"] + flags, in: folder, environment: ["NO_COLOR": "1"])
        return (scratch, result, folder.appendingPathComponent("book/_site"))
    }

    @Test func strictMakesAnMdBookProjectsSlipsErrors() throws {
        let (scratch, result, site) = try build("mdbook-link-slips", ["--strict"])
        _ = scratch
        #expect(result.status == 1)
        #expect(result.stderr.contains("book/src/clients.md:3:13: error: link to a missing heading `#SQL客户端` in `clients.md`; its headings are: #clients, #email, #nosql客户端, #sql客户端\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("repaired"))
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    @Test func verboseListsFrontMatterKeptForTemplates() throws {
        let (scratch, result, _) = try build("front-matter-meta", ["--verbose"])
        _ = scratch
        #expect(result.status == 0)
        #expect(result.stderr.contains("book/a.md:4:1: `minutes` is not Folio's: it is kept for templates as `page.meta.minutes`\n"), "\(result.stderr)")
    }

    @Test func verboseListsWhatAnMdBookThemeHasThatIsNotUsed() throws {
        let (scratch, result, _) = try build("mdbook-project", ["-v"])
        _ = scratch
        #expect(result.status == 0)
        #expect(result.stderr.contains("book/theme/index.hbs: mdBook's Handlebars template is not used; Folio's theme is Mustache"), "\(result.stderr)")
        #expect(result.stderr.contains("book/theme/css/chrome.css: styles mdBook's page around the book"), "\(result.stderr)")
    }

    @Test func noPreprocessorsBuildsWithoutThem() throws {
        let (scratch, result, site) = try build("mdbook-project", ["--no-preprocessors"])
        _ = scratch
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("intro/1.html"), encoding: .utf8)
        #expect(page.contains("{{stamp}}") && !page.contains("Stamped by the preprocessor."))
    }
}

/// Colour goes to a terminal only, and never with NO_COLOR; `script` gives the command a terminal.
struct ColourTests {
    /// What the terminal showed, and the exit status of `folio` (`script -e` passes it on).
    func onATerminal(noColour: Bool) throws -> (output: String, status: Int32) {
        let scratch = try Scratch()
        _ = try scratch.write(["a.md": "[x](missing.md)\n"], under: "book")
        let command = "\(noColour ? "NO_COLOR=1 " : "")'\(Folio.binary.path)' build book"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = scratch.url
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func colourOnATerminal() throws {
        let (output, status) = try onATerminal(noColour: false)
        #expect(status == 1)
        #expect(output.contains("\u{1B}[1;31merror:\u{1B}[0m link to a missing chapter `missing.md`"), "\(output)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func noColourWithNO_COLOR() throws {
        let (output, status) = try onATerminal(noColour: true)
        #expect(status == 1)
        #expect(output.contains("error: link to a missing chapter `missing.md`"), "\(output)")
        #expect(!output.contains("\u{1B}["))
    }
}
