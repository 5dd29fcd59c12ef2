import FolioBase
import FolioOptions
import Foundation

// A chapter's raw HTML, as mdBook books use it: ids to link to, and links and image sources
// written relative to the chapter's file, which the site moves.

/// The ids that raw HTML gives its elements (`<a id="x"></a>`, `<a name="x">`).
package func rawHTMLIDs(_ html: String) -> [String] {
    rawHTMLTags(html).compactMap { tag in tag.value("id") ?? (tag.name == "a" ? tag.value("name") : nil) }.filter { !$0.isEmpty }
}

/// A link or a source in raw HTML: `<a href>`, `<img src>`, `<video poster>`…
package struct RawHTMLLink: Sendable, Equatable {
    package var value: String
    /// A source the page shows (an image, a video) rather than a link to follow.
    package var image: Bool
    /// Byte offsets of the value as written, quotes included.
    var written: Range<Int>
}

func rawHTMLLinks(_ html: String) -> [RawHTMLLink] {
    rawHTMLTags(html).flatMap { tag in
        tag.attributes.compactMap { attribute -> RawHTMLLink? in
            guard ["href", "src", "poster"].contains(attribute.name), let value = attribute.value, let written = attribute.written else { return nil }
            return RawHTMLLink(value: value, image: attribute.name != "href", written: written)
        }
    }
}

/// The HTML with each link's value replaced by what `rewrite` gives for it (nil: as written).
package func rewritingRawHTMLLinks(_ html: String, _ rewrite: (RawHTMLLink) -> String?) -> String {
    let links = rawHTMLLinks(html)
    guard !links.isEmpty else { return html }
    var bytes = Array(html.utf8)
    for link in links.reversed() {
        guard let value = rewrite(link), value != link.value else { continue }
        bytes.replaceSubrange(link.written, with: Array("\"\(escapeHTML(value))\"".utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
}

private func rawHTMLTags(_ html: String) -> [HTMLTag] {
    guard html.contains("<"), let scan = try? scanHTML(Data(html.utf8), file: "") else { return [] }
    return scan.tags
}

/// An image that raw HTML shows, with the width its attributes or inline style give it.
package struct RawHTMLImage: Sendable, Equatable {
    package var source: String
    /// `style="width: 50%"`, as a fraction of the box.
    package var widthFraction: Double?
    /// `width="300"` or `style="width: 300px"`, in CSS px.
    package var width: Double?
}

package func rawHTMLImages(_ html: String) -> [RawHTMLImage] {
    rawHTMLTags(html).compactMap { tag in
        guard tag.name == "img", let source = tag.value("src") else { return nil }
        var image = RawHTMLImage(source: source, width: tag.value("width").flatMap(Double.init))
        let style = tag.value("style") ?? ""
        if let match = style.firstMatch(of: #/(?:^|;)\s*width\s*:\s*([0-9.]+)\s*(%|px)/#), let value = Double(match.1) {
            if match.2 == "%" { image.widthFraction = value / 100 } else { image.width = value }
        }
        return image
    }
}

/// The words raw HTML shows, its tags and comments taken out.
package func rawHTMLText(_ html: String) -> String {
    html.replacing(#/<!--.*?-->|<[^>]*>/#.dotMatchesNewlines(), with: " ")
        .split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

/// +1 for a raw HTML tag that opens text a browser sets in monospace (`<kbd>`, `<code>`, `<samp>`,
/// `<tt>`), -1 for one that closes it, 0 for any other.
package func monospaceTag(_ html: String) -> Int {
    let tag = html.lowercased()
    let closing = tag.hasPrefix("</")
    let name = tag.dropFirst(closing ? 2 : 1).prefix(while: \.isASCIILetter)
    guard ["kbd", "code", "samp", "tt"].contains(name) else { return 0 }
    return closing ? -1 : tag.hasSuffix("/>") ? 0 : 1
}
