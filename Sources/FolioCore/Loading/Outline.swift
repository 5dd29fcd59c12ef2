/// The reading order as the writer arranged it, before any chapter is read.
/// SUMMARY.md, `chapters:` in book.yml and the folder itself each give one.
indirect enum OutlineItem: Equatable {
    case chapter(OutlineChapter)
    case part(String)
    case draft(String, SourceLocation)
    case separator
}

struct OutlineChapter: Equatable {
    var path: String
    var title: String?
    var numbered: Bool
    /// Where the writer listed it, for "does not exist" messages.
    var listedAt: SourceLocation
    var children: [OutlineItem] = []
}

extension OutlineItem {
    /// From SUMMARY.md: link text is the chapter's title in the contents.
    static func items(from summary: [SummaryItem]) -> [OutlineItem] {
        summary.map { item in
            switch item {
            case .partTitle(let title, _): return .part(title)
            case .separator: return .separator
            case .chapter(let chapter):
                guard let path = chapter.path else { return .draft(chapter.title, chapter.location) }
                return .chapter(OutlineChapter(path: path, title: chapter.title, numbered: chapter.numbered,
                                               listedAt: chapter.location, children: items(from: chapter.children)))
            }
        }
    }

    /// From `chapters:` in book.yml: a flat, numbered list.
    static func items(fromList paths: [String], namedAt: [String: SourceLocation]) -> [OutlineItem] {
        paths.map { .chapter(OutlineChapter(path: $0, title: nil, numbered: true, listedAt: namedAt[$0] ?? SourceLocation(file: "book.yml"))) }
    }

    /// From the folder: Markdown files in natural order, each folder a part that its
    /// `index.md` or `README.md` opens; a root `index.md`/`README.md` comes first, unnumbered.
    static func items(fromFolder bookFiles: [String]) -> [OutlineItem] {
        let markdown = bookFiles.filter { path in
            fileExtension(path) == "md" && path != "SUMMARY.md" && !path.hasPrefix(themeFolder)
        }
        return folderItems(markdown, in: "", numbered: true)
    }

    private static func folderItems(_ paths: [String], in folder: String, numbered: Bool) -> [OutlineItem] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        var items: [OutlineItem] = []
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
                items.append(.chapter(OutlineChapter(path: prefix + key, title: nil, numbered: numbered, listedAt: SourceLocation(file: prefix + key))))
                continue
            }
            let inner = folderItems(members, in: prefix + key, numbered: numbered)
            if case .chapter(var first)? = inner.first, isOpener(fileName(first.path)), directory(of: first.path) == prefix + key {
                first.children = Array(inner.dropFirst())
                items.append(.chapter(first))
            } else {
                items.append(.part(titleFromFileName(key)))
                items.append(contentsOf: inner)
            }
        }
        if let opener {
            let path = prefix + opener
            items.insert(.chapter(OutlineChapter(path: path, title: nil, numbered: !folder.isEmpty && numbered, listedAt: SourceLocation(file: path))), at: 0)
        }
        return items
    }

    private static func isOpener(_ name: String) -> Bool {
        ["index.md", "readme.md"].contains(name.lowercased())
    }
}
