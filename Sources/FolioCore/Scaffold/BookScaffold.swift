import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch

/// The starter book `folio init` writes: book.yml with every option, two chapters, an image.
public func bookScaffold(title: String) -> [String: String] {
    [
        "book.yml": """
        # book.yml — every key is optional; the commented lines show the defaults.
        title: \(yamlQuoted(title))
        # authors: [A. Writer]
        # description: What the book is about.
        # url: https://example.com/my-book/   # where it is published: absolute sitemap, manifest link
        # identifier: urn:isbn:9780000000000  # the manifest's identifier (default: from title and authors)
        # modified: 2026-01-31T12:00:00Z      # the manifest's date (none by default: builds stay identical)
        # language: en              # BCP 47; sets the default direction and the UI strings
        # chapters: [01-first-steps.md, 02-pictures-and-links.md]   # reading order without SUMMARY.md

        # reading:
        #   transition: curl        # curl | scroll
        #   orientation: horizontal # horizontal | vertical
        #   spine: auto             # auto | min | mid | max | none
        #   direction: ltr          # ltr | rtl | ttb | btt (default from orientation and language)
        #   double-sided: true      # a turning page shows the next page on its back

        # page:
        #   size: pocket            # pocket | a5 | square | [width, height] in CSS px
        #   chapter-start: recto    # any | recto
        #   title-page: true        # a generated title page before the first chapter
        #   contents-page: true     # a generated contents page after it
        #   justify: true           # text flush on both sides, hyphenated; false: ragged right

        # cover: images/pages.svg   # a front cover: an image or a .md file
        # fonts:                    # font files of the book's own, in place of the theme's faces
        #   regular: fonts/Literata-Regular.ttf   # and italic, bold, bold-italic, mono, mono-bold

        # markdown:
        #   smart-punctuation: true
        #   raw-html: false         # cmark's safe mode unless you opt in
        #   math: false             # TeX between $…$ or $$…$$, rendered to MathML when the book is built
        #   admonitions: true       # `> [!NOTE]` quotes become asides
        #   definition-lists: true  # a term, then `: definition` lines

        # offline: true             # a service worker keeps the book for reading offline; installable

        """,
        "01-first-steps.md": """
        # First steps

        This is the first chapter of *\(title)*. Each Markdown file in this folder is a chapter;
        the numbers in front of the file names set their order.

        Build the book with `folio build`, then open `_site/index.html`.

        The [next chapter](02-pictures-and-links.md#pictures) shows an image.

        """,
        "02-pictures-and-links.md": """
        # Pictures and links

        ## Pictures

        Images sit beside the chapters and are linked by relative paths:

        ![Two facing pages](images/pages.svg)

        ## Links

        A link to another chapter's `.md` file, such as [the first chapter](01-first-steps.md),
        becomes a link to its page; a link to a missing chapter or heading is a build error.

        """,
        "images/pages.svg": """
        <svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200">
          <title>Two facing pages</title>
          <rect x="20" y="20" width="138" height="160" rx="4" fill="#fdfaf3" stroke="#8a7f6a"/>
          <rect x="162" y="20" width="138" height="160" rx="4" fill="#fdfaf3" stroke="#8a7f6a"/>
          <path d="M160 20v160" stroke="#5c5444" stroke-width="2"/>
          <g stroke="#b9ae98" stroke-width="3" stroke-linecap="round">
            <path d="M38 50h100M38 66h100M38 82h80M180 50h100M180 66h100M180 82h60"/>
          </g>
        </svg>

        """,
    ]
}

/// A YAML double-quoted scalar, so any title reads back as written: JSON's string escapes are
/// YAML's too.
func yamlQuoted(_ text: String) -> String {
    JSONOutput.string(text).text()
}
