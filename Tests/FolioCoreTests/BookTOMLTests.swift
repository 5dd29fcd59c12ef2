import Foundation
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe
import Testing

/// book.toml through the toml++ shim: values and where they are written, then what Folio reads.
struct BookTOMLTests {
    private func parse(_ text: String) throws -> YAMLNode {
        try parseTOML(SourceText(text, file: "book.toml"))
    }

    private func value(_ node: YAMLNode, _ path: String...) -> YAMLNode? {
        path.reduce(Optional(node)) { node, key in
            guard case .mapping(let pairs)? = node?.value else { return nil }
            return pairs.first { $0.key.string == key }?.value
        }
    }

    @Test func valuesKeepTheirPositions() throws {
        let root = try parse("""
            [book]
            title = "Über"
            authors = ["A", "B"]

            [output.html]
            "smart-punctuation" = true
            """)
        let title = try #require(value(root, "book", "title"))
        #expect(title.value == .scalar("Über", plain: false))
        #expect(title.location == SourceLocation(file: "book.toml", line: 2, column: 9))
        guard case .sequence(let authors)? = value(root, "book", "authors")?.value else { Issue.record("no authors"); return }
        #expect(authors.map(\.location.column) == [12, 17])
        let smart = try #require(value(root, "output", "html", "smart-punctuation"))
        #expect(smart.bool == true)
        #expect(smart.location == SourceLocation(file: "book.toml", line: 6, column: 23))
        guard case .mapping(let pairs) = root.value, let book = pairs.first else { Issue.record("no tables"); return }
        #expect(book.key.location == SourceLocation(file: "book.toml", line: 1, column: 2))
    }

    @Test func columnsCountCharacters() throws {
        let root = try parse("title = \"é\" \nx = 1\ny = 'ünï'\nz = 2")
        #expect(value(root, "z")?.location == SourceLocation(file: "book.toml", line: 4, column: 5))
        #expect(value(root, "y")?.location == SourceLocation(file: "book.toml", line: 3, column: 5))
    }

    @Test func syntaxErrorsHaveAPlace() {
        #expect(throws: Diagnostic.self) { try parse("[book]\ntitle = \n") }
        do {
            _ = try parse("a = 1\n[book\n")
        } catch let error as Diagnostic {
            #expect(error.location?.line == 2)
            #expect(error.message.hasPrefix("TOML syntax error: "))
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func numbersAndDatesArePlainStringsAreQuoted() throws {
        let root = try parse("n = 42\nf = 1.5\nd = 2024-01-02\ns = \"true\"")
        #expect(value(root, "n")?.int == 42)
        #expect(value(root, "s")?.bool == nil)
        #expect(value(root, "d")?.value == .scalar("2024-01-02", plain: true))
    }

    @Test func mdBookOptions() throws {
        let config = try MdBookConfig.decode(parse("""
            [book]
            title = "T"
            authors = ["A"]
            language = "ar"
            text-direction = "rtl"
            src = "text"
            multilingual = false

            [output.html]
            site-url = "https://example.com/b"
            curly-quotes = false
            default-theme = "coal"
            additional-css = ["a.css"]
            mathjax-support = true

            [output.folio]
            justify = false
            offline = false

            [output.html.redirect]
            "/x.html" = "y.html"
            "/x.html#f" = "y.html#g"

            [preprocessor.one]
            before = ["links"]
            [preprocessor.two]
            command = "python3 two.py"
            """), file: "book.toml")
        #expect(config.options.title == "T")
        #expect(!config.options.page.justify && !config.options.offline)
        #expect(config.options.language == "ar")
        #expect(config.options.reading.direction == .rtl)
        #expect(config.options.url == "https://example.com/b/")
        #expect(config.options.markdown.smartPunctuation == false)
        #expect(config.options.defaultTheme == .dark)
        #expect(config.source == "text")
        #expect(config.stylesheets.map(\.path) == ["a.css"])
        #expect(config.options.redirects.map(\.from) == ["x.html"])
        #expect(config.preprocessors.map(\.name) == ["one", "two"])
        #expect(config.options.markdown.math == .mathJax)
        #expect(config.ignored.map(\.key) == ["output.html.redirect.\"/x.html#f\""])
        #expect(config.warnings.map(\.description) == [
            "book.toml:7:1: warning: `book.multilingual` is mdBook 0.4's and was removed in mdBook 0.5",
            "book.toml:11:1: warning: `output.html.curly-quotes` is mdBook 0.4's and was removed in mdBook 0.5",
        ])
        #expect(config.warnings.map(\.hint) == ["it was never used", "use `output.html.smart-punctuation`"])
    }

    @Test func admonitionsAndDefinitionListsAreOnUnlessTurnedOff() throws {
        let on = try MdBookConfig.decode(parse("[book]\ntitle = \"T\""), file: "book.toml").options.markdown
        #expect(on.admonitions && on.definitionLists)
        let off = try MdBookConfig.decode(parse("[output.html]\nadmonitions = false\ndefinition-lists = false"), file: "book.toml").options.markdown
        #expect(!off.admonitions && !off.definitionLists)
        #expect(throws: DiagnosticsError.self) { try MdBookConfig.decode(parse("[output.html]\nadmonitions = \"no\""), file: "book.toml") }
    }

    @Test func mdBook04sRemovedKeysAreWarningsAtTheirPlace() throws {
        let config = try MdBookConfig.decode(parse("[output.html]\ncopy-fonts = true\ngoogle-analytics = \"G-1\""), file: "book.toml")
        #expect(config.warnings.map(\.description) == [
            "book.toml:2:1: warning: `output.html.copy-fonts` is mdBook 0.4's and was removed in mdBook 0.5",
            "book.toml:3:1: warning: `output.html.google-analytics` is mdBook 0.4's and was removed in mdBook 0.5",
        ])
        #expect(config.ignored.isEmpty)
    }

    @Test func mdBookThemesMapToFolios() throws {
        func theme(_ toml: String) throws -> DefaultTheme {
            try MdBookConfig.decode(parse("[output.html]\n" + toml), file: "book.toml").options.defaultTheme
        }
        #expect(try theme("") == .system)
        #expect(try theme("default-theme = \"rust\"") == .system)
        #expect(try theme("default-theme = \"navy\"") == .dark)
        #expect(try theme("preferred-dark-theme = \"light\"") == .light)
        #expect(throws: DiagnosticsError.self) { try theme("default-theme = \"pink\"") }
    }

    @Test func preprocessorsRunInMdBooksOrder() {
        let at = SourceLocation(file: "book.toml")
        let order = preprocessorOrder([
            PreprocessorConfig(name: "b", location: at),
            PreprocessorConfig(name: "a", after: ["b"], location: at),
            PreprocessorConfig(name: "c", before: ["links"], location: at),
            PreprocessorConfig(name: "d", after: ["nonesuch"], location: at),
        ])
        // `c` runs before the built-in `links`, but ties in a round go by name, as in mdBook.
        #expect(order?.map(\.name) == ["b", "c", "d", "a"])
        #expect(preprocessorOrder([PreprocessorConfig(name: "x", after: ["y"], location: at),
                                   PreprocessorConfig(name: "y", after: ["x"], location: at)]) == nil)
    }

    @Test func commandsSplitAsAShellSplitsThem() {
        #expect(shellWords("python3 'my tools/x.py' --flag=\"a b\" c\\ d") == ["python3", "my tools/x.py", "--flag=a b", "c d"])
    }

    @Test func refreshURLs() {
        #expect(redirectURL("0; url=../a/1.html#x") == "../a/1.html#x")
        #expect(redirectURL("0;URL='a.html'") == "a.html")
        #expect(redirectURL("5") == nil)
    }

    @Test func aPreprocessorsBookIsReadInEitherShape() {
        func chapter(_ path: String, _ content: String, _ children: String = "") -> String {
            #"{"Chapter": {"name": "N", "content": "\#(content)", "path": "\#(path)", "sub_items": [\#(children)]}}"#
        }
        let nested = chapter("a.md", "A", chapter("a/b.md", "B\\n") + #", "Separator", {"PartTitle": "P"}"#)
        for key in ["sections", "items"] {
            let output = Data(#"{"\#(key)": [\#(nested), \#(chapter("c.md", "\\u00e9"))], "__non_exhaustive": null}"#.utf8)
            #expect(MdBookJSON.chapterContents(output) == ["a.md": "A", "a/b.md": "B\n", "c.md": "é"], "\(key)")
        }
        for output in ["", "[]", #"{"sections": {}}"#, #"{"sections": [] "#, "not json"] {
            #expect(MdBookJSON.chapterContents(Data(output.utf8)) == nil, "\(output)")
        }
    }
}
