import FolioBase
import FolioOptions

/// Whether `a` sorts before `b` the way people number files: runs of digits compare by value
/// (`2-x.md` before `10-x.md`), everything else case-insensitively. Names equal by that measure
/// (`01` and `1`, `A` and `a`) are ordered by their bytes, so the order is total and sorting is
/// deterministic.
func naturallyPrecedes(_ a: String, _ b: String) -> Bool {
    NaturalOrderKey(a) < NaturalOrderKey(b)
}

extension Array {
    /// Sorted by the names `name` gives, as `naturallyPrecedes` orders them. Each name is read
    /// into its key once, not at every comparison: a folder of a thousand chapters is compared
    /// some ten thousand times.
    func sortedNaturally(by name: (Element) -> String) -> [Element] {
        map { (key: NaturalOrderKey(name($0)), element: $0) }.sorted { $0.key < $1.key }.map(\.element)
    }
}

/// A name as `naturallyPrecedes` compares it: its numbers and lowercased characters, then its bytes.
private struct NaturalOrderKey: Comparable {
    let tokens: [NaturalToken]
    let name: String

    init(_ name: String) {
        (tokens, self.name) = (naturalTokens(name), name)
    }

    static func < (a: NaturalOrderKey, b: NaturalOrderKey) -> Bool {
        if a.tokens.lexicographicallyPrecedes(b.tokens) { return true }
        if b.tokens.lexicographicallyPrecedes(a.tokens) { return false }
        return a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }

    static func == (a: NaturalOrderKey, b: NaturalOrderKey) -> Bool {
        a.name == b.name
    }
}

private enum NaturalToken: Comparable {
    /// A run of decimal digits (of any script), as digit values without leading zeros:
    /// compared by length, then digit by digit, so no run is too long to compare.
    case number([UInt8])
    /// One other character, lowercased.
    case text(String)

    static func < (a: NaturalToken, b: NaturalToken) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): x.count != y.count ? x.count < y.count : x.lexicographicallyPrecedes(y)
        case let (.text(x), .text(y)): x < y
        // Every number sorts where the digit 0 would, which keeps the order transitive.
        case let (.number, .text(y)): "0" < y
        case let (.text(x), .number): x < "0"
        }
    }
}

private func naturalTokens(_ string: String) -> [NaturalToken] {
    var tokens: [NaturalToken] = []
    var digits: [UInt8] = []
    var inNumber = false
    for character in string {
        if let digit = decimalValue(of: character) {
            if digit != 0 || !digits.isEmpty { digits.append(digit) }  // leading zeros add no value
            inNumber = true
        } else {
            if inNumber { tokens.append(.number(digits)) }
            digits = []
            inNumber = false
            tokens.append(.text(character.lowercased()))
        }
    }
    if inNumber { tokens.append(.number(digits)) }
    return tokens
}

private func decimalValue(of character: Character) -> UInt8? {
    guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
          scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue
    else { return nil }
    return UInt8(value)
}
