import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore

/// A request's target (`/chapter/2.html`) as a key of the site in memory, or the 4xx status that
/// refuses it. Only origin-form targets are accepted; a percent escape may not spell a separator
/// (`%2f`, `%5c`), NUL or a control character; the decoded path must be well-formed UTF-8 (so
/// overlong forms are refused); and no segment may be empty, `.` or `..`. A folder's key is its
/// `index.html`.
func siteKey(forTarget target: String) -> Result<String, HTTPStatusError> {
    let bytes = Array(target.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
    guard bytes.first == UInt8(ascii: "/") else { return .failure(.badRequest) }
    var decoded: [UInt8] = []
    var index = 1
    while index < bytes.count {
        var byte = bytes[index]
        if byte == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, let high = asciiHexDigitValue(bytes[index + 1]), let low = asciiHexDigitValue(bytes[index + 2]) else { return .failure(.badRequest) }
            byte = high << 4 | low
            guard byte != UInt8(ascii: "/") else { return .failure(.badRequest) }
            index += 2
        }
        guard byte >= 0x20, byte != 0x7F, byte != UInt8(ascii: "\\") else { return .failure(.badRequest) }
        decoded.append(byte)
        index += 1
    }
    guard let path = String(validating: decoded, as: UTF8.self) else { return .failure(.badRequest) }
    var segments = path.split(separator: "/", omittingEmptySubsequences: false)
    if segments.last == "" { segments[segments.count - 1] = Substring(SiteLayout.index) }
    guard segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return .failure(.badRequest) }
    return .success(segments.joined(separator: "/"))
}

/// A request refused before the site is consulted.
struct HTTPStatusError: Error, Equatable {
    var status: Int
    static let badRequest = HTTPStatusError(status: 400)
}
