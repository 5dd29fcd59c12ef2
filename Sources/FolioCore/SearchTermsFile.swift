import FolioBase
import FolioSearch
import Foundation

/// The search index's terms as a build keeps them in its cache (`CachedBuild`) for the next: its
/// format's line, then the number of terms, each term as its UTF-8 length and bytes, its pages as
/// gaps and its excerpts, numbers as 7-bit groups (`VarInt`). A big book's are tens of megabytes, read only
/// by a build that moves terms.
enum SearchTermsFile {
    static let fileName = "search-terms"
    static let format = "folio-search 1"

    /// Writes `terms` to `path` a megabyte at a time, as they are made; the fingerprint of the
    /// file's bytes (`contentHash`), which the build record holds.
    static func write(_ terms: [SearchShards.Term], to path: String) throws -> UInt64 {
        var print = Fingerprint()
        try writeWhole(to: path) { write in
            var bytes = Array((format + "\n").utf8)
            bytes.reserveCapacity(1 << 20)
            func int(_ value: Int) { VarInt.append(UInt64(value), to: &bytes) }
            func string(_ value: String) {
                int(value.utf8.count)
                bytes.append(contentsOf: value.utf8)
            }
            /// Hands on the bytes made so far but the last few, so that each part handed on is whole
            /// eight-byte words and the fingerprint is the whole file's (`Fingerprint.add(bytes:)`).
            func flush(all: Bool) -> Bool {
                let whole = all ? bytes.count : bytes.count / 8 * 8
                let done = bytes.withUnsafeBytes { buffer in
                    let part = UnsafeRawBufferPointer(rebasing: buffer[..<whole])
                    print.add(bytes: part)
                    return write(part)
                }
                bytes.removeFirst(whole)
                return done
            }
            int(terms.count)
            for term in terms {
                string(term.term)
                let gaps = term.pages.gaps
                int(gaps.count)
                for gap in gaps { int(gap) }
                int(term.excerpts.count)
                for excerpt in term.excerpts { string(excerpt) }
                if bytes.count >= 1 << 20, !flush(all: false) { return false }
            }
            return flush(all: true)
        }
        return print.value
    }

    static func terms(_ data: Data) throws -> [SearchShards.Term] {
        try data.withUnsafeBytes { bytes in
            let header = Array((format + "\n").utf8)
            guard bytes.starts(with: header) else { throw CacheCoder.Malformed() }
            var index = header.count
            // A count of things still to read, each at least a byte long.
            func count() throws -> Int {
                let count = try VarInt.read(bytes, at: &index)
                guard count <= UInt64(bytes.count - index) else { throw CacheCoder.Malformed() }
                return Int(count)
            }
            func string() throws -> String {
                let count = try count()
                defer { index += count }
                return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<index + count]), as: UTF8.self)
            }
            let terms = try (0..<count()).map { _ -> SearchShards.Term in
                let term = try string()
                let gaps = try (0..<count()).map { _ in Int(try VarInt.read(bytes, at: &index)) }
                let excerpts = try (0..<count()).map { _ in try string() }
                return (term, PageNumbers(gaps: gaps), excerpts)
            }
            guard index == bytes.count else { throw CacheCoder.Malformed() }
            return terms
        }
    }
}
