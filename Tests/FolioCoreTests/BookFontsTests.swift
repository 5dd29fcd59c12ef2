import Foundation
import Testing
@testable import FolioCore

/// book.yml's `fonts`: a book's own font files in place of the theme's faces, cut down and
/// measured as the theme's are.
struct BookFontsTests {
    static let prose = String(repeating: "The compositor sets each line by hand, and the printer pulls a proof of the forme. ", count: 12)

    /// A book of long paragraphs, with `yml` as its book.yml and a copy of the theme's monospace as `fonts/Mine.ttf`.
    func book(_ yml: String, in scratch: Scratch) throws -> URL {
        let book = try scratch.write(["book.yml": yml, "a.md": "# A\n\n" + Array(repeating: Self.prose, count: 12).joined(separator: "\n\n"),
                                      "fonts/NotAFont.ttf": "plain text"], under: "book")
        try #require(Theme.builtIn.files["fonts/DejaVuSansMono.ttf"]).write(to: book.appendingPathComponent("fonts/Mine.ttf"))
        return book
    }

    func pages(_ site: URL) throws -> Int {
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("manifest.json"))) as? [String: Any]
        return try #require((manifest?["metadata"] as? [String: Any])?["numberOfPages"] as? Int)
    }

    @Test func aBooksFontIsCutAndMeasuredInPlaceOfTheThemes() throws {
        let scratch = try Scratch()
        let plain = try book("title: T\n", in: scratch)
        #expect(try Folio.run(["build", "book", "-o", "plain"], in: scratch.url).status == 0)
        try Data("title: T\nfonts:\n  regular: fonts/Mine.ttf\n".utf8).write(to: plain.appendingPathComponent("book.yml"))
        let built = try Folio.run(["build", "book", "-o", "own"], in: scratch.url, environment: ["NO_COLOR": "1"])
        #expect(built.status == 0, "\(built.stderr)")
        let font = "assets/fonts/serif-regular.woff2"
        let (theirs, mine) = try (Data(contentsOf: scratch.url.appendingPathComponent("plain/" + font)),
                                  Data(contentsOf: scratch.url.appendingPathComponent("own/" + font)))
        #expect(theirs != mine)
        // A monospace is wider than Charis: the same text takes more pages.
        #expect(try pages(scratch.url.appendingPathComponent("own")) > pages(scratch.url.appendingPathComponent("plain")))
        // The other faces stay the theme's.
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("own/assets/fonts/serif-bold.woff2"))
                == Data(contentsOf: scratch.url.appendingPathComponent("plain/assets/fonts/serif-bold.woff2")))
    }

    @Test func aFontThatIsMissingOrNoFontIsAnErrorAtItsPlace() throws {
        let scratch = try Scratch()
        _ = try book("title: T\nfonts:\n  italic: fonts/Gone.ttf\n", in: scratch)
        let missing = try Folio.run(["build", "book"], in: scratch.url, environment: ["NO_COLOR": "1"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("book/book.yml:3:11: error: the font `fonts/Gone.ttf` does not exist"), "\(missing.stderr)")
        try Data("title: T\nfonts:\n  mono: fonts/NotAFont.ttf\n".utf8).write(to: scratch.url.appendingPathComponent("book/book.yml"))
        let notAFont = try Folio.run(["build", "book"], in: scratch.url, environment: ["NO_COLOR": "1"])
        #expect(notAFont.status == 1)
        #expect(notAFont.stderr.contains("book/book.yml:3:9: error: `fonts/NotAFont.ttf` is not a font Folio can read"), "\(notAFont.stderr)")
    }
}
