/// A place in one of the book's files: the path relative to the book folder,
/// and a 1-based line and column (columns count characters, not bytes).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`, or just `file` when the place is the whole file.
    public var description: String {
        line > 0 ? "\(file):\(line):\(max(column, 1))" : file
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}
