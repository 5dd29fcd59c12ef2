/// A paragraph's text as the line breaker sees it: pieces that cannot be broken, each with its
/// width, and where it ends in the paragraph's flat text (the offsets `splitInlines` cuts at).
struct TextAtom {
    enum Kind { case word, space, lineBreak, image(height: Double) }

    var kind: Kind
    var width: Double
    /// Flat offsets of the atom's first character and of the character after its last.
    var start: Int, end: Int
    /// The word's text and how to measure it again character by character, for words too long for a line.
    var text: String = ""
    var face: TextWidths.Face = .regular
    var size: Double = 0
    /// Whether the text so far is all characters a line may break after (`-`, `?`, dashes):
    /// kept as it grows, so that a long word costs its length, not its length squared.
    var onlyBreaks = true
}

/// How images inside a paragraph are sized: the intrinsic size of each image destination.
typealias ImageSizes = [String: ImageSize]

/// Turns inlines into atoms. Offsets count Unicode scalars of text and code, one for each
/// break; raw HTML counts its scalars but is never broken.
struct TextAtomizer {
    let fontSize: Double
    let codeScale: Double
    let codePadding: Double
    let images: ImageSizes
    let lineWidth: Double
    /// Images never grow taller than a page's content box (the theme caps them there too).
    let maxImageHeight: Double

    private(set) var atoms: [TextAtom] = []
    private var offset = 0
    private var word: TextAtom?
    /// The word's text so far as UTF-8, and its last character: appending bytes to a buffer kept
    /// from word to word costs less than growing a `String` one character at a time.
    private var wordText: [UInt8] = []
    private var lastScalar: Unicode.Scalar?
    /// Width tables for the faces and sizes met so far in the paragraph (a few at most).
    private var widthTables: [TextWidths.Scaled] = []

    init(fontSize: Double, geometry: PageGeometry, images: ImageSizes, lineWidth: Double) {
        self.fontSize = fontSize
        self.codeScale = geometry.inlineCodeScale
        self.codePadding = geometry.inlineCodePadding
        self.images = images
        self.lineWidth = lineWidth
        self.maxImageHeight = geometry.contentHeight
    }

    static func atoms(_ inlines: [Inline], geometry: PageGeometry, fontSize: Double, bold: Bool, images: ImageSizes, width: Double) -> [TextAtom] {
        var atomizer = TextAtomizer(fontSize: fontSize, geometry: geometry, images: images, lineWidth: width)
        atomizer.add(inlines, face: bold ? .bold : .regular)
        atomizer.endWord()
        return atomizer.atoms
    }

    mutating func add(_ inlines: [Inline], face: TextWidths.Face) {
        // The face of the innermost emphasis, strong text or link around the inline.
        var faces = [face]
        for inline in inlines {
            inline.walk(entering: { inline in
                let face = faces[faces.count - 1]
                switch inline {
                case .text(let text): addText(text, face: face, size: fontSize)
                case .code(let code):
                    extendWord(width: codePadding * 2)
                    addText(code, face: .mono, size: fontSize * codeScale)
                case .softBreak: addSpace(width: width(" ", face, size: fontSize), length: 1)
                case .lineBreak:
                    endWord()
                    atoms.append(TextAtom(kind: .lineBreak, width: 0, start: offset, end: offset + 1))
                    offset += 1
                case .html(let html):
                    extendWord(width: 0)
                    offset += html.scalarCount
                    word?.end = offset
                    // The theme shows an image as a block of its own, even inside a paragraph.
                    for image in rawHTMLImages(html) {
                        let size = shownSize(of: image, sizes: images, width: lineWidth, maxHeight: maxImageHeight)
                        endWord()
                        atoms.append(TextAtom(kind: .image(height: size.height), width: size.width, start: offset, end: offset))
                    }
                case .footnoteReference(_, let number, _):
                    // A superscript in smaller type that keeps to the word before it.
                    addText(String(number), face: face, size: fontSize * 0.75)
                case .taskBox:
                    // The checkbox: 0.9em wide, 0.3em after it (the theme's sizes).
                    extendWord(width: fontSize * 1.2)
                case .emphasis, .link, .strikethrough: faces.append(face)
                case .strong: faces.append(face == .mono ? .mono : .bold)
                case .image(let reference, _):
                    endWord()
                    let size = images[reference.destination].map { fitted($0) } ?? (width: fontSize, height: fontSize)
                    atoms.append(TextAtom(kind: .image(height: size.height), width: size.width, start: offset, end: offset))
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

    private func fitted(_ size: ImageSize) -> (width: Double, height: Double) {
        let scale = min(1, lineWidth / max(size.width, 1), maxImageHeight / max(size.height, 1))
        return (size.width * scale, size.height * scale)
    }

    private mutating func addText(_ text: String, face: TextWidths.Face, size: Double) {
        // A run of word characters that neither break nor join (`isPlain`) only lengthens the
        // word: its characters are added here, and the word's end and last character set once.
        var run = 0
        var runLast: Unicode.Scalar = " "
        func endRun() {
            guard run > 0 else { return }
            offset += run
            word!.end = offset
            word!.onlyBreaks = false
            (word!.face, word!.size) = (face, size)
            lastScalar = runLast
            run = 0
        }
        let widths = self.widths(face, size: size)
        for scalar in text.unicodeScalars {
            if isPlain(scalar) {
                if word == nil { word = TextAtom(kind: .word, width: 0, start: offset + run, end: offset + run, face: face, size: size) }
                word!.width += widths.width(scalar)
                wordText.append(UInt8(truncatingIfNeeded: scalar.value))
                (run, runLast) = (run + 1, scalar)
                continue
            }
            endRun()
            if scalar == " " || scalar == "\t" || scalar == "\n" {
                addSpace(width: width(" ", face, size: size), length: 1)
                continue
            }
            let width = width(scalar, face, size: size)
            // Wide (CJK) characters break on either side, except where punctuation must stay
            // with its neighbour: no line starts with a closing mark or ends with an opening one.
            // Quotation marks hold on to both neighbours, as browsers keep them (`，'static`).
            // A code span's padding may stand between them.
            if isClosingMark(scalar) || isQuotationMark(scalar), wordText.isEmpty,
               let last = atoms.last, case .word = last.kind, last.end == (word?.start ?? offset) {
                var joined = atoms.removeLast()
                joined.width += word?.width ?? 0
                word = joined
                wordText = Array(joined.text.utf8)
                lastScalar = joined.text.unicodeScalars.last
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
        endRun()
    }

    private mutating func width(_ scalar: Unicode.Scalar, _ face: TextWidths.Face, size: Double) -> Double {
        widths(face, size: size).width(scalar)
    }

    /// The table of widths for `face` at `size`, made when first asked for.
    private mutating func widths(_ face: TextWidths.Face, size: Double) -> TextWidths.Scaled {
        if let known = widthTables.first(where: { $0.face == face && $0.size == size }) { return known }
        widthTables.append(TextWidths.Scaled(face, size: size))
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
            if scalar.isASCII { wordText.append(UInt8(scalar.value)) } else { wordText.append(contentsOf: scalar.utf8) }
            lastScalar = scalar
            word!.onlyBreaks = word!.onlyBreaks && breaksAfter(scalar)
            word!.face = face
            word!.size = size
        }
    }

    private mutating func addSpace(width: Double, length: Int) {
        endWord()
        atoms.append(TextAtom(kind: .space, width: width, start: offset, end: offset + length))
        offset += length
    }

    mutating func endWord() {
        if var word {
            word.text = String(decoding: wordText, as: UTF8.self)
            atoms.append(word)
        }
        word = nil
        wordText.removeAll(keepingCapacity: true)
        lastScalar = nil
    }
}

/// Printable ASCII but the space and the characters `addText` treats apart: quotes, `]` (a
/// closing mark), and `-` and `?` (a line may break after them).
private func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x22, 0x27, 0x2D, 0x3F, 0x5D: false
    case 0x21...0x7E: true
    default: false
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
/// share of the box, or pixels), else its own, within the box; no height when its size is not known.
func shownSize(of image: RawHTMLImage, sizes: ImageSizes, width: Double, maxHeight: Double) -> (width: Double, height: Double) {
    guard let size = sizes[image.source], size.width > 0 else { return (width, 0) }
    let shown = min(image.widthFraction.map { $0 * width } ?? image.width ?? size.width, width)
    return (shown, min(shown * size.height / size.width, maxHeight))
}
