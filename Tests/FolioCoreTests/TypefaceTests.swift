import Foundation
import Testing
@testable import FolioCore
@testable import FolioPagination

/// The theme's fonts as HarfBuzz reads them, and cut down to a book's characters.
struct TypefaceTests {
    static func file(_ name: String) throws -> Data {
        try #require(Theme.builtIn.files["fonts/" + name])
    }

    static func face(_ file: String) throws -> Typeface {
        try #require(Typeface(try Self.file(file)))
    }

    @Test func aSubsetHoldsOnlyTheBooksCharactersUnderItsOwnName() throws {
        let charis = try Self.face("CharisSIL-Italic.ttf")
        let font = try #require(charis.subset(for: "The office".unicodeScalars, family: "Folio Serif"))
        let subset = try #require(Typeface(font))
        #expect(charis.name(1) == "Charis SIL")
        #expect(subset.name(1) == "Folio Serif" && subset.name(2) == "Italic" && subset.name(6) == "FolioSerif-Italic")
        for kept: UInt32 in [0, 13, 14] { #expect(subset.name(kept) != nil && subset.name(kept) == charis.name(kept)) }
        #expect(subset.name(0)?.contains("SIL International") == true)
        #expect(subset.advance("T") != nil && subset.advance("f") != nil && subset.advance("Z") == nil)
        let original = try Self.file("CharisSIL-Italic.ttf")
        #expect(font.count < original.count / 10)
        let web = try #require(charis.webFont(for: "The office".unicodeScalars, family: "Folio Serif"))
        #expect(web.prefix(4) == Data("wOF2".utf8))
        #expect(web.count < font.count)
    }

    @Test func bytesThatAreNoFontAreRefused() {
        #expect(Typeface(Data("not a font".utf8)) == nil)
    }
}
