import FolioBase
import FolioOptions
import FolioBook
import FolioPagination

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The search index's tokens met so far, each with its number, found by its UTF-8 bytes: every
/// word of every page is looked up here, and most are known, so none is made a string to be
/// looked up. Open addressing over a hash of the bytes (`Fingerprint`'s), the bytes of all the
/// tokens kept one after another.
struct TokenNumbers: Sendable {
    private struct Entry: Sendable {
        var hash: UInt64
        var start: Int
        var count: Int
        var number: Int
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    /// Places in `entries`, -1 where empty; never more than half full.
    private var slots = [Int32](repeating: -1, count: 1024)

    /// The number of `token` (not empty), if it was met.
    func number(of token: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(token)
        let mask = slots.count - 1
        var slot = Self.slot(hash, mask)
        return bytes.withUnsafeBufferPointer { known in
            while true {
                let place = Int(slots[slot])
                guard place >= 0 else { return nil }
                let entry = entries[place]
                if entry.hash == hash, entry.count == token.count, memcmp(known.baseAddress! + entry.start, token.baseAddress!, token.count) == 0 {
                    return entry.number
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Adds `token` (not empty, not met before) with its number.
    mutating func insert(_ token: UnsafeBufferPointer<UInt8>, number: Int) {
        if (entries.count + 1) * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            for place in entries.indices { settle(place) }
        }
        entries.append(Entry(hash: Self.hash(token), start: bytes.count, count: token.count, number: number))
        bytes.append(contentsOf: token)
        settle(entries.count - 1)
    }

    /// Puts the entry at `place` in the first free slot from its hash's.
    private mutating func settle(_ place: Int) {
        let mask = slots.count - 1
        var slot = Self.slot(entries[place].hash, mask)
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(place)
    }

    private static func hash(_ token: UnsafeBufferPointer<UInt8>) -> UInt64 {
        contentHash(UnsafeRawBufferPointer(token))
    }

    /// FNV's low bits depend on the bytes' low bits alone: the high ones are folded in.
    private static func slot(_ hash: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: hash ^ hash >> 32) & mask
    }
}
