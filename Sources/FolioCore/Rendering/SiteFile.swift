import Foundation

/// One file of the site to write, by its path relative to the site root.
public struct SiteFile: Sendable, Equatable {
    public enum Contents: Sendable, Equatable {
        case bytes(Data)
        /// A file of the book (an image, say), copied as it is.
        case bookFile(String)
    }

    public var path: String
    public var contents: Contents

    public init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }

    public static func text(_ path: String, _ text: String) -> SiteFile {
        SiteFile(path: path, contents: .bytes(Data(text.utf8)))
    }
}
