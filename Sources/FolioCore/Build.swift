import Foundation

/// What a finished build did, for the closing summary line.
public struct BuildReport: Sendable {
    public var chapters: Int
    public var files: Int
    public var warnings: [Diagnostic]
}

/// `folio build`: load → parse → link → paginate → render → write. Throws `DiagnosticsError` with every
/// error and warning when the book has errors; the previous site is then left as it was.
public func buildBook(at folder: String, output: String) throws -> BuildReport {
    let bookFiles = BookFiles.disk(folder)
    let loaded = try loadBook(bookFiles, ignoring: pathsInside(folder, output))
    let parsed = parseChapters(loaded.book.chapters, options: loaded.book.options.markdown)
    let linked = linkChapters(parsed, files: loaded.files, imageSizes: loaded.imageSizes)
    var log = DiagnosticLog()
    log.report(contentsOf: loaded.warnings + Theme.unusedOverrides(loaded.themeOverrides.keys) + linked.diagnostics)
    let theme = log.collect {
        try RenderingTheme(Theme.builtIn.overridden(by: loaded.themeOverrides), language: loaded.book.options.language)
    }
    let title = loaded.book.options.title ?? titleFromFileName(URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent)
    let paged = paginateBook(linked.chapters, options: loaded.book.options, images: linked.images)
    let site = theme.flatMap { theme in
        log.collect {
            try renderSite(title: title, options: loaded.book.options, contents: loaded.book.contents,
                           chapters: linked.chapters, paged: paged, assets: linked.assets, theme: theme)
        }
    }
    guard let site, !log.hasErrors else { throw DiagnosticsError(log.diagnostics) }
    try writeSite(site, to: output, from: bookFiles)
    return BuildReport(chapters: linked.chapters.count, files: site.count, warnings: log.diagnostics)
}

/// The output folder, when it lies inside the book, as a book-relative path the loader skips.
private func pathsInside(_ folder: String, _ output: String) -> Set<String> {
    let root = URL(fileURLWithPath: folder).standardizedFileURL.path + "/"
    let out = URL(fileURLWithPath: output).standardizedFileURL.path
    return out.hasPrefix(root) ? [String(out.dropFirst(root.count))] : []
}
