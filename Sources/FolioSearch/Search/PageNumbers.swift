import FolioBase
import FolioOptions
import FolioBook
import FolioPagination

/// A term's pages, ascending, each once, kept small: each as its gap from the one before in
/// 7-bit groups, so that a word on most pages of a big book takes a byte a page.
package struct PageNumbers: Sendable, Equatable {
    private var bytes: [UInt8] = []
    private var last = 0
    private(set) var count = 0

    init() {}

    init(_ pages: [Int]) {
        for page in pages { append(page) }
    }

    /// The pages whose gaps `gaps` gives (a kept build's, `CachedBuild`).
    package init(gaps: [Int]) {
        for gap in gaps { append(last + gap) }
    }

    /// The pages, ascending.
    var pages: [Int] {
        var page = 0
        return gaps.map { gap in
            page += gap
            return page
        }
    }

    /// Adds `page`, when it is after the last one added (a page's terms come once per word):
    /// whether it did.
    @discardableResult
    mutating func append(_ page: Int) -> Bool {
        guard page > last else { return false }
        var gap = page - last
        last = page
        while gap >= 0x80 {
            bytes.append(UInt8(gap & 0x7F) | 0x80)
            gap >>= 7
        }
        bytes.append(UInt8(gap))
        count += 1
        return true
    }

    /// Each page's gap from the one before (the first's from 0), as the index's shards hold them.
    package var gaps: [Int] {
        var gaps: [Int] = []
        gaps.reserveCapacity(count)
        var (gap, shift) = (0, 0)
        for byte in bytes {
            gap |= Int(byte & 0x7F) << shift
            shift += 7
            if byte < 0x80 {
                gaps.append(gap)
                (gap, shift) = (0, 0)
            }
        }
        return gaps
    }
}
