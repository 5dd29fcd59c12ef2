import Testing
@testable import FolioBook
@testable import FolioCore
@testable import FolioPagination

/// Pages numbered as a printed book numbers them, the front matter in roman numerals and the
/// chapters from 1; the contents page gives each chapter's first page in those numbers.
struct PageNumberingTests {
    @Test func romanNumerals() {
        #expect([1, 2, 3, 4, 5, 9, 14, 40, 90, 400, 1994].map(romanNumeral)
                == ["i", "ii", "iii", "iv", "v", "ix", "xiv", "xl", "xc", "cd", "mcmxciv"])
    }

    @Test func theFrontMatterInRomanNumeralsThenTheChaptersFromOne() {
        #expect((1...7).map(PageNumbering(frontMatter: 4).label) == ["i", "ii", "iii", "iv", "1", "2", "3"])
        #expect((1...3).map(PageNumbering(frontMatter: 0).label) == ["1", "2", "3"])
    }

    /// Forty chapters of one to five pages (page breaks), some with titles of two lines: contents
    /// of several pages. `options` go into book.yml.
    static func book(_ options: String) -> [String: String] {
        var files = ["book.yml": "title: Numbered\nchapters: [" + (1...40).map { "c\($0).md" }.joined(separator: ", ") + "]\n" + options,
                     "cover.md": "# A cover\n"]
        for chapter in 1...40 {
            let title = chapter % 7 == 0 ? "A chapter whose title is long enough to take two lines of the contents page" : "Chapter \(chapter)"
            let pages = (1...(chapter * 7 % 5 + 1)).map { "Page \($0) of chapter \(chapter)." }
            files["c\(chapter).md"] = "# \(title)\n\n" + pages.joined(separator: "\n\n<!-- pagebreak -->\n\n") + "\n"
        }
        return files
    }

    /// However long the front matter, and whichever side chapters open on, each contents line
    /// shows the number its chapter's first page shows.
    @Test(arguments: ["", "page:\n  chapter-start: any\n", "reading:\n  spine: min\n", "reading:\n  direction: rtl\nlanguage: ar\n",
                      "cover: cover.md\n", "page:\n  title-page: false\n"])
    func eachContentsLineShowsItsChaptersFirstPage(_ options: String) throws {
        let site = try buildInMemory(.memory(Self.book(options))).bytes()
        let numbers = contentsNumbers(site)
        #expect(numbers.count == 40)
        for (slug, number) in numbers { #expect(folio(site["\(slug)/1.html"]) == number, "\(slug)") }
        #expect(numbers["c1"] == "1")
        #expect(site.keys.contains("contents/2.html"), "the contents take one page")
        #expect(folio(site["contents/1.html"])?.allSatisfy { "ivx".contains($0) } == true)
    }
}
