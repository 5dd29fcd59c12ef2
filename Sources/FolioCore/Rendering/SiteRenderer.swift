import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// The render stage: the theme's documents filled in — one per page, the front page, the
/// contents and the 404 page — the manifest, the sitemap, the page geometry, and the theme's and
/// the book's assets. Page documents are rendered as the writer asks for them, on every core.
/// `stylesheets` are the book's own, by their site paths; `fonts` the site's (`WebFonts`); `search`
/// makes the search index's files; `coverImage` is the cover image's bytes, which the book's icon is made from (`offlineFiles`);
/// `bookFiles` are the book's and `kept` what the memo kept of the build before (the EPUB reads its images, fonts and pages).
/// `bookWide` makes, by its path, each file made from what the whole book shares and from its pages
/// but not their text (the front page, the contents, the 404 page, the sitemap, the geometry, the
/// reader's words, the manifest); `folio serve` passes ones that reuse an earlier build's.
func renderSite(_ book: Book, sections: [ParsedChapter], paged: PagedBook, assets: [String], stylesheets: [String: Data] = [:],
                fonts: [SiteFile] = [], coverImage: Data? = nil, theme: RenderingTheme, search: (PagedBook) throws -> [SiteFile] = { searchFiles($0) },
                bookFiles: BookFiles, kept: KeptFiles? = nil,
                bookWide: @escaping @Sendable (String, () throws -> Data) throws -> Data = { try $1() }) throws -> [SiteFile] {
    let options = book.options
    let documents = try PageDocuments(book, sections: sections, paged: paged, assets: assets, theme: theme)
    let pages = paged.pages
    var files = pages.indices.map { index in SiteFile(path: pages[index].url, contents: .rendered { try documents.render(index, of: pages) }) }
    if options.makesPrint {
        files.append(SiteFile(path: SiteLayout.print, contents: .rendered { [geometry = paged.geometry] in try documents.printDocument(pages, geometry: geometry) }))
    }
    files += theme.assets.map { SiteFile(path: $0.key, contents: .bytes($0.value)) }
    files += assets.map { SiteFile(path: SiteLayout.assetURL($0), contents: .bookFile($0)) }
    files += stylesheets.map { SiteFile(path: $0.key, contents: .bytes($0.value)) }
    files += fonts
    if options.offline {
        files += offlineFiles(title: book.title, options: options, direction: theme.strings.direction,
                              cover: coverImage.flatMap { data in options.cover.map { ($0, data) } }, worker: theme.serviceWorker)
    }
    // The manifest lists every other file under assets/, which the search index has none of.
    let resources = (files.map(\.path) + options.redirects.map(\.from)).filter(SiteLayout.isResource)
    // The files made from the whole book share nothing with the search index but the pages: they
    // are made beside it.
    let (wide, searched) = try concurrently({
        try bookWideFiles(book, documents: documents, paged: paged, theme: theme, resources: resources, bookWide: bookWide)
    }, { try search(paged) })
    files += wide + searched
    if !options.redirects.isEmpty {
        files += try redirectPages(options.redirects, links: documents.links, chapters: documents.chapters, site: Set(files.map(\.path)))
    }
    if options.makesEPUB {
        // Made once, when the writer first asks for it: it compares the file's bytes, then writes them.
        let others = Dictionary(files.map { ($0.path, $0) }) { first, _ in first }
        let epub = Later { try EPUBBook.archive(book, documents: documents, paged: paged, files: others, bookFiles: bookFiles, kept: kept) }
        files.append(SiteFile(path: EPUBBook.path(title: book.title), contents: .rendered { try epub.value() }))
    }
    return files.sorted { $0.path < $1.path }
}

/// The files made from the whole book: the index, contents and not-found documents, the sitemap,
/// the page geometry, the reader's words and the manifest, each through `bookWide`. `resources`
/// are the site's other files under assets/, which the manifest lists.
private func bookWideFiles(_ book: Book, documents: PageDocuments, paged: PagedBook, theme: RenderingTheme, resources: [String],
                           bookWide: @escaping (String, () throws -> Data) throws -> Data) throws -> [SiteFile] {
    let (title, options) = (book.title, book.options)
    let (chapters, links, shared) = (documents.chapters, documents.links, documents.bookShared)
    let contentsTitle = theme.strings.values["contents"] ?? "Contents"
    func made(_ path: String, _ make: () throws -> Data) throws -> SiteFile { SiteFile(path: path, contents: .bytes(try bookWide(path, make))) }
    func front(title: String) -> [String: TemplateValue] {
        var front = TemplateContext.document(title: title, root: "")
        front["contents"] = TemplateContext.contents(book.contents, chapters: chapters)
        if let first = paged.pages.first { front["first"] = links.neighbour(first, root: "") }
        return front
    }
    var files = [
        try made(SiteLayout.index) { try theme.render("index", shared: .object(shared), front(title: title)) },
        try made(SiteLayout.contents) { try theme.render("toc", shared: .object(shared), front(title: "\(contentsTitle) · \(title)")) },
        try made(SiteLayout.notFound) {
            let notFound = TemplateContext.document(title: "\(theme.strings.values["not-found-title"] ?? "Not found") · \(title)", root: "")
            return try theme.render("404", shared: .object(shared), notFound)
        },
        try made(SiteLayout.sitemap) { Data(sitemap(paged.pages, base: options.url, alternates: book.alternates).utf8) },
        try made(SiteLayout.geometry) { Data(paged.geometry.cssVariables.utf8) },
        // The reader's words, once for the whole site rather than in every page.
        try made(SiteLayout.strings) {
            Data((JSONOutput.object(theme.strings.values.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }).text() + "\n").utf8)
        },
    ]
    let listed = (resources + files.map(\.path).filter(SiteLayout.isResource)).sorted()
    files.append(try made(SiteLayout.manifest) {
        PublicationManifest(title: title, options: options, contents: book.contents, chapters: chapters,
                            paged: paged, links: links, resources: listed).json
    })
    return files
}

/// What every page document of a book shares, made once — the names that are the same on every
/// page and the `page` template specialised over them — so each page adds only its own values.
/// A class: every page's document holds it, and shares it; `folio serve` keeps it across edits
/// that change only pages' blocks. `paged` gives the pages' link targets, not their blocks.
final class PageDocuments: Sendable {
    /// The names a page document has of its own: every page has them all, null where they do not apply.
    static let ownNames: Set<String> = ["title", "page", "chapter", "content", "prev", "next", "alternates"]

    let chapters: [ChapterID: ParsedChapter]
    let links: PageLinks
    let targets: LinkTargets
    let bookTitle: String
    let alternates: [String: [Alternate]]
    let rawHTML: Bool
    let theme: RenderingTheme
    /// The names every document of the book shares, and those every page document does.
    let bookShared: [String: TemplateValue]
    let shared: TemplateValue
    let template: MustacheTemplate
    /// Where the lines of code that may wrap on the book's pages may break.
    let codeLineBreaks: @Sendable (Substring, Int) -> [Int]?

    /// `sections` are the book's, linked; their blocks are not read (the pages hold the text).
    init(_ book: Book, sections: [ParsedChapter], paged: PagedBook, assets: [String], theme: RenderingTheme) throws {
        let title = book.title
        chapters = Dictionary(uniqueKeysWithValues: sections.map { ($0.chapter.id, $0) })
        let contentsTitle = theme.strings.values["contents"] ?? "Contents"
        links = PageLinks(sections: chapters, paged: paged, generatedTitles: [.cover: title, .title: title, .contents: contentsTitle])
        targets = LinkTargets(sections, files: Set(assets))
        (bookTitle, rawHTML, self.theme, alternates) = (title, book.options.markdown.rawHTML, theme, book.alternates)
        bookShared = TemplateContext.shared(title: title, strings: theme.strings, options: book.options)
        var pageShared = bookShared
        pageShared["root"] = .string(SiteLayout.pageToRoot)
        pageShared["geometry"] = .string(SiteLayout.geometry)
        shared = .object(pageShared)
        template = try theme.templates.template("page", specialisedOver: .object(pageShared), ownNames: Self.ownNames)
        codeLineBreaks = Typesetter(geometry: paged.geometry, images: [:]).codeLineBreaks
    }

    /// The document of the page at `index` of `pages` (the book's): its share of the chapter in the theme's `page` template.
    func render(_ index: Int, of pages: [Page]) throws -> Data {
        let root = SiteLayout.pageToRoot
        var context = values(of: pages[index], content: content(of: pages[index]), pages: pages)
        context["prev"] = index > 0 ? links.neighbour(pages[index - 1], root: root) : .null
        context["next"] = index + 1 < pages.count ? links.neighbour(pages[index + 1], root: root) : .null
        return try theme.render(template, shared: shared, context)
    }

    /// The page's share of the chapter as HTML, its links relative to its document.
    func content(of page: Page) -> String {
        let (links, targets) = (links, targets)
        let markdown = HTMLRenderer(rawHTML: rawHTML, codeClasses: .mdBook, resolve: { links.url(of: $0, from: page) },
                                    headingID: { SiteLayout.headingID(slug: page.slug, id: $0) },
                                    anchor: { id in page.chapter.map { links.url(of: ChapterLink(chapter: $0, fragment: id), from: page) } ?? "#" + id },
                                    rawLink: { links.rawHTMLLinkURL($0, on: page, targets: targets) },
                                    asideTitle: { [strings = theme.strings.values] in strings[$0.titleKey] ?? $0.englishTitle },
                                    codeLineBreaks: codeLineBreaks)
        return markdown.render(page.blocks)
    }

    /// What a page shows, as its document and the print document have it: its title, number,
    /// kind and side, its chapter (the running head) and `content`.
    func values(of page: Page, content: String, pages: [Page]) -> [String: TemplateValue] {
        // The running head is a chapter's, not the cover's.
        let chapter = page.chapter.flatMap { chapters[$0] }.flatMap { $0.chapter.role == .chapter ? $0 : nil }
        let pageTitle = links.title(of: page).flatMap { $0 == bookTitle ? nil : $0 }
        return [
            "title": .string([pageTitle, bookTitle].compactMap { $0 }.joined(separator: " · ")),
            "page": TemplateContext.page(page, label: PageNumbering(pages).label(of: page.number),
                                         meta: page.chapter.flatMap { chapters[$0]?.chapter.meta } ?? []),
            "chapter": chapter.map(TemplateContext.chapter) ?? .null,
            "content": .string(content),
            "alternates": .list((alternates[page.slug] ?? []).map { alternate -> TemplateValue in
                ["language": .string(alternate.language),
                 "url": .string(isExternal(alternate.href) ? alternate.href : SiteLayout.pageToRoot + alternate.href)]
            }),
        ]
    }
}
