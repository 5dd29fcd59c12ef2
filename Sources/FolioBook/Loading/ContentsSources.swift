import FolioBase
import FolioOptions

/// The contents as `chapters:` in book.yml and the folder itself give them; SUMMARY.md gives
/// its own (`parseSummary`).
extension [ContentsEntry] {
    /// From `chapters:` in book.yml: a flat, numbered list.
    static func listed(_ paths: [String], namedAt: [String: SourceLocation]) -> [ContentsEntry] {
        paths.map { .chapter(ContentsChapter(id: ChapterID($0), numbered: true, listedAt: namedAt[$0] ?? SourceLocation(file: "book.yml"))) }
    }

    /// From the folder: Markdown files in natural order, each folder a part that its
    /// `index.md` or `README.md` opens; a root `index.md`/`README.md` comes first, unnumbered.
    static func folder(_ bookFiles: [String]) -> [ContentsEntry] {
        let markdown = bookFiles.filter { path in
            fileExtension(path) == "md" && path != "SUMMARY.md" && !path.hasPrefix(themeFolder)
        }
        return folderItems(markdown, in: "", numbered: true)
    }

    private static func folderItems(_ paths: [String], in folder: String, numbered: Bool) -> [ContentsEntry] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        var items: [ContentsEntry] = []
        var subfolders: [String: [String]] = [:]
        var order: [String] = []
        for path in paths {
            let rest = path.dropFirst(prefix.count)
            let key = rest.firstIndex(of: "/").map { String(rest[..<$0]) } ?? String(rest)
            if subfolders[key] == nil { order.append(key) }
            subfolders[key, default: []].append(path)
        }
        let opener = order.first { isOpener($0) }
        for key in order where key != opener {
            let members = subfolders[key]!
            if members == [prefix + key] {
                items.append(.chapter(ContentsChapter(id: ChapterID(prefix + key), numbered: numbered, listedAt: SourceLocation(file: prefix + key))))
                continue
            }
            let inner = folderItems(members, in: prefix + key, numbered: numbered)
            if case .chapter(var first)? = inner.first, isOpener(fileName(first.id.path)), directory(of: first.id.path) == prefix + key {
                first.children = Array(inner.dropFirst())
                items.append(.chapter(first))
            } else {
                items.append(.part(titleFromFileName(key)))
                items.append(contentsOf: inner)
            }
        }
        if let opener {
            let path = prefix + opener
            items.insert(.chapter(ContentsChapter(id: ChapterID(path), numbered: !folder.isEmpty && numbered, listedAt: SourceLocation(file: path))), at: 0)
        }
        return items
    }

    private static func isOpener(_ name: String) -> Bool {
        ["index.md", "readme.md"].contains(name.lowercased())
    }
}
