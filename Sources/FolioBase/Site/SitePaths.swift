import Foundation

// Paths inside a book folder or a built site, and the links between their files: always relative,
// `/`-separated, whatever the platform. They are taken apart at their ASCII separators by UTF-8
// bytes, as the system and browsers do, not by `Character`s: searching a string by its characters
// makes a string of each, and a build asks it of every link and every file.

/// `https:`, `mailto:`, `//host/…`: an address outside the book and its site.
package func isExternal(_ url: String) -> Bool {
    if url.hasPrefix("//") { return true }
    guard let colon = url.utf8.firstIndex(of: UInt8(ascii: ":")), let first = url.utf8.first, isASCIILetter(first) else { return false }
    return url.utf8[..<colon].allSatisfy { isASCIIAlphanumeric($0) || "+.-".utf8.contains($0) }
}

/// `path#fragment` → (`path`, `fragment`).
package func splitFragment(_ url: String) -> (String, String?) {
    split(url, at: UInt8(ascii: "#"))
}

/// `path?query` → (`path`, `query`).
func splitQuery(_ url: String) -> (String, String?) {
    split(url, at: UInt8(ascii: "?"))
}

/// `text` before and after its first `separator`, an ASCII byte.
private func split(_ text: String, at separator: UInt8) -> (String, String?) {
    guard let place = text.utf8.firstIndex(of: separator) else { return (text, nil) }
    return (String(text[..<place]), String(text[text.utf8.index(after: place)...]))
}

/// A link written in one file of the book or the site to another, taken apart.
package struct RelativeLink: Equatable {
    /// The path as written, percent-encoded if it was.
    package var written: String
    /// The file it points at, from the root; nil when it climbs out of the root.
    package var path: String?
    package var query: String?
    package var fragment: String?
}

/// What `href`, written in the file at `from`, points at. Nil for a link that leaves: empty,
/// external, or absolute (`/about.html`, whose root is the host's, not the book's).
package func relativeLink(_ href: String, from: String) -> RelativeLink? {
    if href.isEmpty || href.hasPrefix("/") || isExternal(href) { return nil }
    let (beforeFragment, fragment) = splitFragment(href)
    let (written, query) = splitQuery(beforeFragment)
    let path = written.isEmpty ? from : resolvePath(percentDecoded(written), relativeTo: directory(of: from))
    return RelativeLink(written: written, path: path, query: query, fragment: fragment)
}

/// `a/b/c.md` → `a/b`; `c.md` → the empty path, the root.
package func directory(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return String(path[..<slash])
}

/// `a/b/c.md` → `c.md`.
package func fileName(_ path: String) -> String {
    String(lastComponent(path))
}

/// A path's last component as `NSString`'s `lastPathComponent` gives it (trailing slashes left
/// out, `/` alone kept, more slashes alone empty), without making an `NSString`, which costs more
/// than the rest of a link's rewriting: a book asks it of every link.
private func lastComponent(_ path: String) -> Substring {
    let slash = UInt8(ascii: "/")
    var trimmed = path.utf8[...]
    while trimmed.count > 1, trimmed.last == slash { trimmed.removeLast() }
    if trimmed.elementsEqual([slash]), path.utf8.count > 1 { return "" }
    guard trimmed.count > 1, let last = trimmed.lastIndex(of: slash) else { return Substring(trimmed) }
    return Substring(trimmed[trimmed.index(after: last)...])
}

/// `a/b/c.md` → `c`.
package func fileStem(_ path: String) -> String {
    (fileName(path) as NSString).deletingPathExtension
}

/// `a/b/C.PNG` → `png`; empty without one, as `NSString`'s `pathExtension` has it (`.bashrc` and
/// `..` have none).
package func fileExtension(_ path: String) -> String {
    let name = lastComponent(path)
    guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex, name != ".." else { return "" }
    return name[name.utf8.index(after: dot)...].lowercased()
}

/// `./a/../b.md` → `b.md`: `.` and `..` taken out where they can be. A `..` that climbs above the
/// start stays (`../b.md`), so two spellings of one file compare equal.
/// A path of the machine made absolute (from the working folder) and standard: no `.`, `..` or
/// doubled separators, no trailing one.
package func absolutePath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
}

package func lexicallyNormalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.utf8.split(separator: UInt8(ascii: "/")).map(Substring.init) where part != "." {
        if part == "..", let last = parts.last, last != ".." {
            parts.removeLast()
        } else {
            parts.append(part)
        }
    }
    return parts.joined(separator: "/")
}

/// `relative`, written in a file in `directory`, as a path from the root (a trailing `/` kept);
/// nil when it leaves the root.
package func resolvePath(_ relative: String, relativeTo directory: String) -> String? {
    let path = lexicallyNormalized(directory.isEmpty ? relative : directory + "/" + relative)
    if path == ".." || path.hasPrefix("../") { return nil }
    return path + (relative.hasSuffix("/") && !path.isEmpty ? "/" : "")
}

package func percentDecoded(_ text: String) -> String {
    // Most links have nothing encoded, and Foundation's decoding costs a bridge to `NSString`.
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    return text.removingPercentEncoding ?? text
}

/// Encodes each path segment so file names with spaces, `#` or `?` still work as URLs.
package func percentEncodedPath(_ path: String) -> String {
    // Most paths need nothing encoded: letters, digits, `-`, `.`, `_` and slashes (a site has a path per page).
    guard !path.utf8.allSatisfy(isPlainPathByte) else { return path }
    return path.split(separator: "/", omittingEmptySubsequences: false)
        .map { $0.addingPercentEncoding(withAllowedCharacters: pathSegmentAllowed) ?? String($0) }
        .joined(separator: "/")
}

private let pathSegmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#;"))

private func isPlainPathByte(_ byte: UInt8) -> Bool {
    isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "/")
}

/// A site path (and fragment) as a URI reference: every segment percent-encoded.
package func uriReference(_ href: String) -> String {
    // Most hrefs need nothing encoded (a manifest has an href per page and per heading): plain
    // path bytes, and one `#` before a heading's id.
    var fragments = 0
    guard !href.utf8.allSatisfy({ byte in
        if byte == UInt8(ascii: "#") { fragments += 1 }
        return isPlainPathByte(byte) || (byte == UInt8(ascii: "#") && fragments == 1)
    }) else { return href }
    let (path, fragment) = splitFragment(href)
    let encodedFragment = fragment.map { "#" + ($0.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? $0) } ?? ""
    return percentEncodedPath(path) + encodedFragment
}
