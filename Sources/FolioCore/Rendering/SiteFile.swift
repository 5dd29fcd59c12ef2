import Foundation

/// One file of the site to write, by its path relative to the site root.
struct SiteFile: Sendable, Equatable {
    enum Contents: Sendable, Equatable {
        case bytes(Data)
        /// A file of the book (an image, say), copied as it is.
        case bookFile(String)
    }

    var path: String
    var contents: Contents

    init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }

    static func text(_ path: String, _ text: String) -> SiteFile {
        SiteFile(path: path, contents: .bytes(Data(text.utf8)))
    }
}
