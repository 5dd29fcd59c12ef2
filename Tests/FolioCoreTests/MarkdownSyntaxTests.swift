import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// The positioned tree that chapters and SUMMARY.md are both read through.
struct MarkdownSyntaxTests {
    /// Every link of `markdown`, as `line:column`.
    func linkPositions(_ markdown: String) -> [String] {
        var found: [String] = []
        for block in parseMarkdown(markdown, smartPunctuation: false) {
            block.walk(inlines: { inline in
                if case .link(let reference, _) = inline { found.append("\(reference.position.line):\(reference.position.column)") }
            })
        }
        return found
    }

    @Test func linkAtItsBracket() { #expect(linkPositions("Some [text](a.md) here") == ["1:6"]) }
    @Test func columnsCountCharacters() { #expect(linkPositions("Ça über [x](a.md)") == ["1:9"]) }
    @Test func linkSpanningLinesIsAtItsOpeningLine() { #expect(linkPositions("A [long\nlink](a.md)") == ["1:3"]) }
    @Test func linkOnALaterLineOfAnIndentedParagraph() { #expect(linkPositions("  A\n      [x](a.md)") == ["2:7"]) }
    @Test func linkInAListItem() { #expect(linkPositions("- one\n- [two](b.md)") == ["2:3"]) }

    @Test func kindsAndNames() {
        let document = MarkdownNode.parse("# T\n\n```swift\nx\n```\n\n---\n")
        #expect(document.children.map(\.typeName) == ["heading", "code_block", "thematic_break"])
        #expect(document.children[1].kind == .codeBlock(info: "swift"))
        #expect(document.children[1].literal == "x\n")
    }
}
