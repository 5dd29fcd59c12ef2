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

    /// A page's text and its terms, each once.
    typealias PageWords = (text: String, terms: Set<String>)

    /// The terms of a book's pages, in order, with their pages; each page's text goes to `text`
    /// (its book number from 1, its text) as it is found, in book order, and is not kept.
    /// Every page with words is searched but the contents, which only repeats the chapters' titles.
    /// A book repeats its words: each distinct word or ideograph run is folded once, and pages
    /// are read side by side, a batch at a time so that only one batch's texts and words are held.
    static func terms(of paged: PagedBook, text: (Int, String) -> Void) -> [(term: String, pages: PageNumbers)] {
        // Terms are numbered as they are first met, so that a page's terms are counted by number.
        var numbers: [String: Int] = [:]
        var termsOf: [Token: [Int]] = [:]
        var postings: [PageNumbers] = []
        for start in stride(from: 0, to: paged.pages.count, by: batch) {
            let pages = Array(paged.pages[start..<min(start + batch, paged.pages.count)]).mapSideBySide { page in
                let text = Self.text(of: page)
                return (text: text, tokens: Set(SearchText.tokens(text)))
            }
            let new = Array(pages.reduce(into: Set<Token>()) { $0.formUnion($1.tokens) }.filter { termsOf[$0] == nil })
            for (token, terms) in zip(new, new.mapSideBySide(Self.terms(of:))) {
                termsOf[token] = terms.map { term in
                    if let number = numbers[term] { return number }
                    numbers[term] = postings.count
                    postings.append(PageNumbers())
                    return postings.count - 1
                }
            }
            for (offset, page) in pages.enumerated() {
                let number = start + offset + 1
                text(number, page.text)
                for token in page.tokens {
                    for term in termsOf[token] ?? [] { postings[term].append(number) }
                }
            }
        }
        return numbers.map { (term: $0.key, pages: postings[$0.value]) }.sorted { precedes($0.term, $1.term) }
    }

    /// The index of pages whose words are `words`, by book number from 1.
    init(_ words: [PageWords]) {
        texts = words.map(\.text)
        var postings: [String: [Int]] = [:]
        for (index, page) in words.enumerated() {
            for term in page.terms { postings[term, default: []].append(index + 1) }
        }
        terms = Self.ordered(postings.map { ($0.key, $0.value) })
    }

    private static func ordered(_ terms: [(term: String, pages: [Int])]) -> [(term: String, pages: [Int])] {
        terms.sorted { precedes($0.term, $1.term) }
    }

    private typealias Token = SearchText.Token

    /// The order of the terms: UTF-16's.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    /// A page's searched text: empty for the contents, which only repeats the chapters' titles.
    @Sendable static func text(of page: Page) -> String {
        page.kind == .contents ? "" : page.blocks.searchText
    }

    private static let batch = 256

    /// A page's text and its terms (`folio serve` finds them only for pages that changed).
    @Sendable static func words(on page: Page) -> PageWords {
        let text = text(of: page)
        return (text, Set(terms(of: text)))
    }

    /// Every term of a text, as often as it occurs.
    static func terms(of text: String) -> [String] {
        SearchText.tokens(text).flatMap(terms(of:))
    }

    /// The terms a word or an ideograph run is found by.
    static func terms(of token: SearchText.Token) -> [String] {
        switch token {
        case .word(let word): word.unicodeScalars.count > SearchText.longestWord ? [] : SearchText.terms(ofWord: word)
        case .ideographs(let run): SearchText.terms(ofIdeographs: run)
        }
    }
}
