import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// What one load of a book can lend the next, for `folio serve`: the project as loaded, and how
/// many times loading it read each file. After changes only to chapter files that nothing but
/// their own chapter reads, only those chapters are read again; any other change (book.yml,
/// SUMMARY.md, templates, an included file, a file added or removed, an mdBook project) loads
/// the whole book again. A chapter read again gives the same section a whole load would.
final class ProjectCache: @unchecked Sendable {
    private var project: LoadedProject?
    private var reads: [String: Int] = [:]
    /// The chapters the last load read again; nil when it read the whole book.
    private(set) var reread: [String]?

    /// The book `files` holds; `changed` are the book-relative paths changed since the last call
    /// (nil: unknown, so everything is read).
    func load(_ files: BookFiles, changed: [String]?) throws -> LoadedProject {
        if let changed, let project, let reloaded = reloading(changed, in: project, files: files) {
            (self.project, reread) = (reloaded, changed)
            return reloaded
        }
        (project, reread) = (nil, nil)
        let log = ReadLog()
        var loaded = try loadProject(files.recording(log))
        reads = log.counts
        if loaded.source.isEmpty { loaded.contentFiles = files }
        project = loaded
        return loaded
    }

    /// `project` with the chapters at `changed` read again, or nil when a whole load is needed.
    private func reloading(_ changed: [String], in project: LoadedProject, files: BookFiles) -> LoadedProject? {
        guard reads[MdBookConfig.file] == nil else { return nil }
        var reloaded = project
        let book = project.loaded.book
        for path in changed {
            guard reads[path] == 1, files.kind(path) == .file,
                  let index = book.sections.firstIndex(where: { $0.id.path == path && $0.role == .chapter }),
                  let entry = book.contents.readingOrder.first(where: { $0.id.path == path }) else { return nil }
            let log = ReadLog()
            guard let (loaded, markdown, warnings) = try? readChapter(entry, from: files.recording(log), slips: book.options.slips),
                  warnings.isEmpty, log.counts == [path: 1] else { return nil }
            var chapter = loaded
            // A slug depends on the chapters before it, not on the text.
            chapter.slug = book.sections[index].slug
            reloaded.loaded.book.sections[index] = chapter
            reloaded.loaded.sources[chapter.id] = markdown
        }
        return reloaded
    }
}

/// How many times each file was read.
final class ReadLog: @unchecked Sendable {
    private let lock = NSLock()
    private var read: [String: Int] = [:]

    func record(_ path: String) {
        lock.withLock { read[path, default: 0] += 1 }
    }

    var counts: [String: Int] { lock.withLock { read } }
}

extension BookFiles {
    /// These files, each read counted in `log`.
    func recording(_ log: ReadLog) -> BookFiles {
        let inner = self
        return BookFiles(root: root, kind: inner.kind, list: inner.list, read: { path in
            log.record(path)
            return try inner.read(path)
        }, identity: inner.identity, reach: reach)
    }
}
