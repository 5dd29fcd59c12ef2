import FolioBase
import FolioOptions

/// The contents as a book has them: numbered chapters count on across parts, as in mdBook,
/// nested ones get `2.1`; a file listed a second time is an error there, and a draft a warning.
func numberingContents(_ entries: [ContentsEntry]) -> (contents: [ContentsEntry], diagnostics: [Diagnostic]) {
    var seen: [ChapterID: SourceLocation] = [:]
    var diagnostics: [Diagnostic] = []

    func number(_ entries: [ContentsEntry], parent: [Int]) -> [ContentsEntry] {
        var counter = 0
        return entries.compactMap { entry in
            switch entry {
            case .draft(let title, let location):
                diagnostics.append(.warning("draft chapter “\(title)” has no file yet; it is left out", at: location))
                return entry
            case .part, .separator:
                return entry
            case .chapter(var chapter):
                if let first = seen[chapter.id] {
                    diagnostics.append(.error("`\(chapter.id)` is listed twice; first at \(first)", at: chapter.listedAt))
                    return nil
                }
                seen[chapter.id] = chapter.listedAt
                if chapter.numbered {
                    counter += 1
                    chapter.number = parent + [counter]
                }
                chapter.children = number(chapter.children, parent: chapter.number ?? parent)
                return .chapter(chapter)
            }
        }
    }
    return (number(entries, parent: []), diagnostics)
}
