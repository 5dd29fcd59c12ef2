import FolioBase

/// Where a line of code may break, as a printer sets code: after spaces, after a run of
/// punctuation, and on either side of wide (CJK) characters, of punctuation and symbols beyond
/// ASCII and of scripts written without spaces. Never inside a word or a number (`1.5`, `-1`),
/// never before closing CJK punctuation, and not after an apostrophe (`don't`) or a quote that
/// opens a word (a line may break before it instead). Only a word longer than the line is cut
/// anywhere (`CodeLines`).
///
/// The page gives the browser these places as `<wbr>`, but after a space, a tab or a zero-width
/// space, where every browser breaks of itself. Chromium's own breaks in code (UAX #14, and its
/// table for two ASCII characters, `chromiumBreaks`) all lie among them, so that the browser
/// breaks a line where the paginator does, and nowhere else.
enum CodeBreaks {
    enum Kind: Equatable {
        /// A space, a tab, an ideographic space or a zero-width space: a line breaks after it, and
        /// it hangs past the line's end.
        case space
        /// A letter, `_`, and whatever else holds on to its neighbours (a no-break space).
        case letter
        /// An ASCII digit.
        case digit
        /// ASCII punctuation, by its byte.
        case ascii(UInt8)
        /// A character a line may break on either side of.
        case apart
        /// Closing CJK punctuation: apart, but never the first of a line.
        case closing
    }

    /// Whether a line may break between characters of kinds `a` and `b`, `z` coming before `a`
    /// and `c` after `b` (past any quotes after it: `''` opens a word as `'` does).
    static func mayBreak(between a: Kind, and b: Kind, after z: Kind?, before c: Kind?) -> Bool {
        switch (a, b) {
        case (_, .space): false
        case (.space, _): true
        case (_, .closing): false
        case (.apart, _), (.closing, _), (_, .apart): true
        case (.ascii(let a), .ascii(let b)):
            // Before a quote that opens a word (`print(|"Not`), or where Chromium breaks of itself.
            isQuote(b) && !isQuote(a) && isWord(c) || chromiumBreaks(a, b)
        case (.ascii(let a), _):
            switch a {
            case UInt8(ascii: "'"): false
            // After a quote that closes a word (`"a"|b`), not one that opens it.
            case UInt8(ascii: "\""), UInt8(ascii: "`"): isWord(z)
            // A minus sign stays with its number, as Chromium keeps it (a hyphen does not: `A-|1`).
            case UInt8(ascii: "-") where b == .digit: isWord(z)
            // A decimal point too.
            case UInt8(ascii: ".") where b == .digit: z != .digit
            default: true
            }
        default: false
        }
    }

    /// A character's kind, by its first scalar (the others are marks that join it).
    static func kind(of character: Character) -> Kind {
        let scalar = character.unicodeScalars.first!
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            if byte == 0x20 || byte == 0x09 { return .space }
            if isASCIIDigit(byte) { return .digit }
            return isASCIIPunctuation(byte) && byte != UInt8(ascii: "_") ? .ascii(byte) : .letter
        }
        switch scalar.value {
        case 0x200B, 0x3000: return .space
        // No-break spaces.
        case 0x00A0, 0x2007, 0x202F: return .letter
        // Thai, Lao, Myanmar, Khmer, New Tai Lue, Tai Tham, Tai Viet: words not set apart by spaces.
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x1980...0x19DF, 0x1A20...0x1AAF, 0xAA80...0xAADF: return .apart
        default: break
        }
        if isClosing(scalar) { return .closing }
        if TextWidths.isWide(scalar) { return .apart }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
             .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator:
            return .apart
        default:
            return .letter
        }
    }

    private static func isWord(_ kind: Kind?) -> Bool {
        kind == .letter || kind == .digit
    }

    static func isQuote(_ kind: Kind) -> Bool {
        if case .ascii(let byte) = kind { isQuote(byte) } else { false }
    }

    private static func isQuote(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`")
    }

    /// CJK punctuation that UAX #14 never lets begin a line (its classes CL, EX, IS and NS).
    private static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "、", "。", "，", "．", "：", "；", "！", "？", "）", "」", "』", "】", "〕", "〗", "〙", "〛", "］", "｝", "〉", "》",
             "｠", "・", "々", "ゝ", "ゞ", "ヽ", "ヾ", "〻", "〜":
            true
        default:
            false
        }
    }

    /// Where Chromium breaks between two ASCII marks of itself (its line breaker's table for
    /// ASCII pairs): before an opening bracket after most marks, and after `-` and `?`.
    private static func chromiumBreaks(_ a: UInt8, _ b: UInt8) -> Bool {
        func among(_ byte: UInt8, _ marks: String) -> Bool { marks.utf8.contains(byte) }
        return switch a {
        case UInt8(ascii: "-"): among(b, "\"#%&'(*+-<=>@[\\^`{|~")
        case UInt8(ascii: "?"): among(b, "#$%&(*+-<=>@[\\^`{|~")
        default: among(a, "!\"#%&)*+,.:;=>\\]|}~") && among(b, "(<[{")
        }
    }
}
