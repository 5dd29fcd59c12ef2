import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// Which side of the spine each page falls on, blank pages for recto starts, and spreads.
struct PageSidesTests {
    func reading(_ spine: ReadingOptions.Spine, orientation: ReadingOptions.Orientation = .horizontal, doubleSided: Bool = true) -> ReadingOptions {
        var reading = ReadingOptions()
        reading.spine = spine
        reading.orientation = orientation
        reading.doubleSided = doubleSided
        return reading
    }

    func sides(_ reading: ReadingOptions, _ direction: ReadingOptions.Direction, pages: Int = 4) -> [Page.Side] {
        let rule = PageSides(reading, direction: direction)
        return (1...pages).map(rule.side(of:))
    }

    @Test func spreadsLeftToRight() { #expect(sides(reading(.mid), .ltr) == [.right, .left, .right, .left]) }
    @Test func spreadsRightToLeft() { #expect(sides(reading(.mid), .rtl) == [.left, .right, .left, .right]) }
    @Test func autoShowsSpreads() { #expect(sides(reading(.auto), .ltr) == [.right, .left, .right, .left]) }
    @Test func singleSpineMin() { #expect(sides(reading(.min), .ltr) == [.center, .center, .center, .center]) }
    @Test func singleSpineMax() { #expect(sides(reading(.max), .rtl) == [.center, .center, .center, .center]) }
    @Test func oneSidedAuto() { #expect(sides(reading(.auto, doubleSided: false), .ltr) == [.center, .center, .center, .center]) }
    @Test func verticalPagesStandAlone() { #expect(sides(reading(.auto, orientation: .vertical), .ttb) == [.center, .center, .center, .center]) }

    func layout(_ counts: [Int], _ reading: ReadingOptions, start: PageOptions.ChapterStart = .recto) -> [String] {
        let sections = counts.enumerated().map { index, count in
            PageSection(slug: "c\(index + 1)", chapter: ChapterID("c\(index + 1).md"), kind: .text, pages: Array(repeating: LaidPage(blocks: []), count: count))
        }
        return layOutPages(sections, sides: PageSides(reading, direction: .ltr), chapterStart: start)
            .map { "\($0.slug)/\($0.numberInSection)\($0.kind == .blank ? " blank" : "")" }
    }

    @Test func blankPageBeforeAChapterThatWouldOpenOnAVerso() {
        #expect(layout([1, 2, 1], reading(.mid)) == ["c1/1", "c1/2 blank", "c2/1", "c2/2", "c3/1"])
        #expect(layout([1, 1, 1], reading(.mid)) == ["c1/1", "c1/2 blank", "c2/1", "c2/2 blank", "c3/1"])
    }
    @Test func noBlankPagesWithChapterStartAny() { #expect(layout([1, 2, 1], reading(.mid), start: .any) == ["c1/1", "c2/1", "c2/2", "c3/1"]) }
    @Test func noBlankPagesForSinglePages() { #expect(layout([1, 2, 1], reading(.min)) == ["c1/1", "c2/1", "c2/2", "c3/1"]) }

    func spreads(_ counts: [Int], _ reading: ReadingOptions) -> [[Int]] {
        let sections = counts.enumerated().map { PageSection(slug: "c\($0)", chapter: ChapterID("c\($0).md"), kind: .text, pages: Array(repeating: LaidPage(blocks: []), count: $1)) }
        let pages = layOutPages(sections, sides: PageSides(reading, direction: .ltr), chapterStart: .recto)
        return PagedBook(pages: pages, geometry: PageGeometry(size: .pocket, language: "en", type: WebFonts.builtIn.type), targetPages: [:]).spreads
    }

    @Test func firstPageStandsAloneThenPairs() { #expect(spreads([5], reading(.mid)) == [[1], [2, 3], [4, 5]]) }
    @Test func lastVersoStandsAlone() { #expect(spreads([4], reading(.mid)) == [[1], [2, 3], [4]]) }
    @Test func singlePagesAreTheirOwnSpreads() { #expect(spreads([3], reading(.min)) == [[1], [2], [3]]) }
}
