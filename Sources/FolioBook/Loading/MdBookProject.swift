import FolioBase
import FolioOptions
import Foundation

/// A book folder as `folio build` is given it: a Folio book, or an mdBook project (a folder with
/// `book.toml`, whose chapters are in its `src` folder).
package struct LoadedProject: Sendable {
    package var loaded: LoadedBook
    /// The folder the chapters and their images are read from.
    package var contentFiles: BookFiles
    /// That folder inside the project: "" for a Folio book, `src` for an mdBook project.
    package var source: String
    /// The `additional-css` files by their site paths.
    package var stylesheets: [String: Data] = [:]
    /// What `--verbose` lists, as `file:line:col: …` lines: what the project holds that Folio does
    /// not use (book.toml's keys that mean nothing in Folio, a theme's templates), and front matter
    /// kept for templates.
    package var unused: [String] = []

    /// A diagnostic about a file of the chapters' folder, named from the project's folder.
    package func locate(_ diagnostic: Diagnostic) -> Diagnostic {
        locating(diagnostic, in: source)
    }

    /// The front matter keys of each chapter that Folio keeps for templates, for `--verbose`.
    var keptFrontMatter: [String] {
        loaded.book.sections.flatMap { chapter in
            chapter.meta.map { entry in
                let location = SourceLocation(file: source.isEmpty ? chapter.path : "\(source)/\(chapter.path)", line: entry.line, column: 1)
                return "\(location): `\(entry.key)` is not Folio's: it is kept for templates as `page.meta.\(entry.key)`"
            }
        }
    }

    /// The project without its chapters' Markdown, which a build needs no more once its chapters are
    /// paginated: a big book's sources are not held while it is rendered and written.
    package var withoutSources: LoadedProject {
        var project = self
        project.loaded.sources = ChapterSources()
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
    package static let file = "book.toml"
}

/// The load stage for either kind of folder. In an mdBook project, book.toml gives the options
/// and `src` the chapters; its preprocessors then run over them. When a folder has both
/// book.yml and book.toml, book.yml wins and a warning says so.
package func loadProject(_ files: BookFiles, ignoring: Set<String> = [], flags: BuildFlags = BuildFlags()) throws -> LoadedProject {
    let hasTOML = files.kind(MdBookConfig.file) == .file
    guard hasTOML, files.kind("book.yml") != .file else {
        var loaded = try loadBook(files, ignoring: ignoring)
        if hasTOML {
            loaded.warnings.insert(.warning("this folder has both book.yml and book.toml: book.yml is used and book.toml ignored",
                                            at: SourceLocation(file: MdBookConfig.file),
                                            hint: "remove one of them; book.toml makes the folder an mdBook project with chapters in `src`"), at: 0)
        }
        loaded.book.options.add(outputsOf: flags)
        var project = LoadedProject(loaded: loaded, contentFiles: files, source: "")
        project.unused = project.keptFrontMatter
        return project
    }
    let file = MdBookConfig.file
    let toml: Data
    do {
        toml = try files.read(file)
    } catch {
        throw Diagnostic.error("\(error)", at: SourceLocation(file: file))
    }
    var config = try MdBookConfig.decode(parseTOML(SourceText.bookFile(toml, file: file, allowEmpty: true)), file: file)
    if flags.strict { config.options.slips = .errors }
    config.options.add(outputsOf: flags)
    if !flags.preprocessors { config.preprocessors = [] }
    // Without `[book] src` and without a `src` folder, the chapters are beside book.toml.
    let source = config.sourceLocation == nil && files.kind(config.source) == nil ? "" : lexicallyNormalized(config.source)
    guard source.isEmpty || files.kind(source) == .directory else {
        throw Diagnostic.error("the chapters' folder `\(config.source)` does not exist", at: config.sourceLocation ?? SourceLocation(file: file),
                               hint: "mdBook projects keep SUMMARY.md and the chapters in `src`, or the folder `[book] src` names")
    }
    var log = DiagnosticLog()
    var stylesheets: [String: Data] = [:]
    let theme = mdBookTheme(files)
    let named = Set(config.stylesheets.map { lexicallyNormalized($0.path) })
    let carried = theme.stylesheets.filter { !named.contains($0) }.map { (path: $0, location: SourceLocation(file: $0)) }
    for (path, location) in carried + config.stylesheets {
        let data: Data
        do {
            data = try files.read(lexicallyNormalized(path))
        } catch {
            let exists = files.kind(lexicallyNormalized(path)) != nil
            log.report(.error(exists ? "the stylesheet `\(path)` cannot be read: \(error)" : "the stylesheet `\(path)` does not exist", at: location,
                              hint: "give a CSS file relative to the folder of book.toml, inside it or the git repository around it"))
            continue
        }
        // A stylesheet from the repository around the project goes into the site without its `..`s.
        let sitePath = SiteLayout.stylesheetURL(lexicallyNormalized(path).split(separator: "/").drop { $0 == ".." }.joined(separator: "/"))
        stylesheets[sitePath] = data
        config.options.stylesheets.append(sitePath)
    }
    if config.options.title == nil {
        config.options.title = files.folderTitle
    }
    let contentFiles = source.isEmpty ? files : files.subfolder(source)
    let inside = Set(ignoring.compactMap { source.isEmpty ? $0 : $0.hasPrefix(source + "/") ? String($0.dropFirst(source.count + 1)) : nil })
    var project = LoadedProject(loaded: try locating(source) { try loadBook(contentFiles, ignoring: inside, options: config.options)  },
                                contentFiles: contentFiles, source: source, stylesheets: stylesheets)
    let root = absolutePath(files.root)
    let book = project.loaded.book
    project.loaded.sources = runPreprocessors(config, root: root, contents: book.contents, sections: book.sections, sources: project.loaded.sources,
                                              log: &log)
    // Placed under `src` once, by the build, like every later diagnostic.
    project.loaded.warnings += config.warnings + log.warnings
    project.unused = config.ignored.map { "\($0.location): `\($0.key)` has no meaning in Folio and is ignored" } + theme.unused
        + project.keptFrontMatter
    if log.hasErrors { throw DiagnosticsError((project.loaded.warnings + log.diagnostics.filter { $0.severity == .error }).map(project.locate)) }
    return project
}

/// What Folio makes of an mdBook project's `theme/` folder, which overrides mdBook's own theme:
/// its stylesheets (`highlight.css`, the writer's own) are carried over as additional CSS, but for
/// those that style mdBook's page around the book, which Folio's pages do not have; those, and
/// its Handlebars templates and scripts, are listed for `--verbose` with what to do instead.
func mdBookTheme(_ files: BookFiles) -> (stylesheets: [String], unused: [String]) {
    guard files.kind(mdBookThemeFolder) == .directory, let listing = try? listBookFolder(files.subfolder(mdBookThemeFolder)) else { return ([], []) }
    var stylesheets: [String] = []
    var unused: [String] = []
    for name in listing.paths.sorted() {
        let path = "\(mdBookThemeFolder)/\(name)"
        switch fileExtension(name) {
        case "css" where mdBookChrome.contains(name):
            unused.append("\(path): styles mdBook's page around the book, which Folio's pages do not have; it is not used")
        case "css":
            stylesheets.append(path)
        case "hbs":
            unused.append("\(path): mdBook's Handlebars template is not used; Folio's theme is Mustache: put what it adds in `templates/` (see “Themes” in Folio's guide)")
        case "js":
            unused.append("\(path): mdBook's script is not used; Folio's reader is its own: put a script in `templates/` (see “Themes” in Folio's guide)")
        default:
            continue
        }
    }
    return (stylesheets, unused)
}

private let mdBookThemeFolder = "theme"

/// The stylesheets of mdBook's theme that style its own page: menus, sidebar, print layout, the variables they share.
private let mdBookChrome: Set = ["css/chrome.css", "css/general.css", "css/print.css", "css/variables.css"]

/// Runs `body`, naming the files in its diagnostics from the project's folder.
func locating<T>(_ source: String, _ body: () throws -> T) throws -> T {
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
        let up = folder.split(separator: "/").map { _ in ".." } + (outer.reach.isEmpty ? [] : [outer.reach])
        return BookFiles(root: URL(fileURLWithPath: root).appendingPathComponent(folder).path,
                         kind: { outer.kind(path($0)) }, list: { try outer.list(path($0)) },
                         read: { try outer.read(path($0)) }, identity: { outer.identity(path($0)) },
                         reach: up.joined(separator: "/"))
    }
}

/// What the command line asks of a build beyond the book's own options.
public struct BuildFlags: Sendable {
    /// Broken links are errors, in an mdBook project too (`--strict`).
    public var strict = false
    /// book.toml's preprocessors are run (not with `--no-preprocessors`).
    public var preprocessors = true
    /// The book is made as EPUB too, whatever its options say (`--epub`).
    public var epub = false
    /// The site has print.html (`--print`, and `--pdf`, which prints it), whatever the book's options say.
    public var print = false

    public init(strict: Bool = false, preprocessors: Bool = true, epub: Bool = false, print: Bool = false) {
        self.strict = strict
        self.preprocessors = preprocessors
        self.epub = epub
        self.print = print
    }
}

extension BookOptions {
    /// The outputs the command line asks for added to the book's own.
    mutating func add(outputsOf flags: BuildFlags) {
        if flags.epub { add(.epub) }
        if flags.print { add(.print) }
    }
}
