import FolioBase
import FolioOptions
import Foundation

/// One language's book of a book in many (book.yml's `languages:`), or the only book of one in a
/// single language.
package struct LanguageBook: Sendable {
    /// Its BCP 47 code; nil for a book in one language.
    package var code: String?
    /// Its folder inside the site: "" for the default language, its code for the others.
    package var site: String
    package var project: LoadedProject
}

/// The load stage of a book in one language or many: each language's book, the default
/// language's first. The book's own folder is loaded as ever (without the translations'
/// folders); each other language's folder is a book of its own whose files are the book's
/// shared ones (images, fonts, theme) under its own (`translation`), its options the book's
/// (`translated(to:)`) with its own book.yml read over them. Every language is loaded, and
/// every error of each reported, before any is built.
package func loadLanguages(_ files: BookFiles, ignoring: Set<String> = [], flags: BuildFlags = BuildFlags()) throws -> [LanguageBook] {
    // An error in book.yml is the loader's to report, as in a book in one language.
    guard files.kind(MdBookConfig.file) != .file || files.kind("book.yml") == .file, let yaml = try? bookYAML(files),
          let options = try? BookOptions.decode(yaml, file: "book.yml"), let first = options.languages.first else {
        return [LanguageBook(code: nil, site: "", project: try loadProject(files, ignoring: ignoring, flags: flags))]
    }
    let hidden = ignoring.union(options.languages.map(\.folder).filter { !$0.isEmpty })
    var books: [LanguageBook] = []
    var problems: [Diagnostic] = []
    for language in options.languages {
        let isDefault = language == first
        do {
            var project: LoadedProject
            if language.folder.isEmpty {
                try checkLanguage(yaml, code: language.code, options: options)
                project = try loadProject(files, ignoring: ignoring, flags: flags)
                project.loaded.book.options.language = language.code
            } else {
                project = try loadTranslation(language, of: options, files: files, hiding: hidden, flags: flags)
                if isDefault { project.loaded.book.options.url = options.url }
            }
            books.append(LanguageBook(code: language.code, site: isDefault ? "" : language.code, project: project))
        } catch let error as DiagnosticsError {
            problems += error.diagnostics
        } catch let diagnostic as Diagnostic {
            problems.append(diagnostic)
        }
    }
    if !problems.isEmpty {
        throw DiagnosticsError(books.flatMap { book in book.project.loaded.warnings.map(book.project.locate) } + problems)
    }
    return books
}

/// For each language's book, its sections' counterparts in the other languages (`Book.alternates`),
/// by the section's slug. Sections are matched by their place: the cover, the title page and the
/// contents with their own, each chapter with the chapter at its place in the other's reading order.
/// Each counterpart is that section's first page; the default language's is also `x-default`.
package func languageAlternates(_ books: [LanguageBook]) -> [[String: [Alternate]]] {
    guard books.count > 1 else { return books.map { _ in [:] } }
    let url = books[0].project.loaded.book.options.url
    let places = books.map { sectionPlaces($0.project.loaded.book) }
    return books.indices.map { from in
        var alternates: [String: [Alternate]] = [:]
        for (place, slug) in places[from] {
            let languages = books.indices.filter { $0 != from }.map { ($0, books[$0].code ?? "") } + [(0, "x-default")]
            alternates[slug] = languages.compactMap { to, language in
                guard let target = places[to][place] else { return nil }
                let path = (books[to].site.isEmpty ? "" : books[to].site + "/") + SiteLayout.chapterURL(target)
                // A link from this book's root: from a translation's, the site's root is one folder up.
                let href = url.map { $0 + path } ?? (books[from].site.isEmpty ? "" : "../") + path
                return Alternate(language: language, href: href)
            }
        }
        return alternates
    }
}

/// A book's sections by their places, each with its slug: the generated sections by their names,
/// the chapters by their places in the reading order.
private func sectionPlaces(_ book: Book) -> [String: String] {
    var places: [String: String] = [:]
    if book.sections.contains(where: { $0.role == .cover }) { places[GeneratedSection.cover.rawValue] = GeneratedSection.cover.rawValue }
    if book.options.page.titlePage { places[GeneratedSection.title.rawValue] = GeneratedSection.title.rawValue }
    if book.options.page.contentsPage { places[GeneratedSection.contents.rawValue] = GeneratedSection.contents.rawValue }
    for (index, chapter) in book.chapters.enumerated() { places["\(index)"] = chapter.slug }
    return places
}

/// A translation's folder loaded as a book of its own, its diagnostics named from the book's folder.
private func loadTranslation(_ language: BookLanguage, of options: BookOptions, files: BookFiles, hiding: Set<String>,
                             flags: BuildFlags) throws -> LoadedProject {
    let (code, folder) = (language.code, language.folder)
    guard files.kind(folder) == .directory else {
        throw Diagnostic.error("the folder `\(folder)` of `languages.\(code)` does not exist", at: language.location,
                               hint: "give the folder, relative to the book, that holds the translation's SUMMARY.md and chapters")
    }
    let own = files.subfolder(folder)
    let hasChapters = try locating(folder) { try listBookFiles(own).contains { fileExtension($0) == "md" } }
    guard hasChapters else {
        throw Diagnostic.error("the folder `\(folder)` of `languages.\(code)` holds no chapters", at: language.location,
                               hint: "add the translation's SUMMARY.md and the chapters it lists to `\(folder)`")
    }
    var translated = options.translated(to: code)
    // The book's title, not its folder's, unless the translation gives its own.
    translated.title = translated.title ?? files.folderTitle
    if let yaml = try locating(folder, { try bookYAML(own) }) {
        translated = try locating(folder) { try BookOptions.decode(yaml, file: "book.yml", over: translated) }
        try locating(folder) { try checkLanguage(yaml, code: code, options: translated, translation: true) }
    }
    translated.add(outputsOf: flags)
    let shared = files.translation(folder, hiding: hiding)
    let loaded = try locating(folder) { try loadBook(shared, options: translated) }
    var project = LoadedProject(loaded: loaded, contentFiles: shared, source: folder)
    project.unused = project.keptFrontMatter
    return project
}

/// A language's book.yml may not say it is in another language than its code, and a translation's
/// may not have translations of its own.
private func checkLanguage(_ yaml: YAMLNode, code: String, options: BookOptions, translation: Bool = false) throws {
    guard case .mapping(let pairs) = yaml.value else { return }
    var problems: [Diagnostic] = []
    for pair in pairs {
        if pair.key.string == "language", options.language != code {
            problems.append(.error("`language` is `\(options.language)`, but `languages` gives this book to `\(code)`",
                                   at: pair.value.location, hint: "leave `language` out: a book's language is its code in `languages`"))
        }
        if translation, pair.key.string == "languages", !options.languages.isEmpty {
            problems.append(.error("a translation cannot have translations of its own", at: pair.key.location,
                                   hint: "list every language in the book's own book.yml"))
        }
    }
    if !problems.isEmpty { throw DiagnosticsError(problems) }
}

extension BookFiles {
    /// A translation's folder as a book of its own, with the book's shared files showing through
    /// where it has none of the same path: its images, fonts, theme overrides and other files, but
    /// not its Markdown, its options, nor the folders in `hiding` (the languages', the output's).
    /// A translated chapter so uses the images its original does, by the same paths.
    func translation(_ folder: String, hiding: Set<String>) -> BookFiles {
        let (own, book) = (subfolder(folder), self)
        @Sendable func shared(_ path: String) -> Bool {
            !hiding.contains { path == $0 || path.hasPrefix($0 + "/") } && !["md", "yml", "toml"].contains(fileExtension(path))
        }
        return BookFiles(
            root: own.root,
            kind: { own.kind($0) ?? (shared($0) ? book.kind($0) : nil) },
            list: { path in
                let mine = try own.kind(path) == .directory ? own.list(path) : []
                guard shared(path), book.kind(path) == .directory else { return mine }
                let names = Set(mine.map(\.name))
                let theirs = try book.list(path).filter { !names.contains($0.name) && shared(path.isEmpty ? $0.name : "\(path)/\($0.name)") }
                return mine + theirs
            },
            read: { path in try (own.kind(path) == nil && shared(path) ? book : own).read(path) },
            identity: { own.kind($0) == nil ? book.identity($0) : own.identity($0) },
            reach: own.reach)
    }
}
