import Foundation
import Testing
@testable import FolioCore

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
