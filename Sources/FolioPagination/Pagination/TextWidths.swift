import FolioBase
import FolioOptions
import FolioBook
import Foundation

/// How wide text sets in the default theme's fonts, in em. The printable ASCII widths are
/// DejaVu Serif's advances, the widest of the theme's serif faces, so an estimate errs long:
/// a line Folio thinks full may have room to spare in the browser, never the other way round.
enum TextWidths {
    enum Face { case regular, bold, mono }

    /// The advance in CSS px at `size`. Chromium on Linux sets glyphs on whole pixels, other
    /// browsers keep the fractions: the larger of the two is safe for both.
    static func width(_ scalar: Unicode.Scalar, _ face: Face, size: Double) -> Double {
        let exact = advance(scalar, face) * size
        return max(exact, exact.rounded())
    }

    /// `width(_:_:size:)` in one face at one size, the printable ASCII kept in a table: text is
    /// measured a character at a time, and most characters are ASCII. Made once for each face and
    /// size (`table`), and shared by every paragraph on every core.
    final class Scaled: Sendable {
        let face: Face
        let size: Double
        /// Each printable ASCII character's width, from the space.
        private let ascii: [Double]

        private init(_ face: Face, size: Double) {
            self.face = face
            self.size = size
            ascii = (0x20..<0x7F).map { TextWidths.width(Unicode.Scalar(UInt8($0)), face, size: size) }
        }

        func width(_ scalar: Unicode.Scalar) -> Double {
            let value = scalar.value
            guard value >= 0x20 && value < 0x7F else { return TextWidths.width(scalar, face, size: size) }
            return ascii[Int(value) - 0x20]
        }

        /// The width of a printable ASCII character, by its byte.
        func width(ascii byte: UInt8) -> Double {
            ascii[Int(byte) - 0x20]
        }

        /// The table for `face` at `size`.
        static func table(_ face: Face, size: Double) -> Scaled {
            lock.withLock {
                if let known = tables.first(where: { $0.face == face && $0.size == size }) { return known }
                let made = Scaled(face, size: size)
                tables.append(made)
                return made
            }
        }

        private static let lock = NSLock()
        /// A book has a few faces and sizes: its text's, its code's, its headings', its tables'.
        nonisolated(unsafe) private static var tables: [Scaled] = []
    }

    static func advance(_ scalar: Unicode.Scalar, _ face: Face) -> Double {
        if face == .mono { return monoAdvance(scalar) }
        let table = face == .bold ? boldASCII : regularASCII
        switch scalar.value {
        case 0x20...0x7E: return table[Int(scalar.value) - 0x20]
        case _ where isZeroWidth(scalar): return 0
        case _ where isWide(scalar): return 1
        default:
            if let width = punctuation[scalar] { return face == .bold ? width * 1.1 : width }
            // An accented letter is as wide as its base letter.
            if let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first,
               base != scalar, base.value >= 0x20, base.value <= 0x7E {
                return table[Int(base.value) - 0x20]
            }
            return (face == .bold ? 1.1 : 1) * otherScriptWidth(scalar)
        }
    }

    /// The theme's monospace faces (DejaVu Sans Mono, Menlo, SF Mono, Consolas) set Latin,
    /// Greek, Cyrillic, punctuation, arrows, maths and box drawing at 0.602 em or less;
    /// full-width characters come at 1 em from a CJK face, emoji a little wider (1.04 em in Noto
    /// Color Emoji); other scripts from proportional fallback faces, taken at 1 em to be safe.
    private static func monoAdvance(_ scalar: Unicode.Scalar) -> Double {
        if isZeroWidth(scalar) { return 0 }
        switch scalar.value {
        case 0x1F300...0x1FAFF: return 1.25
        case _ where isWide(scalar): return 1
        case 0...0x058F, 0x1D00...0x1FFF, 0x2000...0x2E7F: return 0.602
        default: return 1
        }
    }

    /// Hebrew and Arabic come from the fallback DejaVu Sans. Hebrew letters average 0.55 em;
    /// joined Arabic text sets at about 0.47 em a letter in Chromium (initial and medial forms
    /// are narrow). Each estimate keeps a margin above that. Anything else unknown: wider still.
    private static func otherScriptWidth(_ scalar: Unicode.Scalar) -> Double {
        switch scalar.value {
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: 0.62
        case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: 0.55
        default: 0.85
        }
    }

    /// Full-width characters: CJK ideographs, kana, hangul, full-width forms, emoji.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        // Below U+1100 nothing is wide: most text is answered by the first comparison.
        guard scalar.value >= 0x1100 else { return false }
        return switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: true
        default: false
        }
    }

    private static let punctuation: [Unicode.Scalar: Double] = [
        "\u{A0}": 0.318, "\u{2018}": 0.318, "\u{2019}": 0.318, "\u{201C}": 0.511, "\u{201D}": 0.511,
        "\u{2013}": 0.5, "\u{2014}": 1, "\u{2026}": 1, "\u{B7}": 0.318, "\u{AB}": 0.612, "\u{BB}": 0.612,
        "\u{2022}": 0.59, "\u{D7}": 0.838, "\u{A9}": 1, "\u{20AC}": 0.636,
    ]

    private static let regularASCII: [Double] = [
        0.318, 0.402, 0.46, 0.838, 0.636, 0.95, 0.89, 0.275, 0.39, 0.39, 0.5, 0.838, 0.318, 0.338, 0.318, 0.337,
        0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.337, 0.337, 0.838, 0.838, 0.838, 0.536,
        1.0, 0.722, 0.735, 0.765, 0.802, 0.73, 0.694, 0.799, 0.872, 0.395, 0.401, 0.747, 0.664, 1.024, 0.875, 0.82,
        0.673, 0.82, 0.753, 0.685, 0.667, 0.843, 0.722, 1.028, 0.712, 0.66, 0.695, 0.39, 0.337, 0.39, 0.838, 0.5,
        0.5, 0.596, 0.64, 0.56, 0.64, 0.592, 0.37, 0.64, 0.644, 0.32, 0.31, 0.606, 0.32, 0.948, 0.644, 0.602,
        0.64, 0.64, 0.478, 0.513, 0.402, 0.644, 0.565, 0.856, 0.564, 0.565, 0.527, 0.636, 0.337, 0.636, 0.838,
    ]

    private static let boldASCII: [Double] = [
        0.348, 0.439, 0.521, 0.838, 0.696, 0.95, 0.903, 0.306, 0.473, 0.473, 0.523, 0.838, 0.348, 0.415, 0.348, 0.365,
        0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.369, 0.369, 0.838, 0.838, 0.838, 0.586,
        1.0, 0.776, 0.845, 0.796, 0.867, 0.762, 0.71, 0.854, 0.945, 0.468, 0.473, 0.869, 0.703, 1.107, 0.914, 0.871,
        0.752, 0.871, 0.831, 0.722, 0.744, 0.872, 0.776, 1.123, 0.776, 0.714, 0.73, 0.473, 0.365, 0.473, 0.838, 0.5,
        0.5, 0.648, 0.699, 0.609, 0.699, 0.636, 0.43, 0.699, 0.727, 0.38, 0.362, 0.693, 0.38, 1.058, 0.727, 0.667,
        0.699, 0.699, 0.527, 0.563, 0.462, 0.727, 0.581, 0.861, 0.596, 0.581, 0.568, 0.643, 0.364, 0.643, 0.838,
    ]
}
