import FolioBase
import FolioOptions

/// The parse stage: every chapter's Markdown (from `sources`) through libcmark, side by side (chapters
/// are independent). The chapter that takes the book past `BookSize.book` gets a warning.
package func parseChapters(_ chapters: [Chapter], sources: ChapterSources, options: MarkdownOptions, hyphenation: Hyphenation? = nil) -> [ParsedChapter] {
    var parsed = chapters.parallelMap { parseChapter($0, source: sources[$0.id]!, options: options, hyphenation: hyphenation) }
    var total = 0
    for index in parsed.indices {
        let size = sources[parsed[index].chapter.id]!.utf8.count
        if total <= BookSize.book, total + size > BookSize.book {
            parsed[index].warnings.append(.warning("the book passes \(BookSize.book / 1_000_000) MB of Markdown with this chapter: it builds, but slowly, into a site that is slow to read",
                                                   at: SourceLocation(file: parsed[index].chapter.path), hint: "make it two books"))
        }
        total += size
    }
    return parsed
}

/// The sizes past which a build warns: a real chapter is far smaller, a real book too, and every
/// step of the build takes time in proportion to the text, so past them it is slow, not stuck.
package enum BookSize {
    /// Bytes of Markdown in one chapter (about 150,000 words).
    static let chapter = 1_000_000
    /// Bytes of Markdown in the whole book.
    package static let book = 20_000_000
}

/// One chapter's Markdown, `source`, parsed; its paragraphs' words with soft hyphens where
/// `hyphenation` breaks them (a justified book's).
func parseChapter(_ chapter: Chapter, source: String, options: MarkdownOptions, hyphenation: Hyphenation? = nil) -> ParsedChapter {
    var cuts: [MarkdownPosition] = []
    let markdown = parseMarkdown(source, smartPunctuation: options.smartPunctuation, math: options.math, admonitions: options.admonitions,
                                 definitionLists: options.definitionLists, cuts: &cuts)
    let (assigned, headings) = assignHeadingIDs(markdown.map { $0.rewrittenBlocks { $0.leavingOutHiddenLines(prefixes: options.hiddenLinePrefixes) } })
    let joined = options.rawHTML ? joiningOpenRawHTML(assigned) : assigned
    var hyphenator = hyphenation.map(SoftHyphenator.init)
    let blocks = hyphenator == nil ? joined : joined.map { block in
        block.rewrittenBlocks { block in
            guard case .paragraph(let content) = block else { return block }
            return .paragraph(hyphenator!.hyphenated(content))
        }
    }
    let title = chapter.declaredTitle
        ?? headings.first { $0.level == 1 }?.title
        ?? titleFromFileName(fileStem(chapter.path))
    let anchors = options.rawHTML ? blocks.flatMap(\.rawHTMLIDs) : []
    var parsed = ParsedChapter(chapter: chapter, title: title, blocks: blocks, headings: headings, anchors: anchors)
    parsed.terms = blocks.flatMap(\.termIDs)
    if source.utf8.count > BookSize.chapter {
        parsed.warnings.append(.warning("this chapter has more than \(BookSize.chapter / 1_000_000) MB of Markdown: it builds, but slowly, into pages that are slow to turn",
                                        at: SourceLocation(file: chapter.path), hint: "split it into several chapters"))
    }
    if let first = cuts.first {
        let more = cuts.count > 1 ? " (and in \(cuts.count - 1) more place\(cuts.count > 2 ? "s" : ""))" : ""
        parsed.warnings.append(.warning("Markdown nested deeper than \(MarkdownNode.maximumDepth) levels\(more): what lies deeper is kept as plain text",
                                        at: chapter.location(first), hint: "nest block quotes, lists and emphasis less deeply"))
    }
    return parsed
}
