import FolioBase
import FolioOptions
import Foundation

/// What a chapter's links may point at: the chapters with their heading ids, and every file
/// in the book folder.
package struct LinkTargets: Sendable {
    package var chapters: [ChapterID: Set<String>]
    var files: Set<String>
    /// Files a link may not use, with the reason (a symbolic link out of the book, an image
    /// that is not one).
    var refused: [String: String] = [:]
    /// The site paths of book.toml's redirect pages: a link there leads to a page of the site.
    var redirects: Set<String> = []

    /// The chapters' headings, terms and raw HTML ids; only Markdown is a chapter a link can reach, so
    /// an image cover stays an image.
    package init(_ chapters: [ParsedChapter], files: Set<String>, refused: [String: String] = [:], redirects: Set<String> = []) {
        self.init(chapters: Dictionary(uniqueKeysWithValues: chapters.filter { fileExtension($0.chapter.path) == "md" }.map {
            ($0.chapter.id, Set($0.headings.map(\.id) + $0.terms + $0.anchors))
        }), files: files, refused: refused, redirects: redirects)
    }

    init(chapters: [ChapterID: Set<String>], files: Set<String>, refused: [String: String] = [:], redirects: Set<String> = []) {
        self.chapters = chapters
        self.files = files
        self.refused = refused
        self.redirects = redirects
        sortedIDs = chapters.mapValues { $0.sorted() }
    }

    /// Each chapter's ids in order, sorted once: a message names those nearest a missing one.
    private let sortedIDs: [ChapterID: [String]]

    /// At most this many ids are named when a link's heading is missing.
    static let idsNamed = 20

    /// A link to `chapter`'s `#id`, which it lacks: the problem, naming the ids of the chapter,
    /// or, of a chapter of many, the `idsNamed` that sort nearest `id`.
    func missingHeading(_ id: String, in chapter: ChapterID) -> LinkProblem {
        let ids = sortedIDs[chapter] ?? []
        guard ids.count > Self.idsNamed else { return .missingHeading(chapter: chapter, id: id, known: ids) }
        // Where `id` would sort, and the ids around it.
        let low = ids.partitionPoint { $0 >= id }
        let start = min(max(low - Self.idsNamed / 2, 0), ids.count - Self.idsNamed)
        return .missingHeading(chapter: chapter, id: id, known: Array(ids[start..<start + Self.idsNamed]), of: ids.count)
    }
}

package struct RewrittenLink: Sendable, Equatable {
    /// The destination to write into the page's HTML, when it does not depend on pagination.
    var destination: String
    /// A book file the site must carry for the link to work.
    var asset: String?
    /// A chapter (and heading): its page is known only once the book is paginated.
    package var target: ChapterLink?
    /// Kept as written, but worth a word to the writer.
    var warning: LinkProblem?

    init(destination: String, asset: String? = nil, target: ChapterLink? = nil, warning: LinkProblem? = nil) {
        self.destination = destination
        self.asset = asset
        self.target = target
        self.warning = warning
    }
}

/// A link to a chapter, or to a heading in it, resolved to a page when pages are rendered.
package struct ChapterLink: Sendable, Equatable, Hashable, Codable {
    package var chapter: ChapterID
    /// The heading's id within the chapter.
    package var fragment: String?

    package init(chapter: ChapterID, fragment: String? = nil) {
        self.chapter = chapter
        self.fragment = fragment
    }
}

package enum LinkProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case missingChapter(String)
    case notAChapter(String)
    /// `known` are the chapter's ids, or `count` of them those nearest `id`.
    case missingHeading(chapter: ChapterID, id: String, known: [String], of: Int? = nil)
    case missingFile(String, image: Bool)
    case outsideBook(String)
    /// A link (not an image) out of the book: kept, since books are often published beside
    /// sibling sites (`../std/index.html`).
    case leavesBook(String)
    /// A file the book holds but a link may not use, with the reason.
    case refused(String)

    package var description: String {
        switch self {
        case .missingChapter(let path): "link to a missing chapter `\(path)`"
        case .notAChapter(let path): "link to `\(path)`, which is not a chapter of the book"
        case .missingHeading(let chapter, let id, let known, let count):
            "link to a missing heading `#\(id)` in `\(chapter)`"
                + (known.isEmpty ? " (it has no headings)"
                    : (count.map { "; of its \($0) headings, those nearest are: " } ?? "; its headings are: ")
                    + known.map { "#\($0)" }.joined(separator: ", "))
        case .missingFile(let path, let image): image ? "missing image `\(path)`" : "link to a missing file `\(path)`"
        case .outsideBook(let path): "`\(path)` points outside the book folder"
        case .leavesBook(let path): "`\(path)` leads out of the book; it is kept as written"
        case .refused(let reason): reason
        }
    }
}

/// Rewrites one link or image destination written in the chapter at `chapterPath`:
/// external URLs stay, links to `.md` chapters (and their headings) become chapter targets that
/// rendering turns into page URLs, other local files go to the book's assets. Pure: everything
/// it knows is in `targets`.
package func rewriteLink(_ destination: String, from chapter: ChapterID, image: Bool, targets: LinkTargets) -> Result<RewrittenLink, LinkProblem> {
    let unchanged = RewrittenLink(destination: destination)
    guard let link = relativeLink(destination, from: chapter.path) else { return .success(unchanged) }
    let fragment = link.fragment
    let here = targets.chapters[chapter]

    if link.written.isEmpty {
        guard let fragment, let here else { return .success(unchanged) }
        return here.contains(fragment)
            ? .success(RewrittenLink(destination: destination, target: ChapterLink(chapter: chapter, fragment: fragment)))
            : .failure(targets.missingHeading(fragment, in: chapter))
    }

    guard let path = link.path else {
        guard !image else { return .failure(.outsideBook(link.written)) }
        return .success(RewrittenLink(destination: keptFromPage(destination, of: chapter), warning: .leavesBook(link.written)))
    }
    if let target = chapterFile(path, targets: targets), let ids = targets.chapters[target] {
        if let fragment, !ids.contains(fragment) {
            return .failure(targets.missingHeading(fragment, in: target))
        }
        return .success(RewrittenLink(destination: destination, target: ChapterLink(chapter: target, fragment: fragment)))
    }
    if let reason = targets.refused[path] {
        return .failure(.refused(reason))
    }
    if fileExtension(path) == "md" && !image {
        return .failure(targets.files.contains(path) ? .notAChapter(path) : .missingChapter(path))
    }
    if fileExtension(path) == "html" && !image && !targets.files.contains(path) {
        return .failure(.missingChapter(path))
    }
    guard targets.files.contains(path) else {
        return .failure(.missingFile(path, image: image))
    }
    let url = SiteLayout.assetLink(path) + (link.query.map { "?\($0)" } ?? "") + (fragment.map { "#\($0)" } ?? "")
    return .success(RewrittenLink(destination: url, asset: path))
}

/// The chapter a path reaches, as in the site mdBook makes of the same book: the chapter itself,
/// `x.html` for `x.md`, and a folder, or its `index.html`, for the `index.md` or `README.md` that
/// opens it.
private func chapterFile(_ path: String, targets: LinkTargets) -> ChapterID? {
    var candidates = [path]
    var folder: String? = path.hasSuffix("/") ? String(path.dropLast()) : path
    if fileExtension(path) == "html" {
        candidates.append(String(path.dropLast(".html".count)) + ".md")
        folder = fileName(path).lowercased() == SiteLayout.index ? directory(of: path) : nil
    }
    if let folder {
        let prefix = folder.isEmpty ? "" : folder + "/"
        candidates += ["index.md", "README.md"].map { prefix + $0 }
    }
    return candidates.lazy.map { ChapterID($0) }.first { targets.chapters[$0] != nil }
}
