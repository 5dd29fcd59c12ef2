/// The book's words → the pages that hold them, built from the pages' text.
struct SearchIndex: Sendable, Equatable {
    /// Every term, in UTF-16 order (the order JavaScript compares strings in, so that the
    /// reader finds a term's shard by comparing), with the book numbers of its pages, ascending.
    var terms: [(term: String, pages: [Int])]
    /// Each page's text by book number, from 1; empty for pages not searched.
    var texts: [String]

    static func == (a: SearchIndex, b: SearchIndex) -> Bool {
        a.texts == b.texts && a.terms.map(\.term) == b.terms.map(\.term) && a.terms.map(\.pages) == b.terms.map(\.pages)
    }

    /// Every page with words is searched but the contents, which only repeats the chapters' titles.
    init(_ paged: PagedBook) {
        texts = paged.pages.map { $0.kind == .contents ? "" : $0.blocks.searchText }
        var postings: [String: [Int]] = [:]
        for (index, text) in texts.enumerated() {
            for term in Set(Self.terms(of: text)) { postings[term, default: []].append(index + 1) }
        }
        terms = postings.map { ($0.key, $0.value) }.sorted { $0.term.utf16.lexicographicallyPrecedes($1.term.utf16) }
    }

    /// Every term of a text, as often as it occurs.
    static func terms(of text: String) -> [String] {
        SearchText.tokens(text).flatMap { token -> [String] in
            switch token {
            case .word(let word): word.unicodeScalars.count > SearchText.longestWord ? [] : SearchText.terms(ofWord: word)
            case .ideographs(let run): SearchText.terms(ofIdeographs: run)
            }
        }
    }
}
