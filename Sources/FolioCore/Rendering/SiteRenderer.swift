import Foundation

/// The render stage: the theme's documents filled in — one per page, the front page, the
/// contents and the 404 page — the manifest, the sitemap, the page geometry, and the theme's and
/// the book's assets.
/// `stylesheets` are the book's own, by their site paths.
func renderSite(_ book: Book, sections: [ParsedChapter], paged: PagedBook, assets: [String], stylesheets: [String: Data] = [:],
                theme: RenderingTheme) throws -> [SiteFile] {
    let (title, options) = (book.title, book.options)
    let chapters = Dictionary(uniqueKeysWithValues: sections.map { ($0.chapter.id, $0) })
    let bookValue = TemplateContext.book(title: title, options: options)
    func document(_ title: String, root: String) -> [String: TemplateValue] {
        TemplateContext.document(title: title, root: root, book: bookValue, strings: theme.strings, options: options)
    }
    let contentsTitle = theme.strings.values["contents"] ?? "Contents"
    let links = PageLinks(sections: chapters, paged: paged, generatedTitles: [.cover: title, .title: title, .contents: contentsTitle])
    var files: [SiteFile] = []
    let targets = LinkTargets(sections, files: Set(assets))

    for (index, page) in paged.pages.enumerated() {
        let root = SiteLayout.pageToRoot
        // The running head is a chapter's, not the cover's.
        let chapter = page.chapter.flatMap { chapters[$0] }.flatMap { $0.chapter.role == .chapter ? $0 : nil }
        let pageTitle = links.title(of: page).flatMap { $0 == title ? nil : $0 }
        var context = document([pageTitle, title].compactMap { $0 }.joined(separator: " · "), root: root)
        context["page"] = TemplateContext.page(page)
        context["chapter"] = chapter.map(TemplateContext.chapter) ?? nil
        context["geometry"] = .string(SiteLayout.geometry)
        let markdown = HTMLRenderer(rawHTML: options.markdown.rawHTML, codeClasses: .mdBook, resolve: { links.url(of: $0, from: page) },
                                    headingID: { SiteLayout.headingID(slug: page.slug, id: $0) },
                                    anchor: { id in page.chapter.map { links.url(of: ChapterLink(chapter: $0, fragment: id), from: page) } ?? "#" + id },
                                    rawLink: { rawHTMLLinkURL($0, on: page, targets: targets, links: links) })
        context["content"] = .string(markdown.render(page.blocks))
        if index > 0 { context["prev"] = links.neighbour(paged.pages[index - 1], root: root) }
        if index + 1 < paged.pages.count { context["next"] = links.neighbour(paged.pages[index + 1], root: root) }
        files.append(.text(page.url, try theme.render("page", context)))
    }

    var front = document(title, root: "")
    front["contents"] = TemplateContext.contents(book.contents, chapters: chapters)
    if let first = paged.pages.first { front["first"] = links.neighbour(first, root: "") }
    files.append(.text("index.html", try theme.render("index", front)))
    front["title"] = .string("\(contentsTitle) · \(title)")
    files.append(.text("toc.html", try theme.render("toc", front)))

    let notFound = document("\(theme.strings.values["not-found-title"] ?? "Not found") · \(title)", root: "")
    files.append(.text("404.html", try theme.render("404", notFound)))

    files.append(.text("sitemap.xml", sitemap(paged.pages, base: options.url)))
    files += searchFiles(paged)
    files.append(.text(SiteLayout.geometry, paged.geometry.cssVariables))
    // The reader's words, once for the whole site rather than in every page.
    files.append(.text(SiteLayout.strings, JSONOutput.object(theme.strings.values.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }).text() + "\n"))
    files += theme.assets.map { SiteFile(path: $0.key, contents: .bytes($0.value)) }
    files += assets.map { SiteFile(path: SiteLayout.assetURL($0), contents: .bookFile($0)) }
    files += stylesheets.map { SiteFile(path: $0.key, contents: .bytes($0.value)) }
    files += try redirectPages(options.redirects, links: links, chapters: chapters, site: Set(files.map(\.path)))

    let resources = files.map(\.path).filter { $0.hasPrefix("assets/") }.sorted()
    let manifest = PublicationManifest(title: title, options: options, contents: book.contents, chapters: chapters,
                                       paged: paged, links: links, resources: resources)
    files.append(.text(SiteLayout.manifest, manifest.json))
    return files.sorted { $0.path < $1.path }
}
