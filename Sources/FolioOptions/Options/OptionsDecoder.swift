import FolioBase

extension BookOptions {
    /// Reads `book.yml` (`nil`: no file or an empty one). A missing key, or one left empty as in
    /// `title:`, keeps its default (`base`'s: a translation's book.yml is read over the book's own).
    /// Throws every problem at once as a `DiagnosticsError`.
    package static func decode(_ root: YAMLNode?, file: String, over base: BookOptions = BookOptions()) throws -> BookOptions {
        var reader = OptionsReader()
        var options = base
        reader.readMapping(.root(root), keys: Key.self) { reader, key, field in
            switch key {
            case .title: options.title = reader.string(field) ?? options.title
            case .authors: options.authors = reader.strings(field) ?? options.authors
            case .description: options.description = reader.string(field) ?? options.description
            case .url: options.url = reader.siteURL(field) ?? options.url
            case .identifier: options.identifier = reader.uri(field) ?? options.identifier
            case .modified: options.modified = reader.dateTime(field) ?? options.modified
            case .language: options.language = reader.languageTag(field) ?? options.language
            case .languages: options.languages = reader.languages(field) ?? options.languages
            case .chapters:
                options.chapters = reader.chapters(field) ?? options.chapters
                if case .sequence(let items) = field.node.value {
                    for item in items { item.string.map { options.namedAt[$0] = item.location } }
                }
            case .reading: options.reading.read(field, with: &reader)
            case .page: options.page.read(field, with: &reader)
            case .cover:
                options.cover = reader.relativePath(field) ?? options.cover
                options.cover.map { options.namedAt[$0] = field.node.location }
            case .fonts:
                reader.readMapping(field, keys: TextFace.self) { reader, face, field in
                    options.fonts[face] = reader.relativePath(field) ?? options.fonts[face]
                    options.fonts[face].map { options.namedAt[$0] = field.node.location }
                }
            case .markdown: options.markdown.read(field, with: &reader)
            case .defaultTheme: options.defaultTheme = reader.choice(field) ?? options.defaultTheme
            case .outputs: options.outputs = reader.choices(field).map { $0.contains(.site) ? $0 : [.site] + $0 } ?? options.outputs
            case .offline: options.offline = reader.bool(field) ?? options.offline
            }
        }
        // Combinations are judged only on values written correctly: a misspelt key or value
        // would otherwise be reported again as a clash with the default that stood in for it.
        if !reader.invalidPaths.contains(where: { $0 == "language" || $0.hasPrefix("reading") }) {
            reader.problems += options.readingRuleViolations(file: file, keys: reader.keyLocations)
        }
        guard reader.problems.isEmpty else { throw DiagnosticsError(reader.problems) }
        return options
    }

    private enum Key: String, CaseIterable {
        case title, authors, description, identifier, modified, url, language, languages, chapters, reading, page, cover, fonts, markdown, outputs
        case defaultTheme = "default-theme"
        case offline
    }
}

extension ReadingOptions {
    private enum Key: String, CaseIterable {
        case transition, orientation, spine, direction, doubleSided = "double-sided"
    }

    fileprivate mutating func read(_ field: OptionField, with reader: inout OptionsReader) {
        reader.readMapping(field, keys: Key.self) { reader, key, field in
            switch key {
            case .transition: transition = reader.choice(field) ?? transition
            case .orientation: orientation = reader.choice(field) ?? orientation
            case .spine: spine = reader.choice(field) ?? spine
            case .direction: direction = reader.choice(field) ?? direction
            case .doubleSided: doubleSided = reader.bool(field) ?? doubleSided
            }
        }
    }
}

extension PageOptions {
    private enum Key: String, CaseIterable {
        case size, chapterStart = "chapter-start", titlePage = "title-page", contentsPage = "contents-page", justify
    }

    /// Custom page sizes outside this range are surely typos (or not a book).
    static let sizeRange = 160...4096

    fileprivate mutating func read(_ field: OptionField, with reader: inout OptionsReader) {
        reader.readMapping(field, keys: Key.self) { reader, key, field in
            switch key {
            case .size: size = reader.pageSize(field) ?? size
            case .chapterStart: chapterStart = reader.choice(field) ?? chapterStart
            case .titlePage: titlePage = reader.bool(field) ?? titlePage
            case .contentsPage: contentsPage = reader.bool(field) ?? contentsPage
            case .justify: justify = reader.bool(field) ?? justify
            }
        }
    }
}

extension MarkdownOptions {
    private enum Key: String, CaseIterable {
        case smartPunctuation = "smart-punctuation", rawHTML = "raw-html", math, admonitions, definitionLists = "definition-lists"
    }

    fileprivate mutating func read(_ field: OptionField, with reader: inout OptionsReader) {
        reader.readMapping(field, keys: Key.self) { reader, key, field in
            switch key {
            case .smartPunctuation: smartPunctuation = reader.bool(field) ?? smartPunctuation
            case .rawHTML: rawHTML = reader.bool(field) ?? rawHTML
            case .math: math = reader.bool(field).map { $0 ? .dollars : .none } ?? math
            case .admonitions: admonitions = reader.bool(field) ?? admonitions
            case .definitionLists: definitionLists = reader.bool(field) ?? definitionLists
            }
        }
    }
}
