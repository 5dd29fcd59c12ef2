import FolioBase
import FolioCore

extension SiteCheck {
    /// The web app manifest of a book kept offline (`Rendering/OfflineFiles.swift` writes it): JSON
    /// whose start page and icons are files of the site, beside the service worker that the reader
    /// registers wherever a document links the manifest. A site without one is not checked.
    mutating func checkAppManifest() {
        let path = SiteLayout.appManifest
        guard files.contains(path) else { return }
        let manifest: JSONNode
        do {
            manifest = try parseJSON(site.read(path), file: path)
        } catch {
            report(.appManifest, (error as? Diagnostic)?.message ?? "\(error)", at: (error as? Diagnostic)?.location ?? SourceLocation(file: path))
            return
        }
        let named = [manifest["start_url"]] + (manifest["icons"]?.array ?? []).map { $0["src"] }
        for link in named.compactMap({ $0 }) {
            guard let href = link.string else {
                report(.appManifest, "expected a URL, found \(link.kind)", at: link.location)
                continue
            }
            resolve(href, from: path, at: link.location, missingFile: .appManifest, missingID: .appManifest)
        }
        if !files.contains(SiteLayout.serviceWorker) {
            report(.appManifest, "the site has \(path) but no \(SiteLayout.serviceWorker), which its readers register", at: SourceLocation(file: path))
        }
    }
}
