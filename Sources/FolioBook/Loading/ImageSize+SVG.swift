import FolioBase
import FolioOptions

extension ImageSize {
    /// SVG: the root element's absolute `width` and `height`; a missing or relative side
    /// comes from the `viewBox`, keeping its ratio when the other side is given.
    static func svg(_ bytes: ImageBytes) -> ImageSize? {
        guard let root = XMLRootTag(bytes), root.name == "svg" || root.name.hasSuffix(":svg") else { return nil }
        let width = root.attributes["width"].flatMap(pixels)
        let height = root.attributes["height"].flatMap(pixels)
        let viewBox = root.attributes["viewBox"].flatMap(viewBoxSize)
        switch (width, height, viewBox) {
        case let (width?, height?, _):
            return ImageSize(width: width, height: height)
        case let (width?, nil, box?):
            return ImageSize(width: width, height: width * box.height / box.width)
        case let (nil, height?, box?):
            return ImageSize(width: height * box.width / box.height, height: height)
        case let (nil, nil, box?):
            return box
        default:
            return nil
        }
    }

    /// CSS px per unit, at 96 px per inch; em at the browsers' default 16px.
    /// Other relative units and percentages have no size of their own and are left out.
    private static let pixelsPerUnit: [String: Double] = [
        "": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6,
        "pt": 96 / 72, "pc": 16, "em": 16,
    ]

    /// A positive absolute length in px, such as `120`, `12.5mm` or ` 2em `; nil for `50%`, `auto` or garbage.
    private static func pixels(_ value: [UInt8]) -> Double? {
        let words = value.split(whereSeparator: isSpaceByte)
        guard words.count == 1, let (number, unit) = leadingNumber(words[0]), number > 0,
              let scale = pixelsPerUnit[String(decoding: unit, as: UTF8.self).lowercased()]
        else { return nil }
        return number * scale
    }

    /// The width and height of `min-x min-y width height`, separated by whitespace and/or commas; nil unless both are positive.
    private static func viewBoxSize(_ value: [UInt8]) -> ImageSize? {
        let words = value.split { isSpaceByte($0) || $0 == UInt8(ascii: ",") }
        let numbers = words.compactMap { word in leadingNumber(word).flatMap { $0.rest.isEmpty ? $0.value : nil } }
        guard words.count == 4, numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else { return nil }
        return ImageSize(width: numbers[2], height: numbers[3])
    }

    /// Splits a CSS number (sign, digits, fraction, exponent) off the front of `text`.
    private static func leadingNumber(_ text: ArraySlice<UInt8>) -> (value: Double, rest: ArraySlice<UInt8>)? {
        var end = text.startIndex
        func byte(_ index: Int) -> UInt8? { index < text.endIndex ? text[index] : nil }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map(isASCIIDigit) ?? false }
        func isSign(_ byte: UInt8?) -> Bool { byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") }
        func skipDigits() -> Int {
            let start = end
            while isDigit(byte(end)) { end += 1 }
            return end - start
        }
        if isSign(byte(end)) { end += 1 }
        var digits = skipDigits()
        if byte(end) == UInt8(ascii: "."), isDigit(byte(end + 1)) {
            end += 1
            digits += skipDigits()
        }
        guard digits > 0 else { return nil }
        // An exponent only if digits follow, so `2em` stays 2 em.
        if byte(end) == UInt8(ascii: "e") || byte(end) == UInt8(ascii: "E") {
            let mantissaEnd = end
            end += 1
            if isSign(byte(end)) { end += 1 }
            if skipDigits() == 0 { end = mantissaEnd }
        }
        guard let value = Double(String(decoding: text[..<end], as: UTF8.self)), value.isFinite else { return nil }
        return (value, text[end...])
    }
}
