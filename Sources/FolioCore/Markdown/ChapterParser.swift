/// The parse stage: every chapter's Markdown through libcmark, side by side (chapters are independent).
func parseChapters(_ chapters: [Chapter], options: MarkdownOptions) -> [ParsedChapter] {
    chapters.mapSideBySide { parseChapter($0, options: options) }
}

func parseChapter(_ chapter: Chapter, options: MarkdownOptions) -> ParsedChapter {
    var cuts: [MarkdownPosition] = []
    let markdown = parseMarkdown(chapter.markdown, smartPunctuation: options.smartPunctuation, cuts: &cuts)
    let (blocks, headings) = assignHeadingIDs(markdown.map { $0.rewritten(blocks: { $0.leavingOutHiddenLines(prefixes: options.hiddenLinePrefixes) }) })
    let title = chapter.declaredTitle
        ?? headings.first { $0.level == 1 }?.title
        ?? titleFromFileName(fileStem(chapter.path))
    let anchors = options.rawHTML ? blocks.flatMap(\.rawHTMLIDs) : []
    var parsed = ParsedChapter(chapter: chapter, title: title, blocks: blocks, headings: headings, anchors: anchors)
    if let first = cuts.first {
        let more = cuts.count > 1 ? " (and in \(cuts.count - 1) more place\(cuts.count > 2 ? "s" : ""))" : ""
        parsed.warnings.append(.warning("Markdown nested deeper than \(MarkdownNode.maximumDepth) levels\(more): what lies deeper is kept as plain text",
                                        at: chapter.location(first), hint: "nest block quotes, lists and emphasis less deeply"))
    }
    return parsed
}
