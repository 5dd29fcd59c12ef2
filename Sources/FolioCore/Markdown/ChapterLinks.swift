/// The link stage: rewrites every link and image of every chapter, reports the broken ones
/// at their file:line:column, and gathers the book files the site must carry and the sizes of
/// the images, by the URL the pages use. With `rawHTML`, the links and sources written in raw
/// HTML are checked too; the renderer moves them (`rawHTMLLinkURL`).
/// A file in `refused` is an error wherever a link uses it, with the reason given.
func linkChapters(_ chapters: [ParsedChapter], files: Set<String>, imageSizes: [String: ImageSize] = [:], refused: [String: String] = [:],
                  rawHTML: Bool = false)
    -> (chapters: [ParsedChapter], assets: [String], images: ImageSizes, diagnostics: [Diagnostic])
{
    let targets = LinkTargets(chapters, files: files, refused: refused)
    var assets = Set<String>()
    var images: ImageSizes = [:]
    var diagnostics: [Diagnostic] = []

    let linked = chapters.map { parsed in
        var chapter = parsed
        func check(_ destination: String, image: Bool, at location: @autoclosure () -> SourceLocation) -> RewrittenLink? {
            switch rewriteLink(destination, from: parsed.chapter.id, image: image, targets: targets) {
            case .success(let link):
                if let warning = link.warning {
                    diagnostics.append(.warning(warning.description, at: location(), hint: "fine when the site is published beside what it points to"))
                }
                if let asset = link.asset {
                    assets.insert(asset)
                    if image { images[link.destination] = imageSizes[asset] }
                }
                return link
            case .failure(let problem):
                diagnostics.append(.error(problem.description, at: location()))
                return nil
            }
        }
        chapter.blocks = parsed.blocks.map { block in
            block.mapReferences { reference, image in
                guard let link = check(reference.destination, image: image, at: parsed.chapter.location(reference.position)) else { return reference }
                var rewritten = reference
                rewritten.destination = link.destination
                rewritten.target = link.target
                return rewritten
            }
        }
        if rawHTML {
            for block in parsed.blocks {
                block.walk(blocks: { if case .html(let html) = $0 { checkAll(html) } }, inlines: { if case .html(let html) = $0 { checkAll(html) } })
            }
        }
        func checkAll(_ html: String) {
            for link in rawHTMLLinks(html) { _ = check(link.value, image: link.image, at: parsed.chapter.location(ofFirst: link.value)) }
        }
        return chapter
    }
    return (linked, assets.sorted(), images, diagnostics)
}

/// Where a link written in raw HTML on `page` leads in the site; nil to keep it as written (an
/// external address, or one the link stage reported).
func rawHTMLLinkURL(_ link: RawHTMLLink, on page: Page, targets: LinkTargets, links: PageLinks) -> String? {
    guard let chapter = page.chapter, case .success(let rewritten) = rewriteLink(link.value, from: chapter, image: link.image, targets: targets)
    else { return nil }
    return rewritten.target.map { links.url(of: $0, from: page) } ?? rewritten.destination
}

extension Block {
    /// The same block with every link and image destination passed through `transform`.
    func mapReferences(_ transform: (Reference, _ image: Bool) -> Reference) -> Block {
        rewritten(inlines: { inline in
            switch inline {
            case .link(let reference, let content): .link(transform(reference, false), content)
            case .image(let reference, let alt): .image(transform(reference, true), alt: alt)
            default: inline
            }
        })
    }
}
