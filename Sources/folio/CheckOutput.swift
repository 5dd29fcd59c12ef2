import FolioBase
import FolioBook
import FolioCheck
import FolioCore
import FolioServe
import Foundation

/// `folio check`'s diagnostics for machines: one JSON array, or GitHub Actions annotations.
enum CheckOutput {
    static func json(_ diagnostics: [Diagnostic]) -> String {
        let items: [[String: Any]] = diagnostics.map { diagnostic in
            var item: [String: Any] = ["severity": diagnostic.severity.rawValue, "message": diagnostic.message, "rule": diagnostic.rule ?? ""]
            if let location = diagnostic.location {
                item["file"] = location.file
                if location.line > 0 {
                    item["line"] = location.line
                    item["column"] = max(location.column, 1)
                }
            }
            if let hint = diagnostic.hint { item["hint"] = hint }
            return item
        }
        let data = (try? JSONSerialization.data(withJSONObject: items, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// `::error file=F,line=L,col=C,title=RULE::MESSAGE`, escaped as workflow commands want.
    static func github(_ diagnostic: Diagnostic) -> String {
        var properties: [String] = []
        if let location = diagnostic.location {
            properties.append("file=\(escapeProperty(location.file))")
            if location.line > 0 {
                properties.append("line=\(location.line)")
                properties.append("col=\(max(location.column, 1))")
            }
        }
        if let rule = diagnostic.rule { properties.append("title=\(escapeProperty(rule))") }
        let message = diagnostic.message + (diagnostic.hint.map { "\n" + $0 } ?? "")
        return "::\(diagnostic.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    private static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
