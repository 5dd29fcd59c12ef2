import FolioBase
import FolioOptions

/// Text-level Markdown as Swift values.
/// Only the cases with large payloads are boxed: a text piece, the most common inline, is held
/// in its array directly, not in an allocation of its own.
package enum Inline: Sendable, Equatable, Codable {
    case text(String)
    case softBreak
    case lineBreak
    case code(String)
    case html(String)
    case emphasis([Inline])
    case strong([Inline])
    indirect case link(Reference, [Inline])
    indirect case image(Reference, alt: [Inline])
    /// `~~text~~` or `~text~` (GFM).
    case strikethrough([Inline])
    /// `[^label]`: a reference to the chapter's footnote `number`, its `occurrence`th (from 1).
    indirect case footnoteReference(label: String, number: Int, occurrence: Int)
    /// The `[ ]` or `[x]` that opens a task list item (GFM), drawn as a disabled checkbox.
    case taskBox(checked: Bool)
    /// A formula between math delimiters, when the book has math.
    indirect case math(Formula)
}

/// Where a link or an image points, and where it was written, for messages about it.
package struct Reference: Sendable, Equatable, Codable {
    package var destination: String
    var title: String
    var position: MarkdownPosition
    /// Set by the link stage for links to chapters and headings; rendering turns it into a page URL.
    var target: ChapterLink?
    /// Set by the link stage for an image whose size the build cannot know, such as one on the
    /// web: the page shows it in a box of `PageGeometry.unsizedImageHeight` (the theme does so for
    /// an image of raw HTML on the web by its address).
    var unsized = false

    package init(destination: String, title: String, position: MarkdownPosition, target: ChapterLink? = nil) {
        self.destination = destination
        self.title = title
        self.position = position
        self.target = target
    }
}
