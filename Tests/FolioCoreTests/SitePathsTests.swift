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

@Suite struct SitePathsTests {
    // MARK: - Page URLs

    @Test(arguments: [("intro", 1), ("the-middle", 12), ("a.b", 3)])
    func pageURLRoundTrip(slug: String, number: Int) throws {
        let page = try #require(SiteLayout.page(at: SiteLayout.pageURL(slug: slug, number: number)))
        #expect(page.slug == slug && page.number == number)
    }

    @Test(arguments: ["index.html", "intro/x.html", "intro/1.htm", "a/b/1.html", "intro/+1.html", "intro/١.html", "intro/.html", "/1.html", "intro/1.html/"])
    func notAPage(path: String) {
        #expect(SiteLayout.page(at: path) == nil)
    }

    @Test func zeroPaddedNumbersNameAPage() throws {
        let page = try #require(SiteLayout.page(at: "intro/01.html"))
        #expect(page.slug == "intro" && page.number == 1)
    }

    @Test func headingURL() {
        #expect(SiteLayout.headingURL(slug: "writing", number: 2, id: "front-matter") == "writing/2.html#writing.front-matter")
        #expect(SiteLayout.headingID(slug: "writing", id: "front-matter") == "writing.front-matter")
    }

    // MARK: - Links

    @Test(arguments: ["https://example.com", "mailto:a@b.c", "//cdn.example.com/x", "x-y+z.1:rest"])
    func external(url: String) { #expect(isExternal(url)) }

    @Test(arguments: ["a.md", "a/b.md#x:y", "a.md?x:y", "1a:b", ":x", "/about.html", "é:x"])
    func notExternal(url: String) { #expect(!isExternal(url)) }

    @Test func relativeLinkParts() {
        #expect(relativeLink("../b%20c.md?q=1#top", from: "part/a.md") == RelativeLink(written: "../b%20c.md", path: "b c.md", query: "q=1", fragment: "top"))
        #expect(relativeLink("#top", from: "part/a.md") == RelativeLink(written: "", path: "part/a.md", query: nil, fragment: "top"))
        #expect(relativeLink("../../x.md", from: "part/a.md") == RelativeLink(written: "../../x.md", path: nil, query: nil, fragment: nil))
        #expect(relativeLink("", from: "a.md") == nil)
        #expect(relativeLink("/about.html", from: "a.md") == nil)
        #expect(relativeLink("https://example.com/a.md", from: "a.md") == nil)
    }

    // MARK: - Paths

    @Test func normalisation() {
        #expect(lexicallyNormalized("./a/../b.md") == "b.md")
        #expect(lexicallyNormalized("a//b/./c.md") == "a/b/c.md")
        #expect(lexicallyNormalized("../a/../../b.md") == "../../b.md")
        #expect(lexicallyNormalized("a/") == "a")
    }

    @Test func resolving() {
        #expect(resolvePath("b.md", relativeTo: "part") == "part/b.md")
        #expect(resolvePath("../b.md", relativeTo: "part") == "b.md")
        #expect(resolvePath("./sub/", relativeTo: "part") == "part/sub/")
        #expect(resolvePath("x/../..", relativeTo: "part") == "")
        #expect(resolvePath("./", relativeTo: "") == "")
    }

    @Test func resolvingOutsideTheBook() {
        #expect(resolvePath("../b.md", relativeTo: "") == nil)
        #expect(resolvePath("../../b.md", relativeTo: "part") == nil)
        // Climbing out and back in still leaves the book on the way.
        #expect(resolvePath("../x/../b.md", relativeTo: "") == nil)
    }

    @Test func separatorsAreFoundInTheBytes() {
        // A combining mark after a separator makes one character of the two; the separator is one still.
        #expect(directory(of: "é/\u{301}x/ü.md") == "é/\u{301}x")
        #expect(directory(of: "a/\u{301}") == "a")
        #expect(fileName("a/\u{301}") == "\u{301}")
        // Foundation's NSString traps on this one.
        #expect(fileName("//é") == "é")
        #expect(splitFragment("ü.md#\u{301}x") == ("ü.md", "\u{301}x"))
        #expect(splitQuery("ü.md?é=1#x") == ("ü.md", "é=1#x"))
        #expect(lexicallyNormalized("é/./ü/../\u{301}") == "é/\u{301}")
        #expect(temporaryPath(for: "ü/é.html") == "ü/.é.html.folio-tmp")
        #expect(temporaryPath(for: "é.html") == ".é.html.folio-tmp")
    }

    @Test func namesStemsAndExtensions() {
        #expect(directory(of: "a/b/c.md") == "a/b")
        #expect(directory(of: "c.md") == "")
        #expect(fileName("a/b/c.md") == "c.md")
        #expect(fileName("c.md") == "c.md")
        #expect(fileStem("02-the-middle/index.md") == "index")
        #expect(fileStem("a.b.md") == "a.b")
        #expect(fileStem("README") == "README")
        #expect(fileExtension("images/Cover.JPG") == "jpg")
        #expect(fileExtension("archive.tar.gz") == "gz")
        #expect(fileExtension("notes") == "")
        #expect(fileExtension("v1.2/notes") == "")
    }

    // Names and extensions as NSString gives them, edge cases and all.
    @Test(arguments: ["", "/", "//", ".", "..", "...", ".bashrc", "a/.hidden", "a.", "a..", "..md", "a/..", "a/.",
                      "dir/", "dir.d/", "a//b.MD", "/abs/x.png", "x.tar.gz/", "é/ü.Txt", "a b/c d.html", "a/b.c/d",
                      "é", "é/", "é//", "ü.é", "ü.", ".é"])
    func namesAndExtensionsAsNSStringGivesThem(path: String) {
        #expect(fileName(path) == (path as NSString).lastPathComponent)
        #expect(fileExtension(path) == (path as NSString).pathExtension.lowercased())
    }

    // MARK: - Percent encoding

    @Test func encoding() {
        #expect(percentEncodedPath("images/a b#1?.png") == "images/a%20b%231%3F.png")
        #expect(percentEncodedPath("é/x;y") == "%C3%A9/x%3By")
        #expect(uriReference("a b/1.html#x y") == "a%20b/1.html#x%20y")
        #expect(percentDecoded("a%20b%C3%A9") == "a bé")
        #expect(percentDecoded("100%") == "100%")
    }
}
