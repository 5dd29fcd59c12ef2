import CHarfBuzz
import CWOFF2
import Foundation

/// A font file, opened with HarfBuzz: its glyphs' advances, and the font cut down to the
/// characters a book uses.
/// The only code that sees HarfBuzz's and the WOFF2 encoder's C types. Sendable: HarfBuzz's faces
/// and fonts made immutable may be read from any thread.
package final class Typeface: @unchecked Sendable {
    private let face: OpaquePointer
    /// Immutable once made, so shared by every core.
    private let font: OpaquePointer
    private let unitsPerEm: Double

    /// Nil when HarfBuzz finds no font in `bytes`.
    package init?(_ bytes: Data) {
        let blob = Self.blob(bytes)
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, 0), hb_face_get_glyph_count(face) > 0 else { return nil }
        hb_face_make_immutable(face)
        let font = hb_font_create(face)!
        hb_font_make_immutable(font)
        (self.face, self.font) = (face, font)
        unitsPerEm = Double(hb_face_get_upem(face))
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// The advance of `scalar`'s glyph, in em; nil when the font has none.
    package func advance(_ scalar: Unicode.Scalar) -> Double? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 else { return nil }
        return Double(hb_font_get_glyph_h_advance(font, glyph)) / unitsPerEm
    }

    /// Brotli's quality for the WOFF2 files: 5 makes the guide's six in a twentieth of the time
    /// 11 (the encoder's default) takes, for 6% more bytes; every fresh build makes them.
    private static let compression: Int32 = 5

    /// `subset(for:family:)` as a WOFF2 file; nil when HarfBuzz or the encoder fail.
    package func webFont(for scalars: some Sequence<Unicode.Scalar>, family: String) -> Data? {
        guard let font = subset(for: scalars, family: family) else { return nil }
        return font.withUnsafeBytes { buffer -> Data? in
            let font = buffer.bindMemory(to: UInt8.self)
            var size = cwoff2_max_size(font.baseAddress, font.count)
            var out = [UInt8](repeating: 0, count: size)
            guard cwoff2_encode(font.baseAddress, font.count, Self.compression, &out, &size) != 0 else { return nil }
            return Data(out[..<size])
        }
    }

    /// The font with only the glyphs `scalars` need (and what its kerning and ligatures reach),
    /// without hinting, named `family`; nil when HarfBuzz fails. A cut-down font is a modified
    /// version, which the Open Font License says may not carry the reserved names of the
    /// original: its names are `family`'s, its copyright and licence the original's.
    package func subset(for scalars: some Sequence<Unicode.Scalar>, family: String) -> Data? {
        guard let input = hb_subset_input_create_or_fail() else { return nil }
        defer { hb_subset_input_destroy(input) }
        let unicodes = hb_subset_input_unicode_set(input)
        for scalar in scalars { hb_set_add(unicodes, scalar.value) }
        // Hints serve screens that snap glyphs to pixels; a browser that places them at fractions
        // of one, as the widths here assume, hardly uses them, and they are a third of the file.
        hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING.rawValue)
        guard let made = hb_subset_or_fail(face, input) else { return nil }
        // Read back from its bytes: the subsetter's face lists no tables.
        let bytes = hb_face_reference_blob(made)
        hb_face_destroy(made)
        defer { hb_blob_destroy(bytes) }
        guard let subset = hb_face_create(bytes, 0) else { return nil }
        defer { hb_face_destroy(subset) }
        let renamed = hb_face_builder_create()
        defer { hb_face_destroy(renamed) }
        for tag in tables(subset) {
            let table = tag == nameTag ? names(family: family) : hb_face_reference_table(subset, tag)
            hb_face_builder_add_table(renamed, tag, table)
            hb_blob_destroy(table)
        }
        let blob = hb_face_reference_blob(renamed)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return Data(bytes: data, count: Int(length))
    }

    /// A copy of `bytes` as HarfBuzz holds them.
    private static func blob(_ bytes: some ContiguousBytes) -> OpaquePointer? {
        bytes.withUnsafeBytes { buffer in
            hb_blob_create(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(buffer.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
    }

    private let nameTag = hb_tag_t(0x6E61_6D65)  // 'name'

    private func tables(_ face: OpaquePointer) -> [hb_tag_t] {
        var count = hb_face_get_table_tags(face, 0, nil, nil)
        var tags = [hb_tag_t](repeating: 0, count: Int(count))
        _ = hb_face_get_table_tags(face, 0, &count, &tags)
        return Array(tags[..<Int(count)])
    }

    /// The font's name `id` (1 its family, 0 its copyright, 13 its licence…), in English.
    package func name(_ id: UInt32) -> String? {
        let english = hb_language_from_string("en", -1)
        var size = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), english, nil, nil) + 1
        guard size > 1 else { return nil }
        var text = [CChar](repeating: 0, count: Int(size))
        _ = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), english, &size, &text)
        return String(decoding: text[..<Int(size)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A `name` table (format 0, Windows' Unicode names in US English) naming the font `family`,
    /// of the original's style, with the original's copyright, version and licence.
    private func names(family: String) -> OpaquePointer? {
        let style = name(2) ?? "Regular"
        let postScript = (family + "-" + style).filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        var records: [(UInt16, String)] = [(1, family), (2, style), (3, family + " " + style), (4, family + " " + style), (6, postScript)]
        for id: UInt16 in [0, 5, 13, 14] { if let text = name(UInt32(id)) { records.append((id, text)) } }
        records.sort { $0.0 < $1.0 }
        var table: [UInt8] = []
        func put(_ value: UInt16) { table += [UInt8(value >> 8), UInt8(value & 0xFF)] }
        put(0)
        put(UInt16(records.count))
        put(UInt16(6 + 12 * records.count))
        var strings: [UInt8] = []
        for (id, text) in records {
            let utf16 = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            for value in [3, 1, 0x409, id, UInt16(utf16.count), UInt16(strings.count)] { put(value) }
            strings += utf16
        }
        table += strings
        return Self.blob(table)
    }
}
