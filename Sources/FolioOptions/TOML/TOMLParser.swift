import FolioBase
import CTOML

/// Parses a TOML document (book.toml) with toml++ into the same positioned values book.yml gives,
/// so `OptionsReader` reads both and reports alike: tables are mappings (keys in document order),
/// arrays sequences, strings quoted scalars (never read as booleans or numbers), and booleans,
/// numbers and dates plain scalars as TOML writes them.
///
/// Throws a `Diagnostic` at the line and column of a syntax error. The C document is copied into
/// Swift values and freed before the function returns.
package func parseTOML(_ source: SourceText) throws -> YAMLNode {
    let text = source.text
    let document = text.utf8CString.withUnsafeBufferPointer { buffer in
        ctoml_parse(buffer.baseAddress, buffer.count - 1)
    }
    defer { ctoml_free(document) }
    let fileStart = source.location(line: 1, column: 1)
    if let error = ctoml_error(document) {
        let line = Int(ctoml_error_line(document))
        let location = line > 0 ? source.location(line: line, column: Int(ctoml_error_column(document))) : SourceLocation(file: source.file)
        throw Diagnostic.error("TOML syntax error: \(String(cString: error))", at: location)
    }

    // Children are listed after their parent, so one pass builds every node bottom-up at the end.
    struct Item {
        var parent: Int
        var key: YAMLNode?
        var node: YAMLNode
        var children: [Int] = []
    }
    var items: [Item] = []
    var roots: [Int] = []
    for index in 0..<ctoml_count(document) {
        guard let entry = ctoml_node_at(document, index)?.pointee else { continue }
        func place(_ line: UInt32, _ column: UInt32) -> SourceLocation? {
            line > 0 ? source.location(line: Int(line), column: Int(column)) : nil
        }
        let keyLocation = place(entry.key_line, entry.key_column)
        let key = entry.key.map { YAMLNode(.scalar(String(cString: $0), plain: false), at: keyLocation ?? fileStart) }
        let location = place(entry.line, entry.column) ?? keyLocation ?? fileStart
        let value: YAMLNode.Value
        switch entry.kind {
        case CTOML_TABLE: value = .mapping([])
        case CTOML_ARRAY: value = .sequence([])
        case CTOML_STRING: value = .scalar(String(cString: entry.text), plain: false)
        default: value = .scalar(String(cString: entry.text), plain: true)
        }
        items.append(Item(parent: entry.parent, key: key, node: YAMLNode(value, at: location)))
        if entry.parent < 0 { roots.append(items.count - 1) } else { items[entry.parent].children.append(items.count - 1) }
    }
    func build(_ index: Int) -> YAMLNode {
        var node = items[index].node
        switch node.value {
        case .mapping:
            node.value = .mapping(items[index].children.map { child in
                YAMLNode.Pair(key: items[child].key ?? YAMLNode(.scalar("", plain: false), at: items[child].node.location), value: build(child))
            })
        case .sequence:
            node.value = .sequence(items[index].children.map(build))
        case .scalar:
            break
        }
        return node
    }
    return YAMLNode(.mapping(roots.map { YAMLNode.Pair(key: items[$0].key!, value: build($0)) }), at: fileStart)
}
