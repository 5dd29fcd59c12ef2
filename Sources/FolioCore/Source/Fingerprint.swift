import Foundation

/// A value's hash, the same from run to run (Swift's `Hasher` is seeded anew each run): what a
/// build keeps beside its site to know, next time, whether an input or a file is the same.
/// FNV-1a over 8 bytes at a time (a site's files are tens of megabytes), each step's high bits
/// folded into its low ones, so that a change in one word cannot be undone by a change in
/// another; the last bytes one at a time. Not a defence against forgery: a changed input goes
/// unnoticed only by a 64-bit collision.
struct Fingerprint: Equatable, Sendable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    /// The fingerprint of any value: its type's name and every stored property, walked as
    /// `Mirror` shows them; a dictionary's or a set's elements in a fixed order.
    init(of value: Any) {
        add(value)
    }

    /// The fingerprint of a value that adds its own parts: the same as `init(of:)` gives, without
    /// asking at run time whether it can.
    init(of value: some Fingerprinted) {
        value.add(to: &self)
    }

    mutating func add(bytes buffer: UnsafeRawBufferPointer) {
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var hash = value
        let words = buffer.count / 8
        for word in 0..<words {
            hash = (hash ^ UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self))) &* prime
            hash ^= hash >> 29
        }
        for byte in buffer[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* prime }
        value = hash
    }

    mutating func add(_ data: Data) {
        add(data.count)
        data.withUnsafeBytes { add(bytes: $0) }
    }

    mutating func add(_ string: String) {
        add(string.utf8.count)
        withBytes(string) { add(bytes: UnsafeRawBufferPointer($0)) }
    }

    mutating func add(_ number: Int) {
        withUnsafeBytes(of: number.littleEndian) { add(bytes: $0) }
    }

    /// Any value (`init(of:)`). Its length or count comes before a variable part, so that
    /// two values cannot run into each other.
    mutating func add(_ value: Any) {
        switch value {
        case let string as Substring: add(String(string))
        case let value as Fingerprinted: value.add(to: &self)
        default:
            let mirror = Mirror(reflecting: value)
            add(String(reflecting: mirror.subjectType))
            switch mirror.displayStyle {
            case .dictionary?, .set?:
                // Elements in the order of their own fingerprints: a hash table's order changes from run to run.
                add(unordered: mirror.children.map { Fingerprint(of: $0.value).value })
            case .enum?:
                add(mirror.children.first?.label ?? String(describing: value))
                for child in mirror.children { add(child.value) }
            case nil where mirror.children.isEmpty:
                // Numbers, Booleans and other values without parts.
                add(String(describing: value))
            default:
                add(mirror.children.count)
                for child in mirror.children {
                    add(child.label ?? "")
                    add(child.value)
                }
            }
        }
    }
}

/// The fingerprint of `data`'s bytes alone: a content hash to notice changed files.
func contentHash(_ data: Data) -> UInt64 {
    data.withUnsafeBytes(contentHash)
}

/// The fingerprint of `bytes` alone.
func contentHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var fingerprint = Fingerprint()
    fingerprint.add(bytes: bytes)
    return fingerprint.value
}

/// A value that adds its own parts to a fingerprint: the book's many small values, which `Mirror`
/// would walk a hundred times slower.
protocol Fingerprinted {
    func add(to print: inout Fingerprint)
}

extension Fingerprint {
    mutating func add(_ value: some Fingerprinted) {
        value.add(to: &self)
    }
}

extension String: Fingerprinted {
    func add(to print: inout Fingerprint) { print.add(self) }
}

extension Int: Fingerprinted {
    func add(to print: inout Fingerprint) { print.add(self) }
}

extension Data: Fingerprinted {
    func add(to print: inout Fingerprint) { print.add(self) }
}

extension Optional: Fingerprinted where Wrapped: Fingerprinted {
    func add(to print: inout Fingerprint) {
        print.add(self == nil ? 0 : 1)
        self?.add(to: &print)
    }
}

extension Array: Fingerprinted where Element: Fingerprinted {
    func add(to print: inout Fingerprint) {
        print.add(count)
        for element in self { element.add(to: &print) }
    }
}

/// Its elements' own fingerprints in their order: a hash table's order changes from run to run,
/// and numbers sort quicker than the elements would.
extension Set: Fingerprinted where Element: Fingerprinted {
    func add(to print: inout Fingerprint) {
        print.add(unordered: map { Fingerprint(of: $0).value })
    }
}

extension Dictionary: Fingerprinted where Key: Fingerprinted, Value: Fingerprinted {
    func add(to print: inout Fingerprint) {
        print.add(unordered: map { key, value in
            var own = Fingerprint(of: key)
            value.add(to: &own)
            return own.value
        })
    }
}

extension Fingerprint {
    /// The fingerprints of a hash table's elements, in their own order.
    mutating func add(unordered elements: [UInt64]) {
        add(elements.count)
        for element in elements.sorted() { add(Int(bitPattern: UInt(element))) }
    }
}

extension ChapterID: Fingerprinted {
    func add(to print: inout Fingerprint) { print.add(path) }
}

extension SourceLocation: Fingerprinted {
    func add(to print: inout Fingerprint) {
        print.add(file)
        print.add(line)
        print.add(column)
    }
}

extension Heading: Fingerprinted {
    func add(to print: inout Fingerprint) {
        print.add(level)
        print.add(title)
        print.add(id)
    }
}

extension Chapter: Fingerprinted {
    func add(to print: inout Fingerprint) {
        print.add(id.path)
        print.add(role.number)
        print.add(declaredTitle)
        print.add(slug)
        print.add(number)
        print.add(markdown)
        print.add(firstLine)
        print.add(lineOrigins)
        print.add(meta)
    }
}

extension MetaEntry: Fingerprinted {
    func add(to print: inout Fingerprint) {
        print.add(key)
        print.add(value)
        print.add(line)
    }
}

extension MetaValue: Fingerprinted {
    func add(to print: inout Fingerprint) {
        switch self {
        case .text(let text):
            print.add(0)
            print.add(text)
        case .flag(let flag):
            print.add(flag ? 1 : 2)
        case .list(let items):
            print.add(3)
            print.add(items)
        case .table(let entries):
            print.add(4)
            print.add(entries)
        }
    }
}

private extension Chapter.Role {
    var number: Int {
        switch self {
        case .chapter: 0
        case .cover: 1
        }
    }
}

extension ContentsEntry: Fingerprinted {
    func add(to print: inout Fingerprint) {
        switch self {
        case .part(let title):
            print.add(0)
            print.add(title)
        case .chapter(let chapter):
            print.add(1)
            print.add(chapter.id.path)
            print.add(chapter.title)
            print.add(chapter.numbered ? 1 : 0)
            print.add(chapter.number)
            chapter.listedAt.add(to: &print)
            print.add(chapter.children)
        case .draft(let title, let location):
            print.add(2)
            print.add(title)
            location.add(to: &print)
        case .separator:
            print.add(3)
        }
    }
}

extension BuildCache.RenderInputs.Section: Fingerprinted {
    func add(to print: inout Fingerprint) {
        print.add(id.path)
        print.add(role.number)
        print.add(slug)
        print.add(number)
        print.add(title)
        print.add(headings)
        print.add(anchors)
        print.add(meta)
    }
}
