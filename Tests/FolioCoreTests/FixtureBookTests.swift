import Foundation
import Testing

/// Each folder under `Tests/Fixtures/` is a book (`book/`) and what building it must do (`expect`):
///
///     exit 1                                  the exit status
///     stderr book/a.md:3:5: error: …           a line that stderr must hold, verbatim
///     file intro/index.html                   a file the site must have
///     no-file assets/book/unused.png          a file the site must not have
///     contains intro/index.html <h1 id="x">   text a site file must hold (its soft hyphens aside)
///
/// A case that fails is built over an earlier site, which must survive byte for byte.
struct FixtureBookTests {
    static let fixtures = Folio.packageRoot.appendingPathComponent("Tests/Fixtures")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("\($0)/expect").path) }.sorted()
    }

    @Test(arguments: cases)
    func fixture(_ name: String) throws {
        let scratch = try Scratch()
        let folder = try scratch.copy(Self.fixtures.appendingPathComponent(name), as: name)
        let expect = try String(contentsOf: folder.appendingPathComponent("expect"), encoding: .utf8)
        let lines = expect.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        let status = Int32(lines.first { $0.hasPrefix("exit ") }.map { $0.dropFirst(5) } ?? "0") ?? -1

        let site = folder.appendingPathComponent("book/_site")
        if status != 0 { try writePreviousSite(at: site) }
        let before = snapshot(site)

        let result = try Folio.run(["build", "book"], in: folder, environment: ["NO_COLOR": "1"])
        #expect(result.status == status, "exit status; stderr:\n\(result.stderr)")

        for line in lines {
            let (verb, rest) = split(line)
            switch verb {
            case "exit": break
            case "stderr":
                #expect(result.stderr.split(separator: "\n").contains { $0 == rest }, "stderr lacks `\(rest)`; it was:\n\(result.stderr)")
            case "file":
                #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(rest).path), "missing \(rest)")
            case "no-file":
                #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent(rest).path), "unexpected \(rest)")
            case "contains":
                let (path, text) = split(rest)
                let contents = ((try? String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)) ?? "").replacingOccurrences(of: "\u{AD}", with: "")
                #expect(contents.contains(text), "\(path) lacks `\(text)`; it was:\n\(contents)")
            default:
                Issue.record("unknown expectation `\(line)` in \(name)/expect")
            }
        }

        if status != 0 {
            #expect(snapshot(site) == before, "the previous site changed")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.deletingLastPathComponent().path).filter { $0.contains("folio-") }
            #expect(leftovers.isEmpty, "temporary folders left behind: \(leftovers)")
        }
    }

    private func split(_ line: String) -> (String, String) {
        guard let space = line.firstIndex(of: " ") else { return (line, "") }
        return (String(line[..<space]), String(line[line.index(after: space)...]))
    }

    /// An earlier Folio site with a file of its own, to see that a failed build leaves it alone.
    private func writePreviousSite(at site: URL) throws {
        try FileManager.default.createDirectory(at: site.appendingPathComponent("old"), withIntermediateDirectories: true)
        for document in ["index.html", "toc.html", "404.html", "old/page.html"] {
            try Data("<!DOCTYPE html><title>\(document) of an earlier build</title>\n".utf8).write(to: site.appendingPathComponent(document))
        }
    }
}
