import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

private func decode(_ yaml: String) throws -> BookOptions {
    try BookOptions.decode(parseYAML(yaml, file: "book.yml"), file: "book.yml")
}

/// Every problem `book.yml` has, as `line:col: message`, each followed by its hint if any.
private func problems(_ yaml: String) -> [String] {
    do {
        _ = try decode(yaml)
        return []
    } catch let error as DiagnosticsError {
        return error.diagnostics.flatMap { problem in
            let place = problem.location.map { "\($0.line):\($0.column)" } ?? "?"
            return ["\(place): \(problem.message)"] + (problem.hint.map { ["hint: \($0)"] } ?? [])
        }
    } catch {
        return ["\(error)"]
    }
}

@Suite struct OptionsDecodingTests {
    @Test(arguments: ["", "# nothing yet\n", "---\n"])
    func emptyFileGivesDefaults(yaml: String) throws {
        #expect(try decode(yaml) == BookOptions())
    }

    @Test func noFileGivesDefaults() throws {
        #expect(try BookOptions.decode(nil, file: "book.yml") == BookOptions())
    }

    @Test func defaults() {
        let options = BookOptions()
        #expect(options.language == "en")
        #expect(options.reading == ReadingOptions())
        #expect(options.page.size == .pocket)
        #expect(options.page.chapterStart == .recto)
        #expect(options.markdown.smartPunctuation && !options.markdown.rawHTML)
    }

    @Test func designExample() throws {
        let options = try decode("""
            title: The Little Book of Pages
            authors: [A. Writer]
            description: Pages that turn.
            language: en
            chapters: [intro.md, part/one.md]
            reading:
              transition: curl
              orientation: horizontal
              spine: auto
              direction: ltr
              double-sided: true
            page:
              size: pocket
              chapter-start: recto
            cover: images/cover.jpg
            markdown:
              smart-punctuation: true
              raw-html: false
            """)
        var expected = BookOptions()
        expected.title = "The Little Book of Pages"
        expected.authors = ["A. Writer"]
        expected.description = "Pages that turn."
        expected.chapters = ["intro.md", "part/one.md"]
        expected.reading.direction = .ltr
        expected.cover = "images/cover.jpg"
        expected.namedAt = [
            "intro.md": FolioBase.SourceLocation(file: "book.yml", line: 5, column: 12),
            "part/one.md": FolioBase.SourceLocation(file: "book.yml", line: 5, column: 22),
            "images/cover.jpg": FolioBase.SourceLocation(file: "book.yml", line: 15, column: 8),
        ]
        #expect(options == expected)
    }

    @Test func title() throws {
        #expect(try decode("title: 1984").title == "1984")
    }

    @Test func oneAuthor() throws {
        #expect(try decode("authors: A. Writer").authors == ["A. Writer"])
    }

    @Test func authors() throws {
        #expect(try decode("authors:\n  - A\n  - B").authors == ["A", "B"])
    }

    @Test func language() throws {
        #expect(try decode("language: zh-Hant-TW").language == "zh-Hant-TW")
    }

    @Test func norwegianIsNotFalse() throws {
        #expect(try decode("language: no").language == "no")
    }

    @Test func verticalReading() throws {
        let reading = try decode("reading: {orientation: vertical, direction: btt, spine: max}").reading
        #expect(reading.orientation == .vertical && reading.direction == .btt && reading.spine == .max)
    }

    @Test func singleSided() throws {
        #expect(try decode("reading:\n  double-sided: false").reading.doubleSided == false)
    }

    @Test func scrolling() throws {
        let reading = try decode("reading:\n  transition: scroll\n  spine: none").reading
        #expect(reading.transition == .scroll && reading.spine == .none)
    }

    @Test(arguments: [("a5", PageOptions.Size.a5), ("square", .square), ("[600, 800]", .custom(width: 600, height: 800))])
    func pageSize(yaml: String, size: PageOptions.Size) throws {
        #expect(try decode("page:\n  size: \(yaml)").page.size == size)
    }

    @Test func chapterStartAny() throws {
        #expect(try decode("page:\n  chapter-start: any").page.chapterStart == .any)
    }

    @Test func rawHTML() throws {
        let markdown = try decode("markdown:\n  raw-html: TRUE\n  smart-punctuation: false").markdown
        #expect(markdown.rawHTML && !markdown.smartPunctuation)
    }

    @Test func mathIsOffUnlessAskedFor() throws {
        #expect(BookOptions().markdown.math == MathDelimiters.none)
        #expect(try decode("markdown:\n  math: true").markdown.math == .dollars)
        #expect(try decode("markdown:\n  math: false").markdown.math == MathDelimiters.none)
    }

    @Test func admonitionsAndDefinitionListsTurnOff() throws {
        #expect(BookOptions().markdown.admonitions && BookOptions().markdown.definitionLists)
        let markdown = try decode("markdown:\n  admonitions: false\n  definition-lists: false").markdown
        #expect(!markdown.admonitions && !markdown.definitionLists)
    }

    @Test func emptyValuesKeepDefaults() throws {
        #expect(try decode("title:\nreading:\npage:\n  size: ~") == BookOptions())
    }
}

@Suite struct OptionsErrorTests {
    @Test(arguments: [
        ("titel: x", "1:1: unknown key `titel`; did you mean `title`? (accepted: title, authors, description, identifier, modified, url, language, languages, chapters, reading, page, cover, fonts, markdown, outputs, default-theme, offline)"),
        ("fonts:\n  serif: a.ttf", "2:3: unknown key `fonts.serif` (accepted: regular, italic, bold, bold-italic, mono, mono-bold)"),
        ("reading:\n  spin: mid", "2:3: unknown key `reading.spin`; did you mean `spine`? (accepted: transition, orientation, spine, direction, double-sided)"),
        ("reading:\n  speed: 2", "2:3: unknown key `reading.speed` (accepted: transition, orientation, spine, direction, double-sided)"),
        ("page:\n  Size: a5", "2:3: unknown key `page.Size`; did you mean `size`? (accepted: size, chapter-start, title-page, contents-page, justify)"),
        ("markdown:\n  smart_punctuation: false", "2:3: unknown key `markdown.smart_punctuation`; did you mean `smart-punctuation`? (accepted: smart-punctuation, raw-html, math, admonitions, definition-lists)"),
        ("? [a]\n: b", "1:3: a key must be a name, not a list"),
    ])
    func unknownKey(yaml: String, message: String) {
        #expect(problems(yaml) == [message])
    }

    @Test func topLevelMustBeAMapping() {
        #expect(problems("- a") == [
            "1:1: the top level must be a mapping, not a list",
            "hint: write one `key: value` per line, such as `title: My Book`",
        ])
    }

    @Test(arguments: [
        ("title: [a]", "1:8: `title` must be a string, not a list"),
        ("description: {a: b}", "1:14: `description` must be a string, not a mapping"),
        ("authors: {a: b}", "1:10: `authors` must be a string or a list of strings, not a mapping"),
        ("authors: [a, [b]]", "1:14: `authors` must be a string or a list of strings, not a list"),
        ("reading: yes", "1:10: `reading` must be a mapping, not `yes`"),
        ("reading:\n  double-sided: yes", "2:17: `reading.double-sided` must be true or false, not `yes`"),
        ("markdown:\n  raw-html: 'true'", "2:13: `markdown.raw-html` must be true or false, not `true`"),
        ("markdown:\n  definition-lists: no", "2:21: `markdown.definition-lists` must be true or false, not `no`"),
        ("offline: yes", "1:10: `offline` must be true or false, not `yes`"),
        ("cover: [a.jpg]", "1:8: `cover` must be a relative path inside the book folder, not a list"),
        ("reading: this is not a mapping but a long sentence about reading", "1:10: `reading` must be a mapping, not `this is not a mapping but a long sentenc…`"),
    ])
    func wrongType(yaml: String, message: String) {
        #expect(problems(yaml).first == message)
    }

    @Test(arguments: [
        ("reading:\n  spine: middle", "2:10: `reading.spine` must be one of auto, min, mid, max, none, not `middle`"),
        ("reading:\n  spine: nome", "2:10: `reading.spine` must be one of auto, min, mid, max, none, not `nome`; did you mean `none`?"),
        ("reading:\n  transition: flip", "2:15: `reading.transition` must be one of curl, scroll, not `flip`"),
        ("reading:\n  orientation: Vertical", "2:16: `reading.orientation` must be one of horizontal, vertical, not `Vertical`; did you mean `vertical`?"),
        ("reading:\n  direction: [ltr]", "2:14: `reading.direction` must be one of ltr, rtl, ttb, btt, not a list"),
        ("page:\n  chapter-start: verso", "2:18: `page.chapter-start` must be one of any, recto, not `verso`"),
        ("page:\n  size: letter", "2:9: `page.size` must be one of pocket, a5, square, [width, height], not `letter`"),
    ])
    func badChoice(yaml: String, message: String) {
        #expect(problems(yaml) == [message])
    }

    @Test(arguments: [
        ("page:\n  size: [600]", "2:9: `page.size` must be [width, height], not a list of 1"),
        ("page:\n  size: [10, 800]", "2:10: `page.size` must be a whole number of CSS px from 160 to 4096, not `10`"),
        ("page:\n  size: [600, 800.5]", "2:15: `page.size` must be a whole number of CSS px from 160 to 4096, not `800.5`"),
        ("page:\n  size: [600, 5000]", "2:15: `page.size` must be a whole number of CSS px from 160 to 4096, not `5000`"),
    ])
    func badPageSize(yaml: String, message: String) {
        #expect(problems(yaml) == [message])
    }

    @Test(arguments: [
        ("language: english", "1:11: `language` must be a BCP 47 language tag such as en, pt-BR or zh-Hant, not `english`"),
        ("language: en_US", "1:11: `language` must be a BCP 47 language tag such as en, pt-BR or zh-Hant, not `en_US`"),
        ("language: en-", "1:11: `language` must be a BCP 47 language tag such as en, pt-BR or zh-Hant, not `en-`"),
    ])
    func badLanguage(yaml: String, message: String) {
        #expect(problems(yaml) == [message])
    }

    @Test(arguments: ["sr-Latn-RS", "de-CH-1996", "en-US-x-house", "x-klingon", "zh-yue-HK", "es-419"])
    func wellFormedLanguage(tag: String) throws {
        #expect(try decode("language: \(tag)").language == tag)
    }

    @Test(arguments: [
        ("chapters: a.md", "1:11: `chapters` must be a list of .md files inside the book folder, as relative paths, not `a.md`"),
        ("chapters: [/b.md]", "1:12: `chapters` must be a list of .md files inside the book folder, as relative paths, not `/b.md`"),
        ("chapters: [x/../../c.md]", "1:12: `chapters` must be a list of .md files inside the book folder, as relative paths, not `x/../../c.md`"),
        ("chapters: [d.txt]", "1:12: `chapters` must be a list of .md files inside the book folder, as relative paths, not `d.txt`"),
        ("chapters: [a.md, a.md]", "1:18: `chapters` lists `a.md` twice"),
        ("cover: /x.jpg", "1:8: `cover` must be a relative path inside the book folder, not `/x.jpg`"),
    ])
    func badPath(yaml: String, message: String) {
        #expect(problems(yaml) == [message])
    }

    @Test func everyProblemIsReported() {
        #expect(problems("titel: x\nreading:\n  spine: middle\nlanguage: english").count == 3)
    }
}

@Suite struct OptionsReadingRuleTests {
    @Test(arguments: [
        ("reading:\n  spine: mid\n  double-sided: false", [
            "2:3: `spine: mid` shows two pages facing each other, so it needs `double-sided: true`",
            "hint: set `double-sided: true`, or use `spine: min` or `spine: max`",
        ]),
        ("reading:\n  transition: scroll\n  spine: mid", [
            "2:3: `transition: scroll` slides pages without a spine, so it needs `spine: none` (or `auto`), not `mid`",
            "hint: set `spine: none` or leave `spine` out, or use `transition: curl`",
        ]),
        ("reading:\n  spine: none", [
            "2:3: `spine: none` leaves no edge for pages to curl about, so it needs `transition: scroll`",
            "hint: set `transition: scroll`, or use another spine such as `auto`",
        ]),
        ("reading:\n  orientation: vertical\n  direction: rtl", [
            "3:3: `direction: rtl` is for horizontal books, but this book is vertical",
            "hint: use `direction: ttb` or `btt`, or set `orientation: horizontal`",
        ]),
        ("reading:\n  direction: btt", [
            "2:3: `direction: btt` is for vertical books, but this book is horizontal",
            "hint: use `direction: ltr` or `rtl`, or set `orientation: vertical`",
        ]),
        ("reading:\n  direction: rtl\n  spine: min", [
            "3:3: `spine: min` binds the book at the left edge, but it reads right to left",
            "hint: use `spine: max` or `auto`, or set `direction: ltr`",
        ]),
        ("language: ar\nreading:\n  spine: min", [
            "3:3: `spine: min` binds the book at the left edge, but it reads right to left (the default for `language: ar`)",
            "hint: use `spine: max` or `auto`, or set `direction: ltr`",
        ]),
        ("reading:\n  spine: max", [
            "2:3: `spine: max` binds the book at the right edge, but it reads left to right (the default for `language: en`)",
            "hint: use `spine: min` or `auto`, or set `direction: rtl`",
        ]),
        ("reading:\n  orientation: vertical\n  spine: max", [
            "3:3: `spine: max` binds the book at the bottom edge, but it reads top to bottom (the default for vertical books)",
            "hint: use `spine: min` or `auto`, or set `direction: btt`",
        ]),
        ("reading:\n  orientation: vertical\n  direction: btt\n  spine: min", [
            "4:3: `spine: min` binds the book at the top edge, but it reads bottom to top",
            "hint: use `spine: max` or `auto`, or set `direction: ttb`",
        ]),
    ])
    func illegalCombination(yaml: String, expected: [String]) {
        #expect(problems(yaml) == expected)
    }

    @Test(arguments: [
        "reading:\n  spine: mid",
        "reading:\n  transition: scroll",
        "reading:\n  transition: scroll\n  spine: none",
        "reading:\n  direction: rtl\n  spine: max",
        "reading:\n  orientation: vertical\n  spine: min",
        "reading:\n  orientation: vertical\n  direction: btt\n  spine: max",
        "reading:\n  double-sided: false",
    ])
    func legalCombination(yaml: String) {
        #expect(problems(yaml) == [])
    }

    @Test func misspeltValueIsNotJudgedAgain() {
        #expect(problems("reading:\n  transition: scrol\n  spine: none") == [
            "2:15: `reading.transition` must be one of curl, scroll, not `scrol`; did you mean `scroll`?",
        ])
    }
}

@Suite struct OptionsDirectionTests {
    @Test(arguments: [
        ("en", ReadingOptions.Direction.ltr), ("ja", .ltr), ("ar", .rtl), ("ar-EG", .rtl), ("he", .rtl), ("fa-IR", .rtl),
        ("ur", .rtl), ("yi", .rtl), ("ckb", .rtl), ("AR", .rtl), ("az-Arab", .rtl), ("sd-Deva", .ltr), ("x-ar", .ltr),
    ])
    func horizontalFollowsLanguage(language: String, direction: ReadingOptions.Direction) {
        var options = BookOptions()
        options.language = language
        #expect(options.direction == direction)
    }

    @Test func verticalReadsTopToBottom() {
        var options = BookOptions()
        options.language = "ar"
        options.reading.orientation = .vertical
        #expect(options.direction == .ttb)
    }

    @Test func writtenDirectionWins() {
        var options = BookOptions()
        options.language = "ar"
        options.reading.direction = .ltr
        #expect(options.direction == .ltr)
    }
}

/// The keys that say where and what the published book is: `url`, `identifier`, `modified`.
struct PublicationOptionsTests {
    func decode(_ yaml: String) throws -> BookOptions {
        try BookOptions.decode(parseYAML(yaml, file: "book.yml"), file: "book.yml")
    }

    func problem(_ yaml: String) -> String? {
        do {
            _ = try decode(yaml)
            return nil
        } catch let error as DiagnosticsError {
            return error.diagnostics.first?.description
        } catch {
            return "\(error)"
        }
    }

    @Test func urlGainsItsFinalSlash() throws { #expect(try decode("url: https://example.com/book").url == "https://example.com/book/") }
    @Test func urlMustBeAbsolute() {
        #expect(problem("url: /book/") == "book.yml:1:6: error: `url` must be an absolute http or https URL, such as https://example.com/book/, not `/book/`")
    }
    @Test func identifierIsAURI() throws { #expect(try decode("identifier: urn:isbn:9780000000000").identifier == "urn:isbn:9780000000000") }
    @Test func identifierWithoutASchemeIsRefused() {
        #expect(problem("identifier: 978-0") == "book.yml:1:13: error: `identifier` must be an absolute URI, such as urn:isbn:9780000000000, not `978-0`")
    }
    @Test func modifiedIsADateTime() throws { #expect(try decode("modified: 2026-01-31T12:00:00Z").modified == "2026-01-31T12:00:00Z") }
    @Test func modifiedNeedsATime() {
        #expect(problem("modified: 2026-01-31") == "book.yml:1:11: error: `modified` must be a date-time such as 2026-01-31T12:00:00Z, not `2026-01-31`")
    }
    @Test func titleAndContentsPagesCanBeTurnedOff() throws {
        let page = try decode("page: {title-page: false, contents-page: false}").page
        #expect(!page.titlePage && !page.contentsPage)
    }
    @Test func justifiedUnlessTurnedOff() throws {
        #expect(try decode("title: T").page.justify)
        #expect(try !decode("page: {justify: false}").page.justify)
    }
    @Test func offlineUnlessTurnedOff() throws {
        #expect(try decode("title: T").offline)
        #expect(try !decode("offline: false").offline)
    }
}
