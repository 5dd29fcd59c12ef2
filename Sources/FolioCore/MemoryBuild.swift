import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// A book built into memory for `folio serve`: load → parse → link → paginate → render, with the
/// files the site copies from the book read in; nothing is written.
package struct MemoryBuild: Sendable {
    package var files: [String: Data]
    package var chapters: Int
    package var pages: Int
    package var warnings: [Diagnostic]
    /// The paths whose bytes differ from the build before, when this one knows them (it carried an
    /// edit over), sorted; nil when every file is to be compared.
    package var changed: [String]? = nil
}

/// Builds the book `files` holds; throws every error found, with the warnings, as `DiagnosticsError`.
/// With a `cache`, only what changed since the build that filled it is read, parsed, linked, laid out
/// and rendered again; `changed` are the book-relative paths changed since then (nil: unknown).
package func buildInMemory(_ files: BookFiles, cache: BuildCache? = nil, changed: [String]? = nil) throws -> MemoryBuild {
    var times = PhaseTimes()
    let project: LoadedProject
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
    let read = site.parallelMap { file in Result { try file.bytes(from: contentFiles) } }
    var bytes: [String: Data] = [:]
    bytes.reserveCapacity(site.count)
    for (file, result) in zip(site, read) {
        do {
            bytes[file.path] = try result.get()
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            let source = if case .bookFile(let path) = file.contents { path } else { file.path }
            throw DiagnosticsError([project.locate(.error("cannot read the file: \(error)", at: SourceLocation(file: source)))])
        }
    }
    let build = MemoryBuild(files: bytes, chapters: project.loaded.book.chapters.count, pages: built.pages, warnings: diagnostics)
    cache?.remember(build)
    return build
}
