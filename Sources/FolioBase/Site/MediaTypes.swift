/// The media type of a site file, by its extension: the one table, for the manifests' types (the
/// Readium manifest's resources, the EPUB's items) and, with a charset, what `folio serve` answers.
package func mediaType(of path: String) -> String {
    switch fileExtension(path) {
    case "html", "htm": "text/html"
    case "css": "text/css"
    case "js", "mjs": "text/javascript"
    case "txt", "md": "text/plain"
    case "json", "map": "application/json"
    case "webmanifest": "application/manifest+json"
    case "xml": "application/xml"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    case "jpg", "jpeg": "image/jpeg"
    case "gif": "image/gif"
    case "webp": "image/webp"
    case "avif": "image/avif"
    case "ico": "image/x-icon"
    case "woff2": "font/woff2"
    case "woff": "font/woff"
    case "ttf": "font/ttf"
    case "otf": "font/otf"
    case "mp4": "video/mp4"
    case "webm": "video/webm"
    case "mp3": "audio/mpeg"
    case "ogg": "audio/ogg"
    case "pdf": "application/pdf"
    case "epub": "application/epub+zip"
    default: "application/octet-stream"
    }
}

/// Whether a media type is text that names its charset when served (JSON is UTF-8 by definition).
package func isTextMediaType(_ type: String) -> Bool {
    type.hasPrefix("text/") || type == "image/svg+xml" || type == "application/xml"
}
