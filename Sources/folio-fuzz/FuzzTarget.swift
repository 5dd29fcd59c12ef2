@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
import Foundation

/// What the fuzzer drives: each target turns arbitrary bytes into the input of one part of Folio.
/// An input holds several files, separated by the byte 0x1E (ASCII's record separator), so the
/// seeds stay readable and a mutation can move text from one file to another.
enum FuzzTarget: String, CaseIterable {
    /// book.yml, SUMMARY.md and chapter.md, built in memory through load, parse, math (without
    /// KaTeX), link, paginate and render. An empty book.yml or SUMMARY.md is left out; the chapter is always there.
    case book
    /// An mdBook project: book.toml, then src/SUMMARY.md and src/chapter.md, built as `book` is.
    /// A book.toml that names preprocessors is read but not built: they would run whatever
    /// commands the fuzzer wrote.
    case mdbook
    /// `folio check`'s readers: manifest.json, a page's path and the page. The page is scanned
    /// on its own, then the site of the two is checked.
    case check

    static let separator: UInt8 = 0x1E

    func run(_ input: Data) {
        let parts = input.split(separator: Self.separator, maxSplits: 2, omittingEmptySubsequences: false).map { Data($0) }
        func part(_ index: Int) -> Data { index < parts.count ? parts[index] : Data() }
        switch self {
        case .book:
            buildBook(options: part(0), summary: part(1), chapter: part(2))
        case .mdbook:
            buildProject(toml: part(0), summary: part(1), chapter: part(2))
        case .check:
            checkPage(manifest: part(0), path: String(decoding: part(1), as: UTF8.self), page: part(2))
        }
    }
}

private func buildBook(options: Data, summary: Data, chapter: Data) {
    var files = ["chapter.md": chapter]
    if !options.isEmpty { files["book.yml"] = options }
    if !summary.isEmpty { files["SUMMARY.md"] = summary }
    // An error in load is a diagnostic like any other; the later stages are what is left to try.
    guard let project = try? loadProject(.memory(files)) else { return }
    var times = PhaseTimes()
    _ = renderBook(project, times: &times, math: .fuzzing)
}

private func buildProject(toml: Data, summary: Data, chapter: Data) {
    // The same reading of book.toml as the loader's: no preprocessors here, none run there.
    guard let text = try? SourceText.bookFile(toml, file: MdBookConfig.file, allowEmpty: true),
          let config = try? MdBookConfig.decode(parseTOML(text), file: MdBookConfig.file) else { return }
    guard config.preprocessors.isEmpty else {
        _ = preprocessorOrder(config.preprocessors)
        return
    }
    var files = [MdBookConfig.file: toml, "src/chapter.md": chapter]
    if !summary.isEmpty { files["src/SUMMARY.md"] = summary }
    guard let project = try? loadProject(.memory(files)) else { return }
    var times = PhaseTimes()
    _ = renderBook(project, times: &times, math: .fuzzing)
}

extension MathRenderer {
    /// Every formula made the same MathML, and one that KaTeX rejects (an odd count of `{`) an
    /// error: KaTeX itself is not run, a Node.js process for every unit.
    static let fuzzing = MathRenderer { formulas in
        .success(formulas.map { formula in
            formula.tex.filter { $0 == "{" }.count % 2 == 0 ? .mathML("<math><mi>x</mi></math>") : .error("unbalanced braces")
        })
    }
}

private func checkPage(manifest: Data, path: String, page: Data) {
    _ = try? scanHTML(page, file: "page.html")
    // A path the manifest can name, other than the manifest's own; anything else puts the page
    // where the reader starts.
    let steps = path.split(separator: "/", omittingEmptySubsequences: false)
    let plain = !path.isEmpty && path != SiteLayout.manifest && steps.allSatisfy { step in
        !step.isEmpty && step != "." && step != ".." && step.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || "._-".contains($0) }
    }
    _ = checkSite(.memory([SiteLayout.manifest: manifest, plain ? path : SiteLayout.index: page]))
}
