import Testing
@testable import FolioCore

/// Lines and markers found in UTF-8 bytes answer as the character-wise forms do.
struct TextBytesTests {
    @Test func linesAreThoseOfACharacterWiseSplit() {
        for text in ["", "one", "a\n\nb\n", "\n", "é\u{301}\nﾃｷｽﾄ\n中文", "tab\tend\n\n"] {
            #expect(text.lines == text.split(separator: "\n", omittingEmptySubsequences: false), "\(text)")
        }
    }

    @Test func findsASCIIMarkersAmongAnyCharacters() {
        #expect("中文[^note]".contains(marker: "[^"))
        #expect(!"中文[ ^note]".contains(marker: "[^"))
        #expect("label]:".contains(marker: "]:"))
        #expect(!"]".contains(marker: "]:"))
        #expect("~".dropFirst(0).contains(marker: "~"))
        #expect(!"".contains(marker: "~"))
        #expect("anything".contains(marker: ""))
    }
}
