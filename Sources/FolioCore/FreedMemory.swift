import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory a stage let go back to the system: the C library keeps freed memory for later
/// allocations, but a stage's freed pieces lie between the ones kept, in the heaps of the threads
/// that made them, and a big book's build would otherwise hold the most any stage ever held.
func returnFreedMemory() {
    #if canImport(Glibc)
    mallocTrim?(0)
    #endif
}

#if canImport(Glibc)
/// glibc's `malloc_trim`, which Swift's Glibc module does not declare.
private let mallocTrim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
    .map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) }
#endif
