import FolioBase
import FolioBook
import FolioCheck
import FolioCore
import FolioServe

let version = "0.1.0"

/// Dispatches `folio <command> …`.
func run(_ arguments: [String], console: Console) -> ExitStatus {
    var arguments = arguments
    guard let first = arguments.first else {
        console.out(Help.general)
        return .usage
    }
    arguments.removeFirst()
    do {
        switch first {
        case "--help", "-h":
            console.out(Help.general)
            return .success
        case "--version", "-V":
            console.out("folio \(version) (\(commit))")
            return .success
        case "help":
            guard let topic = arguments.first else {
                console.out(Help.general)
                return .success
            }
            guard let text = Help.command(topic) else { throw UsageError(message: "no help for unknown command `\(topic)`") }
            console.out(text)
            return .success
        case _ where arguments.contains(where: { $0 == "--help" || $0 == "-h" }) && Help.command(first) != nil:
            console.out(Help.command(first)!)
            return .success
        case "build":
            return try BuildCommand(parsing: arguments).run(console: console)
        case "init":
            return try InitCommand(parsing: arguments).run(console: console)
        case "check":
            return try CheckCommand(parsing: arguments).run(console: console)
        case "serve":
            return try ServeCommand(parsing: arguments).run(console: console)
        default:
            throw UsageError(message: "unknown command `\(first)`")
        }
    } catch let error as UsageError {
        console.usageError(error)
        return .usage
    } catch {
        console.usageError(UsageError(message: "\(error)"))
        return .usage
    }
}
