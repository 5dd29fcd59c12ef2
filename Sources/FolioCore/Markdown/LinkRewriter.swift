import Foundation

/// What a chapter's links may point at: the chapters with their heading ids, and every file
/// in the book folder.
public struct LinkTargets: Sendable {
    public var chapters: [ChapterID: Set<String>]
    public var files: Set<String>

    public init(chapters: [ChapterID: Set<String>], files: Set<String>) {
        self.chapters = chapters
        self.files = files
    }
}

public struct RewrittenLink: Sendable, Equatable {
    /// The destination to write into the page's HTML, when it does not depend on pagination.
    public var destination: String
    /// A book file the site must carry for the link to work.
    public var asset: String?
    /// A chapter (and heading): its page is known only once the book is paginated.
    public var target: ChapterLink?

    public init(destination: String, asset: String? = nil, target: ChapterLink? = nil) {
        self.destination = destination
        self.asset = asset
        self.target = target
    }
}

/// A link to a chapter, or to a heading in it, resolved to a page when pages are rendered.
public struct ChapterLink: Sendable, Equatable, Hashable {
    public var chapter: ChapterID
    /// The heading's id within the chapter.
    public var fragment: String?

    public init(chapter: ChapterID, fragment: String? = nil) {
        self.chapter = chapter
        self.fragment = fragment
    }
}

public enum LinkProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case missingChapter(String)
    case notAChapter(String)
    case missingHeading(chapter: ChapterID, id: String, known: [String])
    case missingFile(String, image: Bool)
    case outsideBook(String)

    public var description: String {
        switch self {
        case .missingChapter(let path): "link to a missing chapter `\(path)`"
        case .notAChapter(let path): "link to `\(path)`, which is not a chapter of the book"
        case .missingHeading(let chapter, let id, let known):
            "link to a missing heading `#\(id)` in `\(chapter)`"
                + (known.isEmpty ? " (it has no headings)" : "; its headings are: " + known.map { "#\($0)" }.joined(separator: ", "))
        case .missingFile(let path, let image): image ? "missing image `\(path)`" : "link to a missing file `\(path)`"
        case .outsideBook(let path): "`\(path)` points outside the book folder"
        }
    }
}

/// Rewrites one link or image destination written in the chapter at `chapterPath`:
/// external URLs stay, links to `.md` chapters (and their headings) become chapter targets that
/// rendering turns into page URLs, other local files go to the book's assets. Pure: everything
/// it knows is in `targets`.
public func rewriteLink(_ destination: String, from chapter: ChapterID, image: Bool, targets: LinkTargets) -> Result<RewrittenLink, LinkProblem> {
    let unchanged = RewrittenLink(destination: destination)
    guard let link = relativeLink(destination, from: chapter.path) else { return .success(unchanged) }
    let fragment = link.fragment
    let here = targets.chapters[chapter]

    if link.written.isEmpty {
        guard let fragment, let here else { return .success(unchanged) }
        return here.contains(fragment)
            ? .success(RewrittenLink(destination: destination, target: ChapterLink(chapter: chapter, fragment: fragment)))
            : .failure(.missingHeading(chapter: chapter, id: fragment, known: here.sorted()))
    }

    guard let path = link.path else {
        return .failure(.outsideBook(link.written))
    }
    if let target = chapterFile(path, targets: targets), let ids = targets.chapters[target] {
        if let fragment, !ids.contains(fragment) {
            return .failure(.missingHeading(chapter: target, id: fragment, known: ids.sorted()))
        }
        return .success(RewrittenLink(destination: destination, target: ChapterLink(chapter: target, fragment: fragment)))
    }
    if fileExtension(path) == "md" && !image {
        return .failure(targets.files.contains(path) ? .notAChapter(path) : .missingChapter(path))
    }
    guard targets.files.contains(path) else {
        return .failure(.missingFile(path, image: image))
    }
    let url = SiteLayout.assetLink(path) + (link.query.map { "?\($0)" } ?? "") + (fragment.map { "#\($0)" } ?? "")
    return .success(RewrittenLink(destination: url, asset: path))
}

/// A link to a folder means the chapter that opens it.
private func chapterFile(_ path: String, targets: LinkTargets) -> ChapterID? {
    if targets.chapters[ChapterID(path)] != nil { return ChapterID(path) }
    let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
    let prefix = folder.isEmpty ? "" : folder + "/"
    return ["index.md", "README.md"].map { ChapterID(prefix + $0) }.first { targets.chapters[$0] != nil }
}
