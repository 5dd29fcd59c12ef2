import FolioBase
import Foundation

/// A value in an options file and the dotted key path that names it in messages.
package struct OptionField {
    var path: String
    var node: YAMLNode

    /// A whole file's value; `nil` when the file is empty or missing.
    package static func root(_ node: YAMLNode?) -> OptionField? {
        node.map { OptionField(path: "", node: $0) }
    }

    /// An item of this field's list, named by the list's path.
    func with(_ node: YAMLNode) -> OptionField {
        OptionField(path: path, node: node)
    }
}

/// Reads YAML options into typed values, collecting every problem rather than stopping at the
/// first. `book.yml` and chapter front matter share it, so both report problems alike. Each
/// reader returns `nil` after reporting why the value cannot be used.
package struct OptionsReader {
    package var problems: [Diagnostic] = []
    /// Where each known key was written, by dotted path, for the checks across keys.
    private(set) var keyLocations: [String: SourceLocation] = [:]
    /// The paths of keys that were unknown or had a bad value.
    private(set) var invalidPaths: Set<String> = []

    package init(problems: [Diagnostic] = [], keyLocations: [String: SourceLocation] = [:], invalidPaths: Set<String> = []) {
        self.problems = problems
        self.keyLocations = keyLocations
        self.invalidPaths = invalidPaths
    }

    /// Visits each key of a mapping with its value. Unknown keys are reported with the accepted
    /// ones, or, with `others`, given to it; a key without a value is skipped, so it keeps its default.
    package mutating func readMapping<Key: RawRepresentable & CaseIterable>(
        _ field: OptionField?, keys: Key.Type, others: ((YAMLNode.Pair) -> Void)? = nil, _ visit: (inout OptionsReader, Key, OptionField) -> Void
    ) where Key.RawValue == String {
        guard let field, !field.node.isNull else { return }
        guard case .mapping(let pairs) = field.node.value else {
            let hint = field.path.isEmpty ? "write one `key: value` per line, such as `title: My Book`" : nil
            return expected("a mapping", field, hint: hint)
        }
        let names = Key.allCases.map(\.rawValue)
        for pair in pairs {
            guard let name = pair.key.string else {
                report("a key must be a name, not \(describe(pair.key))", path: field.path, at: pair.key.location)
                continue
            }
            let path = field.path.isEmpty ? name : "\(field.path).\(name)"
            guard let key = Key(rawValue: name) else {
                if let others {
                    others(pair)
                    continue
                }
                let guess = suggestion(for: name, among: names).map { "; did you mean `\($0)`?" } ?? ""
                report("unknown key `\(path)`\(guess) (accepted: \(names.joined(separator: ", ")))",
                       path: path, at: pair.key.location)
                continue
            }
            keyLocations[path] = pair.key.location
            if !pair.value.isNull {
                visit(&self, key, OptionField(path: path, node: pair.value))
            }
        }
    }

    package mutating func string(_ field: OptionField) -> String? {
        guard let string = field.node.string else {
            expected("a string", field)
            return nil
        }
        return string
    }

    mutating func bool(_ field: OptionField) -> Bool? {
        guard let bool = field.node.bool else {
            expected("true or false", field)
            return nil
        }
        return bool
    }

    /// One string, or a list of them.
    mutating func strings(_ field: OptionField) -> [String]? {
        let what = "a string or a list of strings"
        if let single = field.node.string { return [single] }
        guard case .sequence(let items) = field.node.value else {
            expected(what, field)
            return nil
        }
        for item in items where item.string == nil {
            expected(what, field.with(item))
        }
        let strings = items.compactMap(\.string)
        return strings.count == items.count ? strings : nil
    }

    /// One of an enum's raw values, such as `spine: mid`.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ field: OptionField) -> Choice?
    where Choice.RawValue == String {
        choice(field, among: Choice.allCases.map { ($0.rawValue, $0) })
    }

    /// One of an enum's raw values or a list of them, each once, such as `outputs: [site, epub]`.
    mutating func choices<Choice: RawRepresentable & CaseIterable & Equatable>(_ field: OptionField) -> [Choice]?
    where Choice.RawValue == String {
        let items: [YAMLNode]
        if case .sequence(let list) = field.node.value { items = list } else { items = [field.node] }
        var chosen: [Choice] = []
        for item in items {
            guard let choice: Choice = choice(field.with(item)) else { return nil }
            if !chosen.contains(choice) { chosen.append(choice) }
        }
        return chosen
    }

    /// One of the named values; `alsoAccepted` names the other forms the caller handles itself.
    mutating func choice<Value>(
        _ field: OptionField, among values: [(name: String, value: Value)], alsoAccepted: [String] = []
    ) -> Value? {
        let text = field.node.string
        if let match = values.first(where: { $0.name == text }) { return match.value }
        let names = values.map(\.name)
        let guess = text.flatMap { suggestion(for: $0, among: names) }.map { "; did you mean `\($0)`?" } ?? ""
        expected("one of \((names + alsoAccepted).joined(separator: ", "))", field, then: guess)
        return nil
    }

    /// A BCP 47 tag, checked for its form (RFC 5646 §2.1), not against the registry. The language
    /// subtag must have 2 or 3 letters, as every registered one does, so `english` is refused.
    mutating func languageTag(_ field: OptionField) -> String? {
        let alphanum = "[A-Za-z0-9]"
        let language = "[A-Za-z]{2,3}(?:-[A-Za-z]{3}){0,3}"
        let script = "(?:-[A-Za-z]{4})?"
        let region = "(?:-(?:[A-Za-z]{2}|[0-9]{3}))?"
        let variants = "(?:-(?:\(alphanum){5,8}|[0-9]\(alphanum){3}))*"
        let extensions = "(?:-[0-9A-WYZa-wyz](?:-\(alphanum){2,8})+)*"
        let privateUse = "[Xx](?:-\(alphanum){1,8})+"
        let pattern = "\(language)\(script)\(region)\(variants)\(extensions)(?:-\(privateUse))?|\(privateUse)"
        guard let tag = field.node.string, (try? Regex(pattern).wholeMatch(in: tag)) != nil else {
            expected("a BCP 47 language tag such as en, pt-BR or zh-Hant", field)
            return nil
        }
        return tag
    }

    /// `languages:`, each BCP 47 code with its folder, the default language first: the one whose
    /// folder is the book's own (`.`), else the first written.
    mutating func languages(_ field: OptionField) -> [BookLanguage]? {
        guard case .mapping(let pairs) = field.node.value else {
            expected("a mapping of language codes to folders, such as `{en: ., zh: zh}`", field)
            return nil
        }
        var languages: [BookLanguage] = []
        for pair in pairs {
            guard let code = pair.key.string, isLanguageCode(code) else {
                report("`\(pair.key.string ?? "")` is not a language code", path: field.path, at: pair.key.location,
                       hint: "write a BCP 47 code: a language of 2 or 3 letters, then maybe a script of 4 letters and a region "
                           + "of 2 letters or 3 digits, such as zh, zh-Hant or pt-BR")
                continue
            }
            let entry = OptionField(path: "\(field.path).\(code)", node: pair.value)
            guard let written = relativePath(entry, what: "a folder inside the book, relative to it, or `.` for the book's own") else { continue }
            let folder = lexicallyNormalized(written)
            if let other = languages.first(where: { $0.folder == folder }) {
                report("`\(code)` and `\(other.code)` share the folder `\(written)`", path: entry.path, at: pair.value.location,
                       hint: "give each language a folder of its own")
                continue
            }
            languages.append(BookLanguage(code: code, folder: folder, location: pair.value.location))
        }
        if let own = languages.firstIndex(where: { $0.folder.isEmpty }) { languages.insert(languages.remove(at: own), at: 0) }
        return languages
    }

    /// Where the site will be published: an absolute http(s) URL, kept with a final `/`
    /// so page paths can follow it.
    mutating func siteURL(_ field: OptionField) -> String? {
        guard let text = field.node.string, let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
              url.host?.isEmpty == false, url.query == nil, url.fragment == nil else {
            expected("an absolute http or https URL, such as https://example.com/book/", field)
            return nil
        }
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// An absolute URI, as an identifier is: a scheme, a colon, something after it.
    mutating func uri(_ field: OptionField) -> String? {
        guard let text = field.node.string, (try? Regex("^[A-Za-z][A-Za-z0-9+.-]*:[^\\s]+$").wholeMatch(in: text)) != nil else {
            expected("an absolute URI, such as urn:isbn:9780000000000", field)
            return nil
        }
        return text
    }

    /// An RFC 3339 date-time with its time zone, as the manifest's `modified` must be.
    mutating func dateTime(_ field: OptionField) -> String? {
        let pattern = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$"
        guard let text = field.node.string, (try? Regex(pattern).wholeMatch(in: text)) != nil else {
            expected("a date-time such as 2026-01-31T12:00:00Z", field)
            return nil
        }
        return text
    }

    /// A path inside the book folder, as written; with `climbs`, one that may go up with `..`
    /// (what is read of it is bounded by `BookFiles`).
    mutating func relativePath(_ field: OptionField, what: String = "a relative path inside the book folder", climbs: Bool = false)
        -> String?
    {
        guard let path = field.node.string, !path.isEmpty, !path.hasPrefix("/"),
              climbs || !path.split(separator: "/").contains("..") else {
            expected(what, field)
            return nil
        }
        return path
    }

    /// The reading order: Markdown files, each once.
    mutating func chapters(_ field: OptionField) -> [String]? {
        let what = "a list of .md files inside the book folder, as relative paths"
        guard case .sequence(let items) = field.node.value else {
            expected(what, field)
            return nil
        }
        var seen: Set<String> = []
        var paths: [String] = []
        for item in items {
            guard let path = relativePath(field.with(item), what: what) else { continue }
            if fileExtension(path) != "md" {
                expected(what, field.with(item))
            } else if !seen.insert(path).inserted {
                report("`\(field.path)` lists `\(path)` twice", path: field.path, at: item.location)
            } else {
                paths.append(path)
            }
        }
        return paths.count == items.count ? paths : nil
    }

    /// A named size, or `[width, height]` in CSS px.
    mutating func pageSize(_ field: OptionField) -> PageOptions.Size? {
        let named: [(name: String, value: PageOptions.Size)] = [("pocket", .pocket), ("a5", .a5), ("square", .square)]
        guard case .sequence(let items) = field.node.value else {
            return choice(field, among: named, alsoAccepted: ["[width, height]"])
        }
        guard items.count == 2 else {
            expected("[width, height]", field, then: " of \(items.count)")
            return nil
        }
        let range = PageOptions.sizeRange
        var sides: [Int] = []
        for item in items {
            if let side = item.int, range.contains(side) {
                sides.append(side)
            } else {
                expected("a whole number of CSS px from \(range.lowerBound) to \(range.upperBound)", field.with(item))
            }
        }
        return sides.count == 2 ? .custom(width: sides[0], height: sides[1]) : nil
    }

    mutating func report(_ message: String, path: String, at location: SourceLocation, hint: String? = nil) {
        problems.append(.error(message, at: location, hint: hint))
        invalidPaths.insert(path)
    }

    /// Reports "`path` must be …, not …".
    mutating func expected(_ what: String, _ field: OptionField, then more: String = "", hint: String? = nil) {
        let name = field.path.isEmpty ? "the top level" : "`\(field.path)`"
        let message = "\(name) must be \(what), not \(describe(field.node))\(more)"
        report(message, path: field.path, at: field.node.location, hint: hint)
    }
}

/// A language code as `languages:` takes it: a language of 2 or 3 letters, an optional script of
/// 4 letters, an optional region of 2 letters or 3 digits (`zh`, `zh-Hant`, `pt-BR`, `es-419`).
package func isLanguageCode(_ code: String) -> Bool {
    let subtags = code.split(separator: "-", omittingEmptySubsequences: false)
    guard let language = subtags.first, (2...3).contains(language.count), language.allSatisfy(\.isASCIILetter) else { return false }
    var rest = subtags.dropFirst()
    if let script = rest.first, script.count == 4, script.allSatisfy(\.isASCIILetter) { rest = rest.dropFirst() }
    if let region = rest.first,
       region.count == 2 && region.allSatisfy(\.isASCIILetter) || region.count == 3 && region.allSatisfy(\.isASCIIDigit) { rest = rest.dropFirst() }
    return rest.isEmpty
}

/// How a wrong value is shown in a message.
private func describe(_ node: YAMLNode) -> String {
    switch node.value {
    case .sequence: return "a list"
    case .mapping: return "a mapping"
    case .scalar(let text, _):
        if node.isNull { return "nothing" }
        // A stray paragraph is shown by its start.
        let start = text.prefix { $0 != "\n" }.prefix(40)
        return start.count < text.count ? "`\(start)…`" : "`\(text)`"
    }
}

/// The accepted name closest to a misspelt one, if it is close enough to be what was meant.
private func suggestion(for word: String, among names: [String]) -> String? {
    let typed = word.lowercased()
    guard let best = nearest(typed, among: names) else { return nil }
    // A typo or two in a long word, one in a short word.
    return best.distance <= (typed.count >= 5 ? 2 : 1) ? best.name : nil
}
