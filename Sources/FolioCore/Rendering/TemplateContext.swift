import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch

/// The values the theme's templates see. Every document is rendered over two contexts: the
/// names shared by all of a book's documents (`shared`), made once per book, and the
/// document's own (`document`, plus a page and its chapter and neighbours, or the contents).
enum TemplateContext {
    static func shared(title: String, strings: UIStrings, options: BookOptions) -> [String: TemplateValue] {
        [
            "lang": .string(options.language),
            "dir": .string(strings.direction),
            "book": book(title: title, options: options),
            "strings": .object(strings.values.mapValues(TemplateValue.string)),
            "manifest": .string(SiteLayout.manifest),
            "stylesheet": .string(SiteLayout.stylesheet),
            "stylesheets": .list(options.stylesheets.map(TemplateValue.string)),
            "defaultTheme": .string(options.defaultTheme.rawValue),
            "print": options.makesPrint ? .string(SiteLayout.print) : nil,
            "appManifest": options.offline ? .string(SiteLayout.appManifest) : nil,
        ]
    }

    /// A document's own names; every document has them, so none is ever found in `shared`.
    static func document(title: String, root: String) -> [String: TemplateValue] {
        ["title": .string(title), "root": .string(root)]
    }

    private static func book(title: String, options: BookOptions) -> TemplateValue {
        [
            "title": .string(title),
            "authors": .list(options.authors.map(TemplateValue.string)),
            "hasAuthors": .bool(!options.authors.isEmpty),
            "language": .string(options.language),
            "description": options.description.map(TemplateValue.string) ?? nil,
            // The book's EPUB, for the front page's link to it.
            "epub": options.makesEPUB ? .string(EPUBBook.path(title: title)) : nil,
        ]
    }

    static func chapter(_ parsed: ParsedChapter) -> TemplateValue {
        ["title": .string(parsed.title), "slug": .string(parsed.chapter.slug), "number": number(of: parsed)]
    }

    /// A page, with `label`, the number it shows (`PageNumbering`), and `meta`: its chapter's front
    /// matter written for other tools.
    static func page(_ page: Page, label: String, meta: [MetaEntry] = []) -> TemplateValue {
        [
            "number": .number(Double(page.number)), "numberInSection": .number(Double(page.numberInSection)), "label": .string(label),
            "side": .string(page.side.rawValue), "kind": .string(page.kind.rawValue),
            // Like a printed book: no number on the cover, the title page or a blank page.
            "showsNumber": .bool(page.kind == .text || page.kind == .contents),
            // The room added at each gap between blocks so that the text ends at the foot, in px.
            "stretch": page.stretch > 0 ? .string("\(page.stretch)") : nil,
            "meta": value(.table(meta)),
        ]
    }

    private static func value(_ meta: MetaValue) -> TemplateValue {
        switch meta {
        case .text(let text): .string(text)
        case .flag(let flag): .bool(flag)
        case .list(let items): .list(items.map(value))
        case .table(let entries): .object(Dictionary(entries.map { ($0.key, value($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// The table of contents, with URLs relative to the site root. Every entry carries every
    /// name, false or null where it does not apply: Mustache would otherwise find the name
    /// in an enclosing entry, and a nested chapter would show its parent's number.
    static func contents(_ entries: [ContentsEntry], chapters: [ChapterID: ParsedChapter]) -> TemplateValue {
        .list(entries.map { entry in
            var value: [String: TemplateValue] = [
                "isPart": false, "isChapter": false, "isDraft": false, "isSeparator": false,
                "title": nil, "number": nil, "url": nil, "children": [], "hasChildren": false,
            ]
            switch entry {
            case .part(let title):
                value["isPart"] = true
                value["title"] = .string(title)
            case .separator:
                value["isSeparator"] = true
            case .draft(let title, _):
                value["isDraft"] = true
                value["title"] = .string(title)
            case .chapter(let entry):
                guard let parsed = chapters[entry.id] else { break }
                value["isChapter"] = true
                value["title"] = .string(parsed.title)
                value["number"] = number(of: parsed)
                value["url"] = .string(SiteLayout.chapterURL(parsed.chapter.slug))
                value["children"] = contents(entry.children, chapters: chapters)
                value["hasChildren"] = .bool(!entry.children.isEmpty)
            }
            return .object(value)
        })
    }

    private static func number(of parsed: ParsedChapter) -> TemplateValue {
        parsed.chapter.number.map { .string(sectionNumber($0)) } ?? nil
    }
}

extension PageLinks {
    /// The previous or next page, for navigation.
    func neighbour(_ page: Page, root: String) -> TemplateValue {
        ["url": .string(root + page.url), "title": title(of: page).map(TemplateValue.string) ?? nil]
    }

    /// The page a link written in raw HTML on `page` leads to, when it leads to a chapter; nil
    /// keeps it as the link stage left it.
    func rawHTMLLinkURL(_ link: RawHTMLLink, on page: Page, targets: LinkTargets) -> String? {
        guard let chapter = page.chapter, case .success(let rewritten) = rewriteLink(link.value, from: chapter, image: link.image, targets: targets),
              let target = rewritten.target else { return nil }
        return url(of: target, from: page)
    }
}
