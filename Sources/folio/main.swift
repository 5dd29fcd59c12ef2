import FolioBase
import FolioCheck
import FolioServe
import FolioCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let console = Console()
exit(run(Array(CommandLine.arguments.dropFirst()), console: console).rawValue)
