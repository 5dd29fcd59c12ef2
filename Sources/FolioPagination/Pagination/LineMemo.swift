import FolioBase
import FolioOptions
import FolioBook

/// A paragraph's lines, kept while one chapter is paginated. A block inside lists or quotes is
/// measured again at every level above it, each time the page is filled and split: a list nested a
/// hundred deep would set its innermost paragraph two hundred times a page. Its lines are the same
/// each time, so they are set once.
///
/// A paragraph is known by its inlines' storage: the memo keeps the inlines themselves, so that
/// storage stays theirs (it cannot be freed and reused for other inlines, and a change to them
/// copies it) while the memo lives. One memo serves one pagination, on one thread.
package final class LineMemo: @unchecked Sendable {
    private struct Key: Hashable {
        var storage: UnsafeRawPointer?
        var count: Int
        var width: Double
        var indented: Bool
    }

    private var kept: [Key: (content: [Inline], lines: [LineBreaker.Line])] = [:]

    func lines(of content: [Inline], width: Double, indented: Bool, set: () -> [LineBreaker.Line]) -> [LineBreaker.Line] {
        let storage = content.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let key = Key(storage: storage, count: content.count, width: width, indented: indented)
        if let known = kept[key] { return known.lines }
        let lines = set()
        kept[key] = (content, lines)
        return lines
    }
}
