import FolioBase
import FolioBook
import FolioCheck
import FolioCore
import FolioServe
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let console = Console()
exit(run(Array(CommandLine.arguments.dropFirst()), console: console).rawValue)
