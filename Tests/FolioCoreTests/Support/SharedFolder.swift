import Foundation
import Testing

/// A folder of the shared reference material: `../shared/<name>` beside the package, or
/// `$FOLIO_SHARED/<name>`. Tests that read it are skipped when it is missing, unless
/// `FOLIO_REQUIRE_SHARED=1` (as CI sets it): then they fail, so a missing folder cannot pass as green.
struct SharedFolder: Sendable {
    let url: URL
    let what: String

    init(_ name: String, holding what: String) {
        let environment = ProcessInfo.processInfo.environment
        url = URL(fileURLWithPath: environment["FOLIO_SHARED"] ?? Folio.packageRoot.appendingPathComponent("../shared").path)
            .appendingPathComponent(name).standardized
        self.what = what
    }

    var isPresent: Bool { FileManager.default.fileExists(atPath: url.path) }
    static var isRequired: Bool { !(ProcessInfo.processInfo.environment["FOLIO_REQUIRE_SHARED"] ?? "").isEmpty }
    /// Whether tests of the folder run: when it is there, or when it must be.
    var runs: Bool { isPresent || Self.isRequired }
    var skipNote: Comment { Comment(rawValue: "\(what) is not in \(url.path); skipped (FOLIO_REQUIRE_SHARED=1 makes this a failure)") }

    /// Fails the test when the folder is missing (it runs only when it must be there).
    func require() throws {
        try #require(isPresent, "FOLIO_REQUIRE_SHARED is set, but \(what) is not in \(url.path)")
    }
}
