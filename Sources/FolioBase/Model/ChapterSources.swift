/// The book's Markdown, each section's by its id: its text after the front matter, includes
/// expanded and preprocessors run. The loader makes it beside the sections; parsing reads a
/// section's text from it, and so does whatever places a diagnostic in raw HTML, which keeps no
/// positions of its own (`location(ofFirst:in:)`). A build lets each text go once no stage to come
/// reads it, so a big book's sources are not held while its pages are rendered.
///
/// Where a text begins in its file and where included lines came from stay on the `Chapter`
/// (`firstLine`, `lineOrigins`): the positions parsing found are placed with them after the text
/// is gone, and they are small beside it.
package struct ChapterSources: Sendable {
    private var texts: [ChapterID: String]

    package init(_ texts: [ChapterID: String] = [:]) {
        self.texts = texts
    }

    /// Section `id`'s Markdown; nil once let go.
    package subscript(id: ChapterID) -> String? {
        get { texts[id] }
        set { texts[id] = newValue }
    }

    /// Bytes of Markdown held, in UTF-8.
    package var size: Int {
        texts.values.reduce(0) { $0 + $1.utf8.count }
    }

    /// Lets go of the texts of the sections `ids`.
    package mutating func letGo(of ids: some Sequence<ChapterID>) {
        for id in ids { texts[id] = nil }
    }

    /// Where `text` is first written in `chapter`'s Markdown; the file alone when it is not there
    /// as written, or the chapter's text was let go.
    package func location(ofFirst text: String, in chapter: Chapter) -> SourceLocation {
        guard let markdown = texts[chapter.id], let range = markdown.range(of: text) else { return SourceLocation(file: chapter.path) }
        var source = SourceText(markdown, file: chapter.path, firstLine: chapter.firstLine)
        return source.location(of: range.lowerBound, in: markdown)
    }
}
