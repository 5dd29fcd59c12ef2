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

/// One Mustache construct per test: a line of template and data in, a line out.
struct MustacheTests {
    func render(_ template: String, _ data: TemplateValue = [:], partials: [String: String] = [:]) throws -> String {
        try MustacheTemplate(template, file: "t.html").render(data, partials: TemplateSet(files: partials))
    }

    /// The error a template stops with, as `folio` prints it.
    func error(_ template: String, partials: [String: String] = [:], _ data: TemplateValue = [:]) -> String {
        do {
            return "rendered " + (try render(template, data, partials: partials))
        } catch {
            return "\(error)"
        }
    }

    // MARK: Values

    @Test func literalsBuildValues() {
        let value: TemplateValue = ["a": [1, 2.5, true, nil, "s", "n=\(3)"]]
        #expect(value == .object(["a": .list([.number(1), .number(2.5), .bool(true), .null, .string("s"), .string("n=3")])]))
    }

    @Test func numbersPrintAsWritten() {
        #expect([TemplateValue.number(85), 1.21, -3, 0.5, 1e20].map(\.text) == ["85", "1.21", "-3", "0.5", "1e+20"])
    }

    @Test func truthiness() {
        #expect([TemplateValue.bool(false), .null, 0, "", []].allSatisfy { !$0.isTruthy })
        #expect([TemplateValue.bool(true), 1, "0", " ", [0], [:]].allSatisfy { $0.isTruthy })
    }

    // MARK: Variables

    @Test func variable() throws {
        #expect(try render("Hi {{name}}!", ["name": "Ann"]) == "Hi Ann!")
    }

    @Test func variableEscapesHTML() throws {
        #expect(try render("{{x}}", ["x": "<a href=\"?a&b\">'</a>"]) == "&lt;a href=&quot;?a&amp;b&quot;&gt;'&lt;/a&gt;")
    }

    @Test func tripleAndAmpersandDoNotEscape() throws {
        #expect(try render("{{{x}}} {{& x}}", ["x": "<b>"]) == "<b> <b>")
    }

    @Test func missingAndNullRenderNothing() throws {
        #expect(try render("[{{a}}{{b}}]", ["b": nil]) == "[]")
    }

    @Test func numbersAndBooleans() throws {
        #expect(try render("{{n}} {{d}} {{b}}", ["n": 85, "d": 1.21, "b": true]) == "85 1.21 true")
    }

    @Test func dottedName() throws {
        #expect(try render("{{book.title}}", ["book": ["title": "Folio"]]) == "Folio")
    }

    @Test func dottedNameResolvesOnlyAgainstItsParent() throws {
        #expect(try render("[{{a.b.c}}]", ["a": ["b": [:]], "c": "no"]) == "[]")
    }

    @Test func implicitIterator() throws {
        #expect(try render("{{#list}}({{.}}){{/list}}", ["list": ["a", 1]]) == "(a)(1)")
    }

    // MARK: Sections

    @Test func sectionRepeatsOverList() throws {
        #expect(try render("{{#items}}{{n}},{{/items}}", ["items": [["n": 1], ["n": 2]]]) == "1,2,")
    }

    @Test func sectionEntersObject() throws {
        #expect(try render("{{#book}}{{title}}{{/book}}", ["book": ["title": "Folio"]]) == "Folio")
    }

    @Test func sectionLooksUpOuterContexts() throws {
        #expect(try render("{{#items}}{{n}}/{{total}} {{/items}}", ["total": 2, "items": [["n": 1], ["n": 2]]]) == "1/2 2/2 ")
    }

    @Test func sectionSkipsFalseyValues() throws {
        #expect(try render("{{#a}}A{{/a}}{{#b}}B{{/b}}{{#c}}C{{/c}}{{#d}}D{{/d}}{{#e}}E{{/e}}", ["a": false, "b": "", "c": [], "d": 0]) == "")
    }

    @Test func invertedSection() throws {
        #expect(try render("{{^items}}none{{/items}}{{^ok}}no{{/ok}}", ["items": [], "ok": true]) == "none")
    }

    @Test func standaloneSectionLinesLeaveNoBlankLines() throws {
        #expect(try render("<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n", ["items": ["a", "b"]]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }

    // MARK: Comments and delimiters

    @Test func comment() throws {
        #expect(try render("a{{! not {{shown }}b\n{{!\n  standalone\n}}\nc") == "ab\nc")
    }

    @Test func setDelimiters() throws {
        #expect(try render("{{=<% %>=}}<% x %> {{x}} <%={{ }}=%>{{x}}", ["x": 1]) == "1 {{x}} 1")
    }

    // MARK: Partials

    @Test func partial() throws {
        #expect(try render("<nav>{{> nav}}</nav>", ["home": "/"], partials: ["nav": "<a href=\"{{home}}\">Home</a>"]) == "<nav><a href=\"/\">Home</a></nav>")
    }

    @Test func standalonePartialIndentsEachLine() throws {
        #expect(try render("<body>\n  {{>main}}\n</body>", ["text": "a\nb"], partials: ["main": "<main>\n{{text}}\n</main>\n"]) == "<body>\n  <main>\n  a\nb\n  </main>\n</body>")
    }

    @Test func recursivePartialRendersATree() throws {
        let tree: TemplateValue = ["title": "1", "children": [["title": "1.1", "children": [["title": "1.1.1", "children": []]]]]]
        #expect(try render("{{>node}}", tree, partials: ["node": "{{title}}({{#children}}{{>node}}{{/children}})"]) == "1(1.1(1.1.1()))")
    }

    @Test func dynamicPartialNamedByValue() throws {
        #expect(try render("{{#items}}{{>*kind}}{{/items}}", ["items": [["kind": "a"], ["kind": "b"]]], partials: ["a": "A", "b": "B"]) == "AB")
    }

    @Test func unknownPartialIsAnError() {
        #expect(error("x\n  {{> nav}}") == "t.html:2:3: error: unknown partial `nav`")
    }

    @Test func unknownPartialCanRenderNothing() throws {
        let partials = try TemplateSet(files: [:], unknownPartials: .renderNothing)
        #expect(try MustacheTemplate("[{{>nav}}]", file: "t.html").render([:], partials: partials) == "[]")
    }

    @Test func partialThatIncludesItselfForeverStops() {
        #expect(error("{{>loop}}", partials: ["loop": "{{#a}}{{>loop}}{{/a}}"], ["a": [true]]) == "loop:1:7: error: partial `loop` is nested 100 deep; does it include itself without end?")
    }

    // MARK: Specialised templates

    @Test func specialisedTemplateRendersTheSharedPartsOnce() throws {
        let partials = try TemplateSet(files: ["nav": "{{#links}}<a href=\"{{root}}{{.}}\">{{strings.next}}</a>{{/links}}\n"])
        let template = try MustacheTemplate("<title>{{title}} · {{book}}</title>\n{{> nav}}{{#next}}{{strings.next}}: {{url}}{{/next}}", file: "t.html")
        let shared: TemplateValue = ["book": "A & B", "root": "../", "links": ["1.html", "2.html"], "strings": ["next": "Next"]]
        let own: TemplateValue = ["title": "One", "next": ["url": "2.html"]]
        let specialised = try #require(template.specialised(over: shared, ownNames: ["title", "next"], partials: partials))
        let expected = "<title>One · A &amp; B</title>\n<a href=\"../1.html\">Next</a><a href=\"../2.html\">Next</a>\nNext: 2.html"
        #expect(try template.render(over: [shared, own], partials: partials) == expected)
        #expect(try specialised.render(over: [shared, own], partials: partials) == expected)
        // What depends on the shared names alone is text already.
        #expect(try specialised.render(over: [[:], ["title": "One"]], partials: partials) == "<title>One · A &amp; B</title>\n<a href=\"../1.html\">Next</a><a href=\"../2.html\">Next</a>\n")
    }

    @Test func specialisingKeepsToRenderTimeWhatAnOwnNameMayShadow() throws {
        let template = try MustacheTemplate("{{#items}}[{{title}}]{{/items}}", file: "t.html")
        let shared: TemplateValue = ["items": [["n": 1], ["title": "inner"]], "title": "shared"]
        let specialised = try #require(template.specialised(over: shared, ownNames: ["title"], partials: TemplateSet(files: [:])))
        #expect(try specialised.render(over: [shared, ["title": "own"]], partials: TemplateSet(files: [:])) == "[own][inner]")
    }

    @Test func templatesWithPartialsThatCannotBeInlinedAreNotSpecialised() throws {
        let partials = try TemplateSet(files: ["nav": "<nav>\n{{x}}\n</nav>\n", "loop": "{{#a}}{{>loop}}{{/a}}"])
        for text in ["<body>\n  {{> nav}}\n</body>", "{{>loop}}", "{{>*name}}"] {
            #expect(try MustacheTemplate(text, file: "t.html").specialised(over: ["name": "nav"], ownNames: ["a"], partials: partials) == nil, "\(text)")
        }
    }

    // MARK: Template sets

    @Test func templateSetRendersByName() throws {
        let set = try TemplateSet(files: ["page": "<title>{{title}}</title>{{>footer}}", "footer": "<footer/>"])
        #expect(try set.data("page", over: [["title": "A"]]) == Data("<title>A</title><footer/>".utf8))
    }

    @Test func templateSetReportsUnknownTemplate() throws {
        #expect(throws: Diagnostic.error("unknown template `404`")) { try TemplateSet(files: [:]).data("404", over: [[:]]) }
    }

    @Test func templateSetReportsEveryParseErrorAtOnce() {
        let files = ["page": "{{#a}}", "toc": "\n{{/b}}", "nav": "fine"]
        #expect(throws: DiagnosticsError.self) { try TemplateSet(files: files) }
        do {
            _ = try TemplateSet(files: files, path: { "templates/\($0).html" })
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.map(\.description) == [
                "templates/page.html:1:1: error: section `a` opened at line 1 is never closed",
                "templates/toc.html:2:1: error: `{{/b}}` closes no open section",
            ])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    // MARK: Parse errors

    @Test func unclosedSection() {
        #expect(error("{{#a}}{{/a}}\n\n  {{#items}}\n{{.}}\n") == "t.html:3:3: error: section `items` opened at line 3 is never closed")
    }

    @Test func mismatchedClose() {
        #expect(error("x\n{{#a}}\n {{/b}}") == "t.html:3:2: error: `{{/b}}` closes `a`, opened at line 2")
    }

    @Test func mismatchedCloseShowsCurrentDelimiters() {
        #expect(error("{{=<% %>=}}<%#a%><%/b%>") == "t.html:1:18: error: `<%/b%>` closes `a`, opened at line 1")
    }

    @Test func closeWithoutSection() {
        #expect(error("{{/a}}") == "t.html:1:1: error: `{{/a}}` closes no open section")
    }

    @Test func unclosedTag() {
        #expect(error("<h1>{{title</h1>") == "t.html:1:5: error: `{{` is never closed with `}}`")
        #expect(error("x {{#items") == "t.html:1:3: error: `{{#` is never closed with `}}`")
    }

    @Test func tagMissingABraceBeforeAnother() {
        #expect(error("<h1>{{title}</h1>\n{{author}}") == "t.html:1:5: error: `{{` is never closed with `}}`")
    }

    @Test func unclosedTripleMustache() {
        #expect(error("{{{x}}") == "t.html:1:1: error: `{{{` is never closed with `}}}`")
    }

    @Test func unclosedSetDelimiter() {
        #expect(error("{{=<% %>}}") == "t.html:1:1: error: `{{=` is never closed with `=}}`")
    }

    @Test func badSetDelimiter() {
        #expect(error("a {{=<%=}}") == "t.html:1:3: error: `{{=<%=}}` should set two delimiters separated by a space, like `{{=<% %>=}}`")
    }

    @Test func emptyTagName() {
        #expect(error("{{}}") == "t.html:1:1: error: `{{}}` has no name")
        #expect(error("{{# }}") == "t.html:1:1: error: `{{# }}` has no name")
        #expect(error("{{> * }}") == "t.html:1:1: error: `{{> * }}` has no name")
    }

    @Test func columnsCountCharactersAndCRLFEndsALine() {
        #expect(error("é\r\nü {{/x}}") == "t.html:2:3: error: `{{/x}}` closes no open section")
    }
}
