import FolioBase
import FolioOptions

/// An admonition as mdBook writes them (GitHub's alerts): a block quote whose first line is a
/// tag — `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`, in any case — set
/// apart as an aside with an icon and a title in the book's language. The tag is not text.
package struct Aside: Sendable, Equatable, Codable {
    package enum Kind: String, Sendable, CaseIterable, Codable {
        case note, tip, important, warning, caution
    }

    package var kind: Kind
    package var blocks: [Block]

    package init(kind: Kind, blocks: [Block]) {
        self.kind = kind
        self.blocks = blocks
    }

    /// The aside a block quote of `children` is, or nil when its first line is no tag: an unknown
    /// tag, or words after the tag on its line, leave the quote a quote.
    init?(quoting children: [Block]) {
        guard case .paragraph(let content)? = children.first else { return nil }
        let lineEnd = content.firstIndex { $0 == .softBreak || $0 == .lineBreak } ?? content.endIndex
        // cmark keeps the brackets as texts of their own.
        var tag = ""
        for inline in content[..<lineEnd] {
            guard case .text(let text) = inline else { return nil }
            tag += text
        }
        tag = String(tag.reversed().drop(while: \.isWhitespace).reversed())
        guard tag.hasPrefix("[!"), tag.hasSuffix("]"),
              let kind = Kind(rawValue: tag.dropFirst(2).dropLast().lowercased()) else { return nil }
        let rest = content[lineEnd...].dropFirst()
        self.init(kind: kind, blocks: (rest.isEmpty ? [] : [.paragraph(Array(rest))]) + children.dropFirst())
    }

    /// The title's key among the theme's UI strings (`aside-note`…), and its English words.
    package var titleKey: String { "aside-" + kind.rawValue }
    package var englishTitle: String { kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst() }

    /// The icon drawn before the title: filled shapes (mdBook's themes fill the icon with the
    /// title's colour), a 16-unit square like the octicons mdBook uses.
    var icon: String {
        let path = switch kind {
        case .note:
            "M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm0 1.5a5.5 5.5 0 1 1 0 11 5.5 5.5 0 0 1 0-11ZM7.25 7h1.5v4.5h-1.5ZM8 4a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z"
        case .tip:
            "M8 .5a5 5 0 0 0-3 9c.6.5 1 1.1 1 1.8V12h4v-.7c0-.7.4-1.3 1-1.8a5 5 0 0 0-3-9ZM8 2a3.5 3.5 0 0 0-2.1 6.3c.6.5 1.1 1.1 1.3 2.2h1.6c.2-1.1.7-1.7 1.3-2.2A3.5 3.5 0 0 0 8 2ZM6 13h4v1.2H6ZM6.75 14.8h2.5V16h-2.5Z"
        case .important:
            "M1 1.5h14v10H8.5L4.5 15v-3.5H1ZM2.5 3v7H6v1.8L8 10h5.5V3ZM7.25 4h1.5v3.5h-1.5ZM8 8a.9.9 0 1 1 0 1.8A.9.9 0 0 1 8 8Z"
        case .warning:
            "M8 1l7.5 13.5H.5ZM8 4 2.9 13h10.2ZM7.25 6.5h1.5V10h-1.5ZM8 10.75a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Z"
        case .caution:
            "M5 .5h6L15.5 5v6L11 15.5H5L.5 11V5ZM5.6 2 2 5.6v4.8L5.6 14h4.8l3.6-3.6V5.6L10.4 2ZM7.25 4.5h1.5V9h-1.5ZM8 10.2a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z"
        }
        return "<svg viewBox=\"0 0 16 16\" width=\"18\" height=\"18\" fill=\"currentColor\" aria-hidden=\"true\"><path fill-rule=\"evenodd\" d=\"\(path)\"></path></svg>"
    }
}
