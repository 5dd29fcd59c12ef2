import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import Foundation

/// How long each stage of a build took, in order, for `folio build --timings` and the benchmarks.
/// A stage timed again (parsing what turned out to be needed after all) adds to its time.
public struct PhaseTimes: Sendable {
    private(set) var phases: [(name: String, seconds: Double)] = []

    init() {}

    mutating func time<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        defer {
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            if let known = phases.firstIndex(where: { $0.name == name }) { phases[known].seconds += seconds } else { phases.append((name, seconds)) }
        }
        return try body()
    }

    /// `load 0.012 s · parse 0.034 s · …`
    public var summary: String {
        phases.map { "\($0.name) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: " · ")
    }
}
