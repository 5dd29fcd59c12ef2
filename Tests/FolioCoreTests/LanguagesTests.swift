import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCore
@testable import FolioOptions

/// A book in many languages (`languages:` in book.yml), built from `Tests/Fixtures/languages`:
/// English at the site's root, Chinese and Arabic each a book of their own in their folders.
struct LanguagesTests {
    /// A book built into a scratch folder, `body` given the site's folder: the fixture's, or one of
    /// `files` with an English chapter and its French translation, the French in `fr/`.
    private static func withBuiltSite(_ files: [String: String]? = nil, _ body: (URL) throws -> Void) throws {
        let scratch = try Scratch()
        let book = try files.map { files in
            try scratch.write(files.merging(["fr/one.md": "# Un\n\nLa rivière prend sa source dans les collines.\n"]) { $1 }, under: "book")
        } ?? scratch.copy(FixtureBookTests.fixtures.appendingPathComponent("languages/book"), as: "book")
        let site = scratch.url.appendingPathComponent("site")
        _ = try buildBook(at: book.path, output: site.path)
        try withExtendedLifetime(scratch) { try body(site) }
    }

    private static func text(_ path: String, in site: URL) throws -> String {
        try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    /// The metadata of the manifest of the book in `folder` of the site.
    private static func metadata(_ folder: String, in site: URL) throws -> JSONNode? {
        try parseJSON(Data(contentsOf: site.appendingPathComponent(folder + SiteLayout.manifest)), file: SiteLayout.manifest)["metadata"]
    }

    /// Every page document of the site, by its path in it.
    private static func pages(in site: URL) throws -> [String] {
        let files = try #require(FileManager.default.subpaths(atPath: site.path))
        return files.filter { path in
            let inBook = path.split(separator: "/").drop { ["zh", "ar"].contains($0) }.joined(separator: "/")
            return SiteLayout.page(at: inBook) != nil
        }.sorted()
    }

    @Test func eachLanguageIsABookOfItsOwnInItsFolder() throws {
        try Self.withBuiltSite { site throws in
            for (folder, language, title) in [("", "en", "The River Town"), ("zh/", "zh", "河边小镇"), ("ar/", "ar", "بلدة النهر")] {
                let metadata = try Self.metadata(folder, in: site)
                #expect(metadata?["title"]?.string == title)
                #expect(metadata?["language"]?.string == language)
                for file in [SiteLayout.index, SiteLayout.contents, SiteLayout.sitemap, SiteLayout.searchIndex] {
                    #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(folder + file).path), "\(folder)\(file)")
                }
            }
            // The translations read their own text, and use the book's image by the path the original does.
            #expect(try Self.text("zh/the-bridge/1.html", in: site).contains("这座古老的石桥有五个桥拱"))
            #expect(try Self.text("ar/al-jisr/1.html", in: site).contains("../assets/book/images/bridge.svg"))
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("ar/assets/book/images/bridge.svg").path))
            // The translations' folders are not chapters of the English book.
            #expect(try Self.pages(in: site).filter { !$0.hasPrefix("zh/") && !$0.hasPrefix("ar/") && $0.contains("al-") }.isEmpty)
        }
    }

    @Test func everyAlternateLeadsToThePageOfItsLanguage() throws {
        try Self.withBuiltSite { site throws in
            let alternate = #/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/#
            let language = #/<html lang="([^"]+)"/#
            var checked = 0
            for path in try Self.pages(in: site) {
                let document = try Self.text(path, in: site)
                let own = try #require(document.firstMatch(of: language)).1
                let links = document.matches(of: alternate).map { (String($0.1), String($0.2)) }
                // Every page has a counterpart in each other language and the default one.
                #expect(Set(links.map(\.0)) == Set(["en", "zh", "ar", "x-default"]).subtracting([String(own)]), "\(path)")
                for (hreflang, href) in links {
                    let target = lexicallyNormalized((path as NSString).deletingLastPathComponent + "/" + href)
                    let linked = try Self.text(target, in: site)
                    #expect(linked.contains("<html lang=\"\(hreflang == "x-default" ? "en" : hreflang)\""), "\(path) → \(href)")
                    // The counterpart is its chapter's first page.
                    #expect(target.hasSuffix("/1.html"), "\(path) → \(href)")
                    checked += 1
                }
            }
            #expect(checked > 30)
            // The third chapter in Chinese is the third in Arabic, whatever its file is called.
            #expect(try Self.text("zh/the-town/1.html", in: site).contains(#"hreflang="ar" href="../../ar/al-balda/1.html""#))
        }
    }

    @Test func theSitemapsNameEachPagesCounterparts() throws {
        try Self.withBuiltSite { site throws in
            let sitemap = try Self.text("ar/\(SiteLayout.sitemap)", in: site)
            #expect(sitemap.contains(#"xmlns:xhtml="http://www.w3.org/1999/xhtml""#))
            #expect(sitemap.contains(#"<url><loc>al-nahr/1.html</loc><xhtml:link rel="alternate" hreflang="en" href="../the-river/1.html"/>"#
                                     + #"<xhtml:link rel="alternate" hreflang="zh" href="../zh/the-river/1.html"/>"#))
        }
    }

    @Test func withTheSitesURLTheCounterpartsAreAbsoluteAndTheTranslationsUnderIt() throws {
        let book = ["book.yml": "url: https://example.com/river/\nlanguages:\n  en: .\n  fr: fr\n", "one.md": "# One\n\nThe river rises in the hills.\n"]
        try Self.withBuiltSite(book) { site throws in
            #expect(try Self.text("one/1.html", in: site).contains(#"<link rel="alternate" hreflang="fr" href="https://example.com/river/fr/one/1.html">"#))
            #expect(try Self.text("fr/\(SiteLayout.sitemap)", in: site).contains(
                #"<url><loc>https://example.com/river/fr/one/1.html</loc><xhtml:link rel="alternate" hreflang="en" href="https://example.com/river/one/1.html"/>"#))
        }
    }

    @Test func withoutTheBooksOwnFolderTheFirstLanguageIsTheDefaultAtTheSitesRoot() throws {
        try Self.withBuiltSite(["book.yml": "languages:\n  en: en\n  fr: fr\n", "en/one.md": "# One\n\nThe river rises in the hills.\n"]) { site throws in
            #expect(try Self.text("one/1.html", in: site).contains("The river rises"))
            #expect(try Self.text("fr/one/1.html", in: site).contains(#"<link rel="alternate" hreflang="x-default" href="../../one/1.html">"#))
            #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("en").path))
            // A book that gives no title takes its folder's name, in every language.
            #expect(try Self.metadata("fr/", in: site)?["title"]?.string == "Book")
        }
    }

    @Test func aSecondBuildWithNothingChangedStopsAfterLoadingEveryLanguage() throws {
        let scratch = try Scratch()
        let book = try scratch.copy(FixtureBookTests.fixtures.appendingPathComponent("languages/book"), as: "book")
        let site = scratch.url.appendingPathComponent("site")
        let first = try buildBook(at: book.path, output: site.path)
        let again = try buildBook(at: book.path, output: site.path)
        #expect(again.written == 0 && again.kept == first.pages)
        #expect(!again.times.phases.contains { $0.name == "render" }, "\(again.times.phases)")
    }

    @Test func noChapterOfTheBookTakesTheFolderOfATranslation() throws {
        try Self.withBuiltSite(["book.yml": "languages:\n  en: .\n  fr: fr\n", "fr.md": "# France\n\nThe river runs on into France.\n"]) { site throws in
            #expect(try Self.text("fr-1/1.html", in: site).contains("The river runs on into France."))
            #expect(try Self.text("fr/one/1.html", in: site).contains("La rivière"))
        }
    }

    @Test func theArabicBookReadsRightToLeft() throws {
        try Self.withBuiltSite { site throws in
            for (folder, progression) in [("", "ltr"), ("zh/", "ltr"), ("ar/", "rtl")] {
                #expect(try Self.metadata(folder, in: site)?["readingProgression"]?.string == progression, "\(folder)")
            }
            #expect(try Self.text("ar/al-nahr/1.html", in: site).contains(#"<html lang="ar" dir="rtl">"#))
            #expect(try Self.text("the-river/1.html", in: site).contains(#"<html lang="en" dir="ltr">"#))
        }
    }

    @Test func aTranslationIntoAScriptThatRunsTheOtherWayMirrorsItsDirectionAndSpine() {
        var options = BookOptions()
        (options.reading.direction, options.reading.spine) = (.ltr, .min)
        let arabic = options.translated(to: "ar")
        #expect(arabic.direction == .rtl && arabic.reading.spine == .max)
        #expect(arabic.readingRuleViolations(file: "book.yml", keys: [:]).isEmpty)
        let french = options.translated(to: "fr")
        #expect(french.direction == .ltr && french.reading.spine == .min)
    }

    /// What building a book of `files` reports, each as `file:line:col: error: …`; the build must
    /// fail and write no site.
    private static func errors(_ files: [String: String]) throws -> [String] {
        let scratch = try Scratch()
        let (book, site) = (try scratch.write(files, under: "book"), scratch.url.appendingPathComponent("site"))
        return try withExtendedLifetime(scratch) {
            let error = try #require(throws: DiagnosticsError.self) { try buildBook(at: book.path, output: site.path) }
            #expect(!FileManager.default.fileExists(atPath: site.path))
            return error.diagnostics.map(\.description)
        }
    }

    @Test func aLanguageCodeMustBeBCP47() throws {
        #expect(["en", "zh", "zh-Hant", "pt-BR", "es-419", "zh-Hant-TW", "ast"].allSatisfy(isLanguageCode))
        #expect(!["english", "e", "zh_CN", "zh-", "pt-BRA", "en-12", "x-klingon", ""].contains(where: isLanguageCode))
        let messages = try Self.errors(["book.yml": "languages:\n  en: .\n  chinese: zh\n  fr: ../fr\n", "one.md": "# One\n"])
        #expect(messages.contains { $0.hasPrefix("book.yml:3:3: error: `chinese` is not a language code") })
        #expect(messages.contains { $0.hasPrefix("book.yml:4:7: error: `languages.fr` must be a folder inside the book") })
    }

    @Test func eachLanguagesErrorsAreReportedTogetherAtTheirPlaces() throws {
        let messages = try Self.errors([
            "book.yml": "languages:\n  en: .\n  zh: zh\n  fr: fr\n  de: de\n",
            "one.md": "# One\n",
            "zh/dot.svg": #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#,
            "de/SUMMARY.md": "- [Eins](eins.md)\n",
            "de/book.yml": "language: fr\n",
        ])
        #expect(messages.contains("book.yml:3:7: error: the folder `zh` of `languages.zh` holds no chapters"))
        #expect(messages.contains("book.yml:4:7: error: the folder `fr` of `languages.fr` does not exist"))
        #expect(messages.contains("de/book.yml:1:11: error: `language` is `fr`, but `languages` gives this book to `de`"))
    }

    @Test func theBooksOwnLanguageIsItsCode() throws {
        let messages = try Self.errors(["book.yml": "language: fr\nlanguages:\n  en: .\n  de: de\n", "one.md": "# One\n", "de/one.md": "# Eins\n"])
        #expect(messages == ["book.yml:1:11: error: `language` is `fr`, but `languages` gives this book to `en`"])
    }

    @Test func aTranslationsChapterErrorIsNamedFromTheBooksFolder() throws {
        let messages = try Self.errors(["book.yml": "languages:\n  en: .\n  de: de\n", "one.md": "# One\n", "de/SUMMARY.md": "- [Eins](eins.md)\n"])
        #expect(messages.contains { $0.hasPrefix("de/SUMMARY.md:1:3: error: chapter `eins.md` does not exist") })
    }
}
