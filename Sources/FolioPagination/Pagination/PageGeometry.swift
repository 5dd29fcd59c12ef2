import FolioBase
import FolioOptions
import FolioBook

/// The fixed design size of a page and the default theme's typography on it, in CSS px.
/// The paginator measures with these numbers and the theme's CSS is written from them
/// (`cssVariables`), so the two cannot drift apart.
package struct PageGeometry: Sendable, Equatable {
    package var width: Double
    package var height: Double
    /// Margins around the content box; `inner` is on the spine side.
    var top: Double, bottom: Double, inner: Double, outer: Double

    /// Body text.
    var fontSize: Double
    var lineHeight: Double
    /// First-line indent of a paragraph that follows a paragraph.
    var indent: Double
    /// Space between blocks, before a heading, and after a heading.
    var gap: Double, headingSpace: Double, afterHeading: Double
    /// Headings h1…h6: font size and line height.
    var headings: [(size: Double, lineHeight: Double)]
    /// Code blocks: font size, line height, padding.
    var codeSize: Double, codeLineHeight: Double, codePaddingBlock: Double, codePaddingInline: Double
    /// Inline code: its font size relative to the text, and the padding on each side.
    var inlineCodeScale: Double, inlineCodePadding: Double
    /// Indent of list items, and of block quotes (padding plus rule).
    var listIndent: Double, quoteIndent: Double
    /// The faces the text is set in.
    package var type: BookType
    /// Prose set flush on both sides (`page.justify`), its words hyphenated when parsed.
    var justify: Bool

    /// Tables: the small type of a table too wide for the text's size, and the cells' padding.
    var tableSmallSize: Double { (fontSize * 0.85).rounded() }
    var tableSmallLine: Double { (tableSmallSize * lineHeight / fontSize).rounded() }
    var cellPadBlock: Double { (fontSize * 0.2).rounded() }
    var cellPadInline: Double { (fontSize * 0.4).rounded() }

    var contentWidth: Double { width - inner - outer }
    var contentHeight: Double { height - top - bottom }
    /// The height of an image whose size the build cannot know (one on the web): the theme shows
    /// it in a box this high, loaded or not, so that it takes the room the paginator gave it.
    var unsizedImageHeight: Double { (contentHeight / 4).rounded() }

    package static func == (a: PageGeometry, b: PageGeometry) -> Bool {
        a.cssVariables == b.cssVariables && a.type.fingerprint == b.type.fingerprint
    }
}

extension PageGeometry {
    /// The geometry for a book's page size and language, set in `type`: CJK and Arabic text get more leading.
    init(size: PageOptions.Size, language: String, type: BookType, justify: Bool = false) {
        let (width, height): (Double, Double) = switch size {
        case .pocket: (432, 688)
        case .a5: (560, 794)
        case .square: (600, 600)
        case .custom(let w, let h): (Double(w), Double(h))
        }
        let short = min(width, height)
        let fontSize = short < 480 ? 15.0 : 16.0
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? "en"
        let airy = ["zh", "ja", "ko", "ar", "fa", "ur"].contains(primary)
        let lineHeight = (fontSize * (airy ? 1.8 : 1.47)).rounded()
        self.init(
            width: width, height: height,
            top: (short * 0.12).rounded(), bottom: (short * 0.14).rounded(),
            inner: (short * 0.1).rounded(), outer: (short * 0.09).rounded(),
            fontSize: fontSize, lineHeight: lineHeight, indent: (fontSize * 1.5).rounded(),
            gap: (lineHeight / 2).rounded(), headingSpace: lineHeight, afterHeading: (lineHeight / 3).rounded(),
            headings: [(1.6, 1.25), (1.3, 1.3), (1.12, 1.35), (1, 1.47), (1, 1.47), (1, 1.47)].map { scale, leading in
                let size = (fontSize * scale).rounded()
                return (size, (size * leading).rounded())
            },
            codeSize: (fontSize * 0.82).rounded(), codeLineHeight: (fontSize * 1.2).rounded(),
            codePaddingBlock: (fontSize * 0.5).rounded(), codePaddingInline: (fontSize * 0.6).rounded(),
            inlineCodeScale: 0.85, inlineCodePadding: 2,
            listIndent: (fontSize * 1.6).rounded(), quoteIndent: (fontSize * 0.9).rounded() + 3,
            type: ["zh", "ja", "ko"].contains(primary) ? type.widened ?? type : type,
            justify: justify
        )
    }

    /// The numbers as CSS custom properties, for `assets/page.css`.
    package var cssVariables: String {
        var lines = [
            "--page-width: \(px(width))", "--page-height: \(px(height))",
            "--page-top: \(px(top))", "--page-bottom: \(px(bottom))", "--page-inner: \(px(inner))", "--page-outer: \(px(outer))",
            "--content-width: \(px(contentWidth))", "--content-height: \(px(contentHeight))",
            "--text-size: \(px(fontSize))", "--text-line: \(px(lineHeight))", "--text-indent: \(px(indent))",
            "--gap: \(px(gap))", "--heading-space: \(px(headingSpace))", "--after-heading: \(px(afterHeading))",
            "--code-size: \(px(codeSize))", "--code-line: \(px(codeLineHeight))",
            "--code-pad-block: \(px(codePaddingBlock))", "--code-pad-inline: \(px(codePaddingInline))",
            "--inline-code-scale: \(inlineCodeScale)", "--inline-code-pad: \(px(inlineCodePadding))",
            "--list-indent: \(px(listIndent))", "--quote-indent: \(px(quoteIndent - 3))",
            "--table-small-size: \(px(tableSmallSize))", "--table-small-line: \(px(tableSmallLine))",
            "--cell-pad-block: \(px(cellPadBlock))", "--cell-pad-inline: \(px(cellPadInline))",
            "--unsized-image-height: \(px(unsizedImageHeight))",
            "--text-align: \(justify ? "justify" : "start")",
        ]
        for (level, heading) in headings.enumerated() {
            lines.append("--h\(level + 1)-size: \(px(heading.size))")
            lines.append("--h\(level + 1)-line: \(px(heading.lineHeight))")
        }
        return ":root {\n" + lines.map { "  \($0);\n" }.joined() + "}\n"
    }
}

private func px(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value))px" : "\(value)px"
}
