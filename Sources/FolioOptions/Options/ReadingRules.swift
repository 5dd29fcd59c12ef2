import FolioBase

extension BookOptions {
    /// The way pages advance: the direction written, else top to bottom for a vertical book and
    /// the language's own for a horizontal one (`language: ar` reads right to left).
    package var direction: ReadingOptions.Direction {
        if let written = reading.direction { return written }
        if reading.orientation == .vertical { return .ttb }
        return isRightToLeftLanguage(language) ? .rtl : .ltr
    }

    /// The options a translation into `code` starts from: this book's, in its language, with
    /// no reading order of its own nor other translations, published under `<code>/`. A horizontal
    /// book whose translation's script runs the other way reads that way, its spine mirrored, so
    /// that an Arabic translation of an English book opens from the right.
    package func translated(to code: String) -> BookOptions {
        var options = self
        (options.language, options.chapters, options.languages) = (code, nil, [])
        options.url = url.map { "\($0)\(code)/" }
        if reading.orientation == .horizontal, isRightToLeftLanguage(code) != (direction == .rtl) {
            options.reading.direction = reading.direction?.reversed
            options.reading.spine = reading.spine == .min ? .max : reading.spine == .max ? .min : reading.spine
        }
        return options
    }

    /// The combinations a page view controller refuses (DESIGN §1), each reported at the key the
    /// rule is about, with a hint naming both ways out. `keys` gives where `reading.*` keys were
    /// written. A vertical book is bound at the top when it reads top to bottom, as a horizontal
    /// one is bound at the left when it reads left to right: so `ttb` refuses `spine: max` and
    /// `btt` refuses `spine: min`, like `ltr` and `rtl`.
    package func readingRuleViolations(file: String, keys: [String: SourceLocation]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func refuse(_ key: String, _ message: String, hint: String) {
            let location = keys["reading.\(key)"] ?? keys["reading"] ?? SourceLocation(file: file)
            problems.append(.error(message, at: location, hint: hint))
        }
        let spine = reading.spine
        let vertical = reading.orientation == .vertical

        if spine == .mid, !reading.doubleSided {
            refuse("spine", "`spine: mid` shows two pages facing each other, so it needs `double-sided: true`",
                   hint: "set `double-sided: true`, or use `spine: min` or `spine: max`")
        }
        if reading.transition == .scroll, spine != .none, spine != .auto {
            refuse("transition", "`transition: scroll` slides pages without a spine, "
                       + "so it needs `spine: none` (or `auto`), not `\(spine.rawValue)`",
                   hint: "set `spine: none` or leave `spine` out, or use `transition: curl`")
        }
        if spine == .none, reading.transition != .scroll {
            refuse("spine", "`spine: none` leaves no edge for pages to curl about, so it needs `transition: scroll`",
                   hint: "set `transition: scroll`, or use another spine such as `auto`")
        }

        let direction = direction
        if direction.isVertical != vertical {
            let (fitting, other) = vertical ? ("`direction: ttb` or `btt`", "horizontal") : ("`direction: ltr` or `rtl`", "vertical")
            refuse("direction", "`direction: \(direction.rawValue)` is for \(other) books, "
                       + "but this book is \(reading.orientation.rawValue)",
                   hint: "use \(fitting), or set `orientation: \(other)`")
        } else if spine == direction.wrongSpine {
            let edge = vertical ? (spine == .min ? "top" : "bottom") : (spine == .min ? "left" : "right")
            let otherSpine = spine == .min ? "max" : "min"
            let why = reading.direction != nil ? ""
                : vertical ? " (the default for vertical books)" : " (the default for `language: \(language)`)"
            refuse("spine", "`spine: \(spine.rawValue)` binds the book at the \(edge) edge, "
                       + "but it reads \(direction.words)\(why)",
                   hint: "use `spine: \(otherSpine)` or `auto`, or set `direction: \(direction.reversed.rawValue)`")
        }
        return problems
    }
}

/// Whether text in the language of a BCP 47 tag runs right to left, as for HTML's `dir`.
package func isRightToLeftLanguage(_ tag: String) -> Bool {
    let subtags = tag.lowercased().split(separator: "-")
    // A script subtag decides (`az-Arab`, `sd-Deva`); it comes before any one-letter singleton.
    let script = subtags.dropFirst().prefix { $0.count > 1 }.first { $0.count == 4 && $0.allSatisfy(\.isASCIILetter) }
    if let script { return rightToLeftScripts.contains(String(script)) }
    return subtags.first.map { rightToLeftLanguages.contains(String($0)) } ?? false
}

private let rightToLeftScripts: Set = ["adlm", "arab", "hebr", "nkoo", "rohg", "syrc", "thaa"]
/// Languages whose usual script runs right to left.
private let rightToLeftLanguages: Set = [
    "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ji", "ks", "lrc", "mzn", "nqo",
    "pnb", "prs", "ps", "sd", "syr", "ug", "ur", "yi",
]

extension ReadingOptions.Direction {
    var isVertical: Bool { self == .ttb || self == .btt }

    /// The spine on the edge where reading ends rather than where it starts.
    var wrongSpine: ReadingOptions.Spine { self == .ltr || self == .ttb ? .max : .min }

    var reversed: Self {
        switch self {
        case .ltr: .rtl
        case .rtl: .ltr
        case .ttb: .btt
        case .btt: .ttb
        }
    }

    var words: String {
        switch self {
        case .ltr: "left to right"
        case .rtl: "right to left"
        case .ttb: "top to bottom"
        case .btt: "bottom to top"
        }
    }
}
