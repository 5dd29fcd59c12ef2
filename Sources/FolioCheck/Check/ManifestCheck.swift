import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore

/// A page document as the manifest's reading order lists it.
struct PageEntry {
    var path: String
    /// 1-based place in the reading order: the page's number in the book.
    var position: Int
    /// Where the manifest names it.
    var location: SourceLocation
}

extension SiteCheck {
    /// The manifest's rules; returns the reading order for the page rules, nil when there is
    /// no manifest to read one from.
    mutating func checkManifest() -> [PageEntry]? {
        let file = SiteLayout.manifest
        guard files.contains(file), let data = try? site.read(file) else {
            report(.manifestMissing, "the site has no \(file)", at: SourceLocation(file: file),
                   hint: "build the book with `folio build`, which writes it")
            return nil
        }
        let root: JSONNode
        do {
            root = try parseJSON(data, file: file)
        } catch let problem as Diagnostic {
            report(.manifestJSON, problem.message, at: problem.location ?? SourceLocation(file: file))
            return nil
        } catch {
            report(.manifestJSON, "\(error)", at: SourceLocation(file: file))
            return nil
        }
        guard root.members != nil else {
            report(.manifestStructure, "the manifest must be a JSON object", at: root.location)
            return nil
        }
        for member in ["@context", "metadata", "readingOrder"] where root[member] == nil {
            report(.manifestStructure, "the manifest has no `\(member)`", at: root.location)
        }
        let metadata = root["metadata"]
        if let metadata { checkMetadata(metadata) }
        let pages = checkReadingOrder(root["readingOrder"])
        if let metadata { checkSides(pages: root["readingOrder"]?.array ?? [], metadata: metadata) }
        checkPageList(root["pageList"], pages: pages, declared: metadata?["numberOfPages"])
        for collection in ["toc", "landmarks", "resources"] {
            checkLinks(root[collection], in: collection)
        }
        return pages
    }

    // MARK: Metadata

    private mutating func checkMetadata(_ metadata: JSONNode) {
        guard metadata.members != nil else {
            report(.manifestStructure, "`metadata` must be an object", at: metadata.location)
            return
        }
        if metadata["title"] == nil { report(.manifestStructure, "`metadata` has no `title`", at: metadata.location) }
        expect(metadata["layout"], "metadata.layout", among: ["fixed", "reflowable", "scrolled"], at: metadata)
        if let layout = metadata["layout"], let value = layout.string, ["reflowable", "scrolled"].contains(value) {
            report(.manifestEnum, "`metadata.layout` is `\(value)`, but a book of pages is `fixed`", at: layout.location)
        }
        expect(metadata["readingProgression"], "metadata.readingProgression", among: ["ltr", "rtl"], at: metadata)
        expect(metadata[FolioTerm.transition.rawValue], FolioTerm.transition.rawValue, among: ReadingOptions.Transition.allCases.map(\.rawValue), at: metadata)
        expect(metadata[FolioTerm.orientation.rawValue], FolioTerm.orientation.rawValue, among: ReadingOptions.Orientation.allCases.map(\.rawValue), at: metadata)
        expect(metadata[FolioTerm.spine.rawValue], FolioTerm.spine.rawValue, among: ReadingOptions.Spine.allCases.map(\.rawValue), at: metadata)
        expect(metadata[FolioTerm.direction.rawValue], FolioTerm.direction.rawValue, among: ReadingOptions.Direction.allCases.map(\.rawValue), at: metadata)
        if let sided = metadata[FolioTerm.doubleSided.rawValue], case .bool = sided.value {} else {
            report(.manifestStructure, "`\(FolioTerm.doubleSided.rawValue)` must be true or false", at: metadata[FolioTerm.doubleSided.rawValue]?.location ?? metadata.location)
        }
        if let reading = readingOptions(metadata) {
            var options = BookOptions()
            options.reading = reading
            let keys = Dictionary(uniqueKeysWithValues: readingTerms.compactMap { key, term in metadata[term.rawValue].map { ("reading.\(key)", $0.location) } })
            for problem in options.readingRuleViolations(file: SiteLayout.manifest, keys: keys) {
                report(.options, problem.message, at: problem.location, hint: problem.hint)
            }
        }
    }

    private var readingTerms: [(String, FolioTerm)] {
        [("transition", .transition), ("orientation", .orientation), ("spine", .spine), ("direction", .direction), ("double-sided", .doubleSided)]
    }

    /// The reading options the manifest states, when it states them all correctly.
    func readingOptions(_ metadata: JSONNode) -> ReadingOptions? {
        guard let transition = metadata[FolioTerm.transition.rawValue]?.string.flatMap(ReadingOptions.Transition.init),
              let orientation = metadata[FolioTerm.orientation.rawValue]?.string.flatMap(ReadingOptions.Orientation.init),
              let spine = metadata[FolioTerm.spine.rawValue]?.string.flatMap(ReadingOptions.Spine.init),
              let direction = metadata[FolioTerm.direction.rawValue]?.string.flatMap(ReadingOptions.Direction.init),
              case .bool(let doubleSided)? = metadata[FolioTerm.doubleSided.rawValue]?.value else { return nil }
        var reading = ReadingOptions()
        reading.transition = transition
        reading.orientation = orientation
        reading.spine = spine
        reading.direction = direction
        reading.doubleSided = doubleSided
        return reading
    }

    private mutating func expect(_ node: JSONNode?, _ name: String, among values: [String], at parent: JSONNode) {
        guard let node else {
            report(.manifestStructure, "`metadata` has no `\(name)`", at: parent.location)
            return
        }
        guard let value = node.string, values.contains(value) else {
            let shown = node.string.map { "`\($0)`" } ?? "not a string"
            report(.manifestEnum, "`\(name)` must be one of \(values.joined(separator: ", ")), not \(shown)", at: node.location)
            return
        }
    }

    // MARK: Reading order, page list, sides

    private mutating func checkReadingOrder(_ node: JSONNode?) -> [PageEntry] {
        guard let items = node?.array else {
            if let node { report(.manifestStructure, "`readingOrder` must be an array", at: node.location) }
            return []
        }
        var pages: [PageEntry] = []
        var seen: [String: SourceLocation] = [:]
        var lastInSection: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            guard let href = item["href"], let value = href.string else {
                report(.manifestStructure, "a reading order entry needs an `href` string", at: item.location)
                continue
            }
            if item["type"]?.string == nil {
                report(.manifestStructure, "the reading order entry for `\(value)` needs a `type`", at: item.location)
            }
            resolve(value, from: SiteLayout.manifest, at: href.location, missingFile: .hrefMissing, missingID: .fragmentMissing)
            guard let (path, _) = sitePath(value, from: SiteLayout.manifest) else { continue }
            if let first = seen[path] {
                report(.readingOrder, "`\(path)` is in the reading order twice; first at \(first)", at: href.location)
            }
            seen[path] = href.location
            if let (section, number) = SiteLayout.page(at: path) {
                let expected = (lastInSection[section] ?? 0) + 1
                if number != expected {
                    report(.pageNumbers, "`\(path)` follows page \(expected - 1) of `\(section)`; page \(expected) was expected", at: href.location)
                }
                lastInSection[section] = number
            }
            pages.append(PageEntry(path: path, position: index + 1, location: href.location))
        }
        return pages
    }

    private mutating func checkSides(pages: [JSONNode], metadata: JSONNode) {
        let reading = readingOptions(metadata)
        let sides = reading.map { reading in PageSides(reading, direction: reading.direction ?? .ltr) }
        for (index, item) in pages.enumerated() {
            guard let page = item["properties"]?["page"] else {
                report(.manifestStructure, "a reading order entry needs `properties.page`", at: item.location)
                continue
            }
            guard let value = page.string, let side = Page.Side(rawValue: value) else {
                report(.manifestEnum, "`properties.page` must be one of left, right, center, not \(page.string.map { "`\($0)`" } ?? "a string")",
                       at: page.location)
                continue
            }
            if let sides, side != sides.side(of: index + 1) {
                report(.pageSides, "page \(index + 1) is on the \(value), but with these reading options it falls on the \(sides.side(of: index + 1).rawValue)",
                       at: page.location)
            }
        }
    }

    private mutating func checkPageList(_ node: JSONNode?, pages: [PageEntry], declared: JSONNode?) {
        if let declared, let number = declared.number, Int(number) != pages.count {
            report(.pageNumbers, "`numberOfPages` says \(Int(number)), but the reading order has \(pages.count)", at: declared.location)
        }
        guard let items = node?.array else {
            report(.manifestStructure, "the manifest has no `pageList` array", at: node?.location ?? SourceLocation(file: SiteLayout.manifest))
            return
        }
        if items.count != pages.count {
            report(.pageNumbers, "`pageList` has \(items.count) pages, the reading order \(pages.count)", at: node!.location)
        }
        // Front matter numbered in roman numerals comes before the page numbered 1.
        let numbering = PageNumbering(frontMatter: items.firstIndex { $0["title"]?.string == "1" } ?? 0)
        for (index, item) in items.enumerated() {
            if let title = item["title"], title.string != numbering.label(of: index + 1) {
                report(.pageNumbers, "page \(index + 1) of `pageList` is numbered \(title.string.map { "`\($0)`" } ?? "without a string"), "
                       + "not `\(numbering.label(of: index + 1))`", at: title.location)
            }
            if let href = item["href"], let value = href.string {
                resolve(value, from: SiteLayout.manifest, at: href.location, missingFile: .hrefMissing, missingID: .fragmentMissing)
            }
        }
    }

    /// Every href of a collection (and its children) reaches a file and, with a fragment, an id.
    private mutating func checkLinks(_ node: JSONNode?, in collection: String) {
        for item in node?.array ?? [] {
            if let href = item["href"], let value = href.string {
                resolve(value, from: SiteLayout.manifest, at: href.location, missingFile: .hrefMissing, missingID: .fragmentMissing)
            } else {
                report(.manifestStructure, "an entry of `\(collection)` needs an `href` string", at: item.location)
            }
            checkLinks(item["children"], in: collection)
        }
    }
}
