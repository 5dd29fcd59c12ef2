/// The render stage: the theme's documents filled in — one per chapter, the index, the
/// contents and the 404 page — and the theme's and the book's assets.
public func renderSite(title: String, options: BookOptions, contents: [ContentsEntry], chapters: [ParsedChapter],
                       assets: [String], theme: RenderingTheme) throws -> [SiteFile] {
    let markdown = HTMLRenderer(rawHTML: options.markdown.rawHTML)
    let book = TemplateContext.book(title: title, options: options)
    func document(_ title: String, root: String) -> [String: TemplateValue] {
        TemplateContext.document(title: title, root: root, book: book, strings: theme.strings, language: options.language)
    }
    var files: [SiteFile] = []

    for (index, parsed) in chapters.enumerated() {
        let root = SiteLayout.chapterToRoot
        var context = document("\(parsed.title) · \(title)", root: root)
        context["chapter"] = TemplateContext.chapter(parsed)
        context["content"] = .string(markdown.render(parsed.blocks))
        if index > 0 { context["prev"] = TemplateContext.link(to: chapters[index - 1], root: root) }
        if index + 1 < chapters.count { context["next"] = TemplateContext.link(to: chapters[index + 1], root: root) }
        files.append(.text(SiteLayout.chapterURL(parsed.chapter.slug), try theme.render("page", context)))
    }

    var front = document(title, root: "")
    front["contents"] = TemplateContext.contents(contents, chapters: chapters)
    if let first = chapters.first { front["first"] = TemplateContext.link(to: first, root: "") }
    files.append(.text("index.html", try theme.render("index", front)))
    front["title"] = .string("\(theme.strings.values["contents"] ?? "Contents") · \(title)")
    files.append(.text("toc.html", try theme.render("toc", front)))

    let notFound = document("\(theme.strings.values["not-found-title"] ?? "Not found") · \(title)", root: "")
    files.append(.text("404.html", try theme.render("404", notFound)))

    files += theme.assets.map { SiteFile(path: $0.key, contents: .bytes($0.value)) }
    files += assets.map { SiteFile(path: SiteLayout.assetURL($0), contents: .bookFile($0)) }
    return files.sorted { $0.path < $1.path }
}
