import FolioBase
import FolioOptions

/// The fenced code blocks of a text read line by line, for the scans of its lines that look for
/// what cmark does not know (footnote definitions, definition lists): inside code, nothing counts.
struct CodeFences {
    /// The fence of the code block the lines are in, if any.
    private var open: (character: Character, count: Int)?

    /// Whether `line`, the next line of the text, opens, holds or closes a fenced code block.
    mutating func isCode(_ line: Substring) -> Bool {
        if let open {
            if let closing = Self.fence(line), closing.character == open.character, closing.count >= open.count,
               closing.info.allSatisfy(\.isWhitespace) { self.open = nil }
            return true
        }
        guard let opened = Self.fence(line) else { return false }
        open = (opened.character, opened.count)
        return true
    }

    /// A code fence's character, length and info string, if the line opens or closes one.
    static func fence(_ line: Substring) -> (character: Character, count: Int, info: Substring)? {
        let spaces = line.prefix { $0 == " " }.count
        guard spaces <= 3, let character = line.dropFirst(spaces).first, character == "`" || character == "~" else { return nil }
        let count = line.dropFirst(spaces).prefix { $0 == character }.count
        guard count >= 3 else { return nil }
        let info = line.dropFirst(spaces + count)
        if character == "`" && info.contains("`") { return nil }
        return (character, count, info)
    }
}
