/// The parse stage: every chapter's Markdown through libcmark, side by side (chapters are independent).
func parseChapters(_ chapters: [Chapter], options: MarkdownOptions) -> [ParsedChapter] {
    chapters.mapSideBySide { parseChapter($0, options: options) }
}

func parseChapter(_ chapter: Chapter, options: MarkdownOptions) -> ParsedChapter {
    let markdown = parseMarkdown(chapter.markdown, smartPunctuation: options.smartPunctuation)
    let (blocks, headings) = assignHeadingIDs(markdown.map { $0.rewritten(blocks: { $0.leavingOutHiddenLines(prefixes: options.hiddenLinePrefixes) }) })
    let title = chapter.declaredTitle
        ?? headings.first { $0.level == 1 }?.title
        ?? titleFromFileName(fileStem(chapter.path))
    let anchors = options.rawHTML ? blocks.flatMap(\.rawHTMLIDs) : []
    return ParsedChapter(chapter: chapter, title: title, blocks: blocks, headings: headings, anchors: anchors)
}
