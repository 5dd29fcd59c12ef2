import Foundation

extension Array where Element: Sendable {
    /// `transform` of every element, on every core at once: for stages whose items are
    /// independent (chapters parsed or paginated, files written). The order is kept.
    func mapSideBySide<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let results = ResultSlots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results[index] = transform(self[index])
        }
        return results.values
    }
}

/// One slot per parallel task; each task writes only its own slot.
private final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    subscript(index: Int) -> Value? {
        get { lock.withLock { slots[index] } }
        set { lock.withLock { slots[index] = newValue } }
    }

    var values: [Value] { lock.withLock { slots.map { $0! } } }
}
