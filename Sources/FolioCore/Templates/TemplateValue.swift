import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch

/// The data a Mustache template renders: JSON's shapes, so a book's pages, chapters and
/// strings map onto it directly, and Swift callers can write it as literals:
/// `["title": "A", "items": [["n": 1]]]`.
enum TemplateValue: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])
    case null

    /// The member `key` of an object; nil for a missing key and for every other kind of value.
    subscript(key: String) -> TemplateValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// Whether a section renders, as the spec's `!!data` has it: false, null, 0, the empty
    /// string and the empty list are falsey; everything else, even an empty object, is truthy.
    var isTruthy: Bool {
        switch self {
        case .string(let text): !text.isEmpty
        case .number(let number): number != 0
        case .bool(let flag): flag
        case .list(let items): !items.isEmpty
        case .object: true
        case .null: false
        }
    }

    /// What `{{name}}` writes, before escaping. Whole numbers print without a fraction (`85`,
    /// not `85.0`); lists and objects print nothing, having no one obvious text.
    var text: String {
        switch self {
        case .string(let text): text
        case .number(let number) where number.rounded() == number && abs(number) < 1e15: String(Int64(number))
        // Swift prints the shortest digits that read back the same: `1.21`, not `1.2100000000000002`.
        case .number(let number): String(number)
        case .bool(let flag): String(flag)
        case .list, .object, .null: ""
        }
    }
}

extension TemplateValue: ExpressibleByStringInterpolation {
    init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    init(integerLiteral value: Int) {
        self = .number(Double(value))
    }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    init(floatLiteral value: Double) {
        self = .number(value)
    }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: TemplateValue...) {
        self = .list(elements)
    }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(uniqueKeysWithValues: elements))
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    init(nilLiteral: ()) {
        self = .null
    }
}
