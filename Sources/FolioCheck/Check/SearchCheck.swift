import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore

extension SiteCheck {
    /// The search index against the pages (`Search/SearchShards.swift` writes it): every file its
    /// table names exists and is JSON of the expected shape, the texts cover every page once, and
    /// every page a term names is a page of the book. A site without `search/index.json` (built
    /// before Folio had search) is not checked.
    mutating func checkSearchIndex(_ pages: [PageEntry]) {
        let tocPath = SiteLayout.searchIndex
        guard files.contains(tocPath), let toc = searchJSON(tocPath) else { return }
        let count = pages.count
        if let declared = toc["pages"], declared.number != Double(count) {
            report(.searchIndex, "\(tocPath) counts \(declared.number.map { String(Int($0)) } ?? declared.kind) pages; the book has \(count)",
                   at: declared.location)
        }
        for shard in toc["terms"]?.array ?? [] {
            guard let file = searchFile(shard, in: toc), let terms = searchJSON(file)?.array else { continue }
            for entry in terms {
                guard let pair = entry.array, pair.count == 2 || pair.count == 3, let term = pair[0].string, let gaps = pair[1].array,
                      let excerpts = pair.count == 3 ? pair[2].array : [] else {
                    report(.searchIndex, "`\(file)`: expected [term, [pages…]] or [term, [pages…], [excerpts…]], found \(entry.kind)", at: entry.location)
                    continue
                }
                checkExcerpts(excerpts, of: term, pages: gaps.count, in: file)
                // Pages ascend: the first, then gaps of at least one.
                var page = 0
                for gap in gaps {
                    let step = Int(gap.number ?? 0)
                    page += step
                    guard step >= 1, page <= count else {
                        report(.searchIndex, "`\(file)`: the term `\(term)` names page \(page); the book has pages 1 to \(count)", at: gap.location)
                        break
                    }
                }
            }
        }
        var covered = 0
        for chunk in toc["texts"]?.array ?? [] {
            guard let file = searchFile(chunk, in: toc), let texts = searchJSON(file)?.array else { continue }
            if chunk["first"]?.number != Double(covered + 1) {
                report(.searchIndex, "`\(file)` should begin at page \(covered + 1)", at: chunk["first"]?.location ?? chunk.location)
            }
            covered += texts.count
        }
        if covered != count {
            report(.searchIndex, "\(tocPath)'s texts cover \(covered) pages; the book has \(count)", at: toc["texts"]?.location ?? toc.location)
        }
    }

    /// A term's excerpts (`Search/SearchExcerpt.swift`): one for each of its first pages, at most
    /// as many as it has pages, each holding the term.
    private mutating func checkExcerpts(_ excerpts: [JSONNode], of term: String, pages: Int, in file: String) {
        if excerpts.count > min(pages, SearchExcerpt.perTerm) {
            report(.searchIndex, "`\(file)`: the term `\(term)` has \(excerpts.count) excerpts for \(pages) pages; expected at most \(min(pages, SearchExcerpt.perTerm))",
                   at: excerpts[0].location)
        }
        for excerpt in excerpts where !(excerpt.string.map { SearchIndex.terms(of: $0).contains(term) } ?? false) {
            report(.searchIndex, "`\(file)`: an excerpt of the term `\(term)` does not hold it", at: excerpt.location)
        }
    }

    /// The site path of the file an entry of the table names, when the site has it.
    private mutating func searchFile(_ entry: JSONNode, in toc: JSONNode) -> String? {
        guard let name = entry["file"]?.string else {
            report(.searchIndex, "expected a `file` in this entry of \(SiteLayout.searchIndex)", at: entry.location)
            return nil
        }
        let path = SiteLayout.searchPath(name)
        guard files.contains(path) else {
            report(.searchIndex, "\(SiteLayout.searchIndex) names `\(name)`, which the site does not have", at: entry["file"]?.location ?? entry.location)
            return nil
        }
        return path
    }

    private mutating func searchJSON(_ path: String) -> JSONNode? {
        do {
            return try parseJSON(site.read(path), file: path)
        } catch let problem as Diagnostic {
            report(.searchIndex, problem.message, at: problem.location ?? SourceLocation(file: path))
        } catch {
            report(.searchIndex, "\(error)", at: SourceLocation(file: path))
        }
        return nil
    }
}
