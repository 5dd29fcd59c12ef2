/// A site stylesheet as EPUB reading systems read one (and epubcheck checks it): selectors of
/// CSS 3 (`:where(a, b) c` and `:is(…)` written out as their alternatives, `:lang(zh, ja)` as one
/// `:lang` each, rules that need `:has()` left out), the `font` shorthand written as its longhands
/// (a size that is a variable is not one epubcheck accepts there), and no `direction` or
/// `unicode-bidi`, which EPUB's stylesheets may not set. The site's own stylesheet stays as it is.
enum EPUBStylesheet {
    static func lowered(_ css: String) -> String {
        var output = ""
        var rest = Substring(css)
        while let open = topLevelIndex(of: "{", in: rest) {
            let prelude = rest[..<open].trimmingCharacters(in: .whitespaces)
            guard let close = matching(rest, from: open) else { break }
            let body = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if prelude.hasPrefix("@") {
                // At-rules holding rules (@media, @supports) are lowered inside; others (@font-face,
                // @keyframes, @page) hold declarations or frames, kept as written.
                let holdsRules = prelude.hasPrefix("@media") || prelude.hasPrefix("@supports")
                output += prelude + "{" + (holdsRules ? lowered(String(body)) : String(body)) + "}"
                continue
            }
            let selectors = split(prelude, at: ",").flatMap(expanded).filter { !$0.contains(":has(") }
            guard !selectors.isEmpty else { continue }
            output += selectors.joined(separator: ",") + "{" + declarations(String(body)) + "}"
        }
        return output + rest
    }

    /// A selector with its `:where(…)`, `:is(…)` and many-language `:lang(…)` written out as one
    /// selector for each of their alternatives, each once.
    static func expanded(_ selector: String) -> [String] {
        var seen = Set<String>()
        return alternatives(selector).filter { seen.insert($0).inserted }
    }

    private static func alternatives(_ selector: String) -> [String] {
        for function in [":where(", ":is(", ":lang("] {
            guard let start = selector.range(of: function),
                  let close = matching(Substring(selector), from: selector.index(before: start.upperBound)) else { continue }
            let alternatives = split(String(selector[start.upperBound..<close]), at: ",")
            if function == ":lang(" && alternatives.count == 1 { continue }
            let (before, after) = (selector[..<start.lowerBound], selector[selector.index(after: close)...])
            return alternatives.flatMap { alternative in
                Self.alternatives(before + (function == ":lang(" ? ":lang(\(alternative))" : alternative) + after)
            }
        }
        return [selector]
    }

    /// A rule's declarations without `direction` and `unicode-bidi`, `font` written out.
    private static func declarations(_ body: String) -> String {
        split(body, at: ";").compactMap { declaration -> String? in
            guard let colon = declaration.firstIndex(of: ":") else { return declaration.isEmpty ? nil : declaration }
            let name = declaration[..<colon].trimmingCharacters(in: .whitespaces)
            let value = declaration[declaration.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch name {
            case "direction", "unicode-bidi": return nil
            case "font": return font(value) ?? declaration
            default: return declaration
            }
        }.joined(separator: ";")
    }

    /// `font: [style] [weight] size[/line-height] family` as its longhands.
    private static func font(_ value: String) -> String? {
        var words = split(value, at: " ")
        var longhands: [String] = []
        while let first = words.first, ["italic", "oblique", "normal", "bold", "bolder", "lighter"].contains(first) || Int(first) != nil {
            longhands.append((first == "italic" || first == "oblique" ? "font-style:" : "font-weight:") + first)
            words.removeFirst()
        }
        guard words.count >= 2 else { return nil }
        let size = split(words.removeFirst(), at: "/")
        longhands.append("font-size:" + size[0])
        if size.count == 2 { longhands.append("line-height:" + size[1]) }
        longhands.append("font-family:" + words.joined(separator: " "))
        return longhands.joined(separator: ";")
    }

    /// `text` cut at each `separator` outside brackets, parentheses and strings, the pieces trimmed.
    private static func split(_ text: String, at separator: Character) -> [String] {
        var pieces: [String] = []
        var rest = Substring(text)
        while let place = topLevelIndex(of: separator, in: rest) {
            pieces.append(rest[..<place].trimmingCharacters(in: .whitespaces))
            rest = rest[rest.index(after: place)...]
        }
        pieces.append(rest.trimmingCharacters(in: .whitespaces))
        return pieces.filter { !$0.isEmpty }
    }

    /// The first `character` of `text` outside brackets, parentheses and strings.
    private static func topLevelIndex(of character: Character, in text: Substring) -> Substring.Index? {
        var depth = 0
        var quote: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let current = text[index]
            if let open = quote {
                if current == "\\" { index = text.index(after: index) } else if current == open { quote = nil }
            } else if current == character && depth == 0 {
                return index
            } else if current == "\"" || current == "'" {
                quote = current
            } else if "([".contains(current) {
                depth += 1
            } else if ")]".contains(current) {
                depth -= 1
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        return nil
    }

    /// The bracket closing the one at `open` (`{`, `(` or `[`), strings skipped.
    private static func matching(_ text: Substring, from open: Substring.Index) -> Substring.Index? {
        let (opening, closing): (Character, Character) = switch text[open] {
        case "{": ("{", "}")
        case "[": ("[", "]")
        default: ("(", ")")
        }
        var depth = 0
        var quote: Character?
        var index = open
        while index < text.endIndex {
            let current = text[index]
            if let open = quote {
                if current == "\\" { index = text.index(after: index) } else if current == open { quote = nil }
            } else if current == "\"" || current == "'" {
                quote = current
            } else if current == opening {
                depth += 1
            } else if current == closing {
                depth -= 1
                if depth == 0 { return index }
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        return nil
    }
}
