import Foundation

/// The words of the theme's chrome in the book's language: `strings/<language>.yml`, then
/// `strings/<primary subtag>.yml`, then English for what is missing. A book's own strings
/// file changes only the words it names.
public struct UIStrings: Sendable, Equatable {
    public var values: [String: String]

    public init(values: [String: String]) {
        self.values = values
    }

    /// Right-to-left chrome for Arabic, Hebrew and the like: the strings file says so.
    public var direction: String { values["direction"] ?? "ltr" }

    public init(theme: Theme, language: String) throws {
        let primary = language.split(separator: "-").first.map { String($0).lowercased() } ?? "en"
        var values: [String: String] = [:]
        for candidate in ["en", primary, language.lowercased()] {
            for version in theme.versions(of: "strings/\(candidate).yml") {
                values.merge(try Self.read(version.data, file: version.source)) { $1 }
            }
        }
        self.values = values
    }

    /// A flat mapping of names to words.
    private static func read(_ data: Data, file: String) throws -> [String: String] {
        guard let root = try parseYAML(chapterText(data, file: file, allowEmpty: true), file: file) else { return [:] }
        guard case .mapping(let pairs) = root.value else {
            throw Diagnostic.error("UI strings must be `name: words` lines", at: root.location)
        }
        var values: [String: String] = [:]
        for pair in pairs {
            guard let name = pair.key.string, let words = pair.value.string else {
                throw Diagnostic.error("UI strings must be `name: words` lines", at: pair.key.location)
            }
            values[name] = words
        }
        return values
    }
}
