import FolioBase
import FolioOptions
import FolioBook
import FolioPagination

/// The book's words → the pages that hold them, built from the pages' text.
package struct SearchIndex: Sendable, Equatable {
    /// Every term, in UTF-16 order (the order JavaScript compares strings in, so that the
    /// reader finds a term's shard by comparing), with the book numbers of its pages, ascending.
    package var terms: [(term: String, pages: [Int])]
    /// Each page's text by book number, from 1; empty for pages not searched.
    package var texts: [String]
    /// Each page's terms, with the UTF-8 offset in its text of each one's first place.
    package var places: [[String: Int]]

    package static func == (a: SearchIndex, b: SearchIndex) -> Bool {
        a.texts == b.texts && a.terms.map(\.term) == b.terms.map(\.term) && a.terms.map(\.pages) == b.terms.map(\.pages)
    }

    /// A page's text and its terms, each with the UTF-8 offset of its first place in the text.
    package typealias PageWords = (text: String, terms: [String: Int])

    /// The excerpts of a term's first pages (`SearchExcerpt`), none for a term without them.
    func excerpts(of term: String, pages: [Int]) -> [String] {
        guard SearchExcerpt.wanted(term) else { return [] }
        return pages.prefix(SearchExcerpt.perTerm).map { SearchExcerpt.excerpt(texts[$0 - 1], at: places[$0 - 1][term] ?? 0) }
    }

    /// The terms of a book's pages, in order, with their pages and the excerpts of their first
    /// pages (`SearchExcerpt`); each page's text goes to `text`
    /// (its book number from 1, its text) as it is found, in book order, and is not kept.
    /// Every page with words is searched but the contents, which only repeats the chapters' titles.
    /// A book repeats its words: each distinct word or ideograph run is folded once. Pages are
    /// read side by side a batch at a time, so that only two batches' texts and words are held,
    /// and a batch is counted while the next is read.
    package static func terms(of paged: PagedBook, text: (Int, String) -> Void) -> [(term: String, pages: PageNumbers, excerpts: [String])] {
        // Terms are numbered as they are first met, so that a page's terms are counted by number;
        // so are the tokens' lists of terms, so that reading a page takes no reference to one.
        var numbers: [String: Int] = [:]
        var lists: [[Int]] = []
        let known = KnownTokens()
        var postings: [PageNumbers] = []
        var excerpts: [[String]?] = []
        let pages = paged.pages
        // Each page's tokens with the terms of those met in earlier batches.
        parallelBatches(count: pages.count, batch: batch, { index in
            let text = Self.text(of: pages[index])
            return (text: text, tokens: firstPlaces(of: text, known: known.lists))
        }, prepare: { batch in
            // The terms of the tokens first met in the batch, before the next batch is read.
            let new = Array(Set(batch.flatMap(\.tokens.unknown)))
            for (token, terms) in zip(new, new.parallelMap(Self.terms(of:))) {
                withBytes(token.text) { known.lists.insert($0, number: lists.count) }
                lists.append(terms.map { term in
                    if let number = numbers[term] { return number }
                    numbers[term] = postings.count
                    postings.append(PageNumbers())
                    excerpts.append(SearchExcerpt.wanted(term) ? [] : nil)
                    return postings.count - 1
                })
            }
            for page in batch.indices {
                let unknown = batch[page].tokens.unknown.map { token in withBytes(token.text) { known.lists.number(of: $0)! } }
                for token in batch[page].tokens.places.indices where batch[page].tokens.places[token].list < 0 {
                    batch[page].tokens.places[token].list = unknown[-1 - batch[page].tokens.places[token].list]
                }
            }
        }, use: { range, batch in
            for (index, page) in zip(range, batch) {
                let number = index + 1
                text(number, page.text)
                // Tokens in the order of their first places, so that a term's first place is its first token's.
                for (place, list) in page.tokens.places {
                    for term in lists[list] {
                        guard postings[term].append(number), (excerpts[term]?.count ?? SearchExcerpt.perTerm) < SearchExcerpt.perTerm else { continue }
                        excerpts[term]!.append(SearchExcerpt.excerpt(page.text, at: place))
                    }
                }
            }
        })
        return numbers.map { (term: $0.key, pages: postings[$0.value], excerpts: excerpts[$0.value] ?? []) }.sorted { precedes($0.term, $1.term) }
    }

    /// The list of terms of each token met so far, by number: read side by side while a batch of
    /// pages is read, and added to only between batches, when nothing reads them.
    private final class KnownTokens: @unchecked Sendable {
        var lists = TokenNumbers()
    }

    /// Each token of a text once, with its first place (a UTF-8 offset), in the order of those
    /// places, and the number of its list of terms if it is `known`; else -1 - its place among
    /// `unknown`, the tokens not known. Numbers, not tokens, so that a page's many are let go at
    /// once.
    private static func firstPlaces(of text: String, known: TokenNumbers) -> (places: [(place: Int, list: Int)], unknown: [Token]) {
        // Each token is looked up by its bytes once; a known one is then told from those before
        // by its list's number, which is quicker to hash than its text. About a word in eight
        // bytes is a new one on a page.
        var seen = SeenNumbers(capacity: text.utf8.count / 8)
        var unknown: [Token] = []
        var unknownPlaces: [Token: Int] = [:]
        var places: [(place: Int, list: Int)] = []
        withBytes(text) { bytes in
            SearchText.forEachToken(in: bytes) { run, isIdeographs, place in
                if let list = known.number(of: run) {
                    if seen.insert(list) { places.append((place, list)) }
                    return
                }
                let token = Token(run, isIdeographs: isIdeographs)
                guard unknownPlaces[token] == nil else { return }
                unknownPlaces[token] = unknown.count
                places.append((place, -1 - unknown.count))
                unknown.append(token)
            }
        }
        return (places, unknown)
    }

    /// The numbers of the lists met on a page: open addressing over a power of two, which costs a
    /// page's few hundred tokens less than a `Set`'s hashing.
    private struct SeenNumbers {
        /// -1 where empty; never more than half full.
        private var slots: [Int]
        private var count = 0

        init(capacity: Int) {
            var size = 64
            while size < capacity * 2 { size *= 2 }
            slots = [Int](repeating: -1, count: size)
        }

        /// Adds `number` (not negative); whether it was not there yet.
        mutating func insert(_ number: Int) -> Bool {
            if (count + 1) * 2 > slots.count {
                let kept = slots.filter { $0 >= 0 }
                (slots, count) = ([Int](repeating: -1, count: slots.count * 2), 0)
                for number in kept { _ = insert(number) }
            }
            let mask = slots.count - 1
            // Fibonacci hashing: the multiplication spreads consecutive numbers apart.
            var slot = Int(truncatingIfNeeded: UInt64(number) &* 0x9E37_79B9_7F4A_7C15 >> 40) & mask
            while slots[slot] >= 0 {
                if slots[slot] == number { return false }
                slot = (slot + 1) & mask
            }
            slots[slot] = number
            count += 1
            return true
        }
    }

    /// The index of pages whose words are `words`, by book number from 1.
    package init(_ words: [PageWords]) {
        texts = words.map(\.text)
        places = words.map(\.terms)
        var postings: [String: [Int]] = [:]
        for (index, page) in words.enumerated() {
            for term in page.terms.keys { postings[term, default: []].append(index + 1) }
        }
        terms = Self.ordered(postings.map { ($0.key, $0.value) })
    }

    private static func ordered(_ terms: [(term: String, pages: [Int])]) -> [(term: String, pages: [Int])] {
        terms.sorted { precedes($0.term, $1.term) }
    }

    private typealias Token = SearchText.Token

    /// The order of the terms: UTF-16's.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    /// A page's searched text: empty for the contents, which only repeats the chapters' titles.
    @Sendable package static func text(of page: Page) -> String {
        page.kind == .contents ? "" : page.blocks.searchText
    }

    private static let batch = 256

    /// A page's text and its terms (`folio serve` finds them only for pages that changed).
    @Sendable package static func words(on page: Page) -> PageWords {
        let text = text(of: page)
        return (text, places(in: text))
    }

    /// A text's terms, each with the UTF-8 offset of its first place.
    package static func places(in text: String) -> [String: Int] {
        var places: [String: Int] = [:]
        SearchText.forEachToken(in: text) { token, place in
            for term in terms(of: token) where places[term] == nil { places[term] = place }
        }
        return places
    }

    /// Every term of a text, as often as it occurs.
    package static func terms(of text: String) -> [String] {
        SearchText.tokens(text).flatMap(terms(of:))
    }

    /// The terms a word or an ideograph run is found by.
    package static func terms(of token: SearchText.Token) -> [String] {
        switch token {
        case .word(let word): word.unicodeScalars.count > SearchText.longestWord ? [] : SearchText.terms(ofWord: word)
        case .ideographs(let run): SearchText.terms(ofIdeographs: run)
        }
    }
}
