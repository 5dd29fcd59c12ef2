import Foundation

/// What a built site's contents pages show: the number each chapter's line gives, by the
/// chapter's slug.
func contentsNumbers(_ site: [String: Data]) -> [String: String] {
    var numbers: [String: String] = [:]
    for (path, document) in site where path.hasPrefix("contents/") {
        let line = #/<a href="\.\./([^/"]+)/1\.html">[^<]*</a></span> <span class="contents-page">([^<]*)</span>/#
        for match in String(decoding: document, as: UTF8.self).matches(of: line) { numbers[String(match.1)] = String(match.2) }
    }
    return numbers
}

/// The number a page document shows at its foot; nil when it shows none.
func folio(_ document: Data?) -> String? {
    document.flatMap { String(decoding: $0, as: UTF8.self).firstMatch(of: #/<div class="folio" aria-hidden="true">([^<]*)</div>/#) }.map { String($0.1) }
}
