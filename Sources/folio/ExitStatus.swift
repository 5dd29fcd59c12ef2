/// 0 success, 1 the book (or site) has errors, 2 the command line is wrong.
enum ExitStatus: Int32 {
    case success = 0
    case bookErrors = 1
    case usage = 2
}

struct UsageError: Error {
    var message: String
    /// The command whose help to point at.
    var command: String?
}
