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
    let type = mediaType(of: path)
    return isTextMediaType(type) ? type + "; charset=utf-8" : type
}
