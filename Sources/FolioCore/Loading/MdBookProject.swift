import Foundation

/// A book folder as `folio build` is given it: a Folio book, or an mdBook project (a folder with
/// `book.toml`, whose chapters are in its `src` folder).
struct LoadedProject: Sendable {
    var loaded: LoadedBook
    /// The folder the chapters and their images are read from.
    var contentFiles: BookFiles
    /// That folder inside the project: "" for a Folio book, `src` for an mdBook project.
    var source: String
    /// The `additional-css` files by their site paths.
    var stylesheets: [String: Data] = [:]
    /// book.toml's keys that mean nothing in Folio, as `file:line:col: key`, for `--verbose`.
    var ignoredKeys: [String] = []

    /// A diagnostic about a file of the chapters' folder, named from the project's folder.
    func locate(_ diagnostic: Diagnostic) -> Diagnostic {
        locating(diagnostic, in: source)
    }

    /// The project without its chapters' Markdown, which a build needs no more once its chapters are
    /// paginated: a big book's sources are not held while it is rendered and written.
    var withoutSources: LoadedProject {
        var project = self
        for index in project.loaded.book.sections.indices { project.loaded.book.sections[index].markdown = "" }
        return project
    }
}

private func locating(_ diagnostic: Diagnostic, in source: String) -> Diagnostic {
    guard !source.isEmpty, var location = diagnostic.location, location.file != MdBookConfig.file else { return diagnostic }
    location.file = location.file == "." ? source : "\(source)/\(location.file)"
    var located = diagnostic
    located.location = location
    return located
}

extension MdBookConfig {
    static let file = "book.toml"
}

/// The load stage for either kind of folder. In an mdBook project, book.toml gives the options
/// and `src` the chapters; its preprocessors then run over them. When a folder has both
/// book.yml and book.toml, book.yml wins and a warning says so.
func loadProject(_ files: BookFiles, ignoring: Set<String> = []) throws -> LoadedProject {
    let hasTOML = files.kind(MdBookConfig.file) == .file
    guard hasTOML, files.kind("book.yml") != .file else {
        var loaded = try loadBook(files, ignoring: ignoring)
        if hasTOML {
            loaded.warnings.insert(.warning("this folder has both book.yml and book.toml: book.yml is used and book.toml ignored",
                                            at: SourceLocation(file: MdBookConfig.file),
                                            hint: "remove one of them; book.toml makes the folder an mdBook project with chapters in `src`"), at: 0)
        }
        return LoadedProject(loaded: loaded, contentFiles: files, source: "")
    }
    let file = MdBookConfig.file
    let toml: Data
    do {
        toml = try files.read(file)
    } catch {
        throw Diagnostic.error("\(error)", at: SourceLocation(file: file))
    }
    var config = try MdBookConfig.decode(parseTOML(SourceText.bookFile(toml, file: file, allowEmpty: true)), file: file)
    // Without `[book] src` and without a `src` folder, the chapters are beside book.toml.
    let source = config.sourceLocation == nil && files.kind(config.source) == nil ? "" : lexicallyNormalized(config.source)
    guard source.isEmpty || files.kind(source) == .directory else {
        throw Diagnostic.error("the chapters' folder `\(config.source)` does not exist", at: config.sourceLocation ?? SourceLocation(file: file),
                               hint: "mdBook projects keep SUMMARY.md and the chapters in `src`, or the folder `[book] src` names")
    }
    var log = DiagnosticLog()
    var stylesheets: [String: Data] = [:]
    for (path, location) in config.stylesheets {
        let data: Data
        do {
            data = try files.read(lexicallyNormalized(path))
        } catch {
            let exists = files.kind(lexicallyNormalized(path)) != nil
            log.report(.error(exists ? "the stylesheet `\(path)` cannot be read: \(error)" : "the stylesheet `\(path)` does not exist", at: location,
                              hint: "give a CSS file relative to the folder of book.toml"))
            continue
        }
        let sitePath = SiteLayout.stylesheetURL(lexicallyNormalized(path))
        stylesheets[sitePath] = data
        config.options.stylesheets.append(sitePath)
    }
    if config.options.title == nil {
        config.options.title = titleFromFileName(URL(fileURLWithPath: files.root).standardizedFileURL.lastPathComponent)
    }
    let contentFiles = source.isEmpty ? files : files.subfolder(source)
    // Includes may reach anything in the project: from `src`, that is `..`.
    let projectFromSource = source.split(separator: "/").map { _ in ".." }.joined(separator: "/")
    let inside = Set(ignoring.compactMap { source.isEmpty ? $0 : $0.hasPrefix(source + "/") ? String($0.dropFirst(source.count + 1)) : nil })
    var project = LoadedProject(loaded: try locating(source) { try loadBook(contentFiles, ignoring: inside, options: config.options, includeRoot: projectFromSource)  },
                                contentFiles: contentFiles, source: source, stylesheets: stylesheets)
    let root = URL(fileURLWithPath: files.root).standardizedFileURL.path
    let book = project.loaded.book
    project.loaded.book.sections = runPreprocessors(config, root: root, contents: book.contents, sections: book.sections, log: &log)
    // Placed under `src` once, by the build, like every later diagnostic.
    project.loaded.warnings += config.warnings + log.warnings
    project.ignoredKeys = config.ignored.map { "\($0.location): `\($0.key)` has no meaning in Folio and is ignored" }
    if log.hasErrors { throw DiagnosticsError((project.loaded.warnings + log.diagnostics.filter { $0.severity == .error }).map(project.locate)) }
    return project
}

/// Runs `body`, naming the files in its diagnostics from the project's folder.
private func locating<T>(_ source: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as DiagnosticsError {
        throw DiagnosticsError(error.diagnostics.map { locating($0, in: source) })
    } catch let error as Diagnostic {
        throw locating(error, in: source)
    }
}

extension BookFiles {
    /// The files of a folder inside this one, as a book folder of their own.
    func subfolder(_ folder: String) -> BookFiles {
        let outer = self
        // `..` reaches the folders beside it: an mdBook chapter includes listings kept beside `src`.
        @Sendable func path(_ inner: String) -> String { inner.isEmpty ? folder : lexicallyNormalized("\(folder)/\(inner)") }
        return BookFiles(root: URL(fileURLWithPath: root).appendingPathComponent(folder).path,
                         kind: { outer.kind(path($0)) }, list: { try outer.list(path($0)) },
                         read: { try outer.read(path($0)) }, identity: { outer.identity(path($0)) })
    }
}
