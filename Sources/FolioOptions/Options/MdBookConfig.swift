import FolioBase

/// What an mdBook project's `book.toml` says that Folio uses: the book's options, the folder of
/// its chapters, its extra stylesheets and its preprocessors. Keys that mean nothing in Folio are
/// kept, with where they are written, for `folio build --verbose`; mdBook 0.4's keys that 0.5
/// removed are warnings.
package struct MdBookConfig: Sendable {
    package var options = BookOptions()
    /// The folder of SUMMARY.md and the chapters, relative to the project (`[book] src`).
    package var source = "src"
    package var sourceLocation: SourceLocation?
    /// `additional-css` files, relative to the project, with where each is named.
    package var stylesheets: [(path: String, location: SourceLocation)] = []
    package var preprocessors: [PreprocessorConfig] = []
    /// Dotted key paths ignored, with where they are written.
    package var ignored: [(key: String, location: SourceLocation)] = []
    /// mdBook 0.4's keys that 0.5 removed, each at its place, with what 0.5 has instead.
    package var warnings: [Diagnostic] = []
    /// The whole file, handed to preprocessors as mdBook's `config`.
    package var table: YAMLNode
}

/// A `[preprocessor.NAME]` table.
package struct PreprocessorConfig: Sendable, Equatable {
    package var name: String
    /// `command`, or `mdbook-NAME` found on the PATH.
    package var command: String?
    package var before: [String] = []
    package var after: [String] = []
    /// When given, the renderers it runs for, without asking the command.
    package var renderers: [String]?
    package var location: SourceLocation
}

extension MdBookConfig {
    /// Reads book.toml's values; throws every bad value at once as a `DiagnosticsError`, in the
    /// words book.yml's problems use.
    package static func decode(_ root: YAMLNode, file: String) throws -> MdBookConfig {
        var reader = OptionsReader()
        var config = MdBookConfig(table: root)
        // mdBook renders the HTML a chapter holds; its books count on it.
        config.options.markdown.rawHTML = true
        // mdBook publishes a book with broken links; so does Folio, with a warning for each.
        config.options.slips = .warnings
        var lightTheme: DefaultTheme?
        var darkTheme: DefaultTheme?
        for (path, key, value) in pairs(of: root, path: "") {
            switch path {
            case "book", "output", "output.html", "output.html.code", "output.folio", "preprocessor":
                break
            case "output.folio.strict":
                config.options.slips = reader.bool(value) == true ? .errors : .warnings
            case "output.folio.epub":
                if reader.bool(value) == true { config.options.add(.epub) }
            case "output.folio.print":
                if reader.bool(value) == true { config.options.add(.print) }
            case "output.folio.justify":
                config.options.page.justify = reader.bool(value) ?? config.options.page.justify
            case "output.folio.offline":
                config.options.offline = reader.bool(value) ?? config.options.offline
            case "output.html.code.hidelines":
                config.options.markdown.hiddenLinePrefixes = hiddenLinePrefixes(value, reader: &reader)
            case "book.title": config.options.title = text(value, &reader) ?? config.options.title
            case "book.authors": config.options.authors = texts(value, &reader) ?? config.options.authors
            case "book.description": config.options.description = text(value, &reader) ?? config.options.description
            case "book.language": config.options.language = reader.languageTag(value) ?? config.options.language
            case "book.src":
                config.source = reader.relativePath(value, what: "a relative path inside the project folder") ?? config.source
                config.sourceLocation = value.node.location
            case "book.text-direction":
                let directions: [(name: String, value: ReadingOptions.Direction)] = [("ltr", .ltr), ("rtl", .rtl)]
                config.options.reading.direction = reader.choice(value, among: directions) ?? config.options.reading.direction
            case "output.html.site-url":
                // mdBook also takes a bare path (`/book/`), which says nothing Folio needs.
                if value.node.string?.hasPrefix("/") == true {
                    config.ignored.append((path, key.location))
                } else {
                    config.options.url = reader.siteURL(value) ?? config.options.url
                }
            case "output.html.smart-punctuation", "output.html.curly-quotes":
                config.options.markdown.smartPunctuation = reader.bool(value) ?? config.options.markdown.smartPunctuation
                if path == "output.html.curly-quotes" { config.warnings.append(removedKey(path, at: key.location)) }
            case "output.html.mathjax-support":
                config.options.markdown.math = reader.bool(value).map { $0 ? .mathJax : .none } ?? config.options.markdown.math
            case "output.html.admonitions":
                config.options.markdown.admonitions = reader.bool(value) ?? config.options.markdown.admonitions
            case "output.html.definition-lists":
                config.options.markdown.definitionLists = reader.bool(value) ?? config.options.markdown.definitionLists
            case _ where removedKeys[path] != nil:
                config.warnings.append(removedKey(path, at: key.location))
            case "output.html.default-theme":
                lightTheme = reader.choice(value, among: mdBookThemes)
            case "output.html.preferred-dark-theme":
                darkTheme = reader.choice(value, among: mdBookThemes)
            case "output.html.additional-css":
                for item in reader.strings(value) ?? [] {
                    let field = value.with(YAMLNode(.scalar(item, plain: false), at: value.node.location))
                    if let css = reader.relativePath(field, what: "a relative path from the project folder", climbs: true) {
                        config.stylesheets.append((css, value.node.location))
                    }
                }
            case "output.html.redirect":
                config.options.redirects = redirects(value, reader: &reader, ignored: &config.ignored)
            case _ where path.hasPrefix("preprocessor."):
                if let preprocessor = preprocessor(value, name: String(path.dropFirst("preprocessor.".count)), at: key.location, reader: &reader) {
                    config.preprocessors.append(preprocessor)
                }
            default:
                config.ignored.append((path, key.location))
            }
        }
        // mdBook shows `default-theme` (light by default) unless the device asks for dark, then
        // `preferred-dark-theme` (navy by default): light then dark is what Folio calls system.
        if lightTheme != nil || darkTheme != nil {
            let light = lightTheme ?? .light, dark = darkTheme ?? .dark
            config.options.defaultTheme = light == .light && dark == .dark ? .system : light
        }
        guard reader.problems.isEmpty else { throw DiagnosticsError(reader.problems) }
        return config
    }

    /// mdBook 0.4's keys that 0.5 removed, by what mdBook 0.5 says instead. Folio reads
    /// `curly-quotes` still, as `smart-punctuation`; the others meant nothing to it.
    static let removedKeys: [String: String] = [
        "output.html.curly-quotes": "use `output.html.smart-punctuation`",
        "output.html.copy-fonts": "the theme's fonts are always copied",
        "output.html.google-analytics": "add the script in a theme file (such as `head.hbs`) instead",
        "book.multilingual": "it was never used",
    ]

    private static func removedKey(_ path: String, at location: SourceLocation) -> Diagnostic {
        .warning("`\(path)` is mdBook 0.4's and was removed in mdBook 0.5", at: location, hint: removedKeys[path])
    }

    /// A TOML string: unlike YAML's `title: 1984`, TOML's `title = 1984` is a number, not text.
    private static func text(_ field: OptionField, _ reader: inout OptionsReader) -> String? {
        if case .scalar(_, plain: true) = field.node.value { reader.expected("a string", field); return nil }
        return reader.string(field)
    }

    private static func texts(_ field: OptionField, _ reader: inout OptionsReader) -> [String]? {
        if case .sequence(let items) = field.node.value {
            let strings = items.compactMap { text(field.with($0), &reader) }
            return strings.count == items.count ? strings : nil
        }
        return text(field, &reader).map { [$0] }
    }

    /// mdBook's theme names by the Folio theme each looks like.
    private static let mdBookThemes: [(name: String, value: DefaultTheme)] = [
        ("light", .light), ("rust", .light), ("coal", .dark), ("navy", .dark), ("ayu", .dark),
    ]

    /// Every key Folio reads or lists, depth first: the tables `book`, `output`, `output.html`,
    /// `output.folio` and `preprocessor` are walked into; any other table is one ignored key.
    private static func pairs(of node: YAMLNode, path: String) -> [(String, YAMLNode, OptionField)] {
        guard case .mapping(let pairs) = node.value else { return [] }
        return pairs.flatMap { pair -> [(String, YAMLNode, OptionField)] in
            let name = pair.key.string ?? ""
            let full = path.isEmpty ? name : "\(path).\(name)"
            let here = (full, pair.key, OptionField(path: full, node: pair.value))
            return ["book", "output", "output.html", "output.html.code", "output.folio", "preprocessor"].contains(full)
                ? [here] + Self.pairs(of: pair.value, path: full) : [here]
        }
    }

    /// `python = "~"`: for each language, what starts the lines its code blocks hide.
    private static func hiddenLinePrefixes(_ field: OptionField, reader: inout OptionsReader) -> [String: String] {
        guard case .mapping(let pairs) = field.node.value else {
            reader.expected("a table of languages and the prefixes of their hidden lines", field)
            return [:]
        }
        var prefixes: [String: String] = [:]
        for pair in pairs {
            guard let language = pair.key.string, let prefix = text(field.with(pair.value), &reader) else { continue }
            prefixes[language] = prefix
        }
        return prefixes
    }

    /// `"/old/page.html" = "new.html"` pairs; a key with a `#fragment` is a redirect inside a page,
    /// which needs the page's script, so it is listed as ignored.
    private static func redirects(_ field: OptionField, reader: inout OptionsReader,
                                  ignored: inout [(key: String, location: SourceLocation)]) -> [Redirect] {
        guard case .mapping(let pairs) = field.node.value else {
            reader.expected("a table of old paths and new addresses", field)
            return []
        }
        var redirects: [Redirect] = []
        for pair in pairs {
            let from = pair.key.string ?? ""
            let entry = OptionField(path: "\(field.path).\"\(from)\"", node: pair.value)
            if from.contains("#") {
                ignored.append((entry.path, pair.key.location))
                continue
            }
            guard let old = resolvePath(from.hasPrefix("/") ? String(from.dropFirst()) : from, relativeTo: ""),
                  !old.isEmpty, fileExtension(old) == "html" else {
                reader.report("the redirect `\(from)` must be an .html path inside the site, such as \"/old/page.html\"",
                              path: entry.path, at: pair.key.location)
                continue
            }
            guard let to = reader.string(entry) else { continue }
            redirects.append(Redirect(from: old, to: to, location: pair.value.location))
        }
        return redirects
    }

    private static func preprocessor(_ field: OptionField, name: String, at location: SourceLocation,
                                      reader: inout OptionsReader) -> PreprocessorConfig? {
        guard case .mapping(let pairs) = field.node.value else {
            reader.expected("a table", field)
            return nil
        }
        var preprocessor = PreprocessorConfig(name: name, location: location)
        for pair in pairs {
            let value = OptionField(path: "\(field.path).\(pair.key.string ?? "")", node: pair.value)
            switch pair.key.string {
            case "command": preprocessor.command = reader.string(value)
            case "before": preprocessor.before = reader.strings(value) ?? []
            case "after": preprocessor.after = reader.strings(value) ?? []
            case "renderers": preprocessor.renderers = reader.strings(value)
            default: break // the preprocessor's own settings, read by it from the context
            }
        }
        return preprocessor
    }
}
