import Foundation

extension Array where Element: Sendable {
    /// `transform` of every element, on every core at once: for stages whose items are
    /// independent (chapters parsed or paginated, files written). The order is kept. Each task
    /// puts its result in its own place in the one array returned: nothing is held twice.
    func mapSideBySide<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
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
