/// What a command line holds after the command: at most one folder, options with a value
/// (`-o OUT`, `--output OUT`, `--output=OUT`) and flags (`--timings`).
struct Arguments {
    var folder: String?
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// `options` maps every spelling (`-o`, `--output`) to the name the command reads (`--output`).
    init(_ arguments: [String], command: String, options: [String: String] = [:], flags known: Set<String> = []) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if let equals = argument.firstIndex(of: "="), let name = options[String(argument[..<equals])], argument.hasPrefix("--") {
                values[name] = String(argument[argument.index(after: equals)...])
            } else if let name = options[argument] {
                guard let value = rest.popFirst(), !value.isEmpty else {
                    throw UsageError(message: "`\(argument)` needs a value", command: command)
                }
                values[name] = value
            } else if known.contains(argument) {
                flags.insert(argument)
            } else if argument.hasPrefix("-") && argument != "-" {
                throw UsageError(message: "unknown option `\(argument)` for `folio \(command)`", command: command)
            } else if let folder {
                throw UsageError(message: "`folio \(command)` takes one folder, got `\(folder)` and `\(argument)`", command: command)
            } else {
                folder = argument
            }
        }
    }
}
