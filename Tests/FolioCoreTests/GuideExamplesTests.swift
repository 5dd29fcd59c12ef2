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

/// The guide in `content/` shows what Folio prints and writes; each of those examples is run here
/// against the real `folio` (and libcmark), so that the guide cannot drift from Folio.
///
/// - Every `text` and `console` block of the guide is found in its Markdown and must be claimed in
///   `GuideExamples.claims`, by its chapter and first line: either by a scenario, whose commands'
///   output must hold each of the block's lines (durations aside, a line that ends in `...` a
///   prefix, a `$ ` line a command), or whose folder must hold the files of a listing (a block whose
///   first line is a folder, `name/`), or as no output at all (an input, a diagram). A new block no
///   claim covers fails, so a new example is checked without a new test: it needs a claim.
/// - Every heading id the text states, `` `## Some heading` gets `some-heading` ``, is libcmark's and
///   Folio's for that heading.
/// - Every id and page address of the guide's own site that the text names, `` `writing.front-matter` ``,
///   `` `other-scripts/1.html` ``, is in the built guide.
/// - The few claims left, in sentences, are listed in `sentences`, each with its check.
struct GuideExamplesTests {
    @Test(arguments: GuideText.blocks)
    func example(_ block: GuideBlock) throws {
        let claim = try #require(GuideExamples.claim(for: block),
                                 "\(block): no claim covers this example; add one to GuideExamples.claims")
        switch claim {
        case .notOutput:
            break
        case .shared(let folder, _):
            guard folder.runs else { return }
            try folder.require()
            try check(block, against: GuideExamples.ran(claim))
        case .output:
            try check(block, against: GuideExamples.ran(claim))
        }
    }

    private func check(_ block: GuideBlock, against ran: Ran) throws {
        if block.isJSON {
            let json = try #require(ran.json, "\(block): the scenario made no JSON")
            let text = block.lines.joined(separator: "\n")
            // `"member": value` stands for an object with that member.
            let value = try JSONSerialization.jsonObject(with: Data((text.hasPrefix("\"") ? "{\(text)}" : text).utf8), options: .fragmentsAllowed)
            let whole = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
            let wanted = (value as? [Any]) ?? [value]
            for part in wanted {
                #expect(contains(whole, part), "\(block): Folio's JSON has no \(canonical(part)); it is\n\(json)")
            }
            return
        }
        if let root = block.listedFolder {
            for path in block.listedPaths(under: root) {
                #expect(FileManager.default.fileExists(atPath: ran.folder.appendingPathComponent(path).path),
                        "\(block): `\(path)` is not in what the scenario made")
            }
            return
        }
        let output = ran.output.split(separator: "\n", omittingEmptySubsequences: false).map { normalised(String($0)) }
        for line in block.lines where !line.isEmpty && !line.hasPrefix("$ ") {
            let wanted = normalised(line)
            let found = wanted.hasSuffix("...")
                ? output.contains { $0.hasPrefix(String(wanted.dropLast(3))) }
                : output.contains(wanted)
            #expect(found, "\(block): Folio does not print\n\(line)\nIt printed:\n\(ran.output)")
        }
    }

    /// Whether `value` is `whole` or inside it; an object of one member also matches an object
    /// that has that member, with that value.
    private func contains(_ whole: Any, _ value: Any) -> Bool {
        let wanted = canonical(value)
        if canonical(whole) == wanted { return true }
        if let object = whole as? [String: Any] {
            if let member = value as? [String: Any], member.count == 1, let (key, inner) = member.first,
               let found = object[key], canonical(found) == canonical(inner) { return true }
            return object.values.contains { contains($0, value) }
        }
        if let array = whole as? [Any] { return array.contains { contains($0, value) } }
        return false
    }

    private func canonical(_ value: Any) -> String {
        let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }

    @Test func headingIDsTheGuideStates() throws {
        let pattern = try Regex(#"`(#{1,6} [^`]+)`(?: in the same chapter)? (?:gets|is|的 id 就是|的 id 是) `#?([^`]+)`"#)
        var stated = 0
        for chapter in GuideText.chapters {
            for match in chapter.text.matches(of: pattern) {
                let heading = String(chapter.text[match.output[1].range!]), id = String(chapter.text[match.output[2].range!])
                // "A second `### Example`": the id of the heading's second time in a chapter.
                let second = chapter.text[..<match.range.lowerBound].hasSuffix("second ")
                let markdown = second ? heading + "\n\n" + heading : heading
                let headings = assignHeadingIDs(parseMarkdown(markdown, smartPunctuation: true)).headings
                #expect(headings.last?.id == id, "\(chapter.path): `\(heading)` gets `\(headings.last?.id ?? "")`, not `\(id)`")
                stated += 1
            }
        }
        #expect(stated >= 8, "the guide's heading ids were not found: \(stated)")
    }

    @Test func idsAndAddressesOfTheGuidesOwnSite() throws {
        let site = try GuideExamples.ran(.output(GuideExamples.guideBuild)).folder.appendingPathComponent("content/_site")
        func isChapterFolder(_ slug: String) -> Bool {
            FileManager.default.fileExists(atPath: site.appendingPathComponent("\(slug)/1.html").path)
        }
        func pages(_ slug: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(slug).path)) ?? [])
                .filter { $0.hasSuffix(".html") }
                .compactMap { try? String(contentsOf: site.appendingPathComponent("\(slug)/\($0)"), encoding: .utf8) }
        }
        let code = try Regex(#"`([^`\s]+)`"#)
        let fileExtensions: Set<String> = ["md", "html", "yml", "yaml", "toml", "json", "css", "js", "xml", "svg", "png", "rs"]
        // `reading.transition` and the like are options, named as their errors name them, not ids.
        let bookYML = try String(contentsOf: GuideText.content.appendingPathComponent("book.yml"), encoding: .utf8)
        var block = "", optionKeys: Set<String> = []
        for line in bookYML.split(separator: "\n") where !line.hasPrefix("#") {
            guard let key = line.split(separator: ":").first?.trimmingCharacters(in: .whitespaces) else { continue }
            if line.hasPrefix(" ") { optionKeys.insert("\(block).\(key)") } else { block = key }
        }
        func isOption(_ token: String) -> Bool { optionKeys.contains(token.replacingOccurrences(of: "_", with: "-")) }
        var checked = 0
        for chapter in GuideText.chapters {
            for match in chapter.text.matches(of: code) {
                let token = String(chapter.text[match.output[1].range!])
                if let slash = token.firstIndex(of: "/"), isChapterFolder(String(token[..<slash])) {
                    // `slug/n.html`, perhaps with a fragment: the page, and the id on it.
                    let parts = token.split(separator: "#", maxSplits: 1).map(String.init)
                    guard parts[0].hasSuffix(".html") else { continue }
                    let page = site.appendingPathComponent(parts[0])
                    #expect(FileManager.default.fileExists(atPath: page.path), "\(chapter.path): the guide's site has no `\(parts[0])`")
                    if parts.count == 2 {
                        let html = (try? String(contentsOf: page, encoding: .utf8)) ?? ""
                        let id = parts[1].removingPercentEncoding ?? parts[1]
                        #expect(html.contains("id=\"\(id)\""), "\(chapter.path): `\(parts[0])` has no id `\(id)`")
                    }
                    checked += 1
                } else if let dot = token.firstIndex(of: "."), isChapterFolder(String(token[..<dot])), !isOption(token),
                          !fileExtensions.contains(String(token[token.index(after: dot)...])) {
                    // `slug.id`: a heading's id in the site.
                    let slug = String(token[..<dot])
                    #expect(pages(slug).contains { $0.contains("id=\"\(token)\"") }, "\(chapter.path): no page of `\(slug)` has the id `\(token)`")
                    checked += 1
                }
            }
        }
        #expect(checked >= 8, "the guide's ids and addresses were not found: \(checked)")
    }

    @Test(arguments: GuideExamples.sentences)
    func sentence(_ sentence: GuideSentence) throws {
        let text = try #require(GuideText.chapters.first { $0.path == sentence.file }?.text)
        #expect(text.contains(sentence.quote), "\(sentence.file) no longer says \(sentence.quote); change or remove its check")
        try sentence.check()
    }
}

// MARK: - The guide's text

struct GuideBlock: CustomTestStringConvertible, Sendable {
    let file: String
    let line: Int
    let lines: [String]
    let isJSON: Bool
    var testDescription: String { "content/\(file):\(line)" }
    var description: String { testDescription }

    /// A listing of files, `folder/` and then its entries, indented under their folders.
    var listedFolder: String? {
        guard let first = lines.first, first.hasSuffix("/"), !first.contains(" ") else { return nil }
        return first
    }

    /// The paths a listing names (its first word on each line), `...` left out.
    func listedPaths(under root: String) -> [String] {
        var folders: [(indent: Int, path: String)] = [(-1, root)]
        var paths: [String] = []
        for line in lines.dropFirst() {
            let indent = line.prefix { $0 == " " }.count
            guard let name = line.split(separator: " ").first.map(String.init), name != "..." else { continue }
            while let last = folders.last, last.indent >= indent { folders.removeLast() }
            let path = folders.last!.path + name
            paths.append(path)
            if name.hasSuffix("/") { folders.append((indent, path)) }
        }
        return paths
    }
}

enum GuideText {
    static let content = Folio.packageRoot.appendingPathComponent("content")

    /// Every Markdown file of the guide, by its path under `content/`.
    static let chapters: [(path: String, text: String)] = {
        let walker = FileManager.default.enumerator(atPath: content.path)
        var result: [(String, String)] = []
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".md"), !path.hasPrefix("_site") else { continue }
            result.append((path, (try? String(contentsOf: content.appendingPathComponent(path), encoding: .utf8)) ?? ""))
        }
        return result.sorted { $0.0 < $1.0 }
    }()

    /// The guide's `text`, `console` and `json` blocks, fenced with backticks or tildes, perhaps indented in a list.
    static let blocks: [GuideBlock] = chapters.flatMap { chapter -> [GuideBlock] in
        var blocks: [GuideBlock] = []
        var fence: (marker: String, indent: Int, info: String, start: Int)?
        var body: [String] = []
        for (number, line) in chapter.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indent)
            if let open = fence {
                if trimmed.hasPrefix(open.marker), trimmed.allSatisfy({ $0 == open.marker.first }) {
                    if ["text", "console", "json"].contains(open.info) {
                        blocks.append(GuideBlock(file: chapter.path, line: open.start, lines: body, isJSON: open.info == "json"))
                    }
                    fence = nil
                } else {
                    body.append(String(line.dropFirst(min(indent, open.indent))))
                }
            } else if let mark = trimmed.first, mark == "`" || mark == "~" {
                let marker = String(trimmed.prefix { $0 == mark })
                guard marker.count >= 3 else { continue }
                let info = trimmed.dropFirst(marker.count).split(separator: " ").first.map(String.init) ?? ""
                fence = (marker, indent, info, number + 1)
                body = []
            }
        }
        return blocks
    }
}

/// A claim of the guide in a sentence, and how to see that it holds.
struct GuideSentence: CustomTestStringConvertible, Sendable {
    let file: String
    let quote: String
    let check: @Sendable () throws -> Void
    var testDescription: String { "content/\(file): \(quote)" }
}

// MARK: - Running the examples

/// What a scenario's commands printed (standard output, then standard error, command by command)
/// and the folder they ran in; the scratch folder lives as long as this does.
struct Ran: @unchecked Sendable {
    let output: String
    let folder: URL
    let scratch: Scratch?
    /// The JSON the scenario made, for the guide's `json` blocks.
    var json: String? = nil
}

struct Scenario: Sendable {
    let name: String
    let run: @Sendable () throws -> Ran
}

enum Claim: Sendable {
    /// An input or a diagram: nothing to run.
    case notOutput(String)
    /// The output of a scenario.
    case output(Scenario)
    /// The output of a scenario that needs a folder of `../shared`.
    case shared(SharedFolder, Scenario)

    var scenario: Scenario? {
        switch self {
        case .notOutput: nil
        case .output(let scenario), .shared(_, let scenario): scenario
        }
    }
}

/// Durations change from run to run: `0.11 s` and `310 ms` read as `<time>`.
func normalised(_ line: String) -> String {
    line.replacing(try! Regex(#"\b\d+(\.\d+)? m?s\b"#), with: "<time>")
}

enum GuideExamples {
    /// Runs `folio` in a folder, standard output then standard error.
    static func folio(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> String {
        let result = try Folio.run(arguments, in: folder, environment: ["NO_COLOR": "1"].merging(environment) { $1 })
        return result.stdout + result.stderr
    }

    /// A scratch folder holding a copy of `source` under `name`.
    static func copy(_ source: URL, as name: String) throws -> (Scratch, URL) {
        let scratch = try Scratch()
        return (scratch, try scratch.copy(source, as: name))
    }

    static func fixture(_ name: String) -> URL { FixtureBookTests.fixtures.appendingPathComponent("\(name)/book") }

    // The scenarios, one per situation the guide shows.

    /// `folio build content` on a copy of the guide, with `--timings`; again with no change; again after an edit.
    static let guideBuild = Scenario(name: "the guide") {
        let (scratch, _) = try copy(GuideText.content, as: "content")
        try? FileManager.default.removeItem(at: scratch.url.appendingPathComponent("content/_site"))
        var output = try folio(["build", "content", "--timings"], in: scratch.url)
        output += try folio(["build", "content"], in: scratch.url)
        let edited = scratch.url.appendingPathComponent("content/16-previewing.md")
        try (String(contentsOf: edited, encoding: .utf8) + "\nOne more line.\n").write(to: edited, atomically: true, encoding: .utf8)
        output += try folio(["build", "content"], in: scratch.url)
        let manifest = try String(contentsOf: scratch.url.appendingPathComponent("content/_site/manifest.json"), encoding: .utf8)
        return Ran(output: output, folder: scratch.url, scratch: scratch, json: manifest)
    }

    /// `folio init mybook` and `folio build mybook`.
    static let starterBook = Scenario(name: "the starter book") {
        let scratch = try Scratch()
        let output = try folio(["init", "mybook"], in: scratch.url) + folio(["build", "mybook"], in: scratch.url)
        return Ran(output: output, folder: scratch.url, scratch: scratch)
    }

    /// The starter book's site without an image and a line of its sitemap, checked in each format.
    static let damagedSite = Scenario(name: "a damaged site") {
        let ran = try starterBook.run()
        let site = ran.folder.appendingPathComponent("mybook/_site")
        try FileManager.default.removeItem(at: site.appendingPathComponent("assets/book/images/pages.svg"))
        let sitemap = site.appendingPathComponent("sitemap.xml")
        let lines = try String(contentsOf: sitemap, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        try lines.filter { !$0.contains("first-steps/2.html") }.joined(separator: "\n").write(to: sitemap, atomically: true, encoding: .utf8)
        var output = ""
        for format in ["text", "github"] {
            output += try folio(["check", "mybook/_site", "--format", format], in: ran.folder)
        }
        let json = try Folio.run(["check", "mybook/_site", "--format", "json"], in: ran.folder, environment: ["NO_COLOR": "1"]).stdout
        return Ran(output: output, folder: ran.folder, scratch: ran.scratch, json: json)
    }

    /// A book written into `folder` and built, `folio build ARGUMENTS` beside it (or inside it, with
    /// `inside`), once for each set of files, each written over the ones before.
    static func book(_ name: String, in folder: String, _ versions: [String: String]..., build arguments: [String], inside: Bool = false) -> Scenario {
        Scenario(name: name) {
            let scratch = try Scratch()
            var output = ""
            for files in versions {
                let book = try scratch.write(files, under: folder)
                output += try folio(["build"] + arguments, in: inside ? book : scratch.url)
            }
            return Ran(output: output, folder: scratch.url, scratch: scratch)
        }
    }

    /// A book with a missing chapter, a missing image and a missing heading; then an empty chapter.
    static let brokenBook = book("a book with errors", in: "mybook", [
        "01-beginnings.md": "# Beginnings\n\nOnce.\n",
        "02-the-middle.md": "# The middle\n\nText.\n\n## A detour\n\nMore.\n\n## Epilogue\n\nEnd.\n\n\nFor the rest, see the [appendix](appendix.md).\n\n\n\n\n\n![A map](images/map.png)\n",
        "03-the-end.md": "# The end\n\nEnd.\n\nSee the [epilogue](02-the-middle.md#epilog).\n",
    ], ["04-notes.md": ""], build: ["mybook"])

    /// Markdown nested 150 block quotes deep.
    static let deepBook = book("deep nesting", in: "book", ["chapter.md": "# Deep\n\n" + String(repeating: "> ", count: 150) + "deep\n"], build: ["book"])

    /// A chapter that links to a heading the guide's `options/01-reading.md` does not have, at line 31, column 5.
    static let missingHeading = book("a missing heading", in: "content", [
        "options/01-reading.md": (try? String(contentsOf: GuideText.content.appendingPathComponent("options/01-reading.md"), encoding: .utf8)) ?? "",
        "04-markdown.md": "# Markdown\n" + String(repeating: "\n", count: 29) + "See [the spine](options/01-reading.md#spine-and-direction).\n",
    ], build: ["content"])

    /// The formula with a typo of the guide's Math section, at line 3 of `chapter.md`.
    static let texTypo = book("a TeX typo", in: "book", [
        "book.yml": "markdown:\n  math: true\n",
        "chapter.md": "# Chapter\n\n" + #"The mean of a sample is \\(\frac{1}{n} \sum_i x_i\\), and a typo \\(\frac{1}{\\) shows as code."# + "\n",
    ], build: [], inside: true)

    /// `book.yml`s with a bad value and a misspelt key, and with a combination that is an error.
    static let badOptions = book("bad options", in: "mybook", ["a.md": "# A\n", "book.yml": "reading:\n  transition: flip\n  double_sided: false\n"],
                                 ["book.yml": "reading:\n  spine: mid\n  double-sided: false\n"], build: ["mybook"])

    /// An mdBook project with a key Folio does not use, built with `--verbose`.
    static let verboseMdBook = book("an mdBook project, verbose", in: "my-mdbook", [
        "book.toml": "[book]\ntitle = \"My mdBook\"\n\n[output.html]\ngit-repository-url = \"https://github.com/example/my-mdbook\"\n",
        "src/SUMMARY.md": "# Summary\n\n- [Intro](intro.md)\n", "src/intro.md": "# Intro\n",
    ], build: ["my-mdbook", "--verbose"])

    /// A fixture book built as `folio build NAME` beside it, or as `folio build` inside it (`name` nil).
    static func fixtureBuild(_ fixture: String, as name: String?) -> Scenario {
        Scenario(name: "the fixture \(fixture)") {
            let (scratch, book) = try copy(Self.fixture(fixture), as: name ?? "book")
            let output = try name.map { try folio(["build", $0], in: scratch.url) } ?? folio(["build"], in: book)
            return Ran(output: output, folder: scratch.url, scratch: scratch)
        }
    }

    /// `folio serve mybook` on the starter book; a save; a save that breaks a link.
    static let serve = Scenario(name: "folio serve") {
        let ran = try starterBook.run()
        let chapter = ran.folder.appendingPathComponent("mybook/01-first-steps.md")
        let (out, log) = (ran.folder.appendingPathComponent("serve.out"), ran.folder.appendingPathComponent("serve.log"))
        for file in [out, log] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let process = Process()
        process.executableURL = Folio.binary
        process.arguments = ["serve", "mybook"]
        process.currentDirectoryURL = ran.folder
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        defer { stop(process) }
        /// Waits, 30 s at most (a bound, not a measure), until `file` has `count` lines starting with `prefix`.
        func waitFor(_ prefix: String, count: Int, in file: URL = log) throws {
            let deadline = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < deadline {
                let lines = (try? String(contentsOf: file, encoding: .utf8))?.split(separator: "\n") ?? []
                if lines.filter({ $0.hasPrefix(prefix) }).count >= count { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            Issue.record("`folio serve` printed no line `\(prefix)…`: \((try? String(contentsOf: file, encoding: .utf8)) ?? "")")
        }
        try waitFor("Serving", count: 1, in: out)
        try waitFor("Built", count: 1)
        try (String(contentsOf: chapter, encoding: .utf8) + "\nOne more paragraph.\n").write(to: chapter, atomically: false, encoding: .utf8)
        try waitFor("Rebuilt", count: 1)
        try (String(contentsOf: chapter, encoding: .utf8) + "\nSee [setting up](setup.md).\n").write(to: chapter, atomically: false, encoding: .utf8)
        try waitFor("Rebuilt", count: 2)
        // Without `--port`, 3000 or the next free port: the guide shows 3000.
        let output = ((try? String(contentsOf: out, encoding: .utf8)) ?? "").replacing(try! Regex(#"127\.0\.0\.1:\d+/"#), with: "127.0.0.1:3000/")
            + ((try? String(contentsOf: log, encoding: .utf8)) ?? "")
        return Ran(output: output, folder: ran.folder, scratch: ran.scratch)
    }

    /// Readium's validator on the guide's manifest, alone and with Folio's schema.
    static let readium = SharedFolder("readium", holding: "Readium's schemas and validator")
    static let validation = Scenario(name: "the manifest validated") {
        let ran = try GuideExamples.ran(.output(guideBuild))
        var output = ""
        for extra in [[], ["--extra-schemas", Folio.packageRoot.appendingPathComponent("schemas").path, "--root", "urn:folio:manifest-schema"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", readium.url.appendingPathComponent("validate.py").path] + extra + ["content/_site/manifest.json"]
            process.currentDirectoryURL = ran.folder
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            output += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
        }
        return Ran(output: output, folder: ran.folder, scratch: ran.scratch)
    }

    /// The repository itself, for the theme's listing.
    static let repository = Scenario(name: "the repository") { Ran(output: "", folder: Folio.packageRoot, scratch: nil) }

    /// Each of the guide's `text`, `console` and `json` blocks, by its chapter and the start of its first line.
    static let claims: [String: [(firstLine: String, claim: Claim)]] = [
        "02-getting-started.md": [
            ("Built ", .output(guideBuild)), ("load ", .output(guideBuild)), ("Created “Mybook”", .output(starterBook)), ("mybook/", .output(starterBook)), ("content/_site/", .output(guideBuild)),
        ],
        "03-writing.md": [
            ("mybook/", .notOutput("a book folder, an input")), ("one.md:3:1:", .output(fixtureBuild("outside-image", as: nil))),
        ],
        "04-markdown.md": [
            ("content/04-markdown.md:31:5:", .output(missingHeading)), ("chapter.md:3:", .output(texTypo)),
        ],
        "05-errors.md": [
            ("mybook/02-the-middle.md", .output(brokenBook)), ("mybook/04-notes.md", .output(brokenBook)), ("Built ", .output(guideBuild)), ("book/chapter.md:3:", .output(deepBook)), ("book/tall.md:", .output(fixtureBuild("raw-html-too-tall", as: "book"))),
        ],
        "08-themes.md": [
            ("Templates/", .output(repository)), ("mybook/", .notOutput("a book folder, an input")), ("mybook/templates/", .output(fixtureBuild("theme-errors", as: "mybook"))),
        ],
        "10-checking.md": [
            ("mybook/_site/manifest.json", .output(damagedSite)), ("::error", .output(damagedSite)), ("[", .output(damagedSite)),
        ],
        "13-the-manifest.md": [
            ("\"metadata\": {", .output(guideBuild)), ("{\"href\": \"introduction/1.html\"", .output(guideBuild)), ("VALID", .shared(readium, validation)),
        ],
        "14-coming-from-mdbook.md": [
            ("$ folio build my-mdbook/", .notOutput("a command alone")), ("$ folio build my-mdbook --verbose", .output(verboseMdBook)), ("book/src/clients.md", .output(fixtureBuild("mdbook-link-slips", as: "book"))), ("book/src/reference/manifest.md", .output(fixtureBuild("mdbook-link-slips", as: "book"))), ("book.toml:7:1:", .output(fixtureBuild("mdbook-asides", as: nil))), ("book.toml:4:18:", .output(fixtureBuild("toml-bad-value", as: nil))), ("book.toml:4:15:", .output(fixtureBuild("preprocessor-failing", as: nil))),
        ],
        "18-translated-books.md": [
            ("riverbook/", .output(fixtureBuild("languages", as: "riverbook"))), ("book/book.yml:", .output(fixtureBuild("languages-errors", as: "book"))),
        ],
        "16-previewing.md": [
            ("Built ", .output(serve)), ("Rebuilt after", .output(serve)), ("mybook/01-first-steps.md", .output(serve)),
        ],
        "options/01-reading.md": [
            ("mybook/book.yml:2:3:", .output(badOptions)),
        ],
        "options/index.md": [
            ("mybook/book.yml:2:15:", .output(badOptions)),
        ],
    ]

    /// The claim of a block: the one for its chapter whose first line starts the block's, the longest such.
    static func claim(for block: GuideBlock) -> Claim? {
        let first = block.lines.first ?? ""
        return (claims[block.file] ?? []).filter { first.hasPrefix($0.firstLine) }
            .max { $0.firstLine.count < $1.firstLine.count }?.claim
    }

    /// Each scenario runs once, whichever blocks it serves.
    private static let cache = RanCache()
    static func ran(_ claim: Claim) throws -> Ran {
        guard let scenario = claim.scenario else { throw CocoaError(.featureUnsupported) }
        return try cache.value(scenario)
    }

    /// The claims made in sentences, each with its check.
    static let sentences: [GuideSentence] = [
        GuideSentence(file: "02-getting-started.md", quote: "(`03-my-travels` gives \"My travels\")") {
            let scratch = try Scratch()
            #expect(try folio(["init", "03-my-travels"], in: scratch.url).hasPrefix("Created “My travels” in 03-my-travels"))
        },
        GuideSentence(file: "02-getting-started.md", quote: "it stops with an error and exit status 1, and changes nothing") {
            let scratch = try Scratch()
            let book = try scratch.write(["notes.md": "# Notes\n"], under: "mybook")
            let result = try Folio.run(["init", "mybook"], in: scratch.url, environment: ["NO_COLOR": "1"])
            #expect(result.status == 1 && result.stderr.contains("error: "))
            #expect(snapshot(book) == ["notes.md": Data("# Notes\n".utf8)])
        },
        GuideSentence(file: "02-getting-started.md", quote: "gets `reading/` and `reading-1/`") {
            let scratch = try Scratch()
            _ = try scratch.write(["options/01-reading.md": "# Reading\n", "11-reading.md": "# Reading again\n", "contents.md": "# Contents\n",
                                   "SUMMARY.md": "- [Reading](options/01-reading.md)\n- [Reading again](11-reading.md)\n- [Contents](contents.md)\n"], under: "book")
            _ = try folio(["build", "book"], in: scratch.url)
            for page in ["reading/1.html", "reading-1/1.html", "contents-1/1.html"] {
                #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("book/_site/\(page)").path), "no \(page)")
            }
        },
        GuideSentence(file: "02-getting-started.md", quote: "`folio help build`, `folio help init` or `folio help check`") {
            for command in ["build", "init", "check", "serve"] {
                let result = try Folio.run(["help", command], in: FileManager.default.temporaryDirectory)
                #expect(result.status == 0 && result.stdout.contains("Usage: folio \(command)"), "folio help \(command)")
            }
        },
        GuideSentence(file: "05-errors.md", quote: "building again with no change in the book says `0 files written, 0 removed`") {
            let output = try GuideExamples.ran(.output(guideBuild)).output.split(separator: "\n")
            #expect(output.filter { $0.hasPrefix("Built ") }.dropFirst().first?.contains("; 0 files written, 0 removed") == true, "\(output)")
        },
        GuideSentence(file: "04-markdown.md", quote: "A heading written like that gets the id `proofs`, so other chapters link to it as `04-markdown.md#proofs`, and the class `aside`") {
            let page = try buildOne("## Proofs and revises {#proofs .aside}\n")
            #expect(page.contains("<h2 id=\"a.proofs\" class=\"aside\">"), "\(page)")
        },
        GuideSentence(file: "15-includes-and-code.md", quote: "`rust,ignore` gives `class=\"language-rust ignore\"`, and `console` or `text` give `language-console` and `language-text`") {
            let page = try buildOne("```rust,ignore\nfn main() {}\n```\n\n```console\n$ ls\n```\n\n```text\nplain\n```\n")
            for html in ["class=\"language-rust ignore\"", "class=\"language-console\"", "class=\"language-text\""] {
                #expect(page.contains(html), "no \(html) in \(page)")
            }
        },
        GuideSentence(file: "09-pages.md", quote: "84 KB for this guide, in six WOFF2 files") {
            let fonts = try GuideExamples.ran(.output(guideBuild)).folder.appendingPathComponent("content/_site/assets/fonts")
            let files = try FileManager.default.contentsOfDirectory(atPath: fonts.path).map { try Data(contentsOf: fonts.appendingPathComponent($0)) }
            #expect(files.count == 6 && files.allSatisfy { $0.prefix(4) == Data("wOF2".utf8) })
            let total = files.reduce(0) { $0 + $1.count }
            #expect((80_000..<88_000).contains(total), "\(total) bytes")
        },
        GuideSentence(file: "04-markdown.md", quote: "The info string becomes a `language-swift` class") {
            let site = try GuideExamples.ran(.output(guideBuild)).folder.appendingPathComponent("content/_site/markdown")
            let pages = try FileManager.default.contentsOfDirectory(atPath: site.path)
            #expect(pages.contains { ((try? String(contentsOf: site.appendingPathComponent($0), encoding: .utf8)) ?? "").contains("class=\"language-swift\"") })
        },
        GuideSentence(file: "04-markdown.md", quote: "so `04-markdown.md#recto` leads to the term above") {
            let site = try GuideExamples.ran(.output(guideBuild)).folder.appendingPathComponent("content/_site/markdown")
            let pages = try FileManager.default.contentsOfDirectory(atPath: site.path)
            #expect(pages.contains { ((try? String(contentsOf: site.appendingPathComponent($0), encoding: .utf8)) ?? "").contains("id=\"markdown.recto\"") })
        },
        GuideSentence(file: "03-writing.md", quote: "This chapter is number 2; the [Reading](options/01-reading.md) options are 3.1.") {
            let toc = try String(contentsOf: GuideExamples.ran(.output(guideBuild)).folder.appendingPathComponent("content/_site/toc.html"), encoding: .utf8)
            #expect(toc.contains("<span class=\"number\">2.</span> Writing a book") && toc.contains("<span class=\"number\">3.1.</span> Reading"))
        },
        GuideSentence(file: "09-pages.md", quote: "`<article class=\"page page-right page-text\">`") {
            let page = try GuideExamples.ran(.output(guideBuild)).folder.appendingPathComponent("content/_site/introduction/1.html")
            #expect(try String(contentsOf: page, encoding: .utf8).contains("<article class=\"page page-right page-text\""))
        },
    ]

    /// The first page of a one-chapter book, `a.md`, holding `markdown` after its title.
    static func buildOne(_ markdown: String) throws -> String {
        let scratch = try Scratch()
        _ = try scratch.write(["a.md": "# A\n\n" + markdown], under: "book")
        _ = try folio(["build", "book"], in: scratch.url)
        return try String(contentsOf: scratch.url.appendingPathComponent("book/_site/a/1.html"), encoding: .utf8)
    }
}

/// Scenarios' results by name, each made once, under a lock.
final class RanCache: @unchecked Sendable {
    // Recursive: a scenario may start from another's result.
    private let lock = NSRecursiveLock()
    private var results: [String: Result<Ran, Error>] = [:]

    func value(_ scenario: Scenario) throws -> Ran {
        lock.lock()
        defer { lock.unlock() }
        if let result = results[scenario.name] { return try result.get() }
        let result = Result { try scenario.run() }
        results[scenario.name] = result
        return try result.get()
    }
}
