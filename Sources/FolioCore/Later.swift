import Foundation

/// A value made once, when first asked for, and shared, not copied. `folio serve` holds its site's
/// files so (`FileBytes`): a page document is rendered when a tab asks for it, so a save that moves
/// every later page (a chapter grown by a page) reloads without rendering the thousands of pages
/// nobody is looking at; and a document kept from one build to the next is the same object, known
/// to be unchanged without its bytes.
package final class Later<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// Given up once it has made the value, and with it all it held of the build that gave it.
    private var make: (@Sendable () throws -> Value)?
    private var made: Value?

    package init(_ make: @escaping @Sendable () throws -> Value) {
        self.make = make
    }

    package init(made value: Value) {
        made = value
    }

    /// The value, made now if it was not yet; should that fail, its error, and the next ask tries again.
    package func value() throws -> Value {
        try lock.withLock {
            if let made { return made }
            let value = try make!()
            (made, make) = (value, nil)
            return value
        }
    }

    /// While the value is not made, it will be by `make`: the same value, from a later build, so
    /// that it holds nothing of the earlier one.
    package func renew(_ make: @escaping @Sendable () throws -> Value) {
        lock.withLock { if made == nil { self.make = make } }
    }

    package var isMade: Bool { lock.withLock { made != nil } }
}

/// A site file's bytes in memory.
package typealias FileBytes = Later<Data>

extension Later where Value == Data {
    package convenience init(_ bytes: Data) {
        self.init(made: bytes)
    }

    package func bytes() throws -> Data { try value() }
}
