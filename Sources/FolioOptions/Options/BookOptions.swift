import FolioBase

/// Everything `book.yml` can say, with a default for every key.
package struct BookOptions: Sendable, Equatable, Encodable {
    package var title: String?
    package var authors: [String] = []
    package var description: String?
    /// Where the site is published, ending in `/`; makes the sitemap's locations absolute.
    package var url: String?
    /// The manifest's identifier (a URI such as `urn:isbn:…`); derived from title and authors when absent.
    package var identifier: String?
    /// The manifest's `modified` date-time; absent unless set, so builds stay byte-identical.
    package var modified: String?
    /// BCP 47 language tag.
    package var language: String = "en"
    /// The book's translations (`languages:`), each a folder of its own, the default language
    /// first: the one whose folder is the book's, else the first written. Empty for a book in one language.
    package var languages: [BookLanguage] = []
    /// Reading order when there is no SUMMARY.md: chapter paths relative to the book folder.
    package var chapters: [String]?
    package var reading = ReadingOptions()
    package var page = PageOptions()
    /// A front cover: an image or a Markdown file, relative to the book folder.
    package var cover: String?
    /// Font files (TrueType or OpenType) relative to the book folder, each in place of one of the
    /// theme's faces: cut down and measured as the theme's own are.
    package var fonts: [TextFace: String] = [:]
    package var markdown = MarkdownOptions()
    /// The colour theme a reader sees until they choose one with the theme button.
    package var defaultTheme: DefaultTheme = .system
    /// A service worker that keeps the pages read, or the whole book, for reading offline, and a web
    /// app manifest, so that the book installs on a phone's home screen.
    package var offline = true
    /// More stylesheets, linked from every document after the theme's: site paths (book.toml's `additional-css`).
    package var stylesheets: [String] = []
    /// Pages at old addresses that send the reader on (book.toml's `[output.html.redirect]`).
    package var redirects: [Redirect] = []
    /// What a slip is — a broken link, an include of an anchor or lines its file lacks: an error in
    /// Folio's books; in an mdBook project, which mdBook publishes with its slips, a warning,
    /// unless the project or the build asks to be strict.
    package var slips: Slips = .errors
    /// What a build makes: the site always; the book as EPUB (`<slug>.epub` in the site) when
    /// `epub` is among them; print.html, every page in one document to print, when `print` is.
    package var outputs: [Output] = [.site]
    /// Where book.yml names each file (`chapters`, `cover`), for when a file turns out to be missing.
    package var namedAt: [String: SourceLocation] = [:]

    package init() {}

    package enum Output: String, Sendable, CaseIterable, Encodable { case site, epub, print }

    /// Whether the build makes the book's EPUB.
    package var makesEPUB: Bool { outputs.contains(.epub) }
    /// Whether the site has print.html.
    package var makesPrint: Bool { outputs.contains(.print) }

    /// `output` made too.
    package mutating func add(_ output: Output) {
        if !outputs.contains(output) { outputs.append(output) }
    }
}

/// One language of a book in many (`languages: {en: ., zh: zh}`): its BCP 47 code and its folder,
/// relative to the book ("" for the book's own), with where book.yml names the folder.
package struct BookLanguage: Sendable, Equatable, Encodable {
    package var code: String
    package var folder: String
    package var location: SourceLocation
}

/// The faces a book's text is set in, which `fonts` may replace.
package enum TextFace: String, Sendable, CaseIterable, Encodable {
    case regular, italic, bold, boldItalic = "bold-italic", mono, monoBold = "mono-bold"
}

/// See `BookOptions.slips`, `repairLink` and `expandDirectives`.
package enum Slips: Sendable, Equatable, Encodable {
    case errors
    /// Warnings: a link repaired where one target fits and kept as written otherwise; an include
    /// as mdBook makes it (nothing for an anchor or lines the file lacks, the directive as written
    /// for a file that is missing).
    case warnings
}

/// The theme button's choices: `system` follows the device's light or dark setting.
package enum DefaultTheme: String, Sendable, CaseIterable, Encodable {
    case system, light, dark, sepia
}

/// A page at an old address (`from`, a site path) that sends the reader to `to`, as written:
/// a chapter file of the book (`x.md` or `x.html`, with a fragment or not), or a URL outside it.
package struct Redirect: Sendable, Equatable, Encodable {
    package var from: String
    package var to: String
    /// Where the entry is written, for a target that is no chapter.
    package var location: SourceLocation
}

/// How pages turn, in the vocabulary of a page view controller.
package struct ReadingOptions: Sendable, Equatable, Encodable {
    package enum Transition: String, Sendable, CaseIterable, Encodable { case curl, scroll }
    package enum Orientation: String, Sendable, CaseIterable, Encodable { case horizontal, vertical }
    package enum Spine: String, Sendable, CaseIterable, Encodable { case auto, min, mid, max, none }
    package enum Direction: String, Sendable, CaseIterable, Encodable { case ltr, rtl, ttb, btt }

    package var transition: Transition = .curl
    package var orientation: Orientation = .horizontal
    package var spine: Spine = .auto
    /// Nil until decided: it then follows the orientation and the language.
    package var direction: Direction?
    package var doubleSided: Bool = true

    package init() {}
}

package struct PageOptions: Sendable, Equatable, Encodable {
    package enum Size: Sendable, Equatable, Encodable {
        case pocket, a5, square
        case custom(width: Int, height: Int)
    }
    package enum ChapterStart: String, Sendable, CaseIterable, Encodable { case any, recto }

    package var size: Size = .pocket
    package var chapterStart: ChapterStart = .recto
    /// Generated pages before the first chapter: the book's title, authors and description,
    /// and its table of contents.
    package var titlePage = true
    package var contentsPage = true
    /// Prose set flush on both sides, its words hyphenated by the book's language; off, ragged on the right.
    package var justify = true

    init() {}
}

package struct MarkdownOptions: Sendable, Equatable, Encodable {
    package var smartPunctuation = true
    /// Off: cmark's safe mode drops raw HTML and dangerous URLs.
    package var rawHTML = false
    /// mdBook's admonitions (`> [!NOTE]`…) and definition lists; off, they read as CommonMark does.
    package var admonitions = true
    package var definitionLists = true
    /// What starts the hidden lines of code in each language (book.toml's
    /// `[output.html.code.hidelines]`); a block's own `hidelines=` comes first.
    package var hiddenLinePrefixes: [String: String] = [:]
    /// Which delimiters make math, rendered to MathML at build time.
    package var math: MathDelimiters = .none

    init() {}
}

/// The delimiters that make a formula. mdBook's `mathjax-support` hands the page to MathJax,
/// whose default delimiters are `\(…\)` inline and `\[…\]` and `$$…$$` displayed; a Folio book
/// that asks for math also has `$…$` inline, as Pandoc and most Markdown with math do.
package enum MathDelimiters: Sendable, Equatable, Encodable {
    case none, mathJax, dollars
}
