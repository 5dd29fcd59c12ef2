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

/// `folio serve` rebuilds from a cache of the build before; each rebuild must give the files a
/// fresh build of the same book gives, byte for byte.
@Suite struct BuildCacheTests {
    static func paragraphs(_ count: Int, _ word: String) -> String {
        (1...count).map { "Paragraph \($0) of \(word), with enough words in it to fill a few lines of a page in the reader." }
            .joined(separator: "\n\n")
    }

    static let book: [String: String] = [
        "book.yml": "title: Cached\nlanguage: en\nchapters: [one.md, two.md, three.md]\n",
        "one.md": "# One\n\n" + paragraphs(12, "one") + "\n\nSee [the third](three.md#later).\n",
        "two.md": "# Two\n\n" + paragraphs(20, "two") + "\n\n## Middle\n\n" + paragraphs(5, "middle") + "\n",
        "three.md": "# Three\n\n" + paragraphs(8, "three") + "\n\n## Later\n\nBack to [two's middle](two.md#middle).\n",
    ]

    /// Builds `book` after each edit with one cache, told which files changed as the watcher tells
    /// it, and fresh, and compares the sites; an edit that breaks the book must fail both ways. A
    /// rebuild that carried the edit over must name exactly the files that changed. Returns the
    /// names of the edits carried over.
    @discardableResult
    func expectSameAsFresh(_ edits: [(String, ([String: String]) -> [String: String])], book: [String: String] = Self.book) throws -> [String] {
        let cache = BuildCache()
        var files = book
        var served = try buildInMemory(.memory(files), cache: cache).bytes()
        var carried: [String] = []
        for (name, edit) in edits {
            let before = files
            files = edit(files)
            let changed = Set(before.keys).union(files.keys).filter { before[$0] != files[$0] }.sorted()
            let fresh: MemoryBuild
            do {
                fresh = try buildInMemory(.memory(files))
            } catch {
                #expect(throws: DiagnosticsError.self, "\(name)") { try buildInMemory(.memory(files), cache: cache, changed: changed) }
                continue
            }
            let cached = try buildInMemory(.memory(files), cache: cache, changed: changed)
            #expect(cached.pages == fresh.pages, "\(name)")
            #expect(cached.warnings == fresh.warnings, "\(name)")
            let (cachedFiles, freshFiles) = (try cached.bytes(), try fresh.bytes())
            #expect(Set(cachedFiles.keys) == Set(freshFiles.keys), "\(name)")
            let differing = freshFiles.keys.filter { cachedFiles[$0] != freshFiles[$0] }.sorted()
            #expect(differing.isEmpty, "\(name): \(differing)")
            if let named = cached.changed {
                carried.append(name)
                #expect(named == Set(served.keys).union(cachedFiles.keys).filter { served[$0] != cachedFiles[$0] }.sorted(), "\(name)")
            }
            served = cachedFiles
        }
        return carried
    }

    /// An edit of the file at `path`.
    static func changing(_ path: String, _ change: @escaping (String) -> String) -> ([String: String]) -> [String: String] {
        { files in files.merging([path: change(files[path] ?? "")]) { $1 } }
    }

    @Test func everyKindOfEditGivesTheFreshBuildsBytes() throws {
        let changing = Self.changing
        let carried = try expectSameAsFresh([
            ("nothing", { $0 }),
            ("a word", changing("two.md") { $0.replacingOccurrences(of: "Paragraph 3 of two", with: "Paragraph three of two") }),
            ("more pages", changing("two.md") { $0 + "\n" + Self.paragraphs(30, "added") + "\n" }),
            ("fewer pages", changing("two.md") { _ in "# Two\n\nShort now.\n\n## Middle\n\nStill here.\n" }),
            ("a heading moves", changing("three.md") { "# Three\n\n" + Self.paragraphs(25, "pushed") + "\n\n" + $0.dropFirst(9) }),
            ("a title", changing("one.md") { $0.replacingOccurrences(of: "# One", with: "# The First") }),
            ("a new chapter", { $0.merging(["book.yml": "title: Cached\nlanguage: en\nchapters: [one.md, two.md, new.md, three.md]\n",
                                            "new.md": "# New\n\n" + Self.paragraphs(15, "new") + "\n"]) { $1 } }),
            ("a chapter deleted", { files in
                var files = files.merging(["book.yml": "title: Cached\nlanguage: en\nchapters: [one.md, new.md, three.md]\n"]) { $1 }
                files["two.md"] = nil
                files["three.md"] = files["three.md"]!.replacingOccurrences(of: "[two's middle](two.md#middle)", with: "nothing")
                return files
            }),
            ("book.yml", changing("book.yml") { $0.replacingOccurrences(of: "title: Cached", with: "title: Cached Again\npage:\n  size: [400, 560]") }),
            ("a template", { $0.merging(["templates/page.html": "<!DOCTYPE html><title>{{title}}</title><body>{{{content}}}</body>\n"]) { $1 } }),
            ("a strings file", { $0.merging(["templates/strings/en.yml": "contents: Inside\n"]) { $1 } }),
            ("the template again", changing("templates/page.html") { $0.replacingOccurrences(of: "<body>", with: "<body><p>{{page.number}}</p>") }),
            ("a word after all that", changing("one.md") { $0.replacingOccurrences(of: "Paragraph 2 of one", with: "Paragraph two of one") }),
            ("a new word", changing("three.md") { $0 + "\nA zebra and a quagga.\n" }),
            ("the word again, elsewhere", changing("one.md") { $0 + "\nAnother zebra.\n" }),
            ("a word gone", changing("three.md") { $0.replacingOccurrences(of: "A zebra and a quagga.", with: "An okapi.") }),
            // A letter the site's fonts did not have: they are cut again.
            ("a new letter", changing("three.md") { $0.replacingOccurrences(of: "An okapi.", with: "An okapi in Ŋwaketse.") }),
            ("two chapters at once", { files in
                files.merging(["one.md": files["one.md"]!.replacingOccurrences(of: "Paragraph 5 of one", with: "Paragraph five of one"),
                               "three.md": files["three.md"]!.replacingOccurrences(of: "Paragraph 5 of three", with: "Paragraph five of three")]) { $1 }
            }),
            ("text moves back", changing("three.md") {
                $0.replacingOccurrences(of: "Paragraph 1 of pushed, with enough words in it to fill a few lines of a page in the reader.", with: "Paragraph 1 of pushed.")
            }),
            ("a front matter title", changing("three.md") { "---\ntitle: Third\n---\n" + $0 }),
            ("an include", changing("two.md") { $0 + "\n{{#include parts/shared.md}}\n" }),
            ("the included file", { $0.merging(["parts/shared.md": "Shared words, included.\n"]) { $1 } }),
            ("the included file again", changing("parts/shared.md") { $0 + "\nMore shared words.\n" }),
            ("a broken chapter", changing("one.md") { _ in "" }),
            ("mended", changing("one.md") { _ in "# One\n\nBack again.\n" }),
        ])
        // An edit that keeps its chapter's title, headings, links, page count and targets is carried over.
        // An edit that keeps its chapters' outlines, page counts and the pages of their targets is carried over.
        #expect(carried == ["nothing", "a word", "a word after all that", "a new word", "the word again, elsewhere", "a word gone",
                            "a new letter", "two chapters at once", "text moves back"])
    }

    @Test func editsOfFormulasGiveTheFreshBuildsBytes() throws {
        let book = [
            "book.yml": "title: Formulas\nmarkdown:\n  math: true\n",
            "one.md": "# One\n\n" + Self.paragraphs(12, "one") + "\n\nThe area $\\pi r^2$, and\n\n$$\\frac{a}{b}$$\n",
            "two.md": "# Two\n\nA sum $\\sum_i x_i$.\n",
        ]
        let carried = try expectSameAsFresh([
            ("a formula", Self.changing("one.md") { $0.replacingOccurrences(of: "\\pi r^2", with: "\\pi r^3") }),
            ("a TeX error", Self.changing("two.md") { $0 + "\nBroken $\\frac{1}{$ here.\n" }),
            ("another TeX error, in place", Self.changing("two.md") { $0.replacingOccurrences(of: "\\sum_i", with: "\\sum_{i") }),
            ("mended", Self.changing("two.md") { $0.replacingOccurrences(of: "\\frac{1}{$", with: "\\frac{1}{2}$") }),
            ("a formula set apart", Self.changing("two.md") { $0 + "\n$$\\begin{matrix} a \\\\\\\\ b \\\\\\\\ c \\end{matrix}$$\n" }),
            ("math off", Self.changing("book.yml") { _ in "title: Formulas\n" }),
        ], book: book)
        #expect(carried.contains("a formula") && !carried.contains("another TeX error, in place"))
    }

    @Test func searchFilesComeAndGoWithAnEditCarriedOver() throws {
        // A code block of a thousand words, each its own term with its excerpt: several shards of
        // terms. The same words spelt alike take as much room on the page, and leave fewer.
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let words = (0..<1000).map { (number: Int) -> String in
            let spelt: [Character] = [letters[number / 676], letters[number / 26 % 26], letters[number % 26]]
            return "w" + String(spelt) + "word"
        }
        let lines = stride(from: 0, to: words.count, by: 8).map { Array(words[$0..<min($0 + 8, words.count)]) }
        func three(_ lines: [[String]]) -> [String: String] {
            ["three.md": "# Three\n\n```\n" + lines.map { $0.joined(separator: " ") }.joined(separator: "\n") + "\n```\n\n## Later\n\nBack.\n"]
        }
        let alike = lines.map { $0.map { _ in "wzzzword" } }
        let book = Self.book.merging(three(lines)) { $1 }
        func shards(_ files: [String: String]) throws -> Int {
            try buildInMemory(.memory(files)).bytes().keys.filter { $0.hasPrefix("search/terms/") }.count
        }
        let (many, few) = (try shards(book), try shards(book.merging(three(alike)) { $1 }))
        #expect(many > few, "\(many) shards, then \(few)")
        let carried = try expectSameAsFresh([
            ("the words alike", { $0.merging(three(alike)) { $1 } }),
            ("the words again", { $0.merging(three(lines)) { $1 } }),
        ], book: book)
        #expect(carried == ["the words alike", "the words again"])
    }

    @Test func aRebuildDoesOnlyWhatTheEditNeeds() throws {
        let cache = BuildCache()
        var files = Self.book
        let first = try buildInMemory(.memory(files), cache: cache)
        files["two.md"] = files["two.md"]!.replacingOccurrences(of: "Paragraph 3 of two", with: "Paragraph three of two")
        let edited = try buildInMemory(.memory(files), cache: cache, changed: ["two.md"])
        #expect(cache.projects.reread == ["two.md"])
        #expect(cache.reparsed == 1 && cache.relinked == 1 && cache.relaidOut == 1)
        // Only the edited page's document is rendered again; the others, their numbers unchanged, are kept.
        #expect(cache.rerendered == 1, "of \(first.pages)")
        // The build names what changed: that page, and the search files that hold its words.
        #expect(edited.changed?.filter { !$0.hasPrefix("search/") } == ["two/1.html"])
        // Anything but a chapter's own file reads the book whole.
        files["book.yml"]! += "description: Edited.\n"
        _ = try buildInMemory(.memory(files), cache: cache, changed: ["book.yml"])
        #expect(cache.projects.reread == nil)
    }

    /// A chapter grown by pages moves every later page: the build renders one of their documents
    /// (to find a template's errors), the others when first read; the search index is made after.
    @Test func movedPagesAreRenderedWhenRead() throws {
        let cache = BuildCache()
        var files = Self.book
        _ = try buildInMemory(.memory(files), cache: cache).bytes()
        files["one.md"]! += "\n" + String(repeating: "A paragraph more, to fill another page of the chapter.\n\n", count: 40)
        let grown = try buildInMemory(.memory(files), cache: cache, changed: ["one.md"])
        let documents = grown.files.filter { SiteLayout.page(at: $0.key) != nil }.values
        #expect(cache.rerendered > 5)
        #expect(documents.count { !$0.isMade } == cache.rerendered - 1)
        #expect(!grown.files.keys.contains { $0.hasPrefix(SiteLayout.search + "/") } && grown.search?.isMade == false)
        #expect(try grown.bytes() == buildInMemory(.memory(files)).bytes())
    }

    /// A chapter grown by pages moves the pages the later chapters start on: the contents page
    /// shows their new numbers, as a fresh build's does, and so does the page each line leads to.
    @Test func theContentsFollowAChapterThatGrows() throws {
        let cache = BuildCache()
        var files = Self.book
        let before = contentsNumbers(try buildInMemory(.memory(files), cache: cache).bytes())
        files["one.md"]! += "\n" + Self.paragraphs(30, "grown") + "\n"
        let grown = try buildInMemory(.memory(files), cache: cache, changed: ["one.md"]).bytes()
        #expect(grown == (try buildInMemory(.memory(files)).bytes()))
        let after = contentsNumbers(grown)
        #expect(after["one"] == before["one"])
        for slug in ["two", "three"] { #expect(Int(after[slug] ?? "") ?? 0 > Int(before[slug] ?? "") ?? 0, "\(slug)") }
        for (slug, number) in after { #expect(folio(grown["\(slug)/1.html"]) == number, "\(slug)") }
    }

    /// A link written in raw HTML finds its chapter when the page is rendered, against every
    /// chapter: a chapter added that the link now reaches first changes the page that holds it,
    /// though its text is the same.
    @Test func aChapterAddedChangesTheRawHTMLThatReachesIt() throws {
        let book = [
            "book.yml": "title: Raw\nmarkdown:\n  raw-html: true\n",
            "SUMMARY.md": "- [One](one.md)\n- [Part](part/README.md)\n",
            "one.md": "# One\n\n<p><a href=\"part/\">The part</a>, soon.</p>\n",
            "part/README.md": "# Part\n\nText.\n",
        ]
        try expectSameAsFresh([
            ("a chapter added", { $0.merging(["SUMMARY.md": "- [One](one.md)\n- [Part](part/README.md)\n- [Index](part/index.md)\n",
                                              "part/index.md": "# Index\n\nHere.\n"]) { $1 } }),
        ], book: book)
    }

    /// Raw HTML keeps no positions: its links are placed by their chapter's text, so lines added
    /// above them, which change no block, move their warnings all the same.
    @Test func rawHTMLMovedDownItsChapterIsPlacedAnew() throws {
        let book = [
            "book.yml": "title: Raw\nmarkdown:\n  raw-html: true\n",
            "one.md": "# One\n\n<p><a href=\"../beside.html\">beside</a></p>\n",
        ]
        try expectSameAsFresh([("lines above", Self.changing("one.md") { $0.replacingOccurrences(of: "\n\n", with: "\n\n\n\n") })], book: book)
        let moved = try buildInMemory(.memory(book.merging(["one.md": "# One\n\n\n\n<p><a href=\"../beside.html\">beside</a></p>\n"]) { $1 }))
        #expect(moved.warnings.map(\.location) == [SourceLocation(file: "one.md", line: 5, column: 13)])
    }

    /// An mdBook project, whose broken links are warnings: one links to a heading of three, and to
    /// a chapter it lacks; two links nowhere.
    static let slips: [String: String] = [
        "book.toml": "[book]\ntitle = \"Slips\"\n",
        "src/SUMMARY.md": "- [One](one.md)\n- [Two](two.md)\n- [Three](three.md)\n",
        "src/one.md": "# One\n\nSee [later](three.md#later), and [four](four.md).\n",
        "src/two.md": "# Two\n\nNo links.\n",
        "src/three.md": "# Three\n\n## Later\n\nBack to [one](one.md).\n",
    ]

    /// A heading renamed links again only its chapter and those whose links reach it, which warn of
    /// the heading they miss as a fresh build does; a chapter added is linked against by every chapter.
    @Test func aHeadingRenamedLinksAgainOnlyTheChaptersThatReachIt() throws {
        let cache = BuildCache()
        var files = Self.slips
        _ = try buildInMemory(.memory(files), cache: cache)
        files["src/three.md"] = files["src/three.md"]!.replacingOccurrences(of: "## Later", with: "## Later on")
        let renamed = try buildInMemory(.memory(files), cache: cache, changed: ["src/three.md"])
        #expect(cache.relinked == 2)
        #expect(renamed.warnings.contains { $0.message.contains("`#later`") })
        files["src/two.md"]! += "\nStill no links.\n"
        _ = try buildInMemory(.memory(files), cache: cache, changed: ["src/two.md"])
        #expect(cache.relinked == 1)

        let changing = Self.changing
        try expectSameAsFresh([
            ("a heading renamed", changing("src/three.md") { $0.replacingOccurrences(of: "## Later", with: "## Later on") }),
            ("another heading", changing("src/three.md") { $0 + "\n## Last\n\nEnd.\n" }),
            ("renamed back", changing("src/three.md") { $0.replacingOccurrences(of: "## Later on", with: "## Later") }),
            ("a title the link reaches", changing("src/one.md") { $0.replacingOccurrences(of: "# One", with: "# First") }),
            ("the missing chapter", { $0.merging(["src/SUMMARY.md": "- [One](one.md)\n- [Two](two.md)\n- [Three](three.md)\n- [Four](four.md)\n",
                                                  "src/four.md": "# Four\n"]) { $1 } }),
            ("a heading the same but for its case", changing("src/three.md") { $0.replacingOccurrences(of: "## Later", with: "## LATER!") }),
            ("a link reaches two", changing("src/one.md") { $0 + "\nAnd [two](two.md#gone).\n" }),
            ("two gains it", changing("src/two.md") { $0 + "\n## Gone\n\nHere after all.\n" }),
        ], book: Self.slips)
    }

    /// A heading renamed changes the pages of its chapter, the contents and the pages whose links
    /// lead to that chapter; the others' documents are kept.
    @Test func aHeadingRenamedRendersOnlyThePagesThatShowIt() throws {
        let cache = BuildCache()
        var files = Self.book
        files["one.md"]! += "\n## Aside\n\nA heading no link leads to.\n"
        let first = try buildInMemory(.memory(files), cache: cache)
        files["one.md"] = files["one.md"]!.replacingOccurrences(of: "## Aside", with: "## An aside")
        let renamed = try buildInMemory(.memory(files), cache: cache, changed: ["one.md"])
        let fresh = try buildInMemory(.memory(files))
        #expect(try renamed.bytes() == fresh.bytes())
        let oneAndContents = first.files.keys.filter { $0.hasPrefix("one/") || $0.hasPrefix("contents/") }.count
        #expect(cache.rerendered <= oneAndContents, "\(cache.rerendered) of \(first.pages)")
    }
}
