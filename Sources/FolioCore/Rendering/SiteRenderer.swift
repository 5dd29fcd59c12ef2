/// The render stage: one HTML document per chapter and an index that lists them.
/// (The paged book and the theme's templates take this over.)
public func renderSite(title: String, options: BookOptions, contents: [ContentsEntry], chapters: [ParsedChapter], assets: [String]) -> [SiteFile] {
    let renderer = HTMLRenderer(rawHTML: options.markdown.rawHTML)
    let document = DocumentShell(bookTitle: title, options: options)
    var files: [SiteFile] = []

    for (index, parsed) in chapters.enumerated() {
        let root = SiteLayout.chapterToRoot
        var links = ["<a href=\"\(root)index.html\" rel=\"contents\">Contents</a>"]
        if index > 0 {
            links.insert("<a href=\"\(root)\(SiteLayout.chapterURL(chapters[index - 1].chapter.slug))\" rel=\"prev\">← \(escapeHTML(chapters[index - 1].title))</a>", at: 0)
        }
        if index + 1 < chapters.count {
            links.append("<a href=\"\(root)\(SiteLayout.chapterURL(chapters[index + 1].chapter.slug))\" rel=\"next\">\(escapeHTML(chapters[index + 1].title)) →</a>")
        }
        let body = """
        <article class="chapter">
        \(renderer.render(parsed.blocks))</article>
        <nav class="chapter-nav">\(links.joined(separator: " "))</nav>

        """
        files.append(.text(SiteLayout.chapterURL(parsed.chapter.slug),
                           document.html(title: "\(parsed.title) · \(title)", root: root, body: body)))
    }

    let authors = options.authors.isEmpty ? "" : "<p class=\"authors\">\(escapeHTML(options.authors.joined(separator: ", ")))</p>\n"
    let index = """
    <header><h1>\(escapeHTML(title))</h1>
    \(authors)</header>
    <nav class="contents" aria-label="Contents">
    \(contentsList(contents, chapters: chapters))</nav>

    """
    files.append(.text("index.html", document.html(title: title, root: "", body: index)))
    files.append(.text(DocumentShell.stylesheet, DocumentShell.css))
    files += assets.map { SiteFile(path: SiteLayout.assetURL($0), contents: .bookFile($0)) }
    return files.sorted { $0.path < $1.path }
}

/// The table of contents as nested lists: parts as headings, chapters with their numbers.
func contentsList(_ entries: [ContentsEntry], chapters: [ParsedChapter]) -> String {
    var html = "<ol>\n"
    for entry in entries {
        switch entry {
        case .part(let title):
            html += "<li class=\"part\">\(escapeHTML(title))</li>\n"
        case .separator:
            html += "<li class=\"separator\" role=\"separator\"></li>\n"
        case .draft(let title):
            html += "<li class=\"draft\">\(escapeHTML(title))</li>\n"
        case .chapter(let index, let children):
            let chapter = chapters[index]
            let number = chapter.chapter.number.map { "<span class=\"number\">\($0.map(String.init).joined(separator: ".")).</span> " } ?? ""
            html += "<li>\(number)<a href=\"\(SiteLayout.chapterURL(chapter.chapter.slug))\">\(escapeHTML(chapter.title))</a>"
            if !children.isEmpty {
                html += "\n" + contentsList(children, chapters: chapters)
            }
            html += "</li>\n"
        }
    }
    return html + "</ol>\n"
}
