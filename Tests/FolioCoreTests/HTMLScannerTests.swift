import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

private func scan(_ html: String) throws -> HTMLScan {
    try scanHTML(Data(html.utf8), file: "p.html")
}

private func at(_ line: Int, _ column: Int) -> FolioBase.SourceLocation {
    FolioBase.SourceLocation(file: "p.html", line: line, column: column)
}

/// The names of the start tags, with `/` before end tags, in document order.
private func outline(_ html: String) throws -> [String] {
    let result = try scan(html)
    let starts = result.tags.map { ($0.range.lowerBound, $0.name) }
    let ends = result.endTags.map { ($0.range.lowerBound, "/" + $0.name) }
    return (starts + ends).sorted { $0.0 < $1.0 }.map(\.1)
}

/// The first tag's attributes as `name=value`, or just `name` when valueless.
private func attributes(_ html: String) throws -> [String] {
    try scan(html).tags.first?.attributes.map { attribute in attribute.value.map { "\(attribute.name)=\($0)" } ?? attribute.name } ?? []
}

/// What `innerRange` finds inside the `data-page-content` element.
private func pageContent(_ html: String) throws -> String? {
    let bytes = Array(html.utf8)
    return try scan(html).innerRange(ofFirstElementWith: "data-page-content").map { String(decoding: bytes[$0], as: UTF8.self) }
}

@Suite struct HTMLScannerTests {
    @Test func startTag() throws {
        #expect(try scan("<p>").tags == [HTMLTag(name: "p", at: at(1, 1), range: 0..<3)])
    }

    @Test func endTag() throws {
        #expect(try scan("<p>x</p>").endTags == [HTMLEndTag(name: "p", at: at(1, 5), range: 4..<8)])
    }

    @Test func namesAreLowercased() throws {
        let tag = try #require(try scan(#"<DIV ID="Main" Data-Page-Content>"#).tags.first)
        #expect(tag.name == "div")
        #expect(tag.attributes.map(\.name) == ["id", "data-page-content"])
        #expect(tag.value("id") == "Main")
        #expect(try outline("<B></B >") == ["b", "/b"])
    }

    @Test func quotedUnquotedAndValuelessAttributes() throws {
        #expect(try attributes(#"<a href="x y.html" title='it"s' data-n=3 hidden>"#) == ["href=x y.html", #"title=it"s"#, "data-n=3", "hidden"])
    }

    @Test func attributeLocations() throws {
        let tag = try #require(try scan(#"<a href="x" data-n=3 hidden title=''>"#).tags.first)
        #expect(tag.attributes.map(\.location) == [at(1, 10), at(1, 20), at(1, 22), at(1, 36)])
    }

    @Test func attributesSpanningLines() throws {
        let tag = try #require(try scan("<p>\n<a\n  href=\"x\"\n  title=\"one\ntwo\">").tags.last)
        #expect(tag.location == at(2, 1))
        #expect(tag.attribute("href")?.location == at(3, 9))
        #expect(tag.value("title") == "one\ntwo")
    }

    @Test func attributesWithoutSpacesBetween() throws {
        #expect(try attributes(#"<p a="1"b='2'c>"#) == ["a=1", "b=2", "c"])
    }

    @Test func spacesAroundEquals() throws {
        #expect(try attributes("<p a = \"1\"\n b\t=2 c =>") == ["a=1", "b=2", "c="])
    }

    @Test func valueOfMissingRepeatedAndValuelessAttributes() throws {
        let tag = try #require(try scan("<p id=a hidden id=b>").tags.first)
        #expect(tag.value("id") == "a", "browsers keep the first")
        #expect(tag.value("hidden") == "")
        #expect(tag.value("class") == nil)
        #expect(tag.attributes.count == 3)
    }

    @Test func selfClosing() throws {
        let tags = try scan(#"<br/><img src="a.png" /><img src=b.png/><p>"#).tags
        #expect(tags.map(\.selfClosing) == [true, true, false, false])
        #expect(tags[2].value("src") == "b.png/", "an unquoted value takes the slash, as in browsers")
        #expect(tags[1].range == 5..<24)
    }

    @Test func straySlashesBetweenAttributesAreIgnored() throws {
        #expect(try attributes("<p / a=1 /b>") == ["a=1", "b"])
    }

    @Test func characterReferencesInValues() throws {
        let tag = try #require(try scan(#"<p title="a &amp; b &lt;&gt; &quot;x&quot; &#39;&apos; &#x41;&#X42;&#67 &hellip;&nbsp;&mdash;">"#).tags.first)
        #expect(tag.value("title") == "a & b <> \"x\" '' ABC …\u{A0}—")
    }

    @Test func unknownOrUnfinishedReferencesStayAsWritten() throws {
        #expect(try scan("<a href='?a=1&b=2&unknown;&amp &#;&#x;'>").tags.first?.value("href") == "?a=1&b=2&unknown;&amp &#;&#x;")
    }

    @Test func numericReferencesOutsideUnicodeBecomeReplacementCharacters() throws {
        #expect(try scan("<p title='&#0;&#xD800;&#x110000;&#99999999999999999999;'>").tags.first?.value("title") == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    @Test func commentsAreSkipped() throws {
        #expect(try outline(#"<!-- <a href="x"> --><p><!----><!-- a -- b --->"#) == ["p"])
    }

    @Test func abruptlyClosedCommentsEndWhereBrowsersEndThem() throws {
        #expect(try outline("<!--><a><!---><b>") == ["a", "b"])
    }

    @Test func unterminatedCommentRunsToTheEnd() throws {
        #expect(try outline("<p><!-- <a>") == ["p"])
    }

    @Test func doctypeAndProcessingInstructionsAreSkipped() throws {
        #expect(try outline("<!DOCTYPE html><?xml version=\"1.0\"?><![CDATA[<x>]]><html>") == ["html"])
    }

    @Test func scriptAndStyleTextIsNotScanned() throws {
        let html = #"<script>if (a < b && "</p>") document.write("<a href=x>")</script><style>p::before { content: "<b>" }</STYLE ><p>"#
        #expect(try outline(html) == ["script", "/script", "style", "/style", "p"])
    }

    @Test func rawTextEndsOnlyAtItsOwnEndTag() throws {
        #expect(try outline("<script>x = '</scripts>'; y = '</script'</script ><p>") == ["script", "/script", "p"])
    }

    @Test func rawTextWithoutEndTagRunsToTheEnd() throws {
        #expect(try outline("<style><p>") == ["style"])
    }

    @Test func titleAndTextareaAreEscapableRawText() throws {
        #expect(try outline("<title>A <b>bold</b> title</title><textarea><a></textarea>") == ["title", "/title", "textarea", "/textarea"])
    }

    @Test func lessThanInTextThatStartsNoTag() throws {
        #expect(try outline("<p>a < b, 1<2, <3, <= <é> <\n</p><") == ["p", "/p"])
    }

    @Test func oddEndTags() throws {
        // End-tag attributes are ignored, `</>` is nothing, `</ 3>` is a comment.
        #expect(try outline(#"<p></p class="x>y"></><b></ 3></b>"#) == ["p", "/p", "b", "/b"])
    }

    @Test func tagCutOffByTheEndIsDropped() throws {
        #expect(try outline("<p></p><a href=\"x") == ["p", "/p"])
        #expect(try outline("<p><a") == ["p"])
        #expect(try outline("<p></a") == ["p"])
    }

    @Test func columnsCountCharacters() throws {
        let tag = try #require(try scan(#"<p>é 👨‍👩‍👧 e\#u{301}<a href="x">"#).tags.last)
        #expect(tag.location == at(1, 9))
        #expect(tag.attribute("href")?.location == at(1, 18))
    }

    @Test func columnsCountCharactersWhereALetterJoinsTheTag() throws {
        // U+0600 is a prepended mark: with the `<` after it, it makes one character.
        let tag = try #require(try scan("\u{600}<a href=\"x\">").tags.first)
        #expect(tag.location == at(1, 2))
        #expect(tag.attribute("href")?.location == at(1, 10))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try scan("\u{FEFF}<p>").tags == [HTMLTag(name: "p", at: at(1, 1), range: 3..<6)])
    }

    @Test(arguments: [
        ([0x3C, 0x70, 0x3E, 0xFF], "1:4"),
        ([0x3C, 0x70, 0x3E, 0x0A, 0xC3, 0xA9, 0xE2, 0x82, 0x3C], "2:2"),
        ([0x3C, 0x61, 0x20, 0x68, 0x3D, 0x22, 0xF0, 0x9F, 0x98, 0x22, 0x3E], "1:7"),
    ] as [([UInt8], String)])
    func invalidUTF8(bytes: [UInt8], place: String) {
        do {
            _ = try scanHTML(Data(bytes), file: "p.html")
            Issue.record("no error")
        } catch {
            #expect((error as? Diagnostic)?.description == "p.html:\(place): error: the file is not valid UTF-8")
        }
    }

    // MARK: - The page content

    @Test func pageContentOfAnArticle() throws {
        #expect(try pageContent(#"<main><article class="page" data-page-content><p>One<br>two</p></article></main>"#) == "<p>One<br>two</p>")
    }

    @Test func pageContentCountsNestedElementsOfTheSameName() throws {
        #expect(try pageContent("<div><div data-page-content><div>a<div></div></div>b</div><div>c</div></div>") == "<div>a<div></div></div>b")
    }

    @Test func pageContentIgnoresEndTagsInRawText() throws {
        #expect(try pageContent("<div data-page-content><script>'</div>'</script>x</div>") == "<script>'</div>'</script>x")
    }

    @Test func pageContentOfAVoidElementIsEmpty() throws {
        #expect(try pageContent("<img data-page-content src=x>y") == "")
    }

    @Test func selfClosingSlashDoesNotCloseTheElement() throws {
        #expect(try pageContent("<div data-page-content/>x</div>") == "x")
    }

    @Test func pageContentMissing() throws {
        #expect(try pageContent("<div>x</div>") == nil)
        #expect(try pageContent("<div data-page-content><div>x</div>") == nil, "no end tag")
    }

    // MARK: - Fuzz

    private static let sample = """
        \u{FEFF}<!DOCTYPE html>
        <html lang="fr"><head><title>Le <Petit> Prince</title><style>a{b:"</p>"}</style>
        <script>if (a<b) x = "</div>";</script></head>
        <body><!-- a <b> comment --><article class=page data-page-content>
        <p id="un" title='&eacute; &amp; &#x1F600;'>Été<br/><img src=a.png alt="">
        <A HREF="../deux/1.html#x">suite</A ></p></article></body></html>
        """

    @Test func sampleScans() throws {
        let result = try scan(Self.sample)
        #expect(result.tags.map(\.name) == ["html", "head", "title", "style", "script", "body", "article", "p", "br", "img", "a"])
        #expect(result.tags.last?.attribute("href")?.location == at(6, 10))
        #expect(try pageContent(Self.sample)?.hasSuffix("suite</A ></p>") == true)
    }

    @Test func everyPrefixOfAValidDocument() {
        let bytes = Array(Self.sample.utf8)
        for count in 0..<bytes.count {
            expectScansOrDiagnoses(Array(bytes.prefix(count)))
        }
    }

    @Test func randomBytes() {
        let alphabet = Array(#"<>/!-?="' abp&#x;ScriptSTYLE"#.utf8) + [0x0A, 0xC3, 0xA9, 0xFF]
        randomInputs(rounds: 3_000, length: 48, alphabet: alphabet).forEach(expectScansOrDiagnoses)
    }

    @Test func mutatedDocuments() {
        mutants(of: Self.sample, rounds: 2_000).forEach(expectScansOrDiagnoses)
    }

    private func expectScansOrDiagnoses(_ bytes: [UInt8]) {
        do {
            let result = try scanHTML(Data(bytes), file: "p.html")
            let ranges = result.tags.map(\.range) + result.endTags.map(\.range)
            #expect(ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= bytes.count }, "\(bytes)")
            if let inner = result.innerRange(ofFirstElementWith: "a") {
                #expect(inner.lowerBound >= 0 && inner.upperBound <= bytes.count, "\(bytes)")
            }
        } catch let diagnostic as Diagnostic {
            #expect(diagnostic.message == "the file is not valid UTF-8", "\(bytes)")
        } catch {
            Issue.record("not a diagnostic: \(error) for \(bytes)")
        }
    }
}
