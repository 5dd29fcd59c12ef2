import FolioBase
import FolioBook
import FolioCore
import Foundation

/// `folio check` of a book's EPUB (`file`, as messages name it): the archive as EPUB asks
/// (`mimetype` first and stored, the container's package), every file the package lists, its spine
/// of content documents, against the site's pages when `pages` gives them (their site paths and
/// sides), the navigation document's contents and page list, which reach documents and ids the
/// EPUB has, and every link between its documents. `epubcheck` adds what it finds.
public func checkEPUB(_ data: Data, file: String, pages: [(path: String, side: String)]? = nil, epubcheck: [String]? = nil) -> CheckResult {
    var check = EPUBCheck(file: file)
    check.run(data, pages: pages)
    if let epubcheck { check.diagnostics += epubcheckFindings(epubcheck, data: data, file: file) }
    return CheckResult(diagnostics: check.diagnostics.sorted(by: reportingOrder), pages: check.spine.count, links: check.links)
}

struct EPUBCheck {
    let file: String
    var diagnostics: [Diagnostic] = []
    var spine: [String] = []
    var links = 0
    private var entries: [String: Data] = [:]
    /// The ids of each document read, by its path in the archive.
    private var ids: [String: Set<String>] = [:]

    init(file: String) {
        self.file = file
    }

    private mutating func report(_ rule: CheckRule, _ message: String, in entry: String? = nil, line: Int = 0) {
        diagnostics.append(rule.report(message, at: SourceLocation(file: entry.map { file + "/" + $0 } ?? file, line: line)))
    }

    mutating func run(_ data: Data, pages: [(path: String, side: String)]?) {
        let archive: ZipArchive
        switch ZipArchive.read(data) {
        case .success(let read): archive = read
        case .failure(let error): return report(.epubContainer, "\(error)")
        }
        entries = Dictionary(archive.entries.map { ($0.path, $0.data) }) { first, _ in first }
        guard let first = archive.entries.first, first.path == "mimetype", first.stored, first.data == Data("application/epub+zip".utf8) else {
            return report(.epubContainer, "the archive does not begin with `mimetype`, stored, holding `application/epub+zip`")
        }
        guard let container = elements("META-INF/container.xml"),
              let packagePath = container.first(where: { $0.name == "rootfile" })?.attributes["full-path"] else {
            return report(.epubContainer, "META-INF/container.xml names no package document", in: "META-INF/container.xml")
        }
        guard let package = elements(packagePath) else { return report(.epubContainer, "the package document is missing or not XML", in: packagePath) }
        let folder = directory(of: packagePath)
        var items: [String: (path: String, line: Int, properties: [String])] = [:]
        for item in package where item.name == "item" {
            guard let id = item.attributes["id"], let href = item.attributes["href"],
                  let path = resolvePath(percentDecoded(href), relativeTo: folder) else { continue }
            items[id] = (path, item.line, (item.attributes["properties"] ?? "").split(separator: " ").map(String.init))
            if entries[path] == nil { report(.epubSpine, "the package lists `\(href)`, which the archive does not have", in: packagePath, line: item.line) }
        }
        var sides: [String] = []
        for itemref in package where itemref.name == "itemref" {
            guard let idref = itemref.attributes["idref"], let item = items[idref] else {
                report(.epubSpine, "the spine names `\(itemref.attributes["idref"] ?? "")`, which the package does not list", in: packagePath, line: itemref.line)
                continue
            }
            spine.append(item.path)
            sides.append((itemref.attributes["properties"] ?? "").split(separator: " ").first { $0.contains("page-spread-") }.map { String($0.split(separator: "-").last!) } ?? "")
        }
        if let pages {
            let documents = pages.map { folder.isEmpty ? EPUBPackage.document(of: $0.path) : folder + "/" + EPUBPackage.document(of: $0.path) }
            if documents != spine {
                report(.epubSpine, "the spine has \(spine.count) documents, not the site's \(pages.count) pages in their order", in: packagePath)
            } else if let turn = zip(pages.map(\.side), sides).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
                report(.epubSpine, "page \(turn.offset + 1) is on the \(turn.element.0) in the site but on the \(turn.element.1) in the EPUB", in: packagePath)
            }
        }
        guard let navigation = items.values.first(where: { $0.properties.contains("nav") })?.path else {
            return report(.epubNavigation, "the package lists no navigation document", in: packagePath)
        }
        checkLinks(in: navigation)
        let pageList = pageListTargets(navigation)
        if pageList.map({ splitFragment($0).0 }) != spine {
            report(.epubNavigation, "the page list has \(pageList.count) entries, not one for each of the spine's \(spine.count) documents in order", in: navigation)
        }
        for document in spine where entries[document] != nil { checkLinks(in: document) }
    }

    /// The documents the page list reaches, in order.
    private func pageListTargets(_ navigation: String) -> [String] {
        guard let nav = elements(navigation) else { return [] }
        var inPageList = false
        var targets: [String] = []
        for element in nav {
            if element.name == "nav" { inPageList = element.attributes["epub:type"] == "page-list" }
            if inPageList, element.name == "a", let href = element.attributes["href"],
               let path = resolvePath(percentDecoded(splitFragment(href).0), relativeTo: directory(of: navigation)) {
                targets.append(path)
            }
        }
        return targets
    }

    /// Every link of a document reaches a document of the EPUB and, with a fragment, an id in it.
    private mutating func checkLinks(in document: String) {
        guard let elements = elements(document) else { return report(.epubContainer, "the document is missing or not XML", in: document) }
        for element in elements where element.name == "a" {
            guard let href = element.attributes["href"], !isExternal(href) else { continue }
            links += 1
            let (written, fragment) = splitFragment(href)
            guard let path = written.isEmpty ? document : resolvePath(percentDecoded(written), relativeTo: directory(of: document)),
                  entries[path] != nil else {
                report(.epubLink, "`\(href)` reaches no file of the EPUB", in: document, line: element.line)
                continue
            }
            if let fragment, !fragment.isEmpty, !ids(of: path).contains(percentDecoded(fragment)) {
                report(.epubLink, "`\(href)`: `\(path)` has no id `\(fragment)`", in: document, line: element.line)
            }
        }
    }

    private mutating func ids(of path: String) -> Set<String> {
        if let known = ids[path] { return known }
        let found = Set((elements(path) ?? []).compactMap { $0.attributes["id"] })
        ids[path] = found
        return found
    }

    private func elements(_ path: String) -> [XMLElement]? {
        entries[path].flatMap(xmlElements)
    }
}

/// epubcheck (`command`, with its arguments) on the EPUB: each error and warning it prints, at its
/// place in the archive; none when it cannot run.
func epubcheckFindings(_ command: [String], data: Data, file: String) -> [Diagnostic] {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("folio-epubcheck-\(UUID().uuidString)")
    guard (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil else { return [] }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let copy = scratch.appendingPathComponent("book.epub")
    guard (try? data.write(to: copy)) != nil,
          let ran = try? runCommand(command + ["book.epub"], input: Data(), in: scratch.path) else { return [] }
    let output = String(decoding: ran.output + ran.errors, as: UTF8.self)
    // `ERROR(RSC-005): ./book.epub/EPUB/a/1.xhtml(40,19): message`, the file as epubcheck was given it.
    let line = #/^(ERROR|FATAL|WARNING)\(([A-Z]+-\d+)\): (?:\./)?book\.epub(.*?)(?:\((-?\d+),(-?\d+)\))?: (.*)$/#
    return output.split(separator: "\n").compactMap { text -> Diagnostic? in
        guard let match = try? line.wholeMatch(in: String(text)) else { return nil }
        let place = file + String(match.3)
        let location = SourceLocation(file: place, line: match.4.flatMap { Int($0) } ?? 0, column: match.5.flatMap { Int($0) } ?? 0)
        return Diagnostic(match.1 == "WARNING" ? .warning : .error, "epubcheck \(match.2): \(match.6)", at: location, rule: CheckRule.epubcheck.rawValue)
    }
}

/// How to run epubcheck here: Debian installs it as a jar, which runs as a command only where the
/// system runs jars; nil when it is not installed.
public func epubcheckCommand() -> [String]? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let onPath = path.split(separator: ":").map { "\($0)/epubcheck" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    let jars = ["/usr/share/java/epubcheck.jar", "/usr/local/share/java/epubcheck.jar"]
        + (onPath.map { [URL(fileURLWithPath: $0).resolvingSymlinksInPath().path] } ?? [])
    if let jar = jars.first(where: { $0.hasSuffix(".jar") && FileManager.default.fileExists(atPath: $0) }),
       let java = path.split(separator: ":").map({ "\($0)/java" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
        return [java, "-jar", jar]
    }
    return onPath.map { [$0] }
}

/// The pages of a site's manifest, in their order, with their sides; nil when it has none to read.
public func sitePages(manifest data: Data) -> [(path: String, side: String)]? {
    guard let order = (try? parseJSON(data, file: SiteLayout.manifest))?["readingOrder"]?.array else { return nil }
    return order.compactMap { entry in
        entry["href"]?.string.map { (percentDecoded($0), entry["properties"]?["page"]?.string ?? "") }
    }
}

extension SiteCheck {
    /// The site's EPUBs against its pages (without epubcheck, which `folio check` of the file runs).
    mutating func checkEPUBs() {
        let pages = (try? site.read(SiteLayout.manifest)).flatMap { sitePages(manifest: $0) }
        for epub in files.sorted() where !epub.contains("/") && fileExtension(epub) == "epub" {
            guard let data = try? site.read(epub) else { continue }
            diagnostics += checkEPUB(data, file: epub, pages: pages).diagnostics
        }
    }
}
