import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// The words of the theme's chrome in the book's language: `strings/<language>.yml`, then
/// `strings/<primary subtag>.yml`, then English for what is missing. A book's own strings
/// file changes only the words it names.
struct UIStrings: Sendable, Equatable {
    var values: [String: String]

    /// Right-to-left chrome for Arabic, Hebrew and the like: the language's strings file says
    /// so, and a language without one goes by its script.
    var direction: String

    init(values: [String: String], direction: String) {
        self.values = values
        self.direction = direction
    }

    init(theme: Theme, language: String) throws {
        let primary = language.split(separator: "-").first.map { String($0).lowercased() } ?? "en"
        var values: [String: String] = [:]
        var direction: String?
        for candidate in ["en", primary, language.lowercased()] {
            for version in theme.versions(of: "strings/\(candidate).yml") {
                let words = try Self.read(version.data, file: version.source)
                values.merge(words) { $1 }
                if candidate != "en" { direction = words["direction"] ?? direction }
            }
        }
        self.values = values
        self.direction = direction ?? (isRightToLeftLanguage(language) ? "rtl" : "ltr")
    }

    /// A flat mapping of names to words.
    private static func read(_ data: Data, file: String) throws -> [String: String] {
        guard let root = try parseYAML(SourceText.bookFile(data, file: file, allowEmpty: true)) else { return [:] }
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
