import Foundation

extension Array where Element: Sendable {
    /// `transform` of every element, on every core at once: for stages whose items are
    /// independent (chapters parsed or paginated, files written). The order is kept. Each task
    /// puts its result in its own place in the one array returned: nothing is held twice.
    package func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            let places = Places(base: buffer.baseAddress)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                places.base!.advanced(by: index).initialize(to: transform(self[index]))
            }
            initialized = count
        }
    }
}

/// Where the results go: each task writes only its own element, once, and the array is not read
/// until every task is done.
private struct Places<Value>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Value>?
}

/// Items `0..<count` made on every core a batch at a time, and taken in order on this thread
/// (`use`, with the batch's range) while the next batch is made: for a stage whose items are made
/// side by side but must be taken one after another (the search index's pages counted in book
/// order), `size` items a batch. `prepare` has each batch before the next is begun: what it
/// changes there the making of the next batch may read, which `use` may not.
package func parallelBatches<Made: Sendable>(count: Int, batch size: Int,
                                    _ make: @escaping @Sendable (Int) -> Made,
                                    prepare: (inout [Made]) -> Void = { _ in },
                                    use: (Range<Int>, [Made]) throws -> Void) rethrows {
    @Sendable func made(_ range: Range<Int>) -> [Made] { Array(range).parallelMap(make) }
    let batches = stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    let next = Handover<[Made]>([])
    var current = batches.first.map(made) ?? []
    for (number, range) in batches.enumerated() {
        prepare(&current)
        let making = DispatchGroup()
        if number + 1 < batches.count {
            let following = batches[number + 1]
            DispatchQueue.global().async(group: making) { next.value = made(following) }
        }
        // Should `use` fail, the batch being made is waited for all the same.
        defer { making.wait() }
        try use(range, current)
        making.wait()
        current = next.value
    }
}

/// `first` on another thread while `second` runs on this one: two parts of a stage that share
/// nothing (the files made from the whole book, and the search index). Both are done when it
/// returns; should both fail, `first`'s error is thrown, as if they had run in that order.
package func concurrently<First: Sendable, Second>(_ first: @escaping @Sendable () throws -> First,
                                          _ second: () throws -> Second) throws -> (First, Second) {
    let made = Handover<Result<First, Error>?>(nil)
    let making = DispatchGroup()
    DispatchQueue.global().async(group: making) { made.value = Result(catching: first) }
    let here = Result(catching: second)
    making.wait()
    return (try made.value!.get(), try here.get())
}

/// What one thread makes for another: set before the group it is made in is done, read only after.
private final class Handover<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
