import Foundation

/// The parse stage: every chapter's Markdown through libcmark, in parallel (chapters are independent).
public func parseChapters(_ chapters: [Chapter], options: MarkdownOptions) -> [ParsedChapter] {
    let results = ResultSlots<ParsedChapter>(count: chapters.count)
    DispatchQueue.concurrentPerform(iterations: chapters.count) { index in
        results[index] = parseChapter(chapters[index], options: options)
    }
    return results.values
}

public func parseChapter(_ chapter: Chapter, options: MarkdownOptions) -> ParsedChapter {
    let (blocks, headings) = assignHeadingIDs(parseMarkdown(chapter.markdown, smartPunctuation: options.smartPunctuation))
    let title = chapter.declaredTitle
        ?? headings.first { $0.level == 1 }?.title
        ?? titleFromFileName(fileStem(chapter.path))
    return ParsedChapter(chapter: chapter, title: title, blocks: blocks, headings: headings)
}

/// One slot per parallel task; each task writes only its own slot.
final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    subscript(index: Int) -> Value? {
        get { lock.withLock { slots[index] } }
        set { lock.withLock { slots[index] = newValue } }
    }

    var values: [Value] { lock.withLock { slots.map { $0! } } }
}
