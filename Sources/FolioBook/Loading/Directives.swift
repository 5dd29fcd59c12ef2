import FolioBase
import FolioOptions
import Foundation

/// mdBook's directives, expanded as its `links` preprocessor does, in a chapter's Markdown
/// between loading it and parsing it (so they work anywhere, code blocks included):
///
///     {{#include path}}             the file, its path relative to the file the directive is in
///     {{#include path:N}}           its Nth line (lines count from 1)
///     {{#include path:N:M}}         lines N to M; `path:N:` from line N on; `path::M` up to line M
///     {{#include path:name}}        the lines between `ANCHOR: name` and `ANCHOR_END: name`
///     {{#rustdoc_include path…}}    the same lines, with the file's other lines kept as hidden
///                                   Rust lines (`# `-prefixed), which the page leaves out
///     {{#playground path attr…}}    the whole file as a ```rust,attr… code block
///     {{#title text}}               the chapter's title, as front matter `title` gives it
///     \{{#include …}}               the text as written, without the backslash
///
/// Directives are found as mdBook's pattern finds them: `{{`, optional white space, `#`, the
/// name, white space, then anything but `}` up to `}}`; one with another name (or no path) stays
/// as written. An escaped one runs to the last `}}` on its line. Ranges are mdBook's: an end past
/// the file's last line is clamped, and an anchor with no `ANCHOR_END` runs to the end of the file.
/// Included files are expanded too, relative to themselves.
///
/// Where Folio differs, it says so: mdBook logs a problem and leaves the directive in the page,
/// Folio stops with an error at the directive — a missing file, a path that leaves `root`, a line
/// range that selects nothing (line 0, a start past the last line, an end before the start, an
/// end that is not a number), an anchor the file does not have, a file that includes itself.
/// With `slips: .warnings` (an mdBook project's), a missing file, a range that selects nothing and
/// a missing anchor are warnings, and the page is what mdBook makes: the directive as written for
/// the file, nothing for the lines. And
/// `ANCHOR:`/`ANCHOR_END:` lines are left out of every include (mdBook drops them only from
/// anchored ones), since they are notes for the book's tooling, not for its readers.
///
/// Positions: the result says which file and line each of its lines came from (`lineOrigins`),
/// so a later error inside included text names the included file and line, and one in the
/// chapter's own text its own line. Columns are kept only on lines that hold text of one file:
/// on a line that joins a directive's last included line and the text after the directive,
/// the text after it is given the included line's place.
func expandDirectives(_ text: String, file: String, firstLine: Int = 1, root: String = "", files: BookFiles,
                      slips: Slips = .errors) throws -> ExpandedMarkdown {
    guard text.containsBytes("{{") else { return ExpandedMarkdown(markdown: text) }
    var expander = DirectiveExpander(root: root, files: files, slips: slips)
    let origins = (0..<lineCount(text)).map { SourceLocation(file: file, line: firstLine + $0) }
    let expanded = expander.expand(Excerpt(text: text, origins: origins), file: file, including: [file])
    if expander.diagnostics.contains(where: { $0.severity == .error }) { throw DiagnosticsError(expander.diagnostics) }
    let ownLines = expanded.text == text
    return ExpandedMarkdown(markdown: expanded.text, lineOrigins: ownLines ? [] : expanded.origins, title: expander.title,
                            warnings: expander.diagnostics)
}

/// A chapter's Markdown with its directives expanded.
struct ExpandedMarkdown: Sendable, Equatable {
    var markdown: String
    /// The file and line each line of `markdown` came from; empty when they are all the
    /// chapter's own lines, in order.
    var lineOrigins: [SourceLocation] = []
    /// The last `{{#title}}`'s text.
    var title: String?
    /// The slips that `slips: .warnings` let by.
    var warnings: [Diagnostic] = []
}

/// Text and the file line each of its lines came from.
private struct Excerpt {
    var text = ""
    var origins: [SourceLocation] = []

    /// Appends `chunk`, whose lines came from `chunkOrigins`: its first line continues the last
    /// line here, which takes the chunk's origin when it was still empty.
    mutating func append(_ chunk: Substring, origins chunkOrigins: ArraySlice<SourceLocation>) {
        guard !chunk.isEmpty, let first = chunkOrigins.first else { return }
        if text.isEmpty || text.utf8.last == UInt8(ascii: "\n") {
            if origins.isEmpty { origins.append(first) } else { origins[origins.count - 1] = first }
        }
        var next = chunkOrigins.index(after: chunkOrigins.startIndex)
        for byte in chunk.utf8 where byte == UInt8(ascii: "\n") {
            origins.append(next < chunkOrigins.endIndex ? chunkOrigins[next] : chunkOrigins[chunkOrigins.endIndex - 1])
            next += 1
        }
        text += chunk
    }

    mutating func append(_ other: Excerpt) {
        append(Substring(other.text), origins: other.origins[...])
    }
}

/// A file's lines as Rust's `str::lines` gives them (a final newline ends the last line, a CR
/// before a newline is dropped), each with its line number.
private func fileLines(_ text: String) -> [(text: Substring, line: Int)] {
    var lines = text.lines
    if lines.last == "" { lines.removeLast() }
    return lines.enumerated().map { ($0.element.hasSuffix("\r") ? $0.element.dropLast() : $0.element, $0.offset + 1) }
}

/// How many lines `text` spans, an empty last one included: newlines plus one.
private func lineCount(_ text: String) -> Int {
    text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
}

// MARK: Finding directives

/// A directive as written: where it is in the text, its name and what follows the name.
private struct Directive {
    var range: Range<String.Index>
    /// `include`, `rustdoc_include`, `playground`, `title`; nil for an escaped one.
    var name: String?
    var argument: Substring
}

/// The next directive (or the next text that mdBook's pattern matches, whatever its name) at or
/// after `start`.
private func nextDirective(in text: String, from start: String.Index) -> Directive? {
    var index = start
    while let at = text[index...].firstIndex(where: { $0 == "{" || $0 == "\\" }) {
        if let directive = escapedDirective(in: text, at: at) ?? directive(in: text, at: at) { return directive }
        index = text.index(after: at)
    }
    return nil
}

/// `\{{#…}}`: to the last `}}` on the line.
private func escapedDirective(in text: String, at start: String.Index) -> Directive? {
    guard text[start...].hasPrefix("\\{{#") else { return nil }
    let bodyStart = text.index(start, offsetBy: 4)
    let lineEnd = text[bodyStart...].firstIndex(of: "\n") ?? text.endIndex
    guard let close = text[bodyStart..<lineEnd].range(of: "}}", options: .backwards) else { return nil }
    return Directive(range: start..<close.upperBound, name: nil, argument: "")
}

/// `{{ #name argument}}`: `argument` runs to the first `}`, which must open `}}`.
private func directive(in text: String, at start: String.Index) -> Directive? {
    guard text[start...].hasPrefix("{{") else { return nil }
    var index = text[text.index(start, offsetBy: 2)...].firstIndex { !isRegexSpace($0) } ?? text.endIndex
    guard index < text.endIndex, text[index] == "#" else { return nil }
    let nameStart = text.index(after: index)
    index = text[nameStart...].firstIndex { !($0.isASCIILetter || $0.isASCIIDigit || $0 == "_") } ?? text.endIndex
    let name = text[nameStart..<index]
    guard !name.isEmpty, index < text.endIndex, isRegexSpace(text[index]) else { return nil }
    var argumentStart = text[index...].firstIndex { !isRegexSpace($0) } ?? text.endIndex
    if argumentStart < text.endIndex, text[argumentStart] == "}" {
        // The pattern gives the last space back when nothing else stands before the `}`.
        let lastSpace = text.index(before: argumentStart)
        guard lastSpace > index else { return nil }
        argumentStart = lastSpace
    }
    guard let close = text[argumentStart...].firstIndex(of: "}"), close > argumentStart,
          text[close...].hasPrefix("}}") else { return nil }
    return Directive(range: start..<text.index(close, offsetBy: 2), name: String(name), argument: text[argumentStart..<close])
}

/// The regex class `\s`: Unicode white space, newlines included.
private func isRegexSpace(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy(\.properties.isWhitespace)
}

// MARK: Line ranges and anchors

/// What `path:…` selects: mdBook's ranges are 0-based, the end exclusive.
private enum Selection: Equatable {
    case lines(from: Int, to: Int?)
    case anchor(String)
}

/// mdBook's `parse_range_or_anchor`, with Folio's errors for ranges that cannot mean anything.
private func selection(_ spec: Substring?) throws -> Selection {
    guard let spec else { return .lines(from: 0, to: nil) }
    let parts = spec.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    let first = parts[0]
    let start: Int?
    if first.isEmpty {
        start = nil
    } else if let number = lineNumber(first) {
        guard number > 0 else { throw SelectionError.lineZero }
        start = number - 1
    } else {
        return .anchor(String(first))
    }
    guard parts.count > 1 else { return .lines(from: start ?? 0, to: start.map { $0 + 1 }) }
    let second = parts[1]
    guard !second.isEmpty else { return .lines(from: start ?? 0, to: nil) }
    guard let end = lineNumber(second) else { throw SelectionError.notANumber(String(second)) }
    return .lines(from: start ?? 0, to: end)
}

private func lineNumber(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit) else { return nil }
    return Int(text) ?? Int.max
}

private enum SelectionError: Error {
    case lineZero, notANumber(String), empty(lines: Int), unknownAnchor(String, known: [String])
}

/// The name of the first `ANCHOR: name` (or, with `end`, `ANCHOR_END: name`) in a line.
private func anchorName(in line: Substring, end: Bool = false) -> Substring? {
    let marker = end ? "ANCHOR_END:" : "ANCHOR:"
    var rest = line[...]
    while let found = rest.range(of: marker) {
        let afterSpace = rest[found.upperBound...].drop { isRegexSpace($0) }
        let name = afterSpace.prefix { $0.unicodeScalars.allSatisfy(isAnchorScalar) }
        if !name.isEmpty { return name }
        rest = rest[found.upperBound...]
    }
    return nil
}

/// `[\w_-]`: a Unicode word character or `-`.
private func isAnchorScalar(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
    default: return properties.isAlphabetic || properties.isJoinControl || scalar == "-"
    }
}

private func isAnchorLine(_ line: Substring) -> Bool {
    anchorName(in: line) != nil || anchorName(in: line, end: true) != nil
}

/// The lines an include takes: mdBook's `take_lines` and `take_anchored_lines`, or with
/// `hidingOthers` its `take_rustdoc_include_lines` and `take_rustdoc_include_anchored_lines`.
private func take(_ selection: Selection, of lines: [(text: Substring, line: Int)], hidingOthers: Bool) throws -> [(text: Substring, line: Int)] {
    switch selection {
    case .lines(let from, let to):
        if from >= lines.count || (to ?? Int.max) <= from {
            if from > 0 || to != nil { throw SelectionError.empty(lines: lines.count) }
        }
        let inRange = { (index: Int) in index >= from && index < (to ?? Int.max) }
        return lines.enumerated().compactMap { index, line in
            if isAnchorLine(line.text) { return nil }
            if inRange(index) { return line }
            return hidingOthers ? (Substring(hiddenLinePrefix + line.text), line.line) : nil
        }
    case .anchor(let name):
        var taken: [(text: Substring, line: Int)] = []
        var inside = false
        var found = false
        for line in lines {
            if inside {
                if let end = anchorName(in: line.text, end: true) {
                    if end == name {
                        inside = false
                        if !hidingOthers { break }
                    }
                } else if anchorName(in: line.text) == nil {
                    taken.append(line)
                }
            } else if let start = anchorName(in: line.text) {
                if start == name { (inside, found) = (true, true) }
            } else if hidingOthers, anchorName(in: line.text, end: true) == nil {
                taken.append((Substring(hiddenLinePrefix + line.text), line.line))
            }
        }
        guard found else {
            var known: [String] = []
            for line in lines {
                if let name = anchorName(in: line.text).map(String.init), !known.contains(name) { known.append(name) }
            }
            throw SelectionError.unknownAnchor(name, known: known)
        }
        return taken
    }
}

/// What mdBook puts before a line `rustdoc_include` keeps but hides.
let hiddenLinePrefix = "# "

// MARK: Expanding

private struct DirectiveExpander {
    let root: String
    let files: BookFiles
    let slips: Slips
    var diagnostics: [Diagnostic] = []
    var title: String?

    /// `excerpt`, from `file`, with its directives expanded; `including` is the chain of files
    /// being expanded, the chapter first.
    mutating func expand(_ excerpt: Excerpt, file: String, including: [String]) -> Excerpt {
        let text = excerpt.text
        var source: SourceText?
        var out = Excerpt()
        var copied = text.startIndex
        var copiedLine = 0
        var index = text.startIndex
        while let found = nextDirective(in: text, from: index) {
            index = found.range.upperBound
            guard let replacement = replacement(for: found, in: excerpt, source: &source, file: file, including: including) else { continue }
            out.append(text[copied..<found.range.lowerBound], origins: excerpt.origins[copiedLine...])
            copiedLine += text[copied..<found.range.lowerBound].utf8.count { $0 == UInt8(ascii: "\n") }
            out.append(replacement)
            copied = found.range.upperBound
            copiedLine += text[found.range].utf8.count { $0 == UInt8(ascii: "\n") }
        }
        out.append(text[copied...], origins: excerpt.origins[copiedLine...])
        if out.origins.isEmpty { out.origins = [excerpt.origins.first ?? SourceLocation(file: file, line: 1)] }
        return out
    }

    /// What replaces a directive; nil leaves it as written (another name, or an error reported).
    private mutating func replacement(for directive: Directive, in excerpt: Excerpt, source: inout SourceText?, file: String,
                                      including: [String]) -> Excerpt? {
        func location() -> SourceLocation {
            if source == nil { source = SourceText(excerpt.text, file: file) }
            let place = source!.location(of: directive.range.lowerBound, in: excerpt.text)
            let origin = excerpt.origins[min(place.line, excerpt.origins.count) - 1]
            return SourceLocation(file: origin.file, line: origin.line, column: place.column)
        }
        let here = { excerpt.origins[min(excerpt.text[..<directive.range.lowerBound].utf8.count { $0 == UInt8(ascii: "\n") }, excerpt.origins.count - 1)] }
        guard let name = directive.name else {
            let written = excerpt.text[directive.range].dropFirst()
            return Excerpt(text: String(written), origins: Array(repeating: here(), count: lineCount(String(written))))
        }
        let words = directive.argument.split(whereSeparator: { isRegexSpace($0) })
        switch name {
        case "title":
            title = directive.argument.trimmingCharacters(in: .whitespacesAndNewlines)
            return Excerpt(text: "", origins: [here()])
        case "include", "rustdoc_include", "playground", "playpen":
            guard let written = words.first else { return nil }
            let playground = name == "playground" || name == "playpen"
            let parts = playground ? [written] : written.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0])
            do {
                let target: String
                do {
                    target = try resolve(path, from: file, including: including)
                } catch let missing as MissingInclude where slips == .warnings {
                    diagnostics.append(.warning(missing.problem.message + "; the directive is kept as written", at: location(), hint: missing.problem.hint))
                    return nil
                }
                let lines = fileLines(try read(target))
                var taken: [(text: Substring, line: Int)]
                do {
                    taken = playground ? lines.filter { !isAnchorLine($0.text) }
                        : try take(selection(parts.count > 1 ? parts[1] : nil), of: lines, hidingOthers: name == "rustdoc_include")
                } catch let error as SelectionError {
                    let problem = problem(error, path: path, spec: parts.count > 1 ? String(parts[1]) : "")
                    guard slips == .warnings else { throw problem }
                    diagnostics.append(.warning(problem.message + "; nothing is included", at: location(), hint: problem.hint))
                    taken = []
                }
                var included = Excerpt(text: taken.map(\.text).joined(separator: "\n"),
                                       origins: taken.map { SourceLocation(file: target, line: $0.line) })
                if included.origins.isEmpty { included.origins = [here()] }
                if playground {
                    let attributes = words.dropFirst().joined(separator: ",")
                    let fence = "```rust" + (attributes.isEmpty ? "" : "," + attributes)
                    included = Excerpt(text: fence + "\n" + included.text + "\n```\n", origins: [here()] + included.origins + [here(), here()])
                }
                return expand(included, file: target, including: including + [target])
            } catch let missing as MissingInclude {
                var diagnostic = missing.problem
                diagnostic.location = location()
                diagnostics.append(diagnostic)
            } catch let diagnostic as Diagnostic {
                var diagnostic = diagnostic
                diagnostic.location = diagnostic.location.flatMap { $0.line > 0 ? $0 : nil } ?? location()
                diagnostics.append(diagnostic)
            } catch {
                diagnostics.append(.error("\(error)", at: location()))
            }
            return nil
        default:
            return nil
        }
    }

    /// The included file's path in the book, which must be inside `root` and not one of the
    /// files being expanded.
    private func resolve(_ path: String, from file: String, including: [String]) throws -> String {
        let folder = directory(of: file)
        let target = lexicallyNormalized(folder.isEmpty ? path : folder + "/" + path)
        guard isInside(target, root) else {
            throw Diagnostic.error("`\(path)` is outside the book's folder",
                                   hint: "include files inside the folder that holds the book, or the git repository around it; paths are relative to `\(file)`")
        }
        if let cycle = including.firstIndex(of: target) {
            throw Diagnostic.error("`\(target)` includes itself: " + (including[cycle...] + [target]).joined(separator: " → "),
                                   hint: "an included file may not include a file that includes it")
        }
        switch files.kind(target) {
        case .file?: return target
        case .directory?: throw Diagnostic.error("`\(path)` is a folder, not a file", hint: "include a file")
        case nil: throw MissingInclude(problem: .error("`\(path)` does not exist", hint: "paths are relative to `\(file)`; the file would be `\(target)`"))
        }
    }

    /// An included file's text: UTF-8, a byte-order mark skipped (`fileLines` drops CRs).
    private func read(_ path: String) throws -> String {
        let data: Data
        do {
            data = try files.read(path)
        } catch {
            throw Diagnostic.error("`\(path)` cannot be included: \(error)")
        }
        return try SourceText(data, file: path).text
    }

    private func problem(_ error: SelectionError, path: String, spec: String) -> Diagnostic {
        switch error {
        case .lineZero:
            .error("`\(path):\(spec)` starts at line 0", hint: "lines count from 1")
        case .notANumber(let end):
            .error("`\(end)` in `\(path):\(spec)` is not a line number",
                   hint: "write `path:N` for a line, `path:N:M` for lines N to M, `path:N:` or `path::M`, or `path:anchor`")
        case .empty(let count):
            .error("`\(path):\(spec)` selects no lines: the file has \(count) line\(count == 1 ? "" : "s")",
                   hint: "write `path:N` for a line, `path:N:M` for lines N to M, `path:N:` or `path::M`")
        case .unknownAnchor(let name, let known):
            .error("`\(path)` has no anchor `\(name)`",
                   hint: known.isEmpty ? "mark the lines with `ANCHOR: \(name)` and `ANCHOR_END: \(name)` lines"
                       : "its anchors: " + known.map { "`\($0)`" }.joined(separator: ", "))
        }
    }
}

/// An included file that does not exist: a slip that mdBook lets by, unlike the other problems of `resolve`.
private struct MissingInclude: Error {
    var problem: Diagnostic
}

/// Whether a normalised path stays inside `root`, a folder given from the same place: `..` for
/// the folder above, as an mdBook project is above its `src`; empty for the place itself.
private func isInside(_ path: String, _ root: String) -> Bool {
    let up = root.split(separator: "/")
    if !up.isEmpty, up.allSatisfy({ $0 == ".." }) {
        // A folder above this one holds this one: only a path that climbs higher leaves it.
        return path.split(separator: "/").prefix { $0 == ".." }.count <= up.count
    }
    let rest = root.isEmpty ? path : path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : nil
    return rest.map { resolvePath($0, relativeTo: "") != nil } ?? false
}
