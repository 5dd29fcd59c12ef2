import FolioBase
import FolioOptions

/// Hands out chapter slugs: the file name without its order prefix (`01-intro.md` → `intro`),
/// a part's opening chapter takes its folder's name. A clash takes the folder's name in front,
/// then a number. Names the site itself uses are never given out, nor `others`: the folders of
/// the book's translations in the site.
struct ChapterSlugs {
    private var slugs = UniqueSlugs()

    init(others: [String] = []) {
        for reserved in SiteLayout.rootNames.map(fileStem) + GeneratedSection.allCases.map(\.rawValue) + Set(others + others.map(slugify)) {
            _ = slugs.claim(reserved)
        }
    }

    mutating func claim(for path: String) -> String {
        let stem = fileStem(path)
        let folder = directory(of: path)
        let isOpener = ["index", "readme"].contains(stem.lowercased())
        if isOpener && folder.isEmpty { return slugs.claim("introduction") }
        let name = slugify(strippingOrderPrefix(isOpener ? fileName(folder) : stem))
        let parent = isOpener ? directory(of: folder) : folder
        if !slugs.isClaimed(name) || parent.isEmpty { return slugs.claim(name) }
        return slugs.claim(slugify(strippingOrderPrefix(fileName(parent))) + "-" + name)
    }
}
