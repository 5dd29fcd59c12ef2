import FolioBase
import FolioOptions
import FolioBook
import Foundation

/// How wide text sets in the book's faces (`BookType`), in CSS px: each character's advance as
/// the face gives it, the browser placing glyphs at fractions of a pixel. Characters the faces
/// lack come from the reader's own fonts, and are estimated.
package enum TextWidths {
    package enum Face: CaseIterable, Sendable { case regular, italic, bold, boldItalic, mono }

    /// The advance in CSS px at `size`.
    static func width(_ scalar: Unicode.Scalar, _ face: Face, size: Double, type: BookType) -> Double {
        advance(scalar, face, type: type) * size
    }

    /// `width(_:_:size:type:)` in one face at one size, the printable ASCII kept in a table: text
    /// is measured a character at a time, and most characters are ASCII. Made once for each type,
    /// face and size (`table`), and shared by every paragraph on every core.
    final class Scaled: Sendable {
        let face: Face
        let size: Double
        let type: BookType
        /// Each printable ASCII character's width, from the space.
        private let ascii: [Double]

        private init(_ face: Face, size: Double, type: BookType) {
            self.face = face
            self.size = size
            self.type = type
            ascii = (0x20..<0x7F).map { TextWidths.width(Unicode.Scalar(UInt8($0)), face, size: size, type: type) }
        }

        func width(_ scalar: Unicode.Scalar) -> Double {
            let value = scalar.value
            guard value >= 0x20 && value < 0x7F else { return TextWidths.width(scalar, face, size: size, type: type) }
            return ascii[Int(value) - 0x20]
        }

        /// The width of a printable ASCII character, by its byte.
        func width(ascii byte: UInt8) -> Double {
            ascii[Int(byte) - 0x20]
        }

        /// The table for `face` at `size` in `type`.
        static func table(_ face: Face, size: Double, type: BookType) -> Scaled {
            lock.withLock {
                if let known = tables.first(where: { $0.face == face && $0.size == size && $0.type === type }) { return known }
                let made = Scaled(face, size: size, type: type)
                // A book has a few faces and sizes; a process that builds many books keeps the latest.
                if tables.count >= 64 { tables.removeFirst(32) }
                tables.append(made)
                return made
            }
        }

        private static let lock = NSLock()
        nonisolated(unsafe) private static var tables: [Scaled] = []
    }

    /// The advance in em: the face's own, or an estimate for a character it lacks.
    static func advance(_ scalar: Unicode.Scalar, _ face: Face, type: BookType) -> Double {
        if let advance = type.advance(scalar, face) { return advance }
        if face == .mono { return monoAdvance(scalar) }
        if isZeroWidth(scalar) { return 0 }
        if isWide(scalar) { return 1 }
        return (face == .bold || face == .boldItalic ? 1.1 : 1) * otherScriptWidth(scalar)
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
}
