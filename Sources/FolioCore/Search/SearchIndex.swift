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

    /// Every page with words is searched but the contents, which only repeats the chapters' titles.
    /// A book repeats its words: each distinct word or ideograph run is folded once, and pages
    /// are read side by side, a batch at a time so that only one batch's words are held.
    init(_ paged: PagedBook) {
        texts = paged.pages.mapSideBySide(Self.text(of:))
        // Terms are numbered as they are first met, so that a page's terms are counted by number.
        var numbers: [String: Int] = [:]
        var termsOf: [SearchText.Token: [Int]] = [:]
        var postings: [[Int]] = []
        var lastPage: [Int] = []
        for start in stride(from: 0, to: texts.count, by: Self.batch) {
            let tokens = Array(texts[start..<min(start + Self.batch, texts.count)]).mapSideBySide { Set(SearchText.tokens($0)) }
            let new = Array(tokens.reduce(into: Set<SearchText.Token>()) { $0.formUnion($1) }.filter { termsOf[$0] == nil })
            for (token, terms) in zip(new, new.mapSideBySide(Self.terms(of:))) {
                termsOf[token] = terms.map { term in
                    if let number = numbers[term] { return number }
                    numbers[term] = postings.count
                    postings.append([])
                    lastPage.append(0)
                    return postings.count - 1
                }
            }
            for (offset, page) in tokens.enumerated() {
                let number = start + offset + 1
                for token in page {
                    for term in termsOf[token] ?? [] where lastPage[term] != number {
                        lastPage[term] = number
                        postings[term].append(number)
                    }
                }
            }
        }
        terms = Self.ordered(numbers.map { ($0.key, postings[$0.value]) })
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
