import Testing
@testable import FolioCore

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
}
