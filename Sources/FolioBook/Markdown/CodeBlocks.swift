import FolioBase
import FolioOptions

/// A fenced code block's info string as mdBook reads it: words split at spaces, tabs and commas,
/// the first the language (`rust`), the others attributes (`ignore`, `no_run`, `hidelines=~`).
/// In the page the language becomes `language-rust` and each attribute a class of its own.
struct CodeInfo: Sendable, Equatable {
    var language: String?
    var attributes: [String]

    init(_ info: String) {
        let words = info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        language = words.first
        attributes = Array(words.dropFirst())
    }

    /// `language-rust ignore`; nil without a language.
    var classes: String? {
        language.map { (["language-" + $0] + attributes).joined(separator: " ") }
    }

    /// What starts a hidden line in other languages than Rust: the `hidelines=` attribute.
    var hiddenLinePrefix: String? {
        attributes.first { $0.hasPrefix("hidelines=") }.map { String($0.dropFirst("hidelines=".count)) }
    }
}

/// The lines of a code block that a printed book shows, as mdBook's HTML renderer marks the
/// others hidden (its readers can unfold them; a page cannot):
///
/// - Rust (the language `rust`): a line whose first non-blank character is `#` followed by a
///   space or by nothing is hidden; `##` at that place stands for a literal `#` (the line is
///   shown with one `#` less); any other `#` (`#[derive]`, `#!`) is code.
/// - Other languages, with a `hidelines=PREFIX` attribute or a prefix for the language in
///   `prefixes` (book.toml's `[output.html.code.hidelines]`): a line whose first non-blank text
///   is the prefix is hidden.
///
/// Blocks with no language (indented code, or a fence without an info string) hide nothing, as
/// in mdBook.
func visibleCode(_ code: String, info: CodeInfo, prefixes: [String: String] = [:]) -> String {
    let hidden: (Substring) -> Bool
    var unescape: (Substring) -> Substring = { $0 }
    if info.language == "rust" {
        hidden = { line in
            let rest = line.drop { $0.isWhitespace }
            guard rest.first == "#" else { return false }
            let next = rest.dropFirst().first
            return next == nil || next == " "
        }
        unescape = { line in
            let rest = line.drop { $0.isWhitespace }
            guard rest.hasPrefix("##") else { return line }
            return line[..<rest.startIndex] + rest.dropFirst()
        }
    } else if let prefix = info.hiddenLinePrefix ?? info.language.flatMap({ prefixes[$0] }), !prefix.isEmpty {
        hidden = { $0.drop { $0.isWhitespace }.hasPrefix(prefix) }
    } else {
        return code
    }
    var lines = code.lines
    let ended = lines.last == ""
    if ended { lines.removeLast() }
    let shown = lines.filter { !hidden($0) }.map(unescape)
    if shown.count == lines.count && info.language != "rust" { return code }
    return shown.joined(separator: "\n") + (ended && !shown.isEmpty ? "\n" : "")
}

extension Block {
    /// A code block with its hidden lines left out; any other block as it is. Run before
    /// pagination, so the paginator measures the lines the page shows.
    func leavingOutHiddenLines(prefixes: [String: String]) -> Block {
        guard case .codeBlock(let info, let code) = self else { return self }
        return .codeBlock(info: info, code: visibleCode(code, info: CodeInfo(info), prefixes: prefixes))
    }
}
