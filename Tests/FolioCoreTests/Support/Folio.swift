import Foundation
import Testing
@testable import FolioBook

/// Runs the real `folio` binary, built beside the test bundle.
struct Folio {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["FOLIO_BIN"] { return URL(fileURLWithPath: path) }
        var directory = Bundle.main.bundleURL
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("folio")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        fatalError("the folio binary was not found beside the tests; run `swift build` first or set FOLIO_BIN")
    }()

    /// The package root, for `content/` and `Tests/Fixtures/`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `folio` with `arguments` in `directory`, its output read from files as the build's own
    /// commands are, so that neither stream can fill and stall it.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Result {
        let ran = try #require(try runCommand([binary.path] + arguments, input: Data(), in: directory.path, environment: environment))
        return Result(status: ran.status, stdout: String(decoding: ran.output, as: UTF8.self), stderr: String(decoding: ran.errors, as: UTF8.self))
    }
}

/// Ends a process the test started and waits for it: SIGTERM, then, should it still run 10 s later,
/// SIGKILL, so that a process that cannot stop does not hold the tests up.
func stop(_ process: Process) {
    process.terminate()
    let deadline = ContinuousClock.now + .seconds(10)
    while process.isRunning && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning {
        Issue.record("\(process.executableURL?.lastPathComponent ?? "a process") did not stop on SIGTERM")
        kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
}

/// A scratch folder that goes away with the test.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Copies a folder here as it is, symbolic links included.
    func copy(_ source: URL, as name: String) throws -> URL {
        let destination = url.appendingPathComponent(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = ["-a", source.path, destination.path]
        try process.run()
        process.waitUntilExit()
        return destination
    }

    func write(_ files: [String: String], under folder: String) throws -> URL {
        let root = url.appendingPathComponent(folder)
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return root
    }
}

/// Every file under a folder with its bytes, to compare two trees exactly.
func snapshot(_ folder: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    let base = folder.resolvingSymlinksInPath().path
    guard let walker = FileManager.default.enumerator(atPath: base) else { return result }
    for case let path as String in walker {
        let full = base + "/" + path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
            result[path] = FileManager.default.contents(atPath: full)
        }
    }
    return result
}
