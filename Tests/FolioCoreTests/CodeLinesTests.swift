import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCore
@testable import FolioPagination

/// How a line of code is set on a page: where it breaks, and how many lines it takes.
struct CodeLinesTests {
    /// The theme's code face at 12 px, as a pocket book sets it: 7.234375 px a character with the
    /// letter-spacing that makes it 463 of Chromium's 64ths of a px.
    let setting = CodeLines(size: 12, type: WebFonts.builtIn.type)

    /// A box `characters` characters wide.
    func box(_ characters: Double) -> Double {
        characters * Double(setting.advance) / CodeLines.unitsPerPixel
    }

    @Test func aLineThatFitsIsLeftAlone() {
        #expect(setting.count("let x = 1;", box: box(10)) == 1)
        #expect(setting.breaks("let x = 1;", box: box(10)) == nil)
    }

    @Test func aLineBreaksAfterSpacesAndAfterRunsOfPunctuation() {
        // After `(` but not inside `);`, and not between the letters of a word.
        #expect(setting.breaks("call(alpha, beta);", box: box(14)) == [5])
        #expect(setting.count("call(alpha, beta);", box: box(14)) == 2)
    }

    @Test func anOpeningQuoteStaysWithItsWord() {
        // Before the quote (`(|"Not`), never after it (`"|Not`), and spaces break of themselves.
        #expect(setting.breaks("expect(\"Not a number!\");", box: box(12)) == [7])
    }

    @Test func aLineBreaksAfterAClosingQuoteButNotAnApostrophe() {
        #expect(setting.breaks("say(\"it\"s don't)", box: box(6)) == [4, 8])
    }

    @Test func numbersAreNotBroken() {
        // Not after the minus sign or the decimal point; after the hyphen of `A-1`, as Chromium does.
        #expect(setting.breaks("x = -1.5 * y.0 + A-1", box: box(8)) == [13, 19])
    }

    @Test func chromiumsOwnBreaksBetweenMarksAreKept() {
        // Chromium breaks before an opening bracket after `)`: the paginator counts that place too.
        #expect(setting.breaks("f()(g)(h)(i)(j)(k)", box: box(8)) == [3, 4, 6, 7, 9, 10, 12, 13, 15, 16])
    }

    @Test func theLinesAWrappedLineGoesOnToHangTwoCharactersIn() {
        // Four words of four letters fit a line twenty characters wide, but only three the lines
        // after it, which start two characters in; twenty-two characters take four on each.
        let line = Array(repeating: "word", count: 8).joined(separator: " ")
        #expect(setting.count(line[...], box: box(20)) == 3)
        #expect(setting.count(line[...], box: box(22)) == 2)
    }

    @Test func onlyAWordLongerThanTheLineIsCut() {
        let long = String(repeating: "x", count: 25)
        // The long word goes to the next line whole, where it is cut: 18 characters after the indent.
        #expect(setting.count("let \(long)"[...], box: box(20)) == 3)
        #expect(setting.count("let \(long.prefix(18))"[...], box: box(20)) == 2)
    }

    @Test func tabsReachTheNextStopEveryFourCharacters() {
        // `a`, a tab to 4, `b`, a tab to 8, `c`: nine characters' room.
        #expect(setting.count("a\tb\tc", box: box(9)) == 1)
        #expect(setting.count("a\tb\tc", box: box(8.9)) == 2)
        // A tab less than half a space from a stop goes on to the next: after `a中a`, 3.66
        // characters in, it reaches 8, and `b` needs nine characters' room.
        #expect(setting.count("a中a\tb", box: box(9)) == 1)
        #expect(setting.count("a中a\tb", box: box(8.9)) == 2)
    }

    @Test func wideCharactersBreakOnEitherSideButNotBeforeClosingMarks() {
        // 中文，中文: each ideograph apart, the comma with the one before it.
        #expect(setting.breaks("a中文，中文b", box: box(4)) == [1, 4, 10, 13, 16])
    }

    @Test func aLineOnlyOfSpacesHangs() {
        #expect(setting.count(String(repeating: " ", count: 40)[...], box: box(10)) == 1)
    }

    /// The line counts of lines a browser test sets (Tests/site/test_code_wrap.py): it names a
    /// JSON file of the page's size and the lines, and one to write their counts to.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FOLIO_CODE_LINES"] != nil, "run by Tests/site/test_code_wrap.py"))
    func countsTheLinesOfAFile() throws {
        let environment = ProcessInfo.processInfo.environment
        struct Listing: Decodable { var width: Int, height: Int, lines: [String] }
        let listing = try JSONDecoder().decode(Listing.self, from: Data(contentsOf: URL(fileURLWithPath: environment["FOLIO_CODE_LINES"]!)))
        let geometry = PageGeometry(size: .custom(width: listing.width, height: listing.height), language: "en", type: WebFonts.builtIn.type)
        let typesetter = Typesetter(geometry: geometry, images: [:])
        // A block of each line alone: its height, less the padding, in lines.
        let counts = listing.lines.map { line in
            let height = typesetter.height(of: Block.codeBlock(info: "", code: line + "\n"), width: geometry.contentWidth, after: nil)
            return Int(((height - 2 * geometry.codePaddingBlock) / geometry.codeLineHeight).rounded())
        }
        try JSONEncoder().encode(counts).write(to: URL(fileURLWithPath: environment["FOLIO_CODE_COUNTS"]!))
    }
}
