import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// `manifest.json`: a Readium Web Publication Manifest of the paged book. The reading order is
/// the page documents, each on its side of the spine; the contents nest parts, chapters and
/// headings; every page is in the page list. Folio's reading options go in as `FolioTerm`s.
struct PublicationManifest: Sendable {
    var title: String
    var options: BookOptions
    var contents: [ContentsEntry]
    var chapters: [ChapterID: ParsedChapter]
    var paged: PagedBook
    var links: PageLinks
    /// Every file of the site besides the page documents, for `resources`.
    var resources: [String]

    static let manifestType = "application/webpub+json"

    var json: Data {
        let selfLink: JSONOutput = .object([
            ("rel", "self"), ("href", .string((options.url ?? "") + SiteLayout.manifest)), ("type", .string(Self.manifestType)),
        ])
        let resourceList: [JSONOutput] = resources.map { .object([("href", .string(uriReference($0))), ("type", .string(mediaType(of: $0)))]) }
        let (pages, numbering) = (paged.pages, paged.numbering)
        let pageList: JSONOutput = .generated(count: pages.count) {
            .object([("href", .string(uriReference(pages[$0].url))), ("title", .string(numbering.label(of: pages[$0].number)))])
        }
        let manifest: JSONOutput = .object([
            ("@context", "https://readium.org/webpub-manifest/context.jsonld"),
            ("metadata", metadata),
            ("links", .array([selfLink] + epubLink)),
            ("readingOrder", .generated(count: pages.count) { [self] in readingOrderEntry(pages[$0]) }),
            ("resources", .array(resourceList)),
            ("toc", .array(ContentsLink.tree(contents, chapters: chapters, paged: paged).map(\.json))),
            ("pageList", pageList),
            ("landmarks", .array(landmarks)),
        ])
        // Compact: the reader loads it when it opens, and a big book's is a third smaller so.
        return manifest.data(indent: nil, after: "\n")
    }

    /// The book's EPUB, when it makes one, as an alternate form of the publication.
    private var epubLink: [JSONOutput] {
        guard options.makesEPUB else { return [] }
        return [.object([("rel", "alternate"), ("href", .string(uriReference(EPUBBook.path(title: title)))), ("type", "application/epub+zip")])]
    }

    private var metadata: JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("@type", "http://schema.org/Book"),
            ("title", .string(title)),
            ("identifier", .string(bookIdentifier(title: title, options: options))),
            ("language", .string(options.language)),
        ]
        if !options.authors.isEmpty { members.append(("author", .array(options.authors.map(JSONOutput.string)))) }
        if let description = options.description { members.append(("description", .string(description))) }
        if let modified = options.modified { members.append(("modified", .string(modified))) }
        let direction = options.direction
        members += [
            ("layout", "fixed"),
            ("readingProgression", direction == .rtl || direction == .btt ? "rtl" : "ltr"),
            ("numberOfPages", .int(paged.pages.count)),
            (FolioTerm.transition.rawValue, .string(options.reading.transition.rawValue)),
            (FolioTerm.orientation.rawValue, .string(options.reading.orientation.rawValue)),
            (FolioTerm.spine.rawValue, .string(options.reading.spine.rawValue)),
            (FolioTerm.doubleSided.rawValue, .bool(options.reading.doubleSided)),
            (FolioTerm.direction.rawValue, .string(direction.rawValue)),
            (FolioTerm.pageSize.rawValue, .object([("width", .int(Int(paged.geometry.width))), ("height", .int(Int(paged.geometry.height)))])),
        ]
        return .object(members)
    }

    private func readingOrderEntry(_ page: Page) -> JSONOutput {
        var entry: [(String, JSONOutput)] = [("href", .string(uriReference(page.url))), ("type", "text/html")]
        if let title = links.title(of: page) { entry.append(("title", .string(title))) }
        entry.append(("properties", .object([("page", .string(page.side.rawValue))])))
        return .object(entry)
    }

    private var landmarks: [JSONOutput] {
        var marks: [JSONOutput] = []
        func mark(_ href: String, _ title: String, _ rel: String) {
            marks.append(.object([("href", .string(uriReference(href))), ("title", .string(title)), ("rel", .string(rel))]))
        }
        let first = { (kind: Page.Kind) in paged.pages.first { $0.kind == kind } }
        if let cover = first(.cover) { mark(cover.url, links.title(of: cover) ?? title, "cover") }
        mark(first(.contents)?.url ?? SiteLayout.contents, links.generatedTitles[.contents] ?? "Contents", "contents")
        if let start = first(.text) { mark(start.url, links.title(of: start) ?? title, "start") }
        return marks
    }
}

/// The book's identifier: its `identifier`, or a name it keeps while its title and authors do,
/// `urn:folio:` and a hash of them.
func bookIdentifier(title: String, options: BookOptions) -> String {
    if let identifier = options.identifier { return identifier }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in ([title] + options.authors).joined(separator: "\u{0}").utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "urn:folio:" + String(repeating: "0", count: 16 - hex.count) + hex
}
