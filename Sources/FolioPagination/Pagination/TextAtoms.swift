import FolioBase
import FolioOptions
import FolioBook

/// A paragraph's text as the line breaker sees it: pieces that cannot be broken, each with its
/// width, and where it ends in the paragraph's flat text (the offsets `splitInlines` cuts at).
struct TextAtom {
    /// A formula in the text is one piece that makes its line `rise` taller; a displayed one is
    /// set apart like an image.
    enum Kind { case word, space, lineBreak, image(height: Double), formula(rise: Double) }

    var kind: Kind
    var width: Double
    /// Flat offsets of the atom's first character and of the character after its last.
    var start: Int, end: Int
    /// How to measure the word again character by character, for words too long for a line:
    /// its text's place in `TextAtoms.longWords` (-1 for a word that fits a line), its face and size.
    var longWord = -1
    var face: TextWidths.Face = .regular
    var size: Double = 0
    /// Whether the text so far is all characters a line may break after (`-`, `?`, dashes):
    /// kept as it grows, so that a long word costs its length, not its length squared.
    var onlyBreaks = true
    /// For a piece of a word that ends at a soft hyphen, the width of the hyphen a line that
    /// breaks there shows at its end; 0 for any other atom.
    var hyphen = 0.0
}

/// A paragraph's atoms, and the text of each word that may not fit a line, which the line
/// breaker breaks anywhere. Other words keep no text: an atom is then a plain value, and a
/// paragraph's many are made and copied at no cost but their bytes.
struct TextAtoms {
    var atoms: [TextAtom] = []
    var longWords: [String] = []
}

/// Turns inlines into atoms. Offsets count Unicode scalars of text and code, one for each
/// break; raw HTML counts its scalars but is never broken.
struct TextAtomizer {
    let fontSize: Double
    let codeScale: Double
    let codePadding: Double
    let images: ImageSizes
    /// The width of the lines the atoms are broken into.
    let lineWidth: Double
    /// A word wider than this may not fit a line (one that starts indented), and keeps its text.
    let longWord: Double
    /// Images never grow taller than a page's content box (the theme caps them there too).
    let maxImageHeight: Double
    /// The height of an image of unknown size (`PageGeometry.unsizedImageHeight`).
    let unsizedImageHeight: Double

    private(set) var text = TextAtoms()
    private var offset = 0
    private var word: TextAtom?
    /// The paragraph's words as UTF-8, one after another: the word's text is what follows
    /// `wordStart`, the word before's (which a closing mark may join) what follows `lastWordStart`
    /// up to it. Appending bytes to one buffer costs less than growing a `String` one character
    /// at a time, or clearing a buffer at every word. And the word's last character.
    private var letters: [UInt8] = []
    private var wordStart = 0
    private var lastWordStart = 0
    private var lastScalar: Unicode.Scalar?
    /// Width tables for the faces and sizes met so far in the paragraph (a few at most).
    private var widthTables: [TextWidths.Scaled] = []
    private let type: BookType

    init(fontSize: Double, geometry: PageGeometry, images: ImageSizes, lineWidth: Double) {
        self.fontSize = fontSize
        self.codeScale = geometry.inlineCodeScale
        self.codePadding = geometry.inlineCodePadding
        self.images = images
        self.lineWidth = lineWidth
        longWord = lineWidth - max(geometry.indent, 0)
        self.maxImageHeight = geometry.contentHeight
        type = geometry.type
        unsizedImageHeight = geometry.unsizedImageHeight
    }

    static func atoms(_ inlines: [Inline], geometry: PageGeometry, fontSize: Double, bold: Bool, images: ImageSizes, width: Double) -> TextAtoms {
        var atomizer = TextAtomizer(fontSize: fontSize, geometry: geometry, images: images, lineWidth: width)
        // Room for most paragraphs' words and spaces, which would otherwise be copied as they grow.
        atomizer.text.atoms.reserveCapacity(128)
        atomizer.add(inlines, face: bold ? .bold : .regular)
        atomizer.endWord()
        return atomizer.text
    }

    mutating func add(_ inlines: [Inline], face: TextWidths.Face) {
        // The face of the innermost emphasis, strong text or link around the inline, or the
        // monospace of a raw `<kbd>` or `<code>` the text is inside.
        var faces = [face]
        var monoTags = 0
        for inline in inlines {
            inline.walk(entering: { inline in
                let face = monoTags > 0 ? .mono : faces[faces.count - 1]
                switch inline {
                case .text(let text): addText(text, face: face, size: fontSize)
                case .code(let code):
                    // Its padding on either side: a code span broken across lines has its start's
                    // on the first line and its end's on the last.
                    extendWord(width: codePadding)
                    addText(code, face: .mono, size: fontSize * codeScale)
                    extendWord(width: codePadding)
                case .softBreak: addSpace(width: width(" ", face, size: fontSize), length: 1)
                case .lineBreak:
                    endWord()
                    text.atoms.append(TextAtom(kind: .lineBreak, width: 0, start: offset, end: offset + 1))
                    offset += 1
                case .html(let html) where isLineBreakTag(html):
                    // A raw `<br>` breaks the line as a hard break does (offsets count its scalars).
                    endWord()
                    text.atoms.append(TextAtom(kind: .lineBreak, width: 0, start: offset, end: offset + html.scalarCount))
                    offset += html.scalarCount
                case .html(let html):
                    monoTags = max(0, monoTags + monospaceTag(html))
                    extendWord(width: 0)
                    offset += html.scalarCount
                    word?.end = offset
                    // The theme shows an image as a block of its own, even inside a paragraph.
                    for image in rawHTMLImages(html) {
                        let size = shownSize(of: image, sizes: images, width: lineWidth, maxHeight: maxImageHeight, unsized: unsizedImageHeight)
                        endWord()
                        text.atoms.append(TextAtom(kind: .image(height: size.height), width: size.width, start: offset, end: offset))
                    }
                case .footnoteReference(_, let number, _):
                    // A superscript in smaller type that keeps to the word before it.
                    addText(String(number), face: face, size: fontSize * 0.75)
                case .taskBox:
                    // The checkbox: 0.9em wide, 0.3em after it (the theme's sizes).
                    extendWord(width: fontSize * 1.2)
                case .math(let formula):
                    addFormula(formula)
                case .emphasis: faces.append(face == .mono ? .mono : face == .bold || face == .boldItalic ? .boldItalic : .italic)
                case .link, .strikethrough: faces.append(face)
                case .strong: faces.append(face == .mono ? .mono : face == .italic || face == .boldItalic ? .boldItalic : .bold)
                case .image(let reference, _):
                    endWord()
                    let size = images[reference.destination].map { fitted($0) } ?? (width: lineWidth, height: unsizedImageHeight)
                    text.atoms.append(TextAtom(kind: .image(height: size.height), width: size.width, start: offset, end: offset))
                    return false
                }
                return true
            }, leaving: { inline in
                switch inline {
                case .emphasis, .strong, .link, .strikethrough: faces.removeLast()
                default: break
                }
            })
        }
    }

    /// A formula's box, one flat offset long (`Inline.flatLength`).
    private mutating func addFormula(_ formula: Formula) {
        endWord()
        let code = widths(.mono, size: fontSize * codeScale)
        let mono = formula.mathML == nil ? formula.tex.unicodeScalars.reduce(codePadding * 2) { $0 + code.width($1) } : 0
        let box = FormulaBox(formula, fontSize: fontSize, monoWidth: mono, lineWidth: lineWidth, maxHeight: maxImageHeight)
        let kind = formula.display ? TextAtom.Kind.image(height: box.height) : .formula(rise: box.height)
        text.atoms.append(TextAtom(kind: kind, width: box.width, start: offset, end: offset + 1))
        offset += 1
    }

    private func fitted(_ size: ImageSize) -> (width: Double, height: Double) {
        let scale = min(1, lineWidth / max(size.width, 1), maxImageHeight / max(size.height, 1))
        return (size.width * scale, size.height * scale)
    }

    private mutating func addText(_ text: String, face: TextWidths.Face, size: Double) {
        let widths = self.widths(face, size: size)
        withBytes(text) { bytes in
            var index = 0
            while index < bytes.count {
                // A run of word characters that neither break nor join (`isPlain`) only lengthens
                // the word: its bytes are added at once, and the word's end and last character set once.
                if isPlain(bytes[index]) {
                    let start = index
                    if word == nil { word = TextAtom(kind: .word, width: 0, start: offset, end: offset, face: face, size: size) }
                    var width = word!.width
                    repeat {
                        width += widths.width(ascii: bytes[index])
                        index += 1
                    } while index < bytes.count && isPlain(bytes[index])
                    letters.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    offset += index - start
                    word!.width = width
                    word!.end = offset
                    word!.onlyBreaks = false
                    (word!.face, word!.size) = (face, size)
                    lastScalar = Unicode.Scalar(bytes[index - 1])
                    continue
                }
                let (scalar, length) = bytes.scalar(at: index)
                index += length
                add(scalar, widths: widths, face: face, size: size)
            }
        }
    }

    /// A character that is not plain: a space, a mark that joins or breaks, or a letter beyond ASCII.
    private mutating func add(_ scalar: Unicode.Scalar, widths: TextWidths.Scaled, face: TextWidths.Face, size: Double) {
        if scalar == " " || scalar == "\t" || scalar == "\n" {
            addSpace(width: widths.width(" "), length: 1)
            return
        }
        if scalar == softHyphen {
            // Takes no room, but the word may break after it, with a hyphen (the browser's, U+2010).
            offset += 1
            word?.end = offset
            word?.hyphen = widths.width("\u{2010}")
            endWord()
            return
        }
        let width = widths.width(scalar)
        // Wide (CJK) characters break on either side, except where punctuation must stay
        // with its neighbour: no line starts with a closing mark or ends with an opening one.
        // Quotation marks hold on to both neighbours, as browsers keep them (`，'static`).
        // A code span's padding may stand between them.
        if isClosingMark(scalar) || isQuotationMark(scalar), letters.count == wordStart,
           let last = text.atoms.last, case .word = last.kind, last.end == (word?.start ?? offset) {
            var joined = text.atoms.removeLast()
            joined.width += word?.width ?? 0
            joined.hyphen = 0
            word = joined
            // The word before's letters are the last ones: it grows on.
            wordStart = lastWordStart
            lastScalar = String(decoding: letters[wordStart...], as: UTF8.self).unicodeScalars.last
        } else if TextWidths.isWide(scalar) && !isClosingMark(scalar) && !opensWord {
            endWord()
        }
        let wordInitial = word?.onlyBreaks ?? true
        extendWord(width: width, scalar: scalar, face: face, size: size)
        offset += 1
        word?.end = offset
        if TextWidths.isWide(scalar) && !isOpeningMark(scalar) { endWord() }
        // Browsers also break after a hyphen, a dash, an ellipsis or a question mark inside a
        // word (`rust-|lang.org`), and prefer that to breaking a long word anywhere.
        if breaksAfter(scalar) && !wordInitial { endWord() }
    }

    private mutating func width(_ scalar: Unicode.Scalar, _ face: TextWidths.Face, size: Double) -> Double {
        widths(face, size: size).width(scalar)
    }

    /// The table of widths for `face` at `size`, asked for once in the paragraph.
    private mutating func widths(_ face: TextWidths.Face, size: Double) -> TextWidths.Scaled {
        if let known = widthTables.first(where: { $0.face == face && $0.size == size }) { return known }
        widthTables.append(TextWidths.Scaled.table(face, size: size, type: type))
        return widthTables[widthTables.count - 1]
    }

    private var opensWord: Bool {
        lastScalar.map { isOpeningMark($0) || isQuotationMark($0) } ?? false
    }

    private mutating func extendWord(width: Double, scalar: Unicode.Scalar? = nil,
                                     face: TextWidths.Face = .regular, size: Double = 0) {
        if word == nil { word = TextAtom(kind: .word, width: 0, start: offset, end: offset, face: face, size: size) }
        word!.width += width
        if let scalar {
            if scalar.isASCII { letters.append(UInt8(scalar.value)) } else { letters.append(contentsOf: scalar.utf8) }
            lastScalar = scalar
            word!.onlyBreaks = word!.onlyBreaks && breaksAfter(scalar)
            word!.face = face
            word!.size = size
        }
    }

    private mutating func addSpace(width: Double, length: Int) {
        endWord()
        text.atoms.append(TextAtom(kind: .space, width: width, start: offset, end: offset + length))
        offset += length
    }

    mutating func endWord() {
        if var word {
            if word.width > longWord && letters.count > wordStart {
                word.longWord = text.longWords.count
                text.longWords.append(String(decoding: letters[wordStart...], as: UTF8.self))
            }
            text.atoms.append(word)
            lastWordStart = wordStart
        }
        word = nil
        wordStart = letters.count
        lastScalar = nil
    }
}

/// `<br>`, `<br/>` or `<br />`, in any case.
private func isLineBreakTag(_ html: String) -> Bool {
    let tag = html.lowercased().filter { !$0.isWhitespace }
    return tag == "<br>" || tag == "<br/>"
}

/// Printable ASCII but the space and the characters `addText` treats apart: quotes, `]` (a
/// closing mark), and `-` and `?` (a line may break after them).
private func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x22, 0x27, 0x2D, 0x3F, 0x5D: false
    default: isASCIIGraphic(byte)
    }
}

// The marks as switches, not sets: they are asked about every character of every paragraph.
private func isClosingMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "，", "。", "、", "；", "：", "？", "！", "）", "」", "』", "】", "》", "〉", "’", "”", "…", "—", "·", "．", "]", "｝", "〕", "〗", "〙", "〛", "｠": true
    default: false
    }
}

private func isQuotationMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "'", "\"", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}": true
    default: false
    }
}

private func breaksAfter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "-", "?", "\u{2010}", "\u{2013}", "\u{2014}", "\u{2026}": true
    default: false
    }
}

private func isOpeningMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "（", "「", "『", "【", "《", "〈", "‘", "“", "［", "｛", "〔", "〖", "〘", "〚", "｟": true
    default: false
    }
}

/// The size at which the theme shows an image written in raw HTML: the width it asks for (a
/// share of the box, or pixels), else its own, within the box; `unsized` high for an image on
/// the web, whose box the theme sets to that height; no height for another whose size is not known.
func shownSize(of image: RawHTMLImage, sizes: ImageSizes, width: Double, maxHeight: Double, unsized: Double) -> (width: Double, height: Double) {
    guard let size = sizes[image.source], size.width > 0 else { return (width, isExternal(image.source) ? unsized : 0) }
    let shown = min(image.widthFraction.map { $0 * width } ?? image.width ?? size.width, width)
    return (shown, min(shown * size.height / size.width, maxHeight))
}
