/// A heading id the way GitHub makes them: lowercase letters, marks and digits of any script
/// (so `入门` stays `入门`), `_`, and single `-` where the text had spaces or hyphens; other
/// punctuation and symbols are dropped. Text with nothing left becomes `section`.
package func slugify(_ text: String) -> String {
    var slug = ""
    var pendingHyphen = false
    for scalar in text.lowercased().unicodeScalars {
        if scalar == "-" || scalar.properties.isWhitespace {
            pendingHyphen = !slug.isEmpty
        } else if scalar == "_" || isWordPart(scalar) {
            if pendingHyphen { slug.append("-") }
            pendingHyphen = false
            slug.unicodeScalars.append(scalar)
        }
    }
    return slug.isEmpty ? "section" : slug
}

private func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
         .nonspacingMark, .spacingMark, .enclosingMark,  // vowel signs of Indic scripts, Arabic harakat
         .decimalNumber, .letterNumber, .otherNumber:
        true
    default:
        false
    }
}

/// Hands out slugs that are unique within one page: `x`, then `x-1`, `x-2`…, skipping any
/// name already taken, also by a heading that was itself called `x-1`.
package struct UniqueSlugs: Sendable {
    private var claimed: Set<String> = []
    /// The suffix to try first for each base, so many equal headings stay cheap.
    private var nextSuffix: [String: Int] = [:]

    package init() {}

    package mutating func claim(_ base: String) -> String {
        var suffix = nextSuffix[base, default: 0]
        var slug = suffix == 0 ? base : "\(base)-\(suffix)"
        while claimed.contains(slug) {
            suffix += 1
            slug = "\(base)-\(suffix)"
        }
        nextSuffix[base] = suffix + 1
        claimed.insert(slug)
        return slug
    }

    package func isClaimed(_ slug: String) -> Bool {
        claimed.contains(slug)
    }
}

/// A file or folder stem without the number that orders it: `01-intro`, `1_intro`, `01. intro`
/// and `001 intro` all give `intro`. A name that is nothing but the number (`1984`) is kept.
package func strippingOrderPrefix(_ name: String) -> String {
    let rest = name.drop(while: \.isASCIIDigit)
    guard rest.startIndex != name.startIndex, let first = rest.first, first.isOrderSeparator else { return name }
    let stripped = rest.drop(while: \.isOrderSeparator)
    return stripped.isEmpty ? name : String(stripped)
}

/// A title for a chapter that has none: `02-the-middle` → `The middle`.
public func titleFromFileName(_ stem: String) -> String {
    let words = strippingOrderPrefix(stem).split { $0 == "-" || $0 == "_" || $0.isWhitespace }
    guard let first = words.first?.first else { return stem }
    let title = words.joined(separator: " ")
    return first.uppercased() + title.dropFirst()
}

private extension Character {
    var isOrderSeparator: Bool { self == "-" || self == "_" || self == "." || isWhitespace }
}
