import FolioBase
import FolioOptions
import Foundation

/// What a command printed and how it ended.
package struct CommandResult: Sendable {
    package var status: Int32
    package var output: Data
    package var errors: Data
    /// Stopped for running past its time.
    package var timedOut = false
}

/// Runs a program found on the PATH (a bare name) or relative to `directory` (a path), in
/// `directory`, with `input` on its standard input and `environment` added to Folio's own. Nil when
/// there is no such program. Input and output go through temporary files, so a large book cannot
/// fill a pipe and stall. A command still running after `timeout` is stopped (SIGTERM, then SIGKILL).
package func runCommand(_ arguments: [String], input: Data, in directory: String, environment: [String: String] = [:],
                        timeout: Duration? = nil) throws -> CommandResult? {
    guard let name = arguments.first, let program = findProgram(name, in: directory) else { return nil }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("folio-command-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let (inURL, outURL, errURL) = (scratch.appendingPathComponent("in"), scratch.appendingPathComponent("out"), scratch.appendingPathComponent("err"))
    try input.write(to: inURL)
    // Files that cannot be made fail below, where the process is given them.
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = Array(arguments.dropFirst())
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    process.standardInput = try FileHandle(forReadingFrom: inURL)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    let timedOut = timeout.map { !waitForExit(exited, within: $0) } ?? false
    if timedOut {
        process.terminate()
        if !waitForExit(exited, within: .seconds(5)) { kill(process.processIdentifier, SIGKILL) }
    }
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, output: try Data(contentsOf: outURL), errors: try Data(contentsOf: errURL),
                         timedOut: timedOut)
}

/// Whether the process `exited` signals ended within `time`.
private func waitForExit(_ exited: DispatchSemaphore, within time: Duration) -> Bool {
    let (seconds, attoseconds) = time.components
    return exited.wait(timeout: .now() + Double(seconds) + Double(attoseconds) / 1e18) == .success
}

/// The executable a command's first word names, as a shell finds it.
package func findProgram(_ name: String, in directory: String) -> String? {
    let fileManager = FileManager.default
    if name.contains("/") {
        let path = name.hasPrefix("/") ? name : URL(fileURLWithPath: directory).appendingPathComponent(name).path
        return fileManager.isExecutableFile(atPath: path) ? path : nil
    }
    let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in searchPath.split(separator: ":") {
        let path = URL(fileURLWithPath: String(folder)).appendingPathComponent(name).path
        if fileManager.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// A command line split into words as a POSIX shell would, quotes and backslashes included,
/// as mdBook splits a preprocessor's `command`.
func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
        if escaped {
            word.append(character)
            escaped = false
        } else if character == "\\" && quote != "'" {
            escaped = true
            inWord = true
        } else if let open = quote {
            if character == open { quote = nil } else { word.append(character) }
        } else if character == "'" || character == "\"" {
            quote = character
            inWord = true
        } else if character == " " || character == "\t" || character == "\n" {
            if inWord { words.append(word) }
            word = ""
            inWord = false
        } else {
            word.append(character)
            inWord = true
        }
    }
    if inWord { words.append(word) }
    return words
}
