import CXML
import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import Foundation

/// The book as EPUB 3, fixed layout, made from the site: each page rendered through the theme's
/// `epub/page` template and made XHTML, the site's stylesheets as EPUB reads them
/// (`EPUBStylesheet`), its fonts and the images the pages show; the package, the navigation
/// document and the container; zipped deterministically.
enum EPUBBook {
    /// The file's place in the site: the book's title as a slug.
    static func path(title: String) -> String {
        slugify(title) + ".epub"
    }

    /// The closest EPUB has to a top-hinged book: its pages one at a time, turned sideways.
    static func warnings(_ options: BookOptions) -> [Diagnostic] {
        guard options.makesEPUB, options.reading.orientation == .vertical else { return [] }
        return [.warning("EPUB readers turn pages sideways: the EPUB shows this vertical book's pages one at a time, turned "
                         + (options.direction == .btt ? "right to left" : "left to right"), at: options.namedAt["orientation"],
                         hint: "the site turns them up as the book asks")]
    }

    /// The archive's bytes. `files` are the site's other files by path (stylesheets, fonts, the
    /// book's images), some of them `bookFiles`, some kept from the build before, in `kept`: there,
    /// the documents of the pages kept are those of the EPUB the build before made.
    static func archive(_ book: Book, documents: PageDocuments, paged: PagedBook, files: [String: SiteFile], bookFiles: BookFiles,
                        kept: KeptFiles?) throws -> Data {
        let (options, pages, geometry) = (book.options, paged.pages, paged.geometry)
        var names = documents.bookShared
        names["root"] = .string(SiteLayout.pageToRoot)
        names["geometry"] = .string(SiteLayout.geometry)
        names["viewport"] = .string("width=\(Int(geometry.width)), height=\(Int(geometry.height))")
        let shared = TemplateValue.object(names)
        let template = try documents.theme.templates.template("epub/page", specialisedOver: shared, ownNames: PageDocuments.ownNames)
        let images = Set(files.keys.filter { ["png", "jpg", "jpeg", "gif", "svg"].contains(fileExtension($0)) })
        let earlier = try kept.flatMap { kept in kept.pages.isEmpty ? nil : try earlierDocuments(kept, at: path(title: book.title)) } ?? [:]
        xmlInitParser()
        let made = try Array(pages.indices).parallelMap { index in
            Result {
                let page = pages[index]
                if kept?.pages.contains(page.number) == true {
                    guard let document = earlier[EPUBPackage.document(of: page.url)] else {
                        throw FileAccessError(path: path(title: book.title), reason: "the EPUB in the output folder changed during the build; build again")
                    }
                    return XHTMLDocument(kept: document)
                }
                let html = try documents.theme.render(template, shared: shared, documents.values(of: page, content: documents.content(of: page), pages: pages))
                return try XHTMLDocument(String(decoding: html, as: UTF8.self), link: { link($0, from: page.url, url: options.url) }, image: { source in
                    relativeLink(source, from: page.url).flatMap(\.path).map(images.contains) ?? false
                })
            }
        }.map { try $0.get() }

        var entries = [ZipArchive.Entry]()
        var properties: [String: Set<String>] = [:]
        var shown = Set<String>()
        for (page, document) in zip(pages, made) {
            let path = EPUBPackage.document(of: page.url)
            entries.append(ZipArchive.Entry(path: path, data: document.data))
            properties[path] = document.properties
            shown.formUnion(document.images.compactMap { relativeLink($0, from: page.url)?.path })
        }
        let stylesheets = [SiteLayout.stylesheet] + options.stylesheets + [SiteLayout.geometry]
        let fonts = files.keys.filter { $0.hasPrefix(SiteLayout.font("")) }
        var resources: [EPUBPackage.Item] = []
        let cover = options.cover.map(SiteLayout.assetURL)
        for path in (stylesheets + fonts.sorted() + shown.sorted()) where files[path] != nil {
            let file = files[path]!
            var data = if case .kept = file.contents, let kept { try kept.read(path) } else { try file.bytes(from: bookFiles) }
            switch fileExtension(path) {
            case "css": data = Data(EPUBStylesheet.lowered(String(decoding: data, as: UTF8.self)).utf8)
            case "svg": data = svgWithoutDoctype(data) ?? data
            default: break
            }
            entries.append(ZipArchive.Entry(path: path, data: data))
            resources.append(EPUBPackage.Item(path: path, mediaType: mediaType(of: path), properties: path == cover ? ["cover-image"] : []))
        }

        let strings = documents.theme.strings.values
        let package = EPUBPackage(
            title: book.title, options: options, identifier: bookIdentifier(title: book.title, options: options), geometry: geometry,
            pages: pages.map { (EPUBPackage.document(of: $0.url), $0.side, paged.numbering.label(of: $0.number)) },
            properties: properties, resources: resources,
            contents: ContentsLink.tree(book.contents, chapters: documents.chapters, paged: paged),
            contentsTitle: strings["contents"] ?? "Contents", pagesTitle: strings["pages"] ?? "Pages")
        let inFolder = entries.map { ZipArchive.Entry(path: EPUBPackage.folder + "/" + $0.path, data: $0.data) }
        return try ZipArchive([
            ZipArchive.Entry(path: "mimetype", data: Data("application/epub+zip".utf8), stored: true),
            ZipArchive.Entry(path: "META-INF/container.xml", data: Data(EPUBPackage.container.utf8)),
            ZipArchive.Entry(path: EPUBPackage.packagePath, data: Data(package.packageDocument.utf8)),
            ZipArchive.Entry(path: EPUBPackage.folder + "/" + EPUBPackage.navigation, data: Data(package.navigationDocument.utf8)),
        ] + inFolder).data()
    }

    /// The content documents of the EPUB the build before left, by their paths in the package.
    private static func earlierDocuments(_ kept: KeptFiles, at epub: String) throws -> [String: Data] {
        let archive = try ZipArchive.read(kept.read(epub)).get()
        let prefix = EPUBPackage.folder + "/"
        return Dictionary(archive.entries.filter { $0.path.hasPrefix(prefix) }.map { (String($0.path.dropFirst(prefix.count)), $0.data) }) { first, _ in first }
    }

    /// A link of a page's document in the EPUB: within the page, outside the book, or to another
    /// page's document; to another file of the site at its address on the web when the book has
    /// one, else none.
    private static func link(_ href: String, from page: String, url: String?) -> String? {
        if href.hasPrefix("#") || isExternal(href) { return href }
        guard let target = relativeLink(href, from: page), let path = target.path else { return nil }
        if SiteLayout.page(at: path) != nil {
            return EPUBPackage.document(of: target.written) + (target.fragment.map { "#" + $0 } ?? "")
        }
        return url.map { $0 + uriReference(path) }
    }
}
