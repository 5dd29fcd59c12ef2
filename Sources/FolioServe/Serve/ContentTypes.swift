import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore

let htmlType = "text/html; charset=utf-8"
let plainTextType = "text/plain; charset=utf-8"

/// The `Content-Type` of a site file, by its extension; text types name their charset.
func contentType(of path: String) -> String {
    switch fileExtension(path) {
    case "html", "htm": htmlType
    case "css": "text/css; charset=utf-8"
    case "js", "mjs": "text/javascript; charset=utf-8"
    case "txt", "md": plainTextType
    case "json", "map": "application/json"
    case "webmanifest": "application/manifest+json"
    case "xml": "application/xml; charset=utf-8"
    case "svg": "image/svg+xml; charset=utf-8"
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
