import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// The disk's `BookFiles` reads and lists only what lies inside the book's folder.
struct BookFilesTests {
    /// A book with a chapter, a folder, and symbolic links in and out of it; `beside.txt` is next to the book.
    func book() throws -> (Scratch, BookFiles) {
        let scratch = try Scratch()
        let root = try scratch.write(["one.md": "# One\n", "images/dot.txt": "dot\n"], under: "book")
        try Data("beside\n".utf8).write(to: scratch.url.appendingPathComponent("beside.txt"))
        let links = [
            "passwd": "/etc/passwd", "etc": "/etc", "up": "..", "beside.txt": "../beside.txt",
            "pictures": "images", "again.md": "one.md", "images/back.md": "../one.md",
        ]
        for (name, destination) in links {
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(name).path, withDestinationPath: destination)
        }
        return (scratch, .disk(root.path))
    }

    func reason(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func readsInside() throws {
        let (scratch, files) = try book()
        _ = scratch
        #expect(try files.read("one.md") == Data("# One\n".utf8))
        #expect(try files.read("again.md") == Data("# One\n".utf8))
        #expect(try files.read("pictures/dot.txt") == Data("dot\n".utf8))
        #expect(try files.read("images/back.md") == Data("# One\n".utf8))
        #expect(try files.read("images/../one.md") == Data("# One\n".utf8))
        #expect(try files.list("pictures").map(\.name) == ["back.md", "dot.txt"])
    }

    @Test func refusesSymbolicLinksOut() throws {
        let (scratch, files) = try book()
        _ = scratch
        #expect(reason { try files.read("passwd") } == "this is a symbolic link to `/etc/passwd`, outside the book's folder")
        #expect(reason { try files.read("beside.txt") } == "this is a symbolic link to `../beside.txt`, outside the book's folder")
        #expect(reason { try files.read("etc/hostname") } == "`etc` is a symbolic link to `/etc`, outside the book's folder")
        #expect(reason { try files.list("etc") } == "this is a symbolic link to `/etc`, outside the book's folder")
        #expect(reason { try files.read("up/beside.txt") } == "`up` is a symbolic link to `..`, outside the book's folder")
    }

    @Test func refusesPathsOut() throws {
        let (scratch, files) = try book()
        let real = realPath(scratch.url.appendingPathComponent("beside.txt").path) ?? ""
        #expect(reason { try files.read("../beside.txt") } == "`../beside.txt` is outside the book's folder (it is `\(real)`)")
        #expect(reason { try files.read("images/../../beside.txt") } != nil)
        #expect(reason { try files.list("..") } != nil)
    }

    @Test func listingMarksLinksOut() throws {
        let (scratch, files) = try book()
        _ = scratch
        let entries = Dictionary(uniqueKeysWithValues: try files.list("").map { ($0.name, $0) })
        #expect(entries["passwd"]?.outside == "/etc/passwd")
        #expect(entries["etc"]?.outside == "/etc")
        #expect(entries["etc"]?.kind == .directory)
        #expect(entries["up"]?.outside == "..")
        #expect(entries["pictures"]?.outside == nil)
        #expect(entries["one.md"]?.outside == nil)
    }

    /// The walk: links out are kept aside (files) or reported (folders), never walked; a link
    /// to a folder inside is walked as a folder of its own.
    @Test func walkStaysInside() throws {
        let (scratch, files) = try book()
        _ = scratch
        let started = Date()
        let problems: [String]
        do {
            _ = try listBookFolder(files)
            problems = []
        } catch let error as DiagnosticsError {
            problems = error.diagnostics.map { "\($0.location?.file ?? ""): \($0.message)" }
        }
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(problems == [
            "etc: this is a symbolic link to `/etc`, outside the book's folder; it is not read",
            "up: this is a symbolic link to `..`, outside the book's folder; it is not read",
        ])
        try FileManager.default.removeItem(atPath: files.root + "/etc")
        try FileManager.default.removeItem(atPath: files.root + "/up")
        let listing = try listBookFolder(files)
        #expect(listing.paths == ["again.md", "beside.txt", "images/back.md", "images/dot.txt", "one.md", "passwd",
                                  "pictures/back.md", "pictures/dot.txt"])
        #expect(listing.outside == ["beside.txt": "../beside.txt", "passwd": "/etc/passwd"])
        #expect(listing.inside.contains("pictures/dot.txt") && !listing.inside.contains("passwd"))
    }

    @Test func imagesAreRecognisedByTheirBytes() {
        #expect(ImageSize.isImage(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0])))
        #expect(ImageSize.isImage(Data([0xFF, 0xD8, 0xFF, 0xE0])))
        #expect(ImageSize.isImage(Data("GIF89a".utf8)))
        #expect(ImageSize.isImage(Data("RIFF\0\0\0\0WEBPVP8 ".utf8)))
        #expect(ImageSize.isImage(Data("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)))
        #expect(!ImageSize.isImage(Data("This is text, not a picture.\n".utf8)))
        #expect(!ImageSize.isImage(Data()))
        #expect(!ImageSize.isImage(Data("<html><body/></html>".utf8)))
    }
}

/// A book inside a git repository reads up to the repository's top, as mdBook's guide includes
/// the examples kept beside it; never above it, never through a symbolic link out of it.
struct RepositoryReachTests {
    /// `repo/` (with `.git`) holds `examples/` and the mdBook project `guide/`; `beside.rs` is next to
    /// the repository, and `examples/link.rs` a symbolic link to it.
    func repository(chapter: String) throws -> (Scratch, URL) {
        let scratch = try Scratch()
        let repo = try scratch.write([
            ".git/HEAD": "ref: refs/heads/main\n", "examples/hello.rs": "fn main() {}\n",
            "guide/book.toml": "[book]\ntitle = \"Guide\"\n", "guide/src/SUMMARY.md": "- [Chapter](chapter.md)\n",
            "guide/src/chapter.md": chapter,
        ], under: "repo")
        try Data("secret\n".utf8).write(to: scratch.url.appendingPathComponent("beside.rs"))
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("examples/link.rs").path, withDestinationPath: "../../beside.rs")
        return (scratch, repo.appendingPathComponent("guide"))
    }

    func messages(_ body: () throws -> Any) -> [String] {
        do {
            _ = try body()
            return []
        } catch let error as DiagnosticsError {
            return error.diagnostics.map { "\($0.location.map { "\($0.file):\($0.line):\($0.column): " } ?? "")\($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

    @Test func includesReachTheRepository() throws {
        let (scratch, guide) = try repository(chapter: "# Chapter\n\n```rust\n{{#include ../../examples/hello.rs}}\n```\n")
        _ = scratch
        let files = BookFiles.project(guide.path)
        #expect(files.reach == "..")
        #expect(try files.read("../examples/hello.rs") == Data("fn main() {}\n".utf8))
        let project = try loadProject(files)
        #expect(project.loaded.sources["chapter.md"]?.contains("fn main() {}") == true)
    }

    @Test func notAboveTheRepository() throws {
        let (scratch, guide) = try repository(chapter: "{{#include ../../../beside.rs}}\n")
        _ = scratch
        #expect(messages { try loadProject(.project(guide.path)) } == ["src/chapter.md:1:1: `../../../beside.rs` is outside the book's folder"])
        #expect(messages { try BookFiles.project(guide.path).read("../../beside.rs") }.first?.hasPrefix("`../beside.rs` is outside the book's folder") == true)
    }

    @Test func notThroughASymbolicLinkOut() throws {
        let (scratch, guide) = try repository(chapter: "{{#include ../../examples/link.rs}}\n")
        _ = scratch
        #expect(messages { try loadProject(.project(guide.path)) }
            == ["src/chapter.md:1:1: `../../examples/link.rs` cannot be included: this is a symbolic link to `../../beside.rs`, outside the book's folder"])
    }

    @Test func withoutARepositoryTheBookFolderAlone() throws {
        let scratch = try Scratch()
        let book = try scratch.write(["a.md": "{{#include ../beside.rs}}\n"], under: "book")
        try Data("secret\n".utf8).write(to: scratch.url.appendingPathComponent("beside.rs"))
        #expect(BookFiles.project(book.path).reach == "")
        #expect(messages { try loadProject(.project(book.path)) } == ["a.md:1:1: `../beside.rs` is outside the book's folder"])
    }
}
