import FolioBase
import FolioOptions
import CHighlighting

/// A code block's text as the page shows it: highlighted at build time by KSyntaxHighlighting
/// (Kate's syntax definitions), each run of a kind in a span with highlight.js's class
/// (`hljs-keyword`, `hljs-string`…), so the theme's palette, or an mdBook theme's
/// `highlight.css`, colours it with no script at read time.
///
/// The language is the info string's first word (`CodeInfo.language`), matched to a syntax
/// definition by its name in any case (`rust`, `python`, `JavaScript`), then by a file
/// extension (`rs`, `py`, `sh`, `js`, `yml`). `console` (or `shell`) is a shell session, as
/// highlight.js reads it: a line that begins with `$ ` is a prompt and a shell command, any other
/// line the command's output. A block with no language, or one no definition matches (`text`, `ignore`), is plain text.
///
/// The highlighter starts afresh at each part of a code block split across pages, and a run
/// never crosses a line, so every part's spans close within it.
///
/// A line that may wrap on the page, for which `breaks` gives the places it may break at (UTF-8
/// offsets in the line), is set in a `<span class="wraps">`, with a `<wbr>` at each of them: the
/// theme hangs the lines it wraps onto and marks them, and the browser breaks it only there.
func appendHighlightedCode(_ code: String, language: String?, breaks: ((Substring) -> [Int]?)? = nil, to out: inout HTMLBuffer) {
    let shell = language == "console" || language == "shell"
    let runs = shell ? [] : language.flatMap { highlightedRuns(code[...], syntax: $0) } ?? []
    guard shell || !runs.isEmpty || breaks != nil else { return out.appendEscaped(code) }
    var next = runs[...]
    var lineStart = 0
    for (index, line) in code.lines.enumerated() {
        if index > 0 { out.append("\n") }
        let lineEnd = lineStart + line.utf8.count
        let lineRuns: [Run]
        if shell {
            lineRuns = shellRuns(line)
        } else {
            let count = next.prefix { $0.start < lineEnd }.count
            lineRuns = next.prefix(count).map { $0.moved(by: -lineStart) }
            next = next.dropFirst(count)
        }
        appendLine(line, runs: lineRuns, breaks: line.isEmpty ? nil : breaks?(line), to: &out)
        lineStart = lineEnd + 1
    }
}

/// A run of code that takes a highlight.js class, in UTF-8 offsets.
private struct Run {
    var start: Int, end: Int
    var classes: String

    func moved(by offset: Int) -> Run {
        Run(start: start + offset, end: end + offset, classes: classes)
    }
}

/// `code`'s runs in `syntax`; nil when no syntax is `syntax`.
private func highlightedRuns(_ code: Substring, syntax: String) -> [Run]? {
    var runs = chighlighting_runs()
    let found = withBytes(code) { bytes in
        chighlighting_highlight(syntax, bytes.baseAddress, bytes.count, &runs)
    }
    guard found else { return nil }
    defer { chighlighting_free(&runs) }
    return UnsafeBufferPointer(start: runs.runs, count: runs.count).map { run in
        Run(start: run.offset, end: run.offset + run.length, classes: String(cString: run.classes))
    }
}

/// A line of a shell session: a prompt in highlight.js's `hljs-meta prompt_`, its command as a
/// shell (Bash) line; any other line is the command's output, plain.
private func shellRuns(_ line: Substring) -> [Run] {
    guard line.hasPrefix("$ ") else { return [] }
    let command = highlightedRuns(line.dropFirst(2), syntax: "bash") ?? []
    return [Run(start: 0, end: 2, classes: "hljs-meta prompt_")] + command.map { $0.moved(by: 2) }
}

/// A line, its runs in spans (offsets in the line), and, when it may wrap, in a `wraps` span
/// with a `<wbr>` at each of `breaks`.
private func appendLine(_ line: Substring, runs: [Run], breaks: [Int]?, to out: inout HTMLBuffer) {
    if breaks != nil { out.append("<span class=\"wraps\">") }
    var text = LineText(line: line, breaks: breaks ?? [])
    for run in runs {
        // A break where a run begins or ends goes outside its span.
        text.append(upTo: run.start, breakingAtEnd: true, to: &out)
        out.append("<span class=\"")
        out.append(run.classes)
        out.append("\">")
        text.append(upTo: run.end, breakingAtEnd: false, to: &out)
        out.append("</span>")
    }
    text.append(upTo: line.utf8.count, breakingAtEnd: false, to: &out)
    if breaks != nil { out.append("</span>") }
}

/// A line written a piece at a time, escaped, a `<wbr>` at each break the pieces reach.
private struct LineText {
    let line: Substring
    var breaks: ArraySlice<Int>
    /// How far it is written, as an index and a UTF-8 offset.
    var written: Substring.Index
    var offset = 0

    init(line: Substring, breaks: [Int]) {
        self.line = line
        self.breaks = breaks[...]
        written = line.startIndex
    }

    /// The line up to `end`, from where it was written, and the break at `end` when `breakingAtEnd`.
    mutating func append(upTo end: Int, breakingAtEnd: Bool, to out: inout HTMLBuffer) {
        while let next = breaks.first, next < end || breakingAtEnd && next == end {
            piece(upTo: next, to: &out)
            out.append("<wbr>")
            breaks.removeFirst()
        }
        piece(upTo: end, to: &out)
    }

    private mutating func piece(upTo end: Int, to out: inout HTMLBuffer) {
        let index = line.utf8.index(written, offsetBy: end - offset)
        out.appendEscaped(line[written..<index])
        (written, offset) = (index, end)
    }
}
