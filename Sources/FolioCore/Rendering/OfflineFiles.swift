import FolioBase
import FolioOptions
import Foundation

/// What a book needs to be read offline and to install on a home screen (`offline: true`): the web
/// app manifest, its icon, and the service worker. The worker is made last, from the fingerprint of
/// the site's other files (the build's id, in place of `{{build}}` in its script): a site changed
/// anywhere is a changed worker, which a browser takes as an update, and which replaces the cache.
/// `cover` is the book's cover image, with its path.
func offlineFiles(title: String, options: BookOptions, direction: String, cover: (path: String, data: Data)?, worker: Data) -> [SiteFile] {
    // folio.css's light theme: the page's background and its text.
    let (paper, ink) = ("#fdfcfa", "#1f1e1c")
    var manifest: [(String, JSONOutput)] = [
        ("name", .string(title)),
        ("short_name", .string(title)),
        ("lang", .string(options.language)),
        ("dir", .string(direction)),
        // Relative to the manifest, at the site's root: the book wherever it is published.
        ("start_url", .string(SiteLayout.index)),
        ("scope", "./"),
        ("display", "standalone"),
        ("background_color", .string(paper)),
        ("theme_color", .string(paper)),
        ("icons", [["src": .string(SiteLayout.appIcon), "sizes": "any", "type": "image/svg+xml", "purpose": "any"]]),
    ]
    if let description = options.description { manifest.insert(("description", .string(description)), at: 2) }
    return [
        SiteFile(path: SiteLayout.appManifest, contents: .bytes(JSONOutput.object(manifest).data(after: "\n"))),
        .text(SiteLayout.appIcon, appIcon(title: title, cover: cover, paper: paper, ink: ink)),
        SiteFile(path: SiteLayout.serviceWorker, contents: .fingerprinting { site in
            Data(String(decoding: worker, as: UTF8.self).replacingOccurrences(of: "{{build}}", with: String(site, radix: 16)).utf8)
        }),
    ]
}

/// The book's icon, square, as SVG (which browsers scale to any size): the top of the cover when
/// the book has a cover image, carried inside it (an icon is an image, which loads nothing
/// else), or else the first letter of the title, in the theme's colours.
private func appIcon(title: String, cover: (path: String, data: Data)?, paper: String, ink: String) -> String {
    let picture = if let cover {
        #"<image width="512" height="512" preserveAspectRatio="xMidYMin slice" href="data:\#(mediaType(of: cover.path));base64,\#(cover.data.base64EncodedString())"/>"#
    } else {
        #"<rect width="512" height="512" fill="\#(ink)"/><text x="256" y="256" dy=".35em" text-anchor="middle" font-family="Georgia, serif" font-size="320" fill="\#(paper)">\#(escapeHTML(String(title.first(where: \.isLetter) ?? "F").uppercased()))</text>"#
    }
    return #"<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">\#(picture)</svg>"# + "\n"
}
