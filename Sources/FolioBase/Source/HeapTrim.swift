import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory a stage let go back to the system: the C library keeps freed memory for later
/// allocations, but a stage's freed pieces lie between the ones kept, in the heaps of the threads
/// that made them, and a big book's build would otherwise hold the most any stage ever held.
package func trimHeap() {
    #if canImport(Glibc)
    _ = mallocTrim?(0)
    #endif
}

#if canImport(Glibc)
/// glibc's `malloc_trim`, which Swift's Glibc module does not declare.
private let mallocTrim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
    .map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) }
#endif

/// Lets `value` go on another thread: freeing a big book's pages piece by piece takes tens of
/// milliseconds that the one who asked for the build need not wait for. A process that ends
/// meanwhile hands its memory back whole.
package func releaseLater<Value>(_ value: consuming Value) {
    // Unmanaged, so that this thread holds no reference that could be the last.
    let held = Unmanaged.passRetained(Held(value))
    DispatchQueue.global(qos: .utility).async { held.release() }
}

private final class Held<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: consuming Value) {
        self.value = value
    }
}
