import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// What fuzzing found (`make fuzz`, `Sources/folio-fuzz`), each as the smallest book that showed it:
/// an error at its place where there was a crash or a hang.
struct FuzzRegressionTests {
    /// The errors of loading a book held in memory.
    func loadErrors(_ files: [String: String]) throws -> [String] {
        let error = try #require(throws: DiagnosticsError.self) { try loadProject(.memory(files)) }
        return error.diagnostics.map(\.description)
    }

    static let tooDeep = "the YAML nests deeper than 100 levels here"

    /// YAML nested 40,000 deep crashed the build (freeing the tree recursed past the stack), after
    /// libyaml's scanner had spent time growing with the square of the depth: 20,000 took 12 s.
    @Test func deepYAMLInBookYMLIsAnError() throws {
        let errors = try loadErrors(["book.yml": "title: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
                                     "chapter.md": "# A"])
        // The root mapping is the first level, so the 100th `[` opens the 101st.
        #expect(errors.first == "book.yml:1:107: error: \(Self.tooDeep)")
    }

    @Test func deepYAMLInFrontMatterIsAnError() throws {
        let deep = (0..<150).map { String(repeating: "  ", count: $0) + "a:\n" }.joined()
        let errors = try loadErrors(["chapter.md": "---\n\(deep)---\n# A"])
        #expect(errors.first == "chapter.md:102:201: error: \(Self.tooDeep)")
    }

    /// Each alias is as deep as its anchor, so a chain of them nests without brackets.
    @Test func aliasesCountAsDeepAsTheirAnchors() throws {
        let chain = "x0: &a0 [1]\n" + (1..<150).map { "x\($0): &a\($0) [*a\($0 - 1)]\n" }.joined()
        let errors = try loadErrors(["book.yml": "title: T\n" + chain, "chapter.md": "# A"])
        #expect(errors.first == "book.yml:100:12: error: \(Self.tooDeep)")
    }

    /// `[=` in book.toml aborted the process on an assert inside toml++'s parser.
    @Test func tableHeaderWithoutAKeyInBookTOMLIsAnError() throws {
        for header in ["[=", "[= \"html`", "[[=]]", "[ =]"] {
            let error = try #require(throws: Diagnostic.self) {
                try loadProject(.memory(["book.toml": "[book]\ntitle = \"T\"\n\(header)\n", "src/chapter.md": "# A"]))
            }
            #expect(error.location?.file == "book.toml", "\(header)")
            #expect(error.message.hasPrefix("TOML syntax error"), "\(header)")
        }
    }

    /// At the limit itself the value is read, and judged as a value.
    @Test func yamlAtTheLimitIsRead() throws {
        let errors = try loadErrors(["book.yml": "title: " + String(repeating: "[", count: 99) + String(repeating: "]", count: 99),
                                     "chapter.md": "# A"])
        #expect(errors.first == "book.yml:1:8: error: `title` must be a string, not a list")
    }
}
