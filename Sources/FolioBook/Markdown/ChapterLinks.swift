import FolioBase
import FolioOptions

/// The link stage: rewrites every link and image of every chapter, reports the broken ones
/// at their file:line:column, and gathers the book files the site must carry and the sizes of
/// the images, by the URL the pages use. With `rawHTML`, the links and sources written in raw
/// HTML are checked too; the renderer moves them (`rawHTMLLinkURL`).
/// A file in `refused` is an error wherever a link uses it, with the reason given; any other broken
/// link is what `slips` says.
package func linkChapters(_ chapters: [ParsedChapter], sources: ChapterSources, files: Set<String>, imageSizes: [String: ImageSize] = [:],
                          refused: [String: String] = [:], rawHTML: Bool = false, slips: Slips = .errors, redirects: Set<String> = [])
    -> LinkedBook
{
    let targets = LinkTargets(chapters, files: files, refused: refused, redirects: redirects)
    return joiningLinked(chapters.parallelMap {
        linkChapter($0, sources: sources, targets: targets, imageSizes: imageSizes, rawHTML: rawHTML, slips: slips)
    }, targets: targets)
}

/// The link stage's result: the chapters with their links rewritten, the book's files they use,
/// the sizes of their images, what was wrong, and the targets they were rewritten against.
package typealias LinkedBook = (chapters: [ParsedChapter], assets: [String], images: ImageSizes, diagnostics: [Diagnostic], targets: LinkTargets)

/// One chapter after the link stage, with what its links need.
package struct LinkedChapter: Sendable {
    package var chapter: ParsedChapter
    package var assets: Set<String>
    package var images: ImageSizes
    package var diagnostics: [Diagnostic]
    /// The chapters whose link targets its links read: those they lead to, and those they find
    /// without the heading they name. Its links change only with these chapters' ids, its own parse,
    /// the set of chapters and what every chapter's linking reads (`LinkInputs`).
    package var reaches: Set<ChapterID>

    package init(chapter: ParsedChapter, assets: Set<String>, images: ImageSizes, diagnostics: [Diagnostic], reaches: Set<ChapterID>) {
        (self.chapter, self.assets, self.images, self.diagnostics, self.reaches) = (chapter, assets, images, diagnostics, reaches)
    }
}

/// The link stage's result from its chapters', in their order.
package func joiningLinked(_ linked: [LinkedChapter], targets: LinkTargets) -> LinkedBook {
    (linked.map(\.chapter), linked.reduce(into: Set<String>()) { $0.formUnion($1.assets) }.sorted(),
     linked.reduce(into: ImageSizes()) { $0.merge($1.images) { $1 } }, linked.flatMap(\.diagnostics), targets)
}

/// One chapter's links and images rewritten against the book's `targets`; those of its raw HTML,
/// which keeps no positions, are placed by finding them in its text in `sources`.
package func linkChapter(_ parsed: ParsedChapter, sources: ChapterSources, targets: LinkTargets, imageSizes: [String: ImageSize], rawHTML: Bool,
                 slips: Slips = .errors) -> LinkedChapter {
    var assets = Set<String>()
    var images: ImageSizes = [:]
    var diagnostics: [Diagnostic] = []
    var reaches = Set<ChapterID>()
    var chapter = parsed
    func check(_ destination: String, image: Bool, at location: @autoclosure () -> SourceLocation) -> RewrittenLink? {
        switch rewriteLink(destination, from: parsed.chapter.id, image: image, targets: targets) {
        case .success(let link):
            if let target = link.target { reaches.insert(target.chapter) }
            if let warning = link.warning {
                diagnostics.append(.warning(warning.description, at: location(), hint: "fine when the site is published beside what it points to"))
            }
            if let asset = link.asset {
                assets.insert(asset)
                if image { images[link.destination] = imageSizes[asset] }
            }
            return link
        case .failure(let problem):
            // Its message names the ids the chapter has.
            if case .missingHeading(let target, _, _, _) = problem { reaches.insert(target) }
            guard slips == .warnings,
                  let repaired = repairLink(destination, from: parsed.chapter.id, image: image, problem: problem, targets: targets) else {
                diagnostics.append(.error(problem.description, at: location()))
                return nil
            }
            if let target = repaired.link.target { reaches.insert(target.chapter) }
            if let message = repaired.message { diagnostics.append(.warning(message, at: location(), hint: repaired.hint)) }
            return repaired.link
        }
    }
    func linked(_ reference: Reference, image: Bool) -> Reference {
        guard let link = check(reference.destination, image: image, at: parsed.chapter.location(reference.position)) else { return reference }
        var rewritten = reference
        rewritten.destination = link.destination
        rewritten.target = link.target
        rewritten.unsized = image && link.asset.flatMap { imageSizes[$0] } == nil
        return rewritten
    }
    // In raw HTML, files and addresses out of the book are final now, so that the paginator can
    // size the images; links to chapters wait for their pages (`rawHTMLLinkURL`).
    func linked(_ html: String) -> String {
        guard rawHTML else { return html }
        return rewritingRawHTMLLinks(html) { link in
            check(link.value, image: link.image, at: sources.location(ofFirst: link.value, in: parsed.chapter))
                .flatMap { $0.target == nil ? $0.destination : nil }
        }
    }
    // One pass over the chapter's tree rewrites both; a block with neither is kept as it is.
    chapter.blocks = parsed.blocks.map { block in
        guard block.holds(blocks: \.isRawHTML, inlines: { inline in
            switch inline {
            case .link, .image, .html: true
            default: false
            }
        }) else { return block }
        return block.rewritten(blocks: { if case .html(let html) = $0 { .html(linked(html)) } else { $0 } }, inlines: { inline in
            switch inline {
            case .link(let reference, let content): .link(linked(reference, image: false), content)
            case .image(let reference, let alt): .image(linked(reference, image: true), alt: alt)
            case .html(let html): .html(linked(html))
            default: inline
            }
        })
    }
    return LinkedChapter(chapter: chapter, assets: assets, images: images, diagnostics: diagnostics, reaches: reaches)
}


extension Block {
    /// Calls `visit` with each chapter link of the block's links and images, once linked.
    package func forEachChapterLink(_ visit: (ChapterLink) -> Void) {
        walk(inlines: { inline in
            switch inline {
            case .link(let reference, _), .image(let reference, _): if let target = reference.target { visit(target) }
            default: break
            }
        })
    }
}
