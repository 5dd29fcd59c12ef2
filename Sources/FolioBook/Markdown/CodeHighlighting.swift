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
func appendHighlightedCode(_ code: String, language: String?, to out: inout HTMLBuffer) {
    guard let language else { return out.appendEscaped(code) }
    if language == "console" || language == "shell" {
        return appendShellSession(code, to: &out)
    }
    if !appendHighlighted(code[...], syntax: language, to: &out) { out.appendEscaped(code) }
}

/// `code` with its runs in spans; false, having appended nothing, when no syntax is `syntax`.
private func appendHighlighted(_ code: Substring, syntax: String, to out: inout HTMLBuffer) -> Bool {
    var runs = chighlighting_runs()
    let found = withBytes(code) { bytes in
        chighlighting_highlight(syntax, bytes.baseAddress, bytes.count, &runs)
    }
    guard found else { return false }
    defer { chighlighting_free(&runs) }
    let utf8 = code.utf8
    var (written, writtenOffset) = (utf8.startIndex, 0)
    for run in UnsafeBufferPointer(start: runs.runs, count: runs.count) {
        let start = utf8.index(written, offsetBy: run.offset - writtenOffset)
        let end = utf8.index(start, offsetBy: run.length)
        out.appendEscaped(code[written..<start])
        out.append("<span class=\"")
        out.append(String(cString: run.classes))
        out.append("\">")
        out.appendEscaped(code[start..<end])
        out.append("</span>")
        (written, writtenOffset) = (end, run.offset + run.length)
    }
    out.appendEscaped(code[written...])
    return true
}

/// A shell session: each prompt in highlight.js's `hljs-meta prompt_`, its command as a shell
/// (Bash) line, the output plain.
private func appendShellSession(_ code: String, to out: inout HTMLBuffer) {
    for (index, line) in code.lines.enumerated() {
        if index > 0 { out.append("\n") }
        guard line.hasPrefix("$ ") else {
            out.appendEscaped(line)
            continue
        }
        out.append("<span class=\"hljs-meta prompt_\">$ </span>")
        let command = line.dropFirst(2)
        if !appendHighlighted(command, syntax: "bash", to: &out) { out.appendEscaped(command) }
    }
}
