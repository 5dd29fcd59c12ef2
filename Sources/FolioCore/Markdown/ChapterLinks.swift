/// The link stage: rewrites every link and image of every chapter, reports the broken ones
/// at their file:line:column, and gathers the book files the site must carry and the sizes of
/// the images, by the URL the pages use.
public func linkChapters(_ chapters: [ParsedChapter], files: Set<String>, imageSizes: [String: ImageSize] = [:])
    -> (chapters: [ParsedChapter], assets: [String], images: ImageSizes, diagnostics: [Diagnostic])
{
    // Only Markdown is a chapter a link can reach: an image cover stays an image.
    let targets = LinkTargets(
        chapters: Dictionary(uniqueKeysWithValues: chapters.filter { fileExtension($0.chapter.path) == "md" }.map {
            ($0.chapter.id, Set($0.headings.map(\.id)))
        }),
        files: files
    )
    var assets = Set<String>()
    var images: ImageSizes = [:]
    var diagnostics: [Diagnostic] = []

    let linked = chapters.map { parsed in
        var chapter = parsed
        func rewrite(_ reference: Reference, image: Bool) -> Reference {
            switch rewriteLink(reference.destination, from: parsed.chapter.id, image: image, targets: targets) {
            case .success(let link):
                if let asset = link.asset {
                    assets.insert(asset)
                    if image { images[link.destination] = imageSizes[asset] }
                }
                var rewritten = reference
                rewritten.destination = link.destination
                rewritten.target = link.target
                return rewritten
            case .failure(let problem):
                diagnostics.append(.error(problem.description, at: parsed.chapter.location(reference.position)))
                return reference
            }
        }
        chapter.blocks = parsed.blocks.map { $0.mapReferences(rewrite) }
        return chapter
    }
    return (linked, assets.sorted(), images, diagnostics)
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
