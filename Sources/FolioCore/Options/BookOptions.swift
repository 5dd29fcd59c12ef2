/// Everything `book.yml` can say, with a default for every key.
public struct BookOptions: Sendable, Equatable {
    public var title: String?
    public var authors: [String] = []
    public var description: String?
    /// Where the site is published, ending in `/`; makes the sitemap's locations absolute.
    public var url: String?
    /// The manifest's identifier (a URI such as `urn:isbn:…`); derived from title and authors when absent.
    public var identifier: String?
    /// The manifest's `modified` date-time; absent unless set, so builds stay byte-identical.
    public var modified: String?
    /// BCP 47 language tag.
    public var language: String = "en"
    /// Reading order when there is no SUMMARY.md: chapter paths relative to the book folder.
    public var chapters: [String]?
    public var reading = ReadingOptions()
    public var page = PageOptions()
    /// A front cover: an image or a Markdown file, relative to the book folder.
    public var cover: String?
    public var markdown = MarkdownOptions()
    /// Where book.yml names each file (`chapters`, `cover`), for when a file turns out to be missing.
    public var namedAt: [String: SourceLocation] = [:]

    public init() {}
}

/// How pages turn, in the vocabulary of a page view controller.
public struct ReadingOptions: Sendable, Equatable {
    public enum Transition: String, Sendable, CaseIterable { case curl, scroll }
    public enum Orientation: String, Sendable, CaseIterable { case horizontal, vertical }
    public enum Spine: String, Sendable, CaseIterable { case auto, min, mid, max, none }
    public enum Direction: String, Sendable, CaseIterable { case ltr, rtl, ttb, btt }

    public var transition: Transition = .curl
    public var orientation: Orientation = .horizontal
    public var spine: Spine = .auto
    /// Nil until decided: it then follows the orientation and the language.
    public var direction: Direction?
    public var doubleSided: Bool = true

    public init() {}
}

public struct PageOptions: Sendable, Equatable {
    public enum Size: Sendable, Equatable {
        case pocket, a5, square
        case custom(width: Int, height: Int)
    }
    public enum ChapterStart: String, Sendable, CaseIterable { case any, recto }

    public var size: Size = .pocket
    public var chapterStart: ChapterStart = .recto
    /// Generated pages before the first chapter: the book's title, authors and description,
    /// and its table of contents.
    public var titlePage = true
    public var contentsPage = true

    public init() {}
}

public struct MarkdownOptions: Sendable, Equatable {
    public var smartPunctuation = true
    /// Off: cmark's safe mode drops raw HTML and dangerous URLs.
    public var rawHTML = false

    public init() {}
}
