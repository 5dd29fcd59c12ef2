import FolioBase
import FolioBook
import FolioOptions
import FolioPagination
import Foundation

/// The theme's text faces (its `fonts/` files), cut down to the characters a book uses and
/// written as WOFF2 under assets/fonts/, where the theme's stylesheet names them in its
/// `@font-face` rules: whatever fonts a reader's machine has, the pages are set in these.
/// Characters the faces lack (CJK, Arabic…) come from the stylesheet's fallbacks.
enum WebFonts {
    struct Face: Sendable {
        /// The theme's file, under `fonts/`.
        var file: String
        /// The site's file, under assets/fonts/.
        var name: String
        /// The name the cut-down face carries (never the original's: see `Typeface.subset`).
        var family: String
        /// The face the paginator measures with it, if any.
        var measures: TextWidths.Face?
        /// The face of book.yml's `fonts` that replaces it.
        var replacedBy: TextFace
    }

    /// The faces, as the theme's stylesheet names them.
    static let faces = [
        Face(file: "CharisSIL-Regular.ttf", name: "serif-regular.woff2", family: "Folio Serif", measures: .regular, replacedBy: .regular),
        Face(file: "CharisSIL-Italic.ttf", name: "serif-italic.woff2", family: "Folio Serif", measures: .italic, replacedBy: .italic),
        Face(file: "CharisSIL-Bold.ttf", name: "serif-bold.woff2", family: "Folio Serif", measures: .bold, replacedBy: .bold),
        Face(file: "CharisSIL-BoldItalic.ttf", name: "serif-bold-italic.woff2", family: "Folio Serif", measures: .boldItalic, replacedBy: .boldItalic),
        Face(file: "DejaVuSansMono.ttf", name: "mono-regular.woff2", family: "Folio Mono", measures: .mono, replacedBy: .mono),
        // As wide as the regular, glyph for glyph.
        Face(file: "DejaVuSansMono-Bold.ttf", name: "mono-bold.woff2", family: "Folio Mono", replacedBy: .monoBold),
    ]

    static let paths = faces.map { SiteLayout.font($0.name) }

    /// The book's own font files (book.yml's `fonts`) as the theme files they replace.
    static func themeFiles(_ fonts: [TextFace: Data]) -> [String: Data] {
        Dictionary(uniqueKeysWithValues: faces.compactMap { face in fonts[face.replacedBy].map { ("fonts/" + face.file, $0) } })
    }

    /// The theme's files the faces are cut from, by their name in `faces`.
    static func sources(in theme: Theme) -> [String: Data] {
        Dictionary(uniqueKeysWithValues: faces.compactMap { face in theme.files["fonts/" + face.file].map { (face.file, $0) } })
    }

    /// What the paginator measures with: the faces in `sources`, the default theme's read once.
    static func type(_ sources: [String: Data]) -> BookType {
        sources == builtIn.sources ? builtIn.type : measured(sources)
    }

    /// The default theme's faces, and its type.
    static let builtIn: (sources: [String: Data], type: BookType) = {
        let sources = WebFonts.sources(in: .builtIn)
        return (sources, measured(sources))
    }()

    private static func measured(_ sources: [String: Data]) -> BookType {
        BookType(Dictionary(uniqueKeysWithValues: faces.compactMap { face in
            face.measures.flatMap { measured in sources[face.file].map { (measured, $0) } }
        }))
    }

    /// The characters every page may show besides its book's own: printable ASCII (the digits of
    /// page and note numbers among them), Latin-1's letters and signs, which character
    /// references may name, and the quotes, dashes and ellipsis of typographic punctuation.
    private static let always: [UInt32] = Array(0x20...0x7E) + Array(0xA0...0xFF) + Array(0x2010...0x2027) + Array(0x2030...0x203A)

    /// The characters of a book, in order: its sections' Markdown (which holds a little more than
    /// its text: a face with a few glyphs too many does no harm), its titles and the theme's words.
    static func characters(of book: Book, sources: ChapterSources, strings: UIStrings?) -> [UInt32] {
        let texts = book.sections.compactMap { sources[$0.id] } + [book.title] + book.sections.compactMap(\.declaredTitle)
        return characters(texts + (strings.map { Array($0.values.values) } ?? []))
    }

    private static func characters(_ texts: [String]) -> [UInt32] {
        let found = texts.parallelMap { text in
            var ascii = [Bool](repeating: false, count: 128)
            var others: Set<UInt32> = []
            withBytes(text) { bytes in
                var index = 0
                while index < bytes.count {
                    if bytes[index] < 0x80 {
                        ascii[Int(bytes[index])] = true
                        index += 1
                        continue
                    }
                    let (scalar, length) = bytes.scalar(at: index)
                    others.insert(scalar.value)
                    index += length
                }
            }
            return (ascii, others)
        }
        var all = Set(always)
        for (ascii, others) in found {
            for byte in 0x20..<0x7F where ascii[byte] { all.insert(UInt32(byte)) }
            all.formUnion(others)
        }
        return all.sorted()
    }

    /// What the files are made of: the faces' files and the characters.
    static func fingerprint(_ sources: [String: Data], characters: [UInt32]) -> UInt64 {
        var print = Fingerprint(of: characters)
        for face in faces { print.add(sources[face.file] ?? Data()) }
        return print.value
    }

    /// The site's font files, each face cut down to `characters`, made side by side. A face the
    /// theme lacks, or that HarfBuzz cannot read, is left out: the stylesheet falls back.
    static func files(_ sources: [String: Data], characters: [UInt32]) -> [SiteFile] {
        let scalars = characters.compactMap(Unicode.Scalar.init)
        return faces.parallelMap { face -> SiteFile? in
            guard let bytes = sources[face.file], let font = Typeface(bytes)?.webFont(for: scalars, family: face.family) else { return nil }
            return SiteFile(path: SiteLayout.font(face.name), contents: .bytes(font))
        }.compactMap { $0 }
    }
}
