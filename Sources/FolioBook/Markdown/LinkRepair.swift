import FolioBase
import FolioOptions

/// What becomes of a broken link in a book that mdBook publishes broken links of: a warning, and the
/// link repaired to the one target it can only have meant — a heading or chapter that differs from
/// what was written only in case, spaces, dashes or punctuation (`#SQL客户端` for `#sql客户端`,
/// `#license和license-file` for `#license-和-license-file`) — or else kept as written, so that
/// `folio check` still finds it in the site. Pure, like `rewriteLink`.
func repairLink(_ destination: String, from chapter: ChapterID, image: Bool, problem: LinkProblem, targets: LinkTargets) -> RepairedLink? {
    guard let link = relativeLink(destination, from: chapter.path) else { return nil }
    switch problem {
    case .missingHeading(let target, let id, _, _):
        let ids = targets.chapters[target] ?? []
        if let match = onlyMatch(id, among: ids) {
            return RepairedLink(link: RewrittenLink(destination: destination, target: ChapterLink(chapter: target, fragment: match)),
                                message: "\(problem.summary); it is repaired to `#\(match)`")
        }
        return RepairedLink(link: RewrittenLink(destination: destination, target: ChapterLink(chapter: target, fragment: id)),
                            message: "\(problem.summary); it is kept as written",
                            hint: near(id, among: ids).map { "the nearest heading is `#\($0)`" })
    case .missingChapter(let path), .notAChapter(let path):
        let chapters = targets.chapters.keys.map(\.path)
        // The chapter, `.md`, and its page in mdBook's site, `.html`, whichever the link names.
        let stem = String(path.dropLast(fileExtension(path).count + 1))
        let written = stem + ".md"
        // An old address that one of book.toml's redirects serves is no slip: the link works.
        if targets.redirects.contains(stem + ".html") {
            return RepairedLink(link: RewrittenLink(destination: keptFromPage(mdBookHTML(destination), of: chapter)), message: nil)
        }
        if let match = onlyMatch(written, among: chapters) {
            let target = ChapterID(match)
            let fragment = link.fragment.map { onlyMatch($0, among: targets.chapters[target] ?? []) ?? $0 }
            return RepairedLink(link: RewrittenLink(destination: destination, target: ChapterLink(chapter: target, fragment: fragment)),
                                message: "\(problem.description); it is repaired to `\(match)`")
        }
        return RepairedLink(link: RewrittenLink(destination: keptFromPage(mdBookHTML(destination), of: chapter)),
                            message: "\(problem.description); it is kept as written",
                            hint: near(written, among: chapters).map { "the nearest chapter is `\($0)`" })
    case .missingFile, .outsideBook:
        return RepairedLink(link: RewrittenLink(destination: keptFromPage(destination, of: chapter)), message: "\(problem.description); it is kept as written")
    case .leavesBook, .refused:
        return nil
    }
}

/// A broken link as the link stage keeps it, with what the warning says.
struct RepairedLink: Sendable, Equatable {
    var link: RewrittenLink
    /// What the warning says; nil for a link that is no slip after all.
    var message: String?
    /// The target nearest what was written, for the hint, when none could be repaired to.
    var hint: String?
}

/// The one of `names` that `written` names but for case, spaces, dashes and punctuation; nil when
/// none or several do.
private func onlyMatch(_ written: String, among names: some Collection<String>) -> String? {
    let key = looseKey(percentDecoded(written))
    var found: String?
    for name in names where looseKey(name) == key {
        guard found == nil else { return nil }
        found = name
    }
    return found
}

/// Of `names`, the one nearest `written`, when it is near enough to be worth naming: half its
/// letters the same, or one holding the other. Paths are compared by their file names, which a
/// shared folder would otherwise make look alike.
private func near(_ written: String, among names: some Collection<String>) -> String? {
    let key = looseKey(fileName(percentDecoded(written)))
    let sorted = names.sorted()
    guard let best = nearest(key, among: sorted.map { looseKey(fileName($0)) }),
          let name = sorted.first(where: { looseKey(fileName($0)) == best.name }) else { return nil }
    let close = best.distance * 2 <= max(key.count, best.name.count)
    return close || (!best.name.isEmpty && (key.contains(best.name) || best.name.contains(key))) ? name : nil
}

/// A name with only its letters and digits, lower-cased: what two spellings of one heading share.
private func looseKey(_ name: String) -> String {
    String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }))
}

/// `a.md#x` → `a.html#x`, as mdBook writes a link to a chapter into its page.
private func mdBookHTML(_ destination: String) -> String {
    let (beforeFragment, fragment) = splitFragment(destination)
    guard fileExtension(beforeFragment) == "md" else { return destination }
    return String(beforeFragment.dropLast("md".count)) + "html" + (fragment.map { "#\($0)" } ?? "")
}

/// A destination written in `chapter`, from its page's document, a folder deeper in the site.
func keptFromPage(_ destination: String, of chapter: ChapterID) -> String {
    let folder = directory(of: chapter.path)
    return lexicallyNormalized(SiteLayout.pageToRoot + (folder.isEmpty ? "" : folder + "/") + destination) + (destination.hasSuffix("/") ? "/" : "")
}

extension LinkProblem {
    /// The problem without the list of what the chapter does have, which a hint replaces.
    var summary: String {
        guard case .missingHeading(let chapter, let id, _, _) = self else { return description }
        return "link to a missing heading `#\(id)` in `\(chapter)`"
    }
}
