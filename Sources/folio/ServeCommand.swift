import FolioBase
import FolioBook
import FolioCheck
import FolioCore
import FolioServe
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `folio serve [DIR] [--port N] [--host H] [--open]`.
struct ServeCommand {
    var folder = "."
    var host = "127.0.0.1"
    var port: Int?
    var open = false
    /// Seconds an idle connection is kept; `FOLIO_SERVE_TIMEOUT` shortens it for tests.
    var timeout = 10

    init(parsing arguments: [String]) throws {
        let parsed = try Arguments(arguments, command: "serve", options: ["-p": "--port", "--port": "--port", "--host": "--host"], flags: ["--open"])
        folder = parsed.folder ?? "."
        host = parsed.values["--host"] ?? host
        if let text = parsed.values["--port"] {
            guard let number = Int(text), (0...65535).contains(number) else {
                throw UsageError(message: "`--port` takes a number from 0 to 65535, got `\(text)`", command: "serve")
            }
            port = number
        }
        open = parsed.flags.contains("--open")
        if let text = ProcessInfo.processInfo.environment["FOLIO_SERVE_TIMEOUT"], let seconds = Int(text), seconds > 0 { timeout = seconds }
    }

    func run(console: Console) throws -> ExitStatus {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError(message: "no book folder at `\(folder)`", command: "serve")
        }
        let folder = folder
        let stopping = StopSignals()
        let preview = BookPreview(folder: folder) { build in report(build, folder: folder, console: console) }
        let url: String
        do {
            url = try preview.start(host: host, port: port, timeout: timeout)
        } catch {
            console.err("folio: error: \(error)")
            return .usage
        }
        // Written at once, not buffered: whoever started the server waits for this line.
        FileHandle.standardOutput.write(Data("Serving \(folder) at \(url) (Ctrl-C to stop)\n".utf8))
        if open { openBrowser(url) }
        stopping.wait()
        preview.stop()
        return .success
    }
}

/// One line per build: what changed, how many pages, how long; the diagnostics before it.
private func report(_ build: BookPreview.Build, folder: String, console: Console) {
    for diagnostic in build.diagnostics.sorted(by: reportingOrder) { console.report(diagnostic, bookFolder: folder) }
    let cause = build.changes.isEmpty ? "Built" : "Rebuilt after \(describe(build.changes))"
    if build.failed {
        let errors = build.diagnostics.filter { $0.severity == .error }.count
        let served = build.serving ? "the last good build is still served" : "the browser shows the errors until the book builds"
        console.err("\(build.changes.isEmpty ? "Build" : cause): failed with \(counted(errors, "error")) in \(build.milliseconds) ms; \(served)")
    } else if build.changes.isEmpty {
        console.err("Built \(counted(build.chapters, "chapter")) (\(counted(build.pages, "page"))) in \(build.milliseconds) ms")
    } else {
        console.err("\(cause): \(counted(build.chapters, "chapter")), \(counted(build.pages, "page")), "
            + "\(build.pagesChanged) changed (\(counted(build.filesChanged, "file")) in all) in \(build.milliseconds) ms")
    }
}

private func describe(_ changes: [String]) -> String {
    let changes = changes.map { $0.isEmpty ? "the book folder" : $0 }
    return changes.count <= 3 ? changes.joined(separator: ", ") : changes.prefix(3).joined(separator: ", ") + " and \(changes.count - 3) more"
}

private func openBrowser(_ url: String) {
    #if os(macOS)
    let command = "open"
    #else
    let command = "xdg-open"
    #endif
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [command, url]
    try? process.run()
}

/// Ctrl-C and SIGTERM, caught from the start so that neither kills the server halfway.
private final class StopSignals: @unchecked Sendable {
    private let caught = DispatchSemaphore(value: 0)
    private var sources: [DispatchSourceSignal] = []

    init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [caught] in caught.signal() }
            source.resume()
            sources.append(source)
        }
    }

    func wait() {
        caught.wait()
    }
}
