import FolioBase
import FolioOptions
import Foundation

/// A book folder read from disk: the book, its sections' Markdown, every file it holds (links
/// may point at them), and the warnings met on the way.
package struct LoadedBook: Sendable {
    package var book: Book
    /// Each section's text, by its id.
    package var sources: ChapterSources
    package var files: Set<String>
    /// The book's `templates/` folder: theme files by their path inside it.
    package var themeOverrides: [String: Data]
    /// The font files book.yml names, by the face each replaces.
    package var fonts: [TextFace: Data] = [:]
    /// The size of every image in the book folder, by path, for the paginator.
    package var imageSizes: [String: ImageSize]
    package var warnings: [Diagnostic]
    /// Files a link may not use, each with the reason: symbolic links out of the book, and
    /// files named as images that are not images.
    package var refused: [String: String] = [:]
    /// The cover image's bytes, which the book's icon is made from (`offline`).
    package var coverImage: Data?
}

/// The load stage: book.yml, the reading order (SUMMARY.md → `chapters:` → the folder),
/// and every chapter's text and front matter. Reports every problem it finds before giving up.
/// `given` options (an mdBook project's) stand in for book.yml.
func loadBook(_ bookFiles: BookFiles, ignoring: Set<String> = [], options given: BookOptions? = nil) throws -> LoadedBook {
    guard bookFiles.kind("") == .directory else {
        throw Diagnostic.error("no book folder here", at: SourceLocation(file: "."),
                               hint: "give the folder that holds the book's Markdown files")
    }
    var log = DiagnosticLog()
    let options = given ?? log.collect { try BookOptions.decode(bookYAML(bookFiles), file: "book.yml") } ?? BookOptions()
    // The translations' folders are books of their own (`loadLanguages`).
    let listing = try listBookFolder(bookFiles, ignoring: ignoring.union(options.languages.map(\.folder).filter { !$0.isEmpty }))
    let paths = listing.paths
    // A symbolic link out of the book is no file of it: reading one says where it points.
    let files = listing.inside
    var refused: [String: String] = [:]
    for path in listing.outside.keys { refused[path] = listing.refusal(path) }
    var imageSizes: [String: ImageSize] = [:]
    for path in files where imageExtensions.contains(fileExtension(path)) && !path.hasPrefix(themeFolder) {
        guard let data = try? bookFiles.read(path) else { continue }
        guard ImageSize.isImage(data) else {
            refused[path] = "`\(path)` is not an image: it holds no PNG, JPEG, GIF, WebP or SVG"
            continue
        }
        imageSizes[path] = ImageSize(data: data)
    }

    var contents: [ContentsEntry]
    if paths.contains("SUMMARY.md") {
        var passedOver: [Diagnostic] = []
        contents = log.collect {
            try parseSummary(SourceText.bookFile(readFile("SUMMARY.md", from: bookFiles), file: "SUMMARY.md").text,
                             report: { passedOver.append($0) })
        } ?? []
        log.report(contentsOf: passedOver)
    } else if let listed = options.chapters {
        contents = .listed(listed, namedAt: options.namedAt)
    } else {
        contents = .folder(paths.filter { $0 != options.cover })
    }
    let numbered = numberingContents(contents)
    contents = numbered.contents
    log.report(contentsOf: numbered.diagnostics)
    let title = options.title ?? bookFiles.folderTitle

    var slugs = ChapterSlugs(others: options.languages.dropFirst().map(\.code))
    var sections: [Chapter] = []
    var sources = ChapterSources()
    if let path = options.cover, let (cover, markdown) = log.collect({ try readCover(path, title: title, options: options, files: files, refused: refused,
                                                                                      bookFiles: bookFiles, contents: contents) }) {
        sections.append(cover)
        sources[cover.id] = markdown
    }
    // Chapters are read side by side; their slugs are claimed in reading order, as a slug depends on those before it.
    let chapters = contents.readingOrder.parallelMap { [refused] entry in
        Result { () throws -> (chapter: Chapter, markdown: String, warnings: [Diagnostic]) in
            try checkReadable(entry, files: files, refused: refused, bookFiles: bookFiles)
            return try readChapter(entry, from: bookFiles, slips: options.slips)
        }
    }
    for read in chapters {
        guard let (loaded, markdown, warnings) = log.collect({ try read.get() }) else { continue }
        var chapter = loaded
        log.report(contentsOf: warnings)
        chapter.slug = slugs.claim(for: chapter.id.path)
        sections.append(chapter)
        sources[chapter.id] = markdown
    }
    var themeOverrides: [String: Data] = [:]
    for path in paths where path.hasPrefix(themeFolder) {
        themeOverrides[String(path.dropFirst(themeFolder.count))] = log.collect { try readFile(path, from: bookFiles) }
    }
    var fonts: [TextFace: Data] = [:]
    for (face, path) in options.fonts {
        fonts[face] = log.collect {
            guard files.contains(path) else {
                throw Diagnostic.error("the font `\(path)` does not exist", at: options.namedAt[path], hint: "give a .ttf or .otf file relative to the book folder")
            }
            return try readFile(path, from: bookFiles)
        }
    }
    let coverImage = options.cover.flatMap { path in
        options.offline && imageExtensions.contains(fileExtension(path)) && files.contains(path) ? log.collect { try readFile(path, from: bookFiles) } : nil
    }
    if log.hasErrors { throw DiagnosticsError(log.diagnostics) }
    if !sections.contains(where: { $0.role == .chapter }) {
        throw DiagnosticsError(log.diagnostics + [.error("the book has no chapters", at: SourceLocation(file: "."),
                                                          hint: "add a Markdown file, or list chapters in SUMMARY.md")])
    }
    return LoadedBook(book: Book(options: options, title: title, sections: sections, contents: contents), sources: sources, files: files,
                      themeOverrides: themeOverrides, fonts: fonts, imageSizes: imageSizes, warnings: log.warnings, refused: refused,
                      coverImage: coverImage)
}

extension BookFiles {
    /// The title of a book that gives none: its folder's name.
    var folderTitle: String { titleFromFileName(URL(fileURLWithPath: root).standardizedFileURL.lastPathComponent) }
}

/// The folder's book.yml, nil when it has none.
func bookYAML(_ bookFiles: BookFiles) throws -> YAMLNode? {
    guard bookFiles.kind("book.yml") == .file else { return nil }
    return try parseYAML(SourceText.bookFile(readFile("book.yml", from: bookFiles), file: "book.yml", allowEmpty: true))
}

/// The front cover, a section of its own: a Markdown page that is not also a chapter, or an
/// image, which makes a page of one image. With its Markdown.
private func readCover(_ path: String, title: String, options: BookOptions, files: Set<String>, refused: [String: String],
                       bookFiles: BookFiles, contents: [ContentsEntry]) throws -> (cover: Chapter, markdown: String) {
    let location = options.namedAt[path]
    if let reason = refused[path] {
        throw Diagnostic.error(reason, at: location)
    }
    guard files.contains(path) else {
        throw Diagnostic.error("the cover `\(path)` does not exist", at: location, hint: "give an image or a .md file relative to the book folder")
    }
    let slug = GeneratedSection.cover.rawValue
    if imageExtensions.contains(fileExtension(path)) {
        let markdown = "![\(escapingMarkdown(title))](<\(percentEncodedPath(fileName(path)))>)\n"
        return (Chapter(id: ChapterID(path), role: .cover, slug: slug, firstLine: location?.line ?? 1), markdown)
    }
    guard fileExtension(path) == "md" else {
        throw Diagnostic.error("the cover `\(path)` is neither an image nor a .md file", at: location,
                               hint: "use a PNG, JPEG, GIF, WebP or SVG image, or a Markdown page")
    }
    if contents.readingOrder.contains(where: { $0.id.path == path }) {
        throw Diagnostic.error("the cover `\(path)` is also a chapter", at: location, hint: "take it out of the reading order")
    }
    let text = try SourceText.bookFile(readFile(path, from: bookFiles), file: path).text
    let (_, body, firstLine) = try FrontMatter.parse(text, file: path)
    return (Chapter(id: ChapterID(path), role: .cover, slug: slug, firstLine: firstLine), body)
}

/// Text that Markdown shows as it is: every ASCII punctuation mark backslash-escaped, which
/// also keeps smart punctuation from curling its quotes.
private func escapingMarkdown(_ text: String) -> String {
    var escaped = ""
    for character in text {
        if character.isASCII, character.isPunctuation || character.isSymbol { escaped.append("\\") }
        escaped.append(character)
    }
    return escaped
}

let imageExtensions: Set = ["png", "jpg", "jpeg", "gif", "webp", "svg"]

/// Where a book keeps its own versions of theme files.
package let themeFolder = "templates/"

private func readFile(_ path: String, from bookFiles: BookFiles) throws -> Data {
    do {
        return try bookFiles.read(path)
    } catch {
        throw Diagnostic.error("\(error)", at: SourceLocation(file: path))
    }
}

/// Why a chapter of the reading order cannot be read: outside the book, refused, or missing.
private func checkReadable(_ entry: ContentsChapter, files: Set<String>, refused: [String: String], bookFiles: BookFiles) throws {
    if resolvePath(entry.id.path, relativeTo: "") == nil {
        throw Diagnostic.error("`\(entry.id)` is outside the book's folder", at: entry.listedAt,
                               hint: "a book reads only files inside its folder: list a Markdown file relative to it")
    }
    if let reason = refused[entry.id.path] {
        throw Diagnostic.error(reason, at: entry.listedAt, hint: "a book reads only files inside its folder: copy the chapter into it")
    }
    guard files.contains(entry.id.path) else {
        let kind = bookFiles.kind(entry.id.path)
        throw Diagnostic.error(kind == .directory ? "`\(entry.id)` is a folder, not a chapter file" : "chapter `\(entry.id)` does not exist",
                               at: entry.listedAt, hint: "list a Markdown file relative to the book folder")
    }
}

/// A chapter and its Markdown, its front matter read and its mdBook directives expanded; included
/// files must be within the files' `reach` (the repository that holds the book, or the book's
/// folder). Its slug, which depends on the chapters before it, is left for the loader to claim;
/// with the slips of its includes that `slips` lets by.
package func readChapter(_ entry: ContentsChapter, from bookFiles: BookFiles, slips: Slips)
    throws -> (chapter: Chapter, markdown: String, warnings: [Diagnostic])
{
    let path = entry.id.path
    let text = try SourceText.bookFile(readFile(path, from: bookFiles), file: path).text
    let (frontMatter, body, firstLine) = try FrontMatter.parse(text, file: path)
    let expanded = try expandDirectives(body, file: path, firstLine: firstLine, root: bookFiles.reach, files: bookFiles, slips: slips)
    var chapter = Chapter(id: entry.id, declaredTitle: frontMatter.title ?? expanded.title ?? entry.title, slug: "",
                          number: entry.number, firstLine: firstLine)
    chapter.lineOrigins = expanded.lineOrigins
    chapter.meta = frontMatter.meta
    return (chapter, expanded.markdown, expanded.warnings)
}
