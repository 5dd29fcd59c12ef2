/// The outline flattened: chapters in reading order with their section numbers,
/// and the table of contents pointing into that order.
struct ReadingOrder {
    struct Entry {
        var path: String
        var title: String?
        var number: [Int]?
        var listedAt: SourceLocation
    }

    private(set) var chapters: [Entry] = []
    private(set) var entries: [ContentsEntry] = []
    private(set) var diagnostics: [Diagnostic] = []

    init(_ outline: [OutlineItem]) {
        var seen: [String: SourceLocation] = [:]
        var top = 0
        entries = flatten(outline, parentNumber: [], counter: &top, seen: &seen)
    }

    /// Numbered chapters count on across parts, as in mdBook; nested ones get `2.1`.
    private mutating func flatten(_ items: [OutlineItem], parentNumber: [Int], counter: inout Int, seen: inout [String: SourceLocation]) -> [ContentsEntry] {
        var result: [ContentsEntry] = []
        for item in items {
            switch item {
            case .part(let title):
                result.append(.part(title))
            case .separator:
                result.append(.separator)
            case .draft(let title, let location):
                diagnostics.append(.warning("draft chapter “\(title)” has no file yet; it is left out", at: location))
                result.append(.draft(title))
            case .chapter(let chapter):
                if let first = seen[chapter.path] {
                    diagnostics.append(.error("`\(chapter.path)` is listed twice; first at \(first)", at: chapter.listedAt))
                    continue
                }
                seen[chapter.path] = chapter.listedAt
                var number: [Int]?
                if chapter.numbered {
                    counter += 1
                    number = parentNumber + [counter]
                }
                let index = chapters.count
                chapters.append(Entry(path: chapter.path, title: chapter.title, number: number, listedAt: chapter.listedAt))
                var childCounter = 0
                let children = flatten(chapter.children, parentNumber: number ?? parentNumber, counter: &childCounter, seen: &seen)
                result.append(.chapter(index, children))
            }
        }
        return result
    }
}
