import FolioBase

/// The numbers the pages show, as a printed book numbers them: the front matter (a cover and
/// the pages Folio writes before the first chapter, with the blank pages among them) in
/// lower-case roman numerals, the chapters' pages from 1. So the chapters' numbers do not depend
/// on how long the front matter is, and the contents page, which is part of it, can show them.
package struct PageNumbering: Sendable, Equatable {
    /// How many pages come before the first chapter's first page.
    package var frontMatter: Int

    package init(frontMatter: Int) {
        self.frontMatter = frontMatter
    }

    /// The numbering of a book of `pages`: its front matter ends where the first chapter begins.
    package init(_ pages: [Page]) {
        self.init(frontMatter: pages.firstIndex { $0.kind == .text } ?? pages.count)
    }

    /// The number shown by the page numbered `number` through the book.
    package func label(of number: Int) -> String {
        number <= frontMatter ? romanNumeral(number) : String(number - frontMatter)
    }
}

/// `number`, from 1, in lower-case roman numerals: 4 → iv, 1994 → mcmxciv.
func romanNumeral(_ number: Int) -> String {
    let numerals = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
                    (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
    var rest = number
    var numeral = ""
    for (value, letters) in numerals {
        while rest >= value {
            numeral += letters
            rest -= value
        }
    }
    return numeral
}
