import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination

/// The book as EPUB: the option and the flag, pages made XHTML, stylesheets as EPUB reads them,
/// the archive, and `folio check` of an EPUB.
struct EPUBTests {
    /// A small book's site with its EPUB, built in memory; the EPUB's entries by path.
    static func epub(_ files: [String: String]) throws -> (site: [SiteFile], entries: [String: Data], data: Data, project: LoadedProject) {
        var times = PhaseTimes()
        let project = try loadProject(.memory(files), flags: BuildFlags(epub: true))
        let site = try #require(renderBook(project, times: &times).site)
        let file = try #require(site.first { $0.path.hasSuffix(".epub") })
        let data = try file.bytes(from: project.contentFiles)
        let archive = try ZipArchive.read(data).get()
        return (site, Dictionary(uniqueKeysWithValues: archive.entries.map { ($0.path, $0.data) }), data, project)
    }

    static let book = [
        "book.yml": "title: Tide Tables\nauthors: [Ana Lee]\nlanguage: en\n",
        "SUMMARY.md": "- [Shore](shore.md)\n- [Sea](sea.md)\n",
        "shore.md": "# Shore\n\nThe tide goes out. See [the sea](sea.md#depths).\n\n| Hour | Height |\n|:-----|-------:|\n| 6 | 1.2 |\n",
        "sea.md": "# Sea\n\n## Depths\n\nDeep water.\n",
    ]

    @Test func outputsInBookYAMLAndBookTOML() throws {
        let yaml = try BookOptions.decode(parseYAML("outputs: [site, epub]\n", file: "book.yml"), file: "book.yml")
        #expect(yaml.outputs == [.site, .epub] && yaml.makesEPUB)
        #expect(try BookOptions.decode(parseYAML("outputs: epub\n", file: "book.yml"), file: "book.yml").outputs == [.site, .epub])
        #expect(!BookOptions().makesEPUB)
        #expect(throws: DiagnosticsError.self) { try BookOptions.decode(parseYAML("outputs: [site, pdf]\n", file: "book.yml"), file: "book.yml") }
        let toml = try MdBookConfig.decode(parseTOML(SourceText("[book]\ntitle = \"T\"\n[output.folio]\nepub = true\n", file: "book.toml")), file: "book.toml")
        #expect(toml.options.makesEPUB)
    }

    @Test func theEPUBIsAFileOfTheSiteNamedByTheTitle() throws {
        let (site, entries, data, _) = try Self.epub(Self.book)
        #expect(site.contains { $0.path == "tide-tables.epub" })
        let first = try #require(try ZipArchive.read(data).get().entries.first)
        #expect([first.path, String(decoding: first.data, as: UTF8.self)] == ["mimetype", "application/epub+zip"] && first.stored)
        let package = String(decoding: try #require(entries["EPUB/package.opf"]), as: UTF8.self)
        #expect(package.contains("<dc:title>Tide Tables</dc:title>") && package.contains("<dc:creator>Ana Lee</dc:creator>"))
        #expect(package.contains("<meta property=\"rendition:layout\">pre-paginated</meta>"))
        #expect(package.contains("<meta property=\"rendition:spread\">landscape</meta>"))
        // Each page's document on its side, in the site's order.
        let pages = site.filter { SiteLayout.page(at: $0.path) != nil }.count
        #expect(package.components(separatedBy: "<itemref ").count - 1 == pages)
        #expect(package.contains("<itemref idref=\"page-1\" properties=\"page-spread-right\"/>"))
        // Again, the same bytes.
        #expect(try Self.epub(Self.book).data == data)
    }

    @Test func pagesAreXHTMLWithTheirLinksMadeTheEPUBs() throws {
        let (_, entries, _, _) = try Self.epub(Self.book)
        let shore = String(decoding: try #require(entries["EPUB/shore/1.xhtml"]), as: UTF8.self)
        #expect(shore.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\""))
        #expect(shore.contains("<meta name=\"viewport\" content=\"width="))
        #expect(shore.contains("href=\"../sea/1.xhtml#sea.depths\""))
        #expect(shore.contains("<th style=\"text-align: left\">Hour</th>"))
        #expect(!shore.contains("<script"))
        let nav = String(decoding: try #require(entries["EPUB/nav.xhtml"]), as: UTF8.self)
        #expect(nav.contains("<li><a href=\"shore/1.xhtml\">Shore</a></li>"))
        #expect(nav.contains("<nav epub:type=\"page-list\""))
    }

    @Test func rawHTMLIsMadeWellFormed() throws {
        let page = """
            <!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body>
            <p>a&nbsp;b<br>c<wbr>d</p><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0"/></svg>
            <img src="https://example.com/x.png" alt="remote"><script>alert(1)</script></body></html>
            """
        let document = try XHTMLDocument(page, link: { $0 }, image: { !isExternal($0) })
        let text = String(decoding: document.data, as: UTF8.self)
        #expect(xmlElements(document.data) != nil)
        #expect(text.contains("a\u{A0}b<br/>c<wbr/>d"))
        #expect(text.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">"))
        #expect(text.contains("remote") && !text.contains("<img") && !text.contains("alert"))
        #expect(document.properties == ["svg"])
    }

    @Test func stylesheetsAsEPUBReadsThem() {
        #expect(EPUBStylesheet.expanded(".a :where(p,li).b") == [".a p.b", ".a li.b"])
        #expect(EPUBStylesheet.expanded(":is(.x,.y :where(li,dd))>:where(* + *)") == [".x>* + *", ".y li>* + *", ".y dd>* + *"])
        #expect(EPUBStylesheet.expanded(".b:lang(zh,ja)") == [".b:lang(zh)", ".b:lang(ja)"])
        let css = ".p{font:var(--s)/var(--l) var(--serif);direction:ltr;color:red}.q:has(> p){color:blue}"
            + "@media (prefers-color-scheme:dark){:where(a,b){unicode-bidi:isolate;content:\"x;y\"}}@font-face{font-family:F;src:url(f.woff2)}"
        #expect(EPUBStylesheet.lowered(css) == ".p{font-size:var(--s);line-height:var(--l);font-family:var(--serif);color:red}"
            + "@media (prefers-color-scheme:dark){a,b{content:\"x;y\"}}@font-face{font-family:F;src:url(f.woff2)}")
    }

    @Test func aVerticalBookIsWarnedAbout() {
        var options = BookOptions()
        options.reading.orientation = .vertical
        #expect(EPUBBook.warnings(options).isEmpty)
        options.add(.epub)
        #expect(EPUBBook.warnings(options).first?.message.hasPrefix("EPUB readers turn pages sideways") == true)
    }

    @Test func checkFindsWhatIsAmissInAnEPUB() throws {
        let (site, entries, data, project) = try Self.epub(Self.book)
        let manifest = try #require(site.first { $0.path == SiteLayout.manifest }).bytes(from: project.contentFiles)
        let pages = try #require(sitePages(manifest: manifest))
        #expect(checkEPUB(data, file: "t.epub", pages: pages).diagnostics.isEmpty)
        // A page left out of the spine, a link to a missing id, a file the package lists but lacks.
        var broken = entries
        broken["EPUB/nav.xhtml"] = Data(String(decoding: entries["EPUB/nav.xhtml"]!, as: UTF8.self)
            .replacingOccurrences(of: "sea/1.xhtml\">Sea", with: "sea/1.xhtml#nowhere\">Sea").utf8)
        broken["EPUB/sea/1.xhtml"] = nil
        let order = ["mimetype", "META-INF/container.xml"] + broken.keys.filter { $0 != "mimetype" && $0 != "META-INF/container.xml" }.sorted()
        let tampered = try ZipArchive(order.map { ZipArchive.Entry(path: $0, data: broken[$0]!, stored: $0 == "mimetype") }).data()
        let rules = Set(checkEPUB(tampered, file: "t.epub", pages: pages).diagnostics.compactMap(\.rule))
        #expect(rules == ["epub-spine", "epub-link"])
        #expect(checkEPUB(Data("not a zip".utf8), file: "t.epub").diagnostics.map(\.rule) == ["epub-container"])
    }
}

/// A rebuild keeps the pages that did not change: their documents come from the EPUB already there,
/// and the EPUB is the fresh build's, byte for byte. One without the EPUB it left lays out every page.
struct EPUBRebuildTests {
    @Test func aRebuildsEPUBIsTheFreshBuilds() throws {
        let scratch = try Scratch()
        var files = EPUBTests.book
        files["book.yml"]! += "outputs: [site, epub]\n"
        let book = try scratch.write(files, under: "book")
        let (site, fresh) = (scratch.url.appendingPathComponent("site"), scratch.url.appendingPathComponent("fresh"))
        let epub = "tide-tables.epub"
        _ = try buildBook(at: book.path, output: site.path)
        try (files["sea.md"]! + "\nThe tide comes in.\n").write(to: book.appendingPathComponent("sea.md"), atomically: true, encoding: .utf8)
        let rebuilt = try buildBook(at: book.path, output: site.path)
        #expect(rebuilt.kept > 0)
        _ = try buildBook(at: book.path, output: fresh.path)
        #expect(try Data(contentsOf: site.appendingPathComponent(epub)) == Data(contentsOf: fresh.appendingPathComponent(epub)))

        try FileManager.default.removeItem(at: site.appendingPathComponent(epub))
        try (files["shore.md"]! + "\nGulls.\n").write(to: book.appendingPathComponent("shore.md"), atomically: true, encoding: .utf8)
        #expect(try buildBook(at: book.path, output: site.path).kept == 0)
        try FileManager.default.removeItem(at: fresh)
        _ = try buildBook(at: book.path, output: fresh.path)
        #expect(try Data(contentsOf: site.appendingPathComponent(epub)) == Data(contentsOf: fresh.appendingPathComponent(epub)))
    }
}

/// A drawing program's SVG names the SVG 1.1 DTD, which EPUB forbids: the EPUB's copy goes without
/// its document type, its entities written out.
struct SVGImageTests {
    @Test func anSVGLosesItsDoctypeAndKeepsItsEntities() throws {
        let svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY ink "#123">]>
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="2" height="2" fill="&ink;"/></svg>
            """
        let made = String(decoding: try #require(svgWithoutDoctype(Data(svg.utf8))), as: UTF8.self)
        #expect(!made.contains("DOCTYPE") && !made.contains("&ink;"))
        #expect(made.contains(##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="2" height="2" fill="#123"/></svg>"##))
        #expect(svgWithoutDoctype(Data("<svg".utf8)) == nil)
    }
}
