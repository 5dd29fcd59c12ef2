import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// A book built into memory for `folio serve`: load → parse → link → paginate → render, with the
/// files the site copies from the book read in; nothing is written. Page documents are rendered
/// when first read (`FileBytes`).
package struct MemoryBuild: Sendable {
    package var files: [String: FileBytes]
    package var chapters: Int
    package var pages: Int
    package var warnings: [Diagnostic]
    /// The paths whose bytes differ from the build before, when this one knows them (it carried an
    /// edit over), sorted; nil when every file is to be compared.
    package var changed: [String]? = nil
    /// The search index's files, made after the rest is served, when a build put them off.
    package var search: Later<[String: FileBytes]>? = nil

    /// Every file's bytes, each document rendered: the site `folio build` would write.
    package func bytes() throws -> [String: Data] {
        try files.merging(search?.value() ?? [:]) { file, _ in file }.mapValues { try $0.bytes() }
    }
}

/// Builds the book `files` holds; throws every error found, with the warnings, as `DiagnosticsError`.
/// With a `cache`, only what changed since the build that filled it is read, parsed, linked, laid out
/// and rendered again; `changed` are the book-relative paths changed since then (nil: unknown).
/// Of the page documents to render, only the first is rendered here, so that an error of the
/// theme's templates fails the build; the others are when first read.
package func buildInMemory(_ files: BookFiles, cache: BuildCache? = nil, changed: [String]? = nil) throws -> MemoryBuild {
    var times = PhaseTimes()
    let project: LoadedProject
    cache?.finishSearch()
    do {
        project = try cache?.projects.load(files, changed: changed) ?? loadProject(files)
    } catch let diagnostic as Diagnostic {
        throw DiagnosticsError([diagnostic])
    }
    if let carried = cache?.carryingOver(project) { return carried }
    let built: (site: [SiteFile]?, pages: Int, log: DiagnosticLog, parsed: Int)
    if var memo = cache { built = renderBook(project, times: &times, memo: &memo) } else { built = renderBook(project, times: &times) }
    let diagnostics = built.log.diagnostics.map(project.locate)
    guard let site = built.site, !built.log.hasErrors else { throw DiagnosticsError(diagnostics) }
    let contentFiles = project.contentFiles
    func failure(_ error: Error, _ file: SiteFile) -> Error {
        if error is DiagnosticsError { return error }
        let source = if case .bookFile(let path) = file.contents { path } else { file.path }
        return DiagnosticsError([project.locate(.error("cannot read the file: \(error)", at: SourceLocation(file: source)))])
    }
    let read = site.parallelMap { file -> Result<Data, Error>? in
        guard case .bookFile = file.contents else { return nil }
        return Result { try file.bytes(from: contentFiles) }
    }
    var bytes: [String: FileBytes] = [:]
    bytes.reserveCapacity(site.count)
    var first: (file: SiteFile, bytes: FileBytes)?
    for (file, result) in zip(site, read) {
        switch file.contents {
        case .bytes(let data): bytes[file.path] = FileBytes(data)
        case .rendered(let render):
            let document = cache?.document(file.path, render: render) ?? FileBytes(render)
            if first == nil, !document.isMade { first = (file, document) }
            bytes[file.path] = document
        case .bookFile: do { bytes[file.path] = FileBytes(try result!.get()) } catch { throw failure(error, file) }
        case .kept: preconditionFailure("a build in memory keeps no file in a folder")
        // `folio serve` keeps nothing offline: it has no service worker.
        case .fingerprinting: continue
        }
    }
    if let first {
        do { _ = try first.bytes.bytes() } catch { throw failure(error, first.file) }
    }
    var build = MemoryBuild(files: bytes, chapters: project.loaded.book.chapters.count, pages: built.pages, warnings: diagnostics)
    cache?.remember(build)
    // Added to the remembered build's files when made.
    build.search = cache?.searchLater()
    return build
}
