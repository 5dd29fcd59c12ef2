/// The book's reading order as the writer arranged it: one tree, whichever source gives it
/// (SUMMARY.md, `chapters:` in book.yml, or the folder itself). Read depth first, its chapters
/// are the reading order; as it stands, it is the table of contents.
package indirect enum ContentsEntry: Sendable, Equatable, Codable {
    /// A part title (`# Part` in SUMMARY.md, or a folder).
    case part(String)
    /// A chapter and the chapters nested under it.
    case chapter(ContentsChapter)
    /// A draft chapter: listed in SUMMARY.md without a file.
    case draft(String, at: SourceLocation)
    /// A `---` separator.
    case separator
}

package struct ContentsChapter: Sendable, Equatable, Codable {
    package var id: ChapterID
    /// The title the listing gives (SUMMARY.md's link text); nil when it gives none.
    package var title: String?
    /// False for prefix and suffix chapters, which have no section number.
    package var numbered: Bool
    /// Section number such as [2, 1], given by `numberingContents`.
    package var number: [Int]?
    /// Where the writer listed it, for "does not exist" and "listed twice" messages.
    package var listedAt: SourceLocation
    package var children: [ContentsEntry]

    package init(id: ChapterID, title: String? = nil, numbered: Bool, number: [Int]? = nil, listedAt: SourceLocation,
                children: [ContentsEntry] = []) {
        self.id = id
        self.title = title
        self.numbered = numbered
        self.number = number
        self.listedAt = listedAt
        self.children = children
    }
}

extension [ContentsEntry] {
    /// The chapters in reading order: each before the chapters nested under it.
    package var readingOrder: [ContentsChapter] {
        flatMap { entry -> [ContentsChapter] in
            guard case .chapter(let chapter) = entry else { return [] }
            return [chapter] + chapter.children.readingOrder
        }
    }
}

/// `[2, 1]` → `2.1`.
package func sectionNumber(_ number: [Int]) -> String {
    number.map(String.init).joined(separator: ".")
}

/// The sections Folio writes itself before the first chapter, by their slug.
package enum GeneratedSection: String, Sendable, CaseIterable {
    case cover, title, contents
}
