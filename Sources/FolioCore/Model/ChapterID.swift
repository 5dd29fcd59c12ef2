/// A chapter's identity through every stage: its path in the book folder, which no other
/// chapter has and which stays put while the book around it changes. Pages, contents entries,
/// links and heading targets name their chapter by it.
struct ChapterID: Sendable, Hashable, Comparable, CustomStringConvertible, Encodable {
    var path: String

    init(_ path: String) {
        self.path = path
    }

    var description: String { path }

    static func < (a: ChapterID, b: ChapterID) -> Bool { a.path < b.path }
}

extension ChapterID: ExpressibleByStringLiteral {
    init(stringLiteral path: String) {
        self.init(path)
    }
}
