import Foundation

/// A book folder read from disk: the book, every file it holds (links may point at them),
/// and the warnings met on the way.
public struct LoadedBook: Sendable {
    public var book: Book
    public var files: Set<String>
    /// The book's `templates/` folder: theme files by their path inside it.
    public var themeOverrides: [String: Data]
    /// The size of every image in the book folder, by path, for the paginator.
    public var imageSizes: [String: ImageSize]
    public var warnings: [Diagnostic]
}

/// The load stage: book.yml, the reading order (SUMMARY.md → `chapters:` → the folder),
/// and every chapter's text and front matter. Reports every problem it finds before giving up.
public func loadBook(_ bookFiles: BookFiles, ignoring: Set<String> = []) throws -> LoadedBook {
    guard bookFiles.kind("") == .directory else {
        throw Diagnostic.error("no book folder here", at: SourceLocation(file: "."),
                               hint: "give the folder that holds the book's Markdown files")
    }
    var log = DiagnosticLog()
    let paths = try listBookFiles(bookFiles, ignoring: ignoring)
    let files = Set(paths)

    let options = log.collect {
        files.contains("book.yml")
            ? try BookOptions.decode(parseYAML(SourceText.bookFile(bookFiles.read("book.yml"), file: "book.yml", allowEmpty: true)), file: "book.yml")
            : BookOptions()
    } ?? BookOptions()

    let outline: [OutlineItem]
    if files.contains("SUMMARY.md") {
        outline = log.collect {
            let text = try SourceText.bookFile(bookFiles.read("SUMMARY.md"), file: "SUMMARY.md").text
            return OutlineItem.items(from: try parseSummary(text).items)
        } ?? []
    } else if let listed = options.chapters {
        outline = OutlineItem.items(fromList: listed, namedAt: options.namedAt)
    } else {
        outline = OutlineItem.items(fromFolder: paths.filter { $0 != options.cover })
    }

    let contents = ReadingOrder(outline)
    log.report(contentsOf: contents.diagnostics)
    var slugs = ChapterSlugs()
    let cover = options.cover.flatMap { path in
        log.collect { try readCover(path, options: options, files: files, bookFiles: bookFiles, reading: contents) }
    }
    var chapters: [Chapter] = []
    for entry in contents.chapters {
        guard files.contains(entry.path) else {
            let kind = bookFiles.kind(entry.path)
            log.report(.error(kind == .directory ? "`\(entry.path)` is a folder, not a chapter file" : "chapter `\(entry.path)` does not exist",
                              at: entry.listedAt, hint: "list a Markdown file relative to the book folder"))
            continue
        }
        guard let chapter = log.collect({ try readChapter(entry, from: bookFiles, slugs: &slugs) }) else { continue }
        chapters.append(chapter)
    }
    var themeOverrides: [String: Data] = [:]
    for path in paths where path.hasPrefix(themeFolder) {
        themeOverrides[String(path.dropFirst(themeFolder.count))] = log.collect { try readFile(path, from: bookFiles) }
    }
    var imageSizes: [String: ImageSize] = [:]
    for path in paths where imageExtensions.contains(fileExtension(path)) && !path.hasPrefix(themeFolder) {
        imageSizes[path] = (try? bookFiles.read(path)).flatMap(ImageSize.init(data:))
    }
    if log.hasErrors { throw DiagnosticsError(log.diagnostics) }
    if chapters.isEmpty {
        throw DiagnosticsError(log.diagnostics + [.error("the book has no chapters", at: SourceLocation(file: "."),
                                                          hint: "add a Markdown file, or list chapters in SUMMARY.md")])
    }
    return LoadedBook(book: Book(options: options, cover: cover, chapters: chapters, contents: contents.entries), files: files,
                      themeOverrides: themeOverrides, imageSizes: imageSizes, warnings: log.warnings)
}

/// The front cover: an image, or a Markdown page that is not also a chapter.
private func readCover(_ path: String, options: BookOptions, files: Set<String>, bookFiles: BookFiles, reading: ReadingOrder) throws -> Cover {
    let location = options.namedAt[path]
    guard files.contains(path) else {
        throw Diagnostic.error("the cover `\(path)` does not exist", at: location, hint: "give an image or a .md file relative to the book folder")
    }
    if imageExtensions.contains(fileExtension(path)) { return .image(path) }
    guard fileExtension(path) == "md" else {
        throw Diagnostic.error("the cover `\(path)` is neither an image nor a .md file", at: location,
                               hint: "use a PNG, JPEG, GIF, WebP or SVG image, or a Markdown page")
    }
    if reading.chapters.contains(where: { $0.path == path }) {
        throw Diagnostic.error("the cover `\(path)` is also a chapter", at: location, hint: "take it out of the reading order")
    }
    let text = try SourceText.bookFile(readFile(path, from: bookFiles), file: path).text
    let (_, body, firstLine) = try FrontMatter.parse(text, file: path)
    return .page(Chapter(path: path, slug: GeneratedSection.cover.rawValue, markdown: body, firstLine: firstLine))
}

let imageExtensions: Set = ["png", "jpg", "jpeg", "gif", "webp", "svg"]

/// Where a book keeps its own versions of theme files.
let themeFolder = "templates/"

private func readFile(_ path: String, from bookFiles: BookFiles) throws -> Data {
    do {
        return try bookFiles.read(path)
    } catch {
        throw Diagnostic.error("\(error)", at: SourceLocation(file: path))
    }
}

private func readChapter(_ entry: ReadingOrder.Entry, from bookFiles: BookFiles, slugs: inout ChapterSlugs) throws -> Chapter {
    let text = try SourceText.bookFile(readFile(entry.path, from: bookFiles), file: entry.path).text
    let (frontMatter, body, firstLine) = try FrontMatter.parse(text, file: entry.path)
    return Chapter(path: entry.path, declaredTitle: frontMatter.title ?? entry.title, slug: slugs.claim(for: entry.path),
                   number: entry.number, markdown: body, firstLine: firstLine)
}
