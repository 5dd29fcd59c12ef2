import Foundation

/// One file of the site to write, by its path relative to the site root.
package struct SiteFile: Sendable {
    package enum Contents: Sendable {
        case bytes(Data)
        /// A file of the book (an image, say), copied as it is.
        case bookFile(String)
        /// A document rendered when the writer needs its bytes, and dropped after: a book's page
        /// documents are never all in memory at once. Rendering the same document twice gives the
        /// same bytes.
        case rendered(@Sendable () throws -> Data)
        /// The file already in the output folder, as the record of Folio's files has it: a page a
        /// kept build (`CachedBuild`) knows to be the same, neither rendered nor read.
        case kept
        /// A file made from a fingerprint of every other file of the site (`siteFingerprint`), so
        /// written after them all: the service worker, whose build id it is.
        case fingerprinting(@Sendable (UInt64) -> Data)
    }

    package var path: String
    package var contents: Contents

    package init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }

    package static func text(_ path: String, _ text: String) -> SiteFile {
        SiteFile(path: path, contents: .bytes(Data(text.utf8)))
    }
}
