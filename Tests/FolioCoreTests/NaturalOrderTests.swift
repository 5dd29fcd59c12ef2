import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

private func naturallySorted(_ names: [String]) -> [String] {
    names.sortedNaturally { $0 }
}

@Test func numbersCompareByValue() {
    #expect(naturallySorted(["10-x.md", "2-x.md", "1-x.md"]) == ["1-x.md", "2-x.md", "10-x.md"])
}

@Test func leadingZerosDoNotChangeTheValue() {
    #expect(naturallySorted(["010-b", "002-a", "9-c"]) == ["002-a", "9-c", "010-b"])
}

@Test func numbersInsideNames() {
    #expect(naturallySorted(["part2/ch10", "part10/ch1", "part2/ch9"]) == ["part2/ch9", "part2/ch10", "part10/ch1"])
}

@Test func longDigitRunsDoNotOverflow() {
    #expect(naturallyPrecedes("99999999999999999999999999999-a", "100000000000000000000000000000-a"))
    #expect(!naturallyPrecedes("100000000000000000000000000000-a", "99999999999999999999999999999-a"))
}

@Test func lettersCompareIgnoringCase() {
    #expect(naturallySorted(["banana", "Apple", "cherry"]) == ["Apple", "banana", "cherry"])
}

@Test func equalNamesAreOrderedByBytes() {
    #expect(naturallySorted(["a.md", "A.md"]) == ["A.md", "a.md"])
    #expect(naturallySorted(["1-x", "01-x"]) == ["01-x", "1-x"])
}

@Test func nameDoesNotPrecedeItself() {
    #expect(!naturallyPrecedes("1-x.md", "1-x.md"))
}

@Test func prefixComesFirst() {
    #expect(naturallySorted(["intro-2", "intro"]) == ["intro", "intro-2"])
}

@Test func numbersSortWhereTheDigitZeroWould() {
    #expect(naturallySorted(["xa", "x1", "x-"]) == ["x-", "x1", "xa"])
}

@Test func digitsOfOtherScripts() {
    #expect(naturallySorted(["١٠-باب", "٢-باب"]) == ["٢-باب", "١٠-باب"])
}

@Test func orderIsAStrictTotalOrder() {
    let names = ["a", "A", "a1", "a01", "a2", "a10", "a-1", "a_1", "٢", "2", "02", "10", "b", "B1", "", "z", "Ä", "ä"]
    for a in names {
        #expect(!naturallyPrecedes(a, a))
        for b in names where a != b {
            #expect(naturallyPrecedes(a, b) != naturallyPrecedes(b, a), "\(a) \(b)")
            for c in names where naturallyPrecedes(a, b) && naturallyPrecedes(b, c) {
                #expect(naturallyPrecedes(a, c), "\(a) \(b) \(c)")
            }
        }
    }
}

@Test func sortingByKeysIsSortingByComparison() {
    let names = ["a", "A", "a1", "a01", "a2", "a10", "a-1", "a_1", "٢", "2", "02", "10", "b", "B1", "", "z", "Ä", "ä", "ch10.md", "ch9.md"]
    for rotation in names.indices {
        let given = Array(names[rotation...] + names[..<rotation])
        #expect(naturallySorted(given) == given.sorted(by: naturallyPrecedes))
    }
}
