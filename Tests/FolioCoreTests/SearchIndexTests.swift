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

/// The search index: the normalisation on the table the reader's query side is tested on too
/// (`Tests/search-cases.json`), and books of each script built in memory into the index's files.
struct SearchIndexTests {
    struct Cases: Decodable {
        var fold: [[String]]
        var terms: [Term]
        struct Term: Decodable {
            var text: String
            var terms: [String]
            init(from decoder: Decoder) throws {
                var pair = try decoder.unkeyedContainer()
                text = try pair.decode(String.self)
                terms = try pair.decode([String].self)
            }
        }
    }

    // The suite is decoded into `Decodable` structs (it needs no positions; JSONDecoder reads
    // only tests' fixtures): see ARCHITECTURE.md.
    static let cases = try! JSONDecoder().decode(Cases.self, from: Data(contentsOf: Folio.packageRoot.appendingPathComponent("Tests/search-cases.json")))

    @Test func foldsAsTheTableSays() {
        for pair in Self.cases.fold { #expect(SearchText.fold(pair[0]) == pair[1], "\(pair[0])") }
    }

    @Test func termsAsTheTableSays() {
        for term in Self.cases.terms { #expect(SearchIndex.terms(of: term.text) == term.terms, "\(term.text)") }
    }

    @Test func asciiWordCharactersAreLettersDigitsAndUnderscore() {
        for byte in UInt8(0)..<0x80 {
            let character = Character(Unicode.Scalar(byte))
            let isWord = character.isLetter || character.isNumber || character == "_"
            // Between two letters, a word character joins them into one token.
            let tokens = SearchText.tokens("a" + String(character) + "b").map(\.text)
            #expect(tokens == (isWord ? ["a" + String(character) + "b"] : ["a", "b"]), "\(byte)")
        }
    }

    /// The index's files of a one-chapter book, by path, as JSON values, and the book number of
    /// the chapter's first page (after the title and contents pages).
    static func index(_ markdown: String, language: String = "en") throws -> (files: [String: JSONNode], first: Int) {
        var times = PhaseTimes()
        let project = try loadProject(.memory(["book.yml": "title: T\nlanguage: \(language)\n", "chapter.md": markdown]))
        let site = try #require(renderBook(project, times: &times).site)
        var files: [String: JSONNode] = [:]
        for file in site where file.path.hasPrefix("search/") {
            files[file.path] = try parseJSON(file.bytes(from: project.contentFiles), file: file.path)
        }
        let pages = site.filter { $0.path.hasPrefix("chapter/") }.count
        return (files, bookPages(files) - pages + 1)
    }

    /// The pages (book numbers) the index names for `term`, read from its shards.
    static func pages(of term: String, in files: [String: JSONNode]) -> [Int] {
        for (path, value) in files where path.hasPrefix("search/terms/") {
            for entry in (value.array ?? []).compactMap(\.array) where entry[0].string == term {
                var page = 0
                return (entry[1].array ?? []).compactMap(\.number).map { page += Int($0); return page }
            }
        }
        return []
    }

    /// The excerpts the index has for `term`, read from its shards.
    static func excerpts(of term: String, in files: [String: JSONNode]) -> [String] {
        for (path, value) in files where path.hasPrefix("search/terms/") {
            for entry in (value.array ?? []).compactMap(\.array) where entry[0].string == term {
                return entry.count > 2 ? (entry[2].array ?? []).compactMap(\.string) : []
            }
        }
        return []
    }

    static func bookPages(_ files: [String: JSONNode]) -> Int {
        files[SiteLayout.searchIndex]?["pages"]?.number.map { Int($0) } ?? 0
    }

    @Test func latinWordsFoldedToTheirPages() throws {
        let (files, first) = try Self.index("# Café\n\nThe Naïve reader of ÉCOLES.\n\n<div>hidden markup</div>\n")
        for term in ["cafe", "naive", "ecoles"] { #expect(Self.pages(of: term, in: files) == [first], "\(term)") }
        #expect(Self.pages(of: "div", in: files) == [] && Self.pages(of: "hidden", in: files) == [])
    }

    @Test func wordsOnLaterPagesNameThosePages() throws {
        let long = (1...400).map { "Sentence number \($0) fills the page." }.joined(separator: "\n\n")
        let (files, first) = try Self.index("# Long\n\n\(long)\n\nzebra at the end\n")
        let last = Self.bookPages(files)
        #expect(last > first + 2)
        #expect(Self.pages(of: "zebra", in: files) == [last])
        #expect(Self.pages(of: "sentence", in: files) == Array(first...last))
    }

    @Test func aWordsFirstPagesHaveExcerptsHoldingIt() throws {
        let long = (1...400).map { "Sentence number \($0) fills the page." }.joined(separator: "\n\n")
        let (files, _) = try Self.index("# Long\n\n\(long)\n\nzebra at the end, 系统\n", language: "zh")
        let sentence = Self.excerpts(of: "sentence", in: files)
        #expect(sentence.count == SearchExcerpt.perTerm && Self.pages(of: "sentence", in: files).count > SearchExcerpt.perTerm)
        for excerpt in sentence { #expect(SearchIndex.terms(of: excerpt).contains("sentence"), "\(excerpt)") }
        #expect(Self.excerpts(of: "zebra", in: files) == ["…number 400 fills the page. zebra at the end, 系统"])
        // Ideograph pairs are checked against the pages' texts, and have none.
        #expect(Self.excerpts(of: "系统", in: files) == [] && Self.pages(of: "系统", in: files).count == 1)
    }

    @Test func anExcerptIsWholeWordsAroundTheTerm() {
        let text = "First words here.\nThen a long sentence that goes on and on, with the target word somewhere in its middle, and still further on and on past the end."
        let target = text.utf8.distance(from: text.startIndex, to: text.range(of: "target")!.lowerBound)
        let excerpt = SearchExcerpt.excerpt(text, at: target)
        // From a word up to 30 characters before it, to a word's end about 100 characters on.
        #expect(excerpt == "…goes on and on, with the target word somewhere in its middle, and still further on and on past the…")
        // At the text's beginning, no ellipsis; lines joined by a space.
        #expect(SearchExcerpt.excerpt(text, at: 0).hasPrefix("First words here. Then a long"))
        // A word longer than an excerpt is kept whole.
        let word = String(repeating: "x", count: 150)
        #expect(SearchExcerpt.excerpt("a \(word) b", at: 2) == "a \(word)…")
    }

    @Test func aTermsPagesFarApartKeepTheirNumbers() {
        var pages = PageNumbers()
        for page in [1, 2, 2, 130, 20_000, 2_100_000] { pages.append(page) }
        #expect(pages.gaps == [1, 1, 128, 19_870, 2_080_000] && pages.count == 5)
    }

    @Test func chineseByOverlappingPairs() throws {
        let (files, first) = try Self.index("# 系统编程\n\n系统编程实践。\n", language: "zh")
        for term in ["系统", "统编", "编程", "程实", "实践", "践"] { #expect(Self.pages(of: term, in: files) == [first], "\(term)") }
    }

    @Test func japaneseAndKorean() throws {
        let (files, first) = try Self.index("# 本\n\n日本語のテキスト 한국어\n", language: "ja")
        #expect(Self.pages(of: "本語", in: files) == [first] && Self.pages(of: "国어", in: files) == [] && Self.pages(of: "국어", in: files) == [first])
    }

    @Test func arabicAndHebrewLetters() throws {
        let (files, first) = try Self.index("# كتاب\n\nبِسْمِ ٱللَّهِ في المدرسة. שָׁלוֹם מֶלֶךְ\n", language: "ar")
        for term in ["بسم", "الله", "المدرسه", "שלומ", "מלכ"] { #expect(Self.pages(of: term, in: files) == [first], "\(term)") }
    }

    @Test func codeIdentifiersWholeAndInParts() throws {
        let (files, first) = try Self.index("# Code\n\n```swift\nlet view = getElementById(\"x\")\nstd::io::Read\n```\n")
        for term in ["getelementbyid", "element", "std::io::read", "io"] { #expect(Self.pages(of: term, in: files) == [first], "\(term)") }
    }

    @Test func theTableOfContentsNamesEveryFileInOrder() throws {
        let files = try Self.index("# A\n\n" + (1...3000).map { "w\($0)" }.joined(separator: " ") + "\n").files
        let toc = try #require(files[SiteLayout.searchIndex])
        let shards = try #require(toc["terms"]?.array)
        #expect(shards.count > 1)
        let firsts = shards.compactMap { $0["first"]?.string }
        #expect(firsts == firsts.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        for shard in shards { #expect(files["search/" + (shard["file"]?.string ?? "")] != nil) }
    }

    /// A word more on a page rewrites the shards of the terms it moves, not every shard after them.
    @Test func anEditRewritesAFewShards() throws {
        var book: [String: String] = [:]
        for chapter in 1...300 { book["c\(chapter).md"] = "# C\(chapter)\n\n" + (1...20).map { "w\(chapter)x\($0)" }.joined(separator: " ") + "\n" }
        func shards(_ book: [String: String]) throws -> [String: Data] {
            try buildInMemory(.memory(book)).bytes().filter { $0.key.hasPrefix("search/terms/") }
        }
        let before = try shards(book)
        book["c20.md"]! += "\nOne word more.\n"
        let after = try shards(book)
        #expect(before.count > 10)
        #expect(before.keys.filter { before[$0] != after[$0] }.count <= 4)
    }

    @Test func sameBookSameBytes() throws {
        var times = PhaseTimes()
        let project = try loadProject(.memory(["chapter.md": "# A\n\nalpha beta gamma 中文\n"]))
        func searchFiles() throws -> [String: Data] {
            let site = try #require(renderBook(project, times: &times).site).filter { $0.path.hasPrefix("search/") }
            return try Dictionary(uniqueKeysWithValues: site.map { ($0.path, try $0.bytes(from: project.contentFiles)) })
        }
        let once = try searchFiles()
        #expect(try once == searchFiles() && !once.isEmpty)
    }

    // Tokens are found again by their bytes however many there are, and nothing else is found.
    @Test func tokenNumbersFindEveryTokenByItsBytes() {
        var numbers = TokenNumbers()
        let tokens = (0..<5_000).map { "word\($0)" } + ["é", "中文", "a::b", String(repeating: "x", count: 100)]
        for (number, token) in tokens.enumerated() { withBytes(token) { numbers.insert($0, number: number) } }
        for (number, token) in tokens.enumerated() { #expect(withBytes(token) { numbers.number(of: $0) } == number) }
        for missing in ["word", "word5000", "Word1", "中", "x"] { #expect(withBytes(missing) { numbers.number(of: $0) } == nil) }
    }
}
