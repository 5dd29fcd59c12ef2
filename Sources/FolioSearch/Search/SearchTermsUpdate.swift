import FolioBase
import FolioOptions
import FolioBook
import FolioPagination

/// A whole index's terms (`SearchShards.Term`, in order) after some pages' texts changed: only
/// the terms of those pages, before or after, move; each keeps the excerpts of its first pages
/// that are still first and unchanged. What a kept build (`CachedBuild`) does with an edit.
struct SearchTermsUpdate {
    /// The changed pages, by book number from 1: their texts before and now.
    var changed: [Int: (before: String, now: String)]
    /// Any page's text as it was (the same as now for a page not changed).
    var text: (Int) -> String

    func apply(to terms: [SearchShards.Term]) -> [SearchShards.Term] {
        let before = changed.mapValues { SearchIndex.places(in: $0.before) }
        var places = changed.mapValues { SearchIndex.places(in: $0.now) }
        var affected = Set<String>()
        for words in before.values { affected.formUnion(words.keys) }
        for words in places.values { affected.formUnion(words.keys) }
        let known = Set(terms.lazy.map(\.term).filter(affected.contains))
        var new = affected.subtracting(known).sorted(by: SearchIndex.precedes)[...]
        let numbers = changed.keys.sorted()

        // Where `term` first is on page `number`: for a page not changed, found from its text when first needed.
        func place(_ term: String, _ number: Int) -> Int {
            if let words = places[number] { return words[term] ?? 0 }
            let words = SearchIndex.places(in: text(number))
            places[number] = words
            return words[term] ?? 0
        }
        func moved(_ term: String, pages old: [Int], excerpts: [String]) -> SearchShards.Term? {
            var pages = old
            for number in numbers {
                let (had, has) = (before[number]?[term] != nil, places[number]?[term] != nil)
                if had && !has { pages.removeAll { $0 == number } }
                if has && !had { pages.insert(number, at: pages.firstIndex { $0 > number } ?? pages.count) }
            }
            guard !pages.isEmpty else { return nil }
            guard SearchExcerpt.wanted(term) else { return (term, PageNumbers(pages), []) }
            let first = old.prefix(SearchExcerpt.perTerm)
            let kept = pages.prefix(SearchExcerpt.perTerm).map { number in
                if let page = changed[number] { return SearchExcerpt.excerpt(page.now, at: place(term, number)) }
                if let index = first.firstIndex(of: number) { return excerpts[index] }
                return SearchExcerpt.excerpt(text(number), at: place(term, number))
            }
            return (term, PageNumbers(pages), kept)
        }

        var out: [SearchShards.Term] = []
        out.reserveCapacity(terms.count + new.count)
        func addNew(before term: String?) {
            while let next = new.first, term.map({ SearchIndex.precedes(next, $0) }) ?? true {
                new.removeFirst()
                if let made = moved(next, pages: [], excerpts: []) { out.append(made) }
            }
        }
        for entry in terms {
            addNew(before: entry.term)
            if !affected.contains(entry.term) {
                out.append(entry)
            } else if let made = moved(entry.term, pages: entry.pages.pages, excerpts: entry.excerpts) {
                out.append(made)
            }
        }
        addNew(before: nil)
        return out
    }
}
