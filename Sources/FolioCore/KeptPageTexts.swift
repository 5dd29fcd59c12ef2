import FolioBase
import FolioSearch
import Foundation

/// The pages' texts as the build before left them in the site's `search/text/` chunks, by book
/// number from 1: a chunk is read when a page of it is first wanted, and only while the record of
/// Folio's files has its bytes, so that an edit reads the chunks it touches, not every one.
/// Asked one page at a time, by the search stage alone.
final class KeptPageTexts {
    private let parts: SearchIndexParts
    private let root: String
    private let files: WrittenFiles
    private var chunks: [Int: [String]] = [:]
    /// Whether a chunk wanted could not be read as recorded: the site changed during the build.
    private(set) var failed = false

    init(_ parts: SearchIndexParts, in root: String, files: WrittenFiles) {
        (self.parts, self.root, self.files) = (parts, root, files)
    }

    /// Page `number`'s text; empty, and `failed`, when its chunk cannot be read.
    func text(_ number: Int) -> String {
        let index = parts.chunk(holding: number)
        let pages = parts.chunk(index)
        let chunk = chunks[index] ?? read(index, pages: pages)
        chunks[index] = chunk
        guard let chunk, pages.contains(number) else {
            failed = true
            return ""
        }
        return chunk[number - pages.lowerBound]
    }

    /// The texts of chunk `index`, when the file holds the bytes the record of Folio's files has
    /// for it and one text for each of its `pages`.
    private func read(_ index: Int, pages: Range<Int>) -> [String]? {
        let path = SiteLayout.searchTexts(index)
        guard let data = FileManager.default.contents(atPath: root + "/" + path), files.entries[path] == WrittenFiles.Entry(of: data),
              let chunk = (try? parseJSON(data, file: path))?.array, chunk.count == pages.count else { return nil }
        let texts = chunk.compactMap(\.string)
        return texts.count == chunk.count ? texts : nil
    }
}
