enum Help {
    static let general = """
    folio — build page-curl books from folders of Markdown

    Usage: folio <command> [options]

    Commands:
      init [DIR] [--title T] Start a new book in DIR (default: .)
      build [DIR] [-o OUT]   Build the book in DIR (default: .) into DIR/_site or OUT
      check [PATH]           Check a built site (a book folder, an EPUB) for CI
      serve [DIR]            Preview the book in DIR with live reload
      help [COMMAND]         Show help for a command

    Options:
      -h, --help             Show this help
      -V, --version          Show the version and the commit it was built from

    Exit status: 0 success, 1 the book has errors, 2 usage error.
    Run `folio help build` for more.
    """

    static let build = """
    folio build — build a book folder into a static site

    Usage: folio build [DIR] [-o OUT] [--strict] [--no-preprocessors] [--epub] [--print] [--pdf]

    Arguments:
      DIR                    The book folder (default: the current folder)

    Options:
      -o, --output OUT       Where to write the site (default: DIR/_site)
          --strict           Make broken links errors in an mdBook project too
          --no-preprocessors Skip book.toml's preprocessors
          --epub             Make the book as EPUB too: <slug>.epub in the site, fixed
                             layout, one page of the book to each page of the EPUB
          --print            Also write print.html: every page in one document, to print
                             at the book's page size; the reader then has a Print button
          --pdf              Also print print.html into a PDF with Chromium (the first of
                             chromium, chromium-browser, google-chrome on the PATH),
                             beside the site and named after the book's title:
                             DIR/the-title.pdf, or the-title.pdf beside OUT
          --chromium PATH    The Chromium (or Google Chrome) that --pdf prints with
          --timings          Show how long each stage took
      -v, --verbose          List what Folio does not use: book.toml's keys, chapters'
                             front matter, a theme's templates
      -h, --help             Show this help

    The book folder holds Markdown chapters, and optionally book.yml and SUMMARY.md.
    A folder with book.toml is an mdBook project: its options come from book.toml and
    its chapters from `src` (or the folder `[book] src` names). There, as mdBook does, a
    broken link is a warning (repaired when one heading or chapter differs only in case,
    spaces, dashes or punctuation); `--strict` or `[output.folio] strict = true` makes it
    an error, as it always is in a book with book.yml.
    Problems are printed as `file:line:col: error|warning: message`. A build with errors
    writes nothing: the previous site stays as it was. Otherwise only the files whose
    bytes changed are written, and those the site no longer has are removed.

    Exit status: 0 built, 1 the book has errors (or --pdf found no Chromium, or it
    failed: the site is built all the same), 2 usage error.
    """

    static let initialize = """
    folio init — start a new book

    Usage: folio init [DIR] [--title T]

    Arguments:
      DIR                    The folder for the book (default: the current folder);
                             created when missing

    Options:
      -t, --title T          The book's title (default: from the folder's name)
      -h, --help             Show this help

    Writes book.yml with every option (commented out), two chapters and an image.
    It never writes over an existing book: a folder with book.yml, SUMMARY.md or any
    Markdown file is refused.

    Exit status: 0 created, 1 a book is there already, 2 usage error.
    """

    static let check = """
    folio check — check a built site's manifest, pages and links, for CI

    Usage: folio check [PATH] [--format text|json|github] [--strict]

    Arguments:
      PATH                   A built site, a book folder (built to a temporary folder
                             first), or a book's EPUB (checked with epubcheck too, when
                             it is installed); default: the current folder

    Options:
          --format F         text (default): file:line:col: error: message [rule]
                             json: one JSON array of diagnostics on stdout
                             github: GitHub Actions annotations on stdout
          --strict           Treat warnings as errors
      -h, --help             Show this help

    The rules and their ids are listed in the guide (content/10-checking.md). A summary line goes to stderr.

    Exit status: 0 clean, 1 errors (or warnings with --strict), 2 usage error.
    """

    static let serve = """
    folio serve — preview a book while you write it, with live reload

    Usage: folio serve [DIR] [--port N] [--host H] [--open]

    Arguments:
      DIR                    The book folder (default: the current folder)

    Options:
      -p, --port N           The port (default: 3000, or the next free one); 0 picks any free port
          --host H           The address to listen on (default: 127.0.0.1); localhost means
                             both 127.0.0.1 and ::1
          --open             Open the book in the default browser
      -h, --help             Show this help

    The book is built into memory, never into the folder, and served from there. Each time a
    file of the book changes it is built again and the open pages reload, on the page they
    showed; a stylesheet is swapped without a reload. A build with errors prints them, shows
    them over the page in the browser and keeps the last good build. Ctrl-C stops the server.

    Exit status: 0 stopped, 2 usage error (a port that is taken, a host that is not this machine).
    """

    static func command(_ name: String) -> String? {
        switch name {
        case "serve": serve
        case "check": check
        case "init": initialize
        case "build": build
        case "help": general
        default: nil
        }
    }
}
