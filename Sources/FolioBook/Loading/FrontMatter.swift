import FolioBase
import FolioOptions

/// What a chapter says about itself in the YAML block at its very top.
struct FrontMatter: Sendable, Equatable {
    var title: String?
    /// The keys Folio does not read, kept for templates.
    var meta: [MetaEntry] = []

    init(title: String? = nil, meta: [MetaEntry] = []) {
        self.title = title
        self.meta = meta
    }

    /// A chapter's text cut at its front matter. Line numbers are the file's, 1-based.
    struct Split: Sendable, Equatable {
        /// The YAML between the fences, or `nil` when the chapter has no front matter.
        var yaml: String?
        var yamlFirstLine: Int
        var body: String
        var bodyFirstLine: Int
    }

    /// Front matter is there only when the first line is `---` (trailing spaces allowed) and a
    /// later line `---` or `...` closes it, as in Jekyll and Hugo.
    static func split(_ text: String, file: String) throws -> Split {
        func isFence(_ line: Substring, _ fence: String) -> Bool {
            line.reversed().drop { $0 == " " }.reversed().elementsEqual(fence)
        }
        // Most chapters have none: look at the first line before splitting the rest (and at its
        // first characters before the line, which may be the whole chapter).
        guard text.hasPrefix("---"), isFence(text.prefix { !$0.isNewline }, "---") else {
            return Split(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1)
        }
        // `Character.isNewline` takes "\r\n" as one break, so Windows files split alike.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let closing = lines.indices.dropFirst().first { isFence(lines[$0], "---") || isFence(lines[$0], "...") }
        guard let close = closing else {
            throw Diagnostic.error(
                "front matter opened by `---` on line 1 is never closed",
                at: SourceLocation(file: file, line: 1, column: 1),
                hint: "end the front matter with a `---` line; for a horizontal rule at the top, put an empty line above it")
        }
        let bodyStart = close + 1 < lines.count ? lines[close + 1].startIndex : text.endIndex
        return Split(
            yaml: String(text[lines[1].startIndex..<lines[close].startIndex]), yamlFirstLine: 2,
            body: String(text[bodyStart...]), bodyFirstLine: close + 2)
    }

    /// Reads the front matter's YAML (`nil`: none, or empty). Throws every problem at once,
    /// each placed by its node's own location. Keys written for other tools are kept as `meta`.
    static func decode(_ node: YAMLNode?) throws -> FrontMatter {
        var reader = OptionsReader()
        var frontMatter = FrontMatter()
        reader.readMapping(.root(node), keys: Key.self, others: { frontMatter.meta.append(metaEntry($0)) }) { reader, key, field in
            switch key {
            case .title: frontMatter.title = reader.string(field) ?? frontMatter.title
            }
        }
        guard reader.problems.isEmpty else { throw DiagnosticsError(reader.problems) }
        return frontMatter
    }

    private enum Key: String, CaseIterable {
        case title
    }

    private static func metaEntry(_ pair: YAMLNode.Pair) -> MetaEntry {
        MetaEntry(key: pair.key.string ?? "", value: metaValue(pair.value), line: pair.key.location.line)
    }

    private static func metaValue(_ node: YAMLNode) -> MetaValue {
        switch node.value {
        case .scalar(let text, let plain): plain ? node.bool.map(MetaValue.flag) ?? .text(node.isNull ? "" : text) : .text(text)
        case .sequence(let items): .list(items.map(metaValue))
        case .mapping(let pairs): .table(pairs.map(metaEntry))
        }
    }

    /// Splits a chapter and reads its front matter.
    static func parse(_ text: String, file: String) throws
        -> (frontMatter: FrontMatter, body: String, bodyFirstLine: Int)
    {
        let split = try split(text, file: file)
        let node = try split.yaml.flatMap { try parseYAML($0, file: file, firstLine: split.yamlFirstLine) }
        return (try decode(node), split.body, split.bodyFirstLine)
    }
}
