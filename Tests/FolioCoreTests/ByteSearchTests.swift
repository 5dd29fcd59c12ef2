import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// Lines and markers found in UTF-8 bytes answer as the character-wise forms do.
struct ByteSearchTests {
    @Test func linesAreThoseOfACharacterWiseSplit() {
        for text in ["", "one", "a\n\nb\n", "\n", "é\u{301}\nﾃｷｽﾄ\n中文", "tab\tend\n\n"] {
            #expect(text.lines == text.split(separator: "\n", omittingEmptySubsequences: false), "\(text)")
        }
    }

    @Test func findsASCIIMarkersAmongAnyCharacters() {
        #expect("中文[^note]".containsBytes("[^"))
        #expect(!"中文[ ^note]".containsBytes("[^"))
        #expect("label]:".containsBytes("]:"))
        #expect(!"]".containsBytes("]:"))
        #expect("~".dropFirst(0).containsBytes("~"))
        #expect(!"".containsBytes("~"))
        #expect("anything".containsBytes(""))
    }

    /// Each byte predicate, over every byte, against the same question asked of the scalar.
    @Test func bytePredicatesAnswerAsTheScalarsDo() {
        for value in UInt8.min...UInt8.max {
            let scalar = Unicode.Scalar(value), ascii = value < 0x80
            let letter = ascii && scalar.properties.isAlphabetic, digit = ascii && ("0"..."9").contains(scalar)
            #expect(isASCIILetter(value) == letter, "\(value)")
            #expect(isASCIIDigit(value) == digit, "\(value)")
            #expect(isASCIIAlphanumeric(value) == (letter || digit), "\(value)")
            #expect(isASCIIUppercase(value) == (ascii && scalar.properties.isUppercase), "\(value)")
            #expect(asciiLowercased(value) == (ascii ? UInt8(String(scalar).lowercased().unicodeScalars.first!.value) : value), "\(value)")
            #expect(isASCIIGraphic(value) == (ascii && value > 0x20 && value != 0x7F), "\(value)")
            #expect(isASCIIPunctuation(value) == ("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".utf8.contains(value)), "\(value)")
            #expect(asciiHexDigitValue(value) == (ascii ? Character(scalar).hexDigitValue.map(UInt8.init) : nil), "\(value)")
            #expect(isSpaceByte(value) == [0x20, 0x09, 0x0A, 0x0D].contains(value), "\(value)")
            #expect(isHTMLSpaceByte(value) == [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(value), "\(value)")
            #expect(isASCIIWhitespace(value) == (ascii && scalar.properties.isWhitespace), "\(value)")
        }
        #expect(Character("7").isASCIIDigit && !Character("٧").isASCIIDigit && !Character("7\u{301}").isASCIIDigit)
        #expect(Character("q").isASCIILetter && !Character("é").isASCIILetter)
        #expect(Unicode.Scalar("~").isASCIIPunctuation && !Unicode.Scalar("¡").isASCIIPunctuation)
    }
}
