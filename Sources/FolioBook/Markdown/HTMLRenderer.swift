import FolioBase
import FolioOptions

/// Renders `Block` values to HTML exactly as libcmark's HTML renderer does,
/// plus heading ids. With `rawHTML` off it behaves like cmark's safe mode:
/// raw HTML is omitted and `javascript:`-style URLs are emptied.
package struct HTMLRenderer: Sendable {
    /// How a fenced code block's info string becomes its classes: cmark's (`language-` and the
    /// first word), or mdBook's (`CodeInfo`: every word a class, the code highlighted by its
    /// language as mdBook's highlight.js would at read time), which pages use.
    package enum CodeClasses: Sendable { case cmark, mdBook }

    var rawHTML: Bool
    var codeClasses: CodeClasses = .cmark
    /// The URL of a chapter or heading from the page being rendered.
    var resolve: @Sendable (ChapterLink) -> String
    /// The id a heading takes in the page, from its id in the chapter.
    var headingID: @Sendable (String) -> String
    /// The URL of an anchor of the chapter (a footnote, a reference to one) from the page.
    var anchor: @Sendable (String) -> String
    /// Where a link or source written in raw HTML leads from the page; nil keeps it as written.
    var rawLink: @Sendable (RawHTMLLink) -> String?
    /// An aside's title in the book's language.
    var asideTitle: @Sendable (Aside) -> String
    /// Where a line of code that may wrap on the page may break (UTF-8 offsets in the line), for a
    /// code block `nesting` blocks deep; nil for a line that fits. Nil on the whole: code is
    /// written as cmark writes it.
    var codeLineBreaks: (@Sendable (_ line: Substring, _ nesting: Int) -> [Int]?)?
    /// How many blocks the blocks being rendered are inside.
    private var nesting = 0

    package init(rawHTML: Bool, codeClasses: CodeClasses = .cmark, resolve: @escaping @Sendable (ChapterLink) -> String = { _ in "" },
                headingID: @escaping @Sendable (String) -> String = { $0 },
                anchor: @escaping @Sendable (String) -> String = { "#" + $0 },
                rawLink: @escaping @Sendable (RawHTMLLink) -> String? = { _ in nil },
                asideTitle: @escaping @Sendable (Aside) -> String = \.englishTitle,
                codeLineBreaks: (@Sendable (Substring, Int) -> [Int]?)? = nil) {
        self.rawHTML = rawHTML
        self.codeClasses = codeClasses
        self.resolve = resolve
        self.headingID = headingID
        self.anchor = anchor
        self.rawLink = rawLink
        self.asideTitle = asideTitle
        self.codeLineBreaks = codeLineBreaks
    }

    /// The renderer for the blocks inside a block.
    private var inner: HTMLRenderer {
        var inner = self
        inner.nesting += 1
        return inner
    }

    package func render(_ blocks: [Block]) -> String {
        var out = HTMLBuffer()
        for block in blocks { render(block, tight: false, into: &out) }
        return out.text
    }

    /// `continued` marks the rest of a block split across pages, so the theme can drop its indent or marker.
    package func render(_ block: Block, tight: Bool, continued: Bool = false, into out: inout HTMLBuffer) {
        let mark = continued ? " class=\"continued\"" : ""
        switch block {
        case .continued(let inner):
            render(inner, tight: tight, continued: true, into: &out)
        case .paragraph(let content):
            renderParagraph(content, tight: tight, mark: mark, into: &out)
        case .classed(.paragraph(let content), let classes):
            // A paragraph's part that goes on over the page (the classes the paginator gives it).
            renderParagraph(content, tight: tight, mark: " class=\"\(((continued ? ["continued"] : []) + classes).joined(separator: " "))\"", into: &out)
        case .heading(let level, let content, let id):
            renderHeading(level: level, content: content, id: id, classes: [], into: &out)
        case .classed(.heading(let level, let content, let id), let classes):
            renderHeading(level: level, content: content, id: id, classes: classes, into: &out)
        case .classed(.html(let html), let classes):
            // Raw HTML the paginator set apart (too tall for a page) is wrapped in a box of that class.
            out.newline()
            out.append("<div class=\"\(classes.joined(separator: " "))\">\n")
            render(.html(html), tight: tight, into: &out)
            out.newline()
            out.append("</div>\n")
        case .classed(let inner, _):
            render(inner, tight: tight, continued: continued, into: &out)
        case .contentsLine(let line):
            // The theme sets the title beside the number, leaders between (folio.css).
            out.newline()
            out.append("<div class=\"contents-line\"><span class=\"contents-title\">")
            render(line.title, into: &out)
            out.append("</span> <span class=\"contents-page\">\(escapeHTML(line.page))</span></div>\n")
        case .table(let table):
            renderTable(table, continued: continued, into: &out)
        case .footnotes(let notes):
            renderFootnotes(notes, continued: continued, into: &out)
        case .blockQuote(let children):
            out.newline()
            out.append("<blockquote>\n")
            let inner = inner
            for child in children { inner.render(child, tight: false, into: &out) }
            out.newline()
            out.append("</blockquote>\n")
        case .aside(let aside):
            renderAside(aside, continued: continued, into: &out)
        case .definitionList(let list):
            renderDefinitionList(list, continued: continued, into: &out)
        case .list(let list):
            out.newline()
            out.append(openingTag(of: list))
            let inner = inner
            for (index, item) in list.items.enumerated() {
                out.newline()
                // A tight item's text has no `<p>`: the item carries the classes of a paragraph going on over the page.
                let classes = (index == 0 && continued ? ["continued"] : []) + (list.tight ? item.last?.paragraphClasses ?? [] : [])
                out.append(classes.isEmpty ? "<li>" : "<li class=\"\(classes.joined(separator: " "))\">")
                for child in item { inner.render(child, tight: list.tight, into: &out) }
                out.append("</li>\n")
            }
            out.append(list.start == nil ? "</ul>\n" : "</ol>\n")
        case .codeBlock(let info, let code):
            out.newline()
            let mdBook = CodeInfo(info)
            // cmark's classes leave the code plain, as cmark does.
            let (classes, language): (String?, String?) = switch codeClasses {
            case .cmark: (info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map { "language-" + $0 }, nil)
            case .mdBook: (mdBook.classes, mdBook.language)
            }
            out.append("<pre\(mark)>" + (classes.map { "<code class=\"\(escapeHTML($0))\">" } ?? "<code>"))
            let nesting = nesting
            appendHighlightedCode(code, language: language, breaks: codeLineBreaks.map { breaks in { breaks($0, nesting) } }, to: &out)
            out.append("</code></pre>\n")
        case .html(let html):
            out.newline()
            out.append(rawHTML ? rewritingRawHTMLLinks(html, rawLink) : "<!-- raw HTML omitted -->")
            out.newline()
        case .thematicBreak:
            out.newline()
            out.append("<hr />\n")
        }
    }

    private func renderParagraph(_ content: [Inline], tight: Bool, mark: String, into out: inout HTMLBuffer) {
        if tight {
            render(content, into: &out)
        } else {
            out.newline()
            out.append("<p\(mark)>")
            render(content, into: &out)
            out.append("</p>\n")
        }
    }

    func renderHeading(level: Int, content: [Inline], id: String, classes: [String], into out: inout HTMLBuffer) {
        out.newline()
        let idAttribute = id.isEmpty ? "" : " id=\"\(escapeHTML(headingID(id)))\""
        let classAttribute = classes.isEmpty ? "" : " class=\"\(escapeHTML(classes.joined(separator: " ")))\""
        out.append("<h\(level)\(idAttribute)\(classAttribute)>")
        render(content, into: &out)
        out.append("</h\(level)>\n")
    }

    /// A table as cmark-gfm writes it; a table continued from an earlier page repeats its header.
    func renderTable(_ table: MarkdownTable, continued: Bool, into out: inout HTMLBuffer) {
        out.newline()
        let classes = (table.small ? ["small"] : []) + (continued ? ["continued"] : [])
        out.append(classes.isEmpty ? "<table>\n" : "<table class=\"\(classes.joined(separator: " "))\">\n")
        if !table.widths.isEmpty {
            // The columns' widths the paginator measured with (the theme sets tables `table-layout: fixed`).
            out.append("<colgroup>" + table.widths.map { "<col style=\"width:\(formatPercent($0))%\" />" }.joined() + "</colgroup>\n")
        }
        func row(_ cells: [[Inline]], tag: String) {
            out.append("<tr>\n")
            for (index, cell) in cells.enumerated() {
                let alignment = switch table.alignments[index] {
                case .none: ""
                case .left: " align=\"left\""
                case .center: " align=\"center\""
                case .right: " align=\"right\""
                }
                out.append("<\(tag)\(alignment)>")
                render(cell, into: &out)
                out.append("</\(tag)>\n")
            }
            out.append("</tr>\n")
        }
        out.append("<thead>\n")
        row(table.header, tag: "th")
        out.append("</thead>\n")
        if !table.rows.isEmpty {
            out.append("<tbody>\n")
            for cells in table.rows { row(cells, tag: "td") }
            out.append("</tbody>\n")
        }
        out.append("</table>\n")
    }

    /// An aside as mdBook writes it, a block quote with a title; the rest of one split across
    /// pages goes on without the title.
    func renderAside(_ aside: Aside, continued: Bool, into out: inout HTMLBuffer) {
        out.newline()
        out.append("<blockquote class=\"blockquote-tag blockquote-tag-\(aside.kind.rawValue)\(continued ? " continued" : "")\">\n")
        if !continued { out.append("<p class=\"blockquote-tag-title\">\(aside.icon)\(escapeHTML(asideTitle(aside)))</p>\n") }
        let inner = inner
        for child in aside.blocks { inner.render(child, tight: false, into: &out) }
        out.newline()
        out.append("</blockquote>\n")
    }

    /// Terms and definitions as mdBook writes them (terms with ids, as headings have); a tight
    /// list's definitions hold their paragraphs' text without `<p>`, as a tight list's items do.
    func renderDefinitionList(_ list: DefinitionList, continued: Bool, into out: inout HTMLBuffer) {
        out.newline()
        out.append(continued ? "<dl class=\"continued\">\n" : "<dl>\n")
        let inner = inner
        for entry in list.entries {
            if !entry.term.isEmpty {
                out.append(entry.id.isEmpty ? "<dt>" : "<dt id=\"\(escapeHTML(headingID(entry.id)))\">")
                render(entry.term, into: &out)
                out.append("</dt>\n")
            }
            for definition in entry.definitions {
                out.append("<dd>")
                for child in definition { inner.render(child, tight: list.tight, into: &out) }
                out.append("</dd>\n")
            }
        }
        out.append("</dl>\n")
    }

    func formatPercent(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The notes as cmark-gfm writes them, each with links back to its references.
    func renderFootnotes(_ notes: [Footnote], continued: Bool, into out: inout HTMLBuffer) {
        out.newline()
        out.append(continued ? "<section class=\"footnotes continued\">\n" : "<section class=\"footnotes\">\n")
        let first = notes.first?.number ?? 1
        out.append(first == 1 ? "<ol>\n" : "<ol start=\"\(first)\">\n")
        let inner = inner
        for note in notes {
            out.append("<li id=\"\(escapeHTML(headingID(Footnote.noteID(note.number))))\">\n")
            let backlinks = (1...max(1, note.references)).map { occurrence in
                let mark = occurrence == 1 ? "↩" : "↩<sup>\(occurrence)</sup>"
                return "<a href=\"\(href(anchor(Footnote.referenceID(note.number, occurrence: occurrence))))\" class=\"footnote-backref\">\(mark)</a>"
            }.joined(separator: " ")
            if case .paragraph(let content)? = note.blocks.last {
                for block in note.blocks.dropLast() { inner.render(block, tight: false, into: &out) }
                out.newline()
                out.append("<p>")
                render(content, into: &out)
                out.append(" \(backlinks)</p>\n")
            } else {
                for block in note.blocks { inner.render(block, tight: false, into: &out) }
                out.newline()
                out.append(backlinks + "\n")
            }
            out.append("</li>\n")
        }
        out.append("</ol>\n</section>\n")
    }

    func openingTag(of list: MarkdownList) -> String {
        switch list.start {
        case nil: "<ul>\n"
        case 1: "<ol>\n"
        case let start?: "<ol start=\"\(start)\">\n"
        }
    }

    package func render(_ inlines: [Inline], into out: inout HTMLBuffer) {
        for inline in inlines { render(inline, into: &out) }
    }

    package func render(_ inline: Inline, into out: inout HTMLBuffer) {
        switch inline {
        case .text(let text): out.append(escapeHTML(text))
        case .softBreak: out.append("\n")
        case .lineBreak: out.append("<br />\n")
        case .code(let code): out.append("<code>\(escapeHTML(code))</code>")
        case .html(let html): out.append(rawHTML ? rewritingRawHTMLLinks(html, rawLink) : "<!-- raw HTML omitted -->")
        case .emphasis(let content):
            out.append("<em>")
            render(content, into: &out)
            out.append("</em>")
        case .strong(let content):
            out.append("<strong>")
            render(content, into: &out)
            out.append("</strong>")
        case .link(let reference, let content):
            let destination = reference.target.map(resolve) ?? reference.destination
            out.append("<a href=\"\(href(destination))\"\(titleAttribute(reference))>")
            render(content, into: &out)
            out.append("</a>")
        case .image(let reference, let alt):
            out.append("<img src=\"\(href(reference.destination))\" alt=\"\(escapeHTML(alt.plainText(keepingHTML: true)))\"\(titleAttribute(reference))"
                       + (reference.unsized ? " class=\"unsized\"" : "") + " />")
        case .strikethrough(let content):
            out.append("<del>")
            render(content, into: &out)
            out.append("</del>")
        case .footnoteReference(_, let number, let occurrence):
            let id = escapeHTML(headingID(Footnote.referenceID(number, occurrence: occurrence)))
            out.append("<sup class=\"footnote-ref\"><a href=\"\(href(anchor(Footnote.noteID(number))))\" id=\"\(id)\">\(number)</a></sup>")
        case .taskBox(let checked):
            out.append(checked ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" />" : "<input type=\"checkbox\" disabled=\"\" />")
        case .math(let formula):
            // A formula KaTeX could not render shows as the TeX it was written in.
            out.append(formula.mathML ?? "<code class=\"math\">\(escapeHTML(formula.tex))</code>")
        }
    }

    func titleAttribute(_ reference: Reference) -> String {
        reference.title.isEmpty ? "" : " title=\"\(escapeHTML(reference.title))\""
    }

    func href(_ url: String) -> String {
        if !rawHTML && isDangerousURL(url) { return "" }
        return escapeHref(url)
    }
}

/// Output with cmark's rule for line starts: a block begins on a fresh line.
package struct HTMLBuffer {
    /// Room for a page's HTML, which would otherwise be copied again and again as it grows.
    private var buffer = TextBuffer(capacity: 2048)

    var text: String { buffer.text }

    mutating func append(_ string: String) {
        buffer += string
    }

    mutating func appendEscaped(_ text: some StringProtocol) {
        appendEscapedHTML(text, to: &buffer)
    }

    mutating func newline() {
        if let last = buffer.last, last != UInt8(ascii: "\n") { buffer += "\n" }
    }
}

/// `javascript:`, `vbscript:`, `file:` and `data:` other than common images, as cmark's safe mode.
func isDangerousURL(_ url: String) -> Bool {
    let lower = url.lowercased()
    let safeImages = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
    if safeImages.contains(where: lower.hasPrefix) { return false }
    return ["javascript:", "vbscript:", "file:", "data:"].contains(where: lower.hasPrefix)
}

/// Percent-encodes what may not stand in a URL, as cmark's `houdini_escape_href`.
func escapeHref(_ url: String) -> String {
    var out = ""
    for byte in url.utf8 {
        switch byte {
        case UInt8(ascii: "&"): out += "&amp;"
        case UInt8(ascii: "'"): out += "&#x27;"
        case _ where hrefSafe(byte): out.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            let hex = Array("0123456789ABCDEF")
            out += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 15)])"
        }
    }
    return out
}

private func hrefSafe(_ byte: UInt8) -> Bool {
    isASCIIAlphanumeric(byte) || "-_.+!*(),%#@?=;:/$~".utf8.contains(byte)
}

extension Block {
    /// The classes of a paragraph, or of the rest of one, that the paginator gave classes.
    fileprivate var paragraphClasses: [String]? {
        switch self {
        case .classed(.paragraph, let classes), .continued(.classed(.paragraph, let classes)): classes
        default: nil
        }
    }
}
