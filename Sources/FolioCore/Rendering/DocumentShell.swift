/// The HTML around every document of the site: language, direction, stylesheet.
struct DocumentShell {
    static let stylesheet = "assets/theme/folio.css"
    static let css = """
    :root { color-scheme: light dark; }
    body { max-width: 40rem; margin: 2rem auto; padding: 0 1rem; font: 1.05rem/1.6 Georgia, "Noto Serif", "Songti SC", serif; }
    pre { overflow-x: auto; padding: .75rem; background: rgba(127,127,127,.12); }
    code { font: .9em ui-monospace, "DejaVu Sans Mono", monospace; }
    img { max-width: 100%; height: auto; }
    blockquote { margin-left: 0; padding-left: 1rem; border-left: 3px solid rgba(127,127,127,.4); }
    .chapter-nav { display: flex; justify-content: space-between; gap: 1rem; margin-top: 3rem; }
    .contents ol { list-style: none; padding-left: 1.25rem; }
    .contents .part { font-weight: bold; margin-top: 1rem; }
    .contents .draft { opacity: .6; }
    .contents .separator { border-top: 1px solid rgba(127,127,127,.4); margin: .5rem 0; }

    """

    var bookTitle: String
    var options: BookOptions

    func html(title: String, root: String, body: String) -> String {
        let direction = isRightToLeftLanguage(options.language) ? "rtl" : "ltr"
        return """
        <!DOCTYPE html>
        <html lang="\(escapeHTML(options.language))" dir="\(direction)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="Folio">
        <title>\(escapeHTML(title))</title>
        <link rel="stylesheet" href="\(root)\(Self.stylesheet)">
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }
}
