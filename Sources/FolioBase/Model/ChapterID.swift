/// A chapter's identity through every stage: its path in the book folder, which no other
/// chapter has and which stays put while the book around it changes. Pages, contents entries,
/// links and heading targets name their chapter by it.
package struct ChapterID: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    package var path: String

    package init(_ path: String) {
        self.path = path
    }

    package var description: String { path }

    package static func < (a: ChapterID, b: ChapterID) -> Bool { a.path < b.path }
}

extension ChapterID: ExpressibleByStringLiteral {
    package init(stringLiteral path: String) {
        self.init(path)
    }
}
