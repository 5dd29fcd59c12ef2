import FolioBase
import FolioOptions

/// The one traversal of the Markdown tree, in the manner of swift-markdown's `MarkupWalker`
/// and `MarkupRewriter`: heading ids, chapter links, the paginator and plain text all go
/// through these instead of recursions of their own.
extension Block {
    /// Visits this block, then every block and inline inside it, in document order.
    package func walk(blocks visitBlock: (Block) -> Void = { _ in }, inlines visitInline: (Inline) -> Void = { _ in }) {
        visitBlock(self)
        func walk(_ run: [Inline]) {
            for inline in run {
                inline.walk(entering: { inline in
                    visitInline(inline)
                    return true
                })
            }
        }
        switch self {
        case .paragraph(let content), .heading(_, let content, _):
            walk(content)
        case .contentsLine(let line):
            walk(line.title)
        case .blockQuote(let children):
            for child in children { child.walk(blocks: visitBlock, inlines: visitInline) }
        case .list(let list):
            for item in list.items {
                for child in item { child.walk(blocks: visitBlock, inlines: visitInline) }
            }
        case .continued(let inner), .classed(let inner, _):
            inner.walk(blocks: visitBlock, inlines: visitInline)
        case .table(let table):
            for cell in table.cells { walk(cell) }
        case .footnotes(let notes):
            for note in notes {
                for child in note.blocks { child.walk(blocks: visitBlock, inlines: visitInline) }
            }
        case .aside(let aside):
            for child in aside.blocks { child.walk(blocks: visitBlock, inlines: visitInline) }
        case .definitionList(let list):
            for entry in list.entries {
                walk(entry.term)
                for definition in entry.definitions {
                    for child in definition { child.walk(blocks: visitBlock, inlines: visitInline) }
                }
            }
        case .codeBlock, .html, .thematicBreak:
            break
        }
    }

    /// Raw HTML, as written.
    package var isRawHTML: Bool { if case .html = self { true } else { false } }

    /// Whether this block, or a block or an inline inside it, is one that `blocks` or `inlines`
    /// picks: a walk, which builds nothing.
    func holds(blocks pickBlock: (Block) -> Bool = { _ in false }, inlines pickInline: (Inline) -> Bool) -> Bool {
        var found = false
        walk(blocks: { found = found || pickBlock($0) }, inlines: { found = found || pickInline($0) })
        return found
    }

    /// This block rebuilt from the inside out: every inline passed through `inlines`, then every
    /// block, this one last, through `blocks`.
    /// `sequences` rewrites each run of inlines (a paragraph's, a cell's, an emphasis's) after its inlines.
    func rewritten(blocks rewriteBlock: (Block) -> Block = { $0 }, inlines rewriteInline: (Inline) -> Inline = { $0 },
                   sequences rewriteSequence: ([Inline]) -> [Inline] = { $0 }) -> Block {
        rebuilt(blocks: rewriteBlock, runs: { rewriteSequence($0.map { $0.rewritten(rewriteInline, sequences: rewriteSequence) }) })
    }

    /// This block rebuilt from the inside out, every block, this one last, through `rewriteBlock`;
    /// its runs of inlines are kept as they are, not rebuilt, when only blocks change.
    package func rewrittenBlocks(_ rewriteBlock: (Block) -> Block) -> Block {
        rebuilt(blocks: rewriteBlock, runs: { $0 })
    }

    /// The tree rebuilt from the inside out: each run of inlines (a paragraph's, a heading's, a
    /// cell's) through `runs`, then each block through `rewriteBlock`.
    private func rebuilt(blocks rewriteBlock: (Block) -> Block, runs: ([Inline]) -> [Inline]) -> Block {
        func rewriteAll(_ blocks: [Block]) -> [Block] {
            blocks.map { $0.rebuilt(blocks: rewriteBlock, runs: runs) }
        }
        let rebuilt: Block
        switch self {
        case .paragraph(let content):
            rebuilt = .paragraph(runs(content))
        case .heading(let level, let content, let id):
            rebuilt = .heading(level: level, content: runs(content), id: id)
        case .contentsLine(var line):
            line.title = runs(line.title)
            rebuilt = .contentsLine(line)
        case .blockQuote(let children):
            rebuilt = .blockQuote(rewriteAll(children))
        case .list(var list):
            list.items = list.items.map(rewriteAll)
            rebuilt = .list(list)
        case .continued(let inner):
            rebuilt = .continued(inner.rebuilt(blocks: rewriteBlock, runs: runs))
        case .classed(let inner, let classes):
            rebuilt = .classed(inner.rebuilt(blocks: rewriteBlock, runs: runs), classes: classes)
        case .table(var table):
            table.header = table.header.map(runs)
            table.rows = table.rows.map { $0.map(runs) }
            rebuilt = .table(table)
        case .footnotes(let notes):
            rebuilt = .footnotes(notes.map { note in
                var note = note
                note.blocks = rewriteAll(note.blocks)
                return note
            })
        case .aside(var aside):
            aside.blocks = rewriteAll(aside.blocks)
            rebuilt = .aside(aside)
        case .definitionList(var list):
            list.entries = list.entries.map { entry in
                var entry = entry
                entry.term = runs(entry.term)
                entry.definitions = entry.definitions.map(rewriteAll)
                return entry
            }
            rebuilt = .definitionList(list)
        case .codeBlock, .html, .thematicBreak:
            rebuilt = self
        }
        return rewriteBlock(rebuilt)
    }
}

extension Inline {
    /// Raw HTML, as written.
    var isRawHTML: Bool { if case .html = self { true } else { false } }

    /// The inlines inside this one: emphasised text, a link's text, an image's description.
    var children: [Inline] {
        switch self {
        case .emphasis(let content), .strong(let content), .link(_, let content), .image(_, let content), .strikethrough(let content): content
        case .text, .softBreak, .lineBreak, .code, .html, .footnoteReference, .taskBox, .math: []
        }
    }

    /// Visits this inline and, when `enter` returns true, the inlines inside it and then `leave`
    /// with it: for walkers that keep what encloses an inline (a bold face, say).
    package func walk(entering enter: (Inline) -> Bool, leaving leave: (Inline) -> Void = { _ in }) {
        guard enter(self) else { return }
        for child in children { child.walk(entering: enter, leaving: leave) }
        leave(self)
    }

    /// This inline rebuilt from the inside out, each inline passed through `transform`, and
    /// each run of inlines inside it through `sequences`.
    package func rewritten(_ transform: (Inline) -> Inline, sequences: ([Inline]) -> [Inline] = { $0 }) -> Inline {
        let content = sequences(children.map { $0.rewritten(transform, sequences: sequences) })
        switch self {
        case .emphasis: return transform(.emphasis(content))
        case .strong: return transform(.strong(content))
        case .strikethrough: return transform(.strikethrough(content))
        case .link(let reference, _): return transform(.link(reference, content))
        case .image(let reference, _): return transform(.image(reference, alt: content))
        case .text, .softBreak, .lineBreak, .code, .html, .footnoteReference, .taskBox, .math: return transform(self)
        }
    }
}

extension [Inline] {
    /// The words alone, as a heading's title reads. cmark keeps raw HTML as text in an image's
    /// description, so `keepingHTML` does too; mdBook leaves images' descriptions out of heading ids.
    func plainText(keepingHTML: Bool = false, withImageDescriptions: Bool = true) -> String {
        // One text alone is itself: nothing to copy.
        if count == 1, case .text(let words) = self[0] { return words }
        var text = TextBuffer(capacity: 256)
        appendPlainText(to: &text, keepingHTML: keepingHTML, withImageDescriptions: withImageDescriptions)
        return text.text
    }

    /// `plainText` appended to `text`.
    package func appendPlainText(to text: inout TextBuffer, keepingHTML: Bool = false, withImageDescriptions: Bool = true) {
        for inline in self {
            inline.walk(entering: { inline in
                switch inline {
                case .text(let words), .code(let words): text += words
                // Its TeX: what a reader of the page without math sees, and may search for.
                case .math(let formula): text += formula.tex
                case .html(let html): if keepingHTML { text += html }
                case .softBreak, .lineBreak: text += " "
                case .image: return withImageDescriptions
                case .emphasis, .strong, .link, .strikethrough, .footnoteReference, .taskBox: break
                }
                return true
            })
        }
    }
}
