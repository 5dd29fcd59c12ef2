import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// The default theme travels inside the binary; its words follow the book's language.
struct ThemeTests {
    @Test func aCopiedBinaryBuildsOnItsOwn() throws {
        let scratch = try Scratch()
        let alone = scratch.url.appendingPathComponent("elsewhere/folio")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Folio.binary, to: alone)
        _ = try scratch.write(["one.md": "# One\n"], under: "book")

        let process = Process()
        process.executableURL = alone
        process.arguments = ["build", "book"]
        process.currentDirectoryURL = scratch.url
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()

        #expect(process.terminationStatus == 0)
        let site = snapshot(scratch.url.appendingPathComponent("book/_site"))
        #expect(site["assets/folio.css"] == Theme.builtIn.files["assets/folio.css"])
        #expect(Set(site.keys).isSuperset(of: ["index.html", "toc.html", "404.html", "one/1.html", "assets/theme.js"]))
    }

    /// Every file of `Templates/`, as it is but for the scripts and stylesheets: those as esbuild
    /// minifies them (embed-theme runs it when folio is built).
    @Test func theBuiltInThemeIsTemplatesFolder() throws {
        let templates = Folio.packageRoot.appendingPathComponent("Templates")
        let onDisk = snapshot(templates).filter { !$0.key.split(separator: "/").contains { $0.hasPrefix(".") } }
        #expect(Set(onDisk.keys) == Set(Theme.builtIn.files.keys))
        for (path, bytes) in onDisk {
            let minifies = path.hasSuffix(".js") || path.hasSuffix(".css")
            let shipped = minifies ? try minified(templates.appendingPathComponent(path)) : bytes
            #expect(Theme.builtIn.files[path] == shipped, "\(path)")
        }
    }

    private func minified(_ file: URL) throws -> Data {
        let process = Process(), out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["esbuild", file.path, "--minify", "--log-level=error"]
        process.standardOutput = out
        try process.run()
        let bytes = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "esbuild could not minify \(file.path)")
        return bytes
    }

    @Test(arguments: [
        ("ar", "rtl", "المحتويات"), ("fa", "rtl", "Contents"), ("he", "rtl", "תוכן העניינים"), ("zh-Hant", "ltr", "目录"), ("fr-CA", "ltr", "Table des matières"), ("en", "ltr", "Contents"),
    ])
    func stringsFollowTheLanguage(language: String, direction: String, contents: String) throws {
        let strings = try UIStrings(theme: .builtIn, language: language)
        #expect(strings.direction == direction)
        #expect(strings.values["contents"] == contents)
    }

    @Test func everyLanguageHasEveryString() throws {
        let english = try UIStrings(theme: .builtIn, language: "en").values.keys
        for language in ["zh", "ja", "ar", "he", "fr", "de", "es", "ru"] {
            let own = try #require(Theme.builtIn.files["strings/\(language).yml"])
            let names = try #require(try parseYAML(String(decoding: own, as: UTF8.self), file: language))
            guard case .mapping(let pairs) = names.value else { Issue.record("\(language) is not a mapping"); continue }
            #expect(Set(pairs.compactMap(\.key.string)) == Set(english), "\(language)")
        }
    }

    @Test func rightToLeftChromeInAnArabicBook() throws {
        let scratch = try Scratch()
        _ = try scratch.write(["book.yml": "language: ar\n", "one.md": "# واحد\n"], under: "book")
        #expect(try Folio.run(["build", "book"], in: scratch.url).status == 0)
        let index = try String(contentsOf: scratch.url.appendingPathComponent("book/_site/index.html"), encoding: .utf8)
        #expect(index.contains("<html lang=\"ar\" dir=\"rtl\">"))
    }
}

/// `folio init` writes a starter book that builds, and never writes over a book.
struct InitTests {
    @Test func initThenBuild() throws {
        let scratch = try Scratch()
        let made = try Folio.run(["init", "new-book", "--title", "A \"Quoted\": Title"], in: scratch.url)
        #expect(made.status == 0, "\(made.stderr)")
        let built = try Folio.run(["build", "new-book"], in: scratch.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains(", 0 warnings"))
        let index = try String(contentsOf: scratch.url.appendingPathComponent("new-book/_site/index.html"), encoding: .utf8)
        #expect(index.contains("A &quot;Quoted&quot;: Title"))
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("new-book/_site/assets/book/images/pages.svg").path))
    }

    @Test func everyOptionIsInTheStarterBookYml() throws {
        let yml = try #require(bookScaffold(title: "T")["book.yml"])
        for key in ["authors:", "description:", "url:", "identifier:", "modified:", "language:", "chapters:", "transition:", "orientation:",
                    "spine:", "direction:", "double-sided:", "size:", "chapter-start:", "title-page:", "contents-page:", "justify:", "cover:", "fonts:",
                    "smart-punctuation:", "raw-html:", "offline:"] {
            #expect(yml.contains("# " + key) || yml.contains("#   " + key), "\(key)")
        }
    }

    @Test func refusesAnExistingBook() throws {
        let scratch = try Scratch()
        let book = try scratch.write(["notes.md": "# Mine\n"], under: "book")
        let result = try Folio.run(["init", "book"], in: scratch.url, environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: there is a book here already (notes.md)"))
        #expect(snapshot(book) == ["notes.md": Data("# Mine\n".utf8)])
    }

    @Test func defaultTitleFromTheFolder() throws {
        let scratch = try Scratch()
        #expect(try Folio.run(["init", "03-my-travels"], in: scratch.url).status == 0)
        let yml = try String(contentsOf: scratch.url.appendingPathComponent("03-my-travels/book.yml"), encoding: .utf8)
        #expect(yml.contains("title: \"My travels\""))
    }
}
