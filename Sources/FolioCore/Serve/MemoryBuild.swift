import Foundation

/// A book built into memory for `folio serve`: load → parse → link → paginate → render, with the
/// files the site copies from the book read in; nothing is written.
struct MemoryBuild: Sendable {
    var files: [String: Data]
    var chapters: Int
    var pages: Int
    var warnings: [Diagnostic]
}

/// Builds the book `files` holds; throws every error found, with the warnings, as `DiagnosticsError`.
func buildInMemory(_ files: BookFiles) throws -> MemoryBuild {
    var times = PhaseTimes()
    let project: LoadedProject
    do {
        project = try loadProject(files)
    } catch let diagnostic as Diagnostic {
        throw DiagnosticsError([diagnostic])
    }
    let built = renderBook(project, times: &times)
    let diagnostics = built.log.diagnostics.map(project.locate)
    guard let site = built.site, !built.log.hasErrors else { throw DiagnosticsError(diagnostics) }
    var bytes: [String: Data] = [:]
    for file in site {
        do {
            bytes[file.path] = try file.bytes(from: project.contentFiles)
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            let source = if case .bookFile(let path) = file.contents { path } else { file.path }
            throw DiagnosticsError([project.locate(.error("cannot read the file: \(error)", at: SourceLocation(file: source)))])
        }
    }
    return MemoryBuild(files: bytes, chapters: project.loaded.book.chapters.count, pages: built.pages, warnings: diagnostics)
}
