import FolioBase
import FolioOptions
import Foundation

/// The JSON mdBook hands its preprocessors, `[context, book]`, and the chapters read back from
/// the book a preprocessor returns. The book is written in mdBook 0.4's shape (`sections`) and
/// again in 0.5's (`items`), so preprocessors built against either read it; both are read back.
enum MdBookJSON {
    /// The version preprocessors are told; they compare it with the one they were built against.
    static let version = "0.4.52"

    static func input(root: String, config: YAMLNode, contents: [ContentsEntry], sections: [Chapter], sources: ChapterSources) -> Data {
        let chapters = Dictionary(sections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let items = JSONOutput.array(contents.map { item($0, chapters: chapters, sources: sources, parents: []) })
        let context: JSONOutput = [
            "root": .string(root), "config": value(config), "renderer": "html", "mdbook_version": .string(version),
        ]
        let book: JSONOutput = ["sections": items, "items": items, "__non_exhaustive": .null]
        return Data(JSONOutput.array([context, book]).text().utf8)
    }

    private static func item(_ entry: ContentsEntry, chapters: [ChapterID: Chapter], sources: ChapterSources, parents: [String]) -> JSONOutput {
        switch entry {
        case .part(let title):
            return ["PartTitle": .string(title)]
        case .separator:
            return "Separator"
        case .draft(let title, _):
            return ["Chapter": chapter(name: title, content: "", number: nil, children: [], path: nil, parents: parents)]
        case .chapter(let entry):
            let loaded = chapters[entry.id]
            let name = entry.title ?? loaded?.declaredTitle ?? fileStem(entry.id.path)
            let children = entry.children.map { item($0, chapters: chapters, sources: sources, parents: parents + [name]) }
            return ["Chapter": chapter(name: name, content: sources[entry.id] ?? "", number: entry.number, children: children,
                                       path: entry.id.path, parents: parents)]
        }
    }

    private static func chapter(name: String, content: String, number: [Int]?, children: [JSONOutput], path: String?,
                                parents: [String]) -> JSONOutput {
        [
            "name": .string(name), "content": .string(content),
            "number": number.map { .numbers($0) } ?? .null,
            "sub_items": .array(children),
            "path": path.map(JSONOutput.string) ?? .null, "source_path": path.map(JSONOutput.string) ?? .null,
            "parent_names": .array(parents.map(JSONOutput.string)),
        ]
    }

    /// book.toml as JSON: booleans and whole numbers as themselves, everything else as text.
    private static func value(_ node: YAMLNode) -> JSONOutput {
        switch node.value {
        case .mapping(let pairs): return .object(pairs.map { ($0.key.string ?? "", value($0.value)) })
        case .sequence(let items): return .array(items.map(value))
        case .scalar(let text, let plain):
            if plain, let bool = node.bool { return .bool(bool) }
            if plain, let int = node.int { return .int(int) }
            return .string(text)
        }
    }

    /// Each chapter's content by its path, from the book a preprocessor printed; nil when the
    /// output is not such a book.
    static func chapterContents(_ output: Data) -> [String: String]? {
        guard let book = try? parseJSON(output, file: "the preprocessor's output"),
              let items = (book["sections"] ?? book["items"])?.array else { return nil }
        var contents: [String: String] = [:]
        func visit(_ items: [JSONNode]) {
            for item in items {
                guard let chapter = item["Chapter"], chapter.members != nil else { continue }
                if let path = chapter["path"]?.string, let content = chapter["content"]?.string { contents[path] = content }
                visit(chapter["sub_items"]?.array ?? [])
            }
        }
        visit(items)
        return contents
    }
}
