/// One problem found in a book: an error stops the build, a warning does not.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible, Codable {
    public enum Severity: String, Sendable, Hashable, Codable {
        case error, warning
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// What to do about it, shown on a line of its own.
    public var hint: String?
    /// The stable id of the `folio check` rule that found it.
    public var rule: String?

    package init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil, hint: String? = nil, rule: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.hint = hint
        self.rule = rule
    }

    public static func error(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location, hint: hint)
    }

    package static func warning(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, hint: hint)
    }

    /// `file:line:col: error: message [rule]`, as compilers print it.
    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(severity.rawValue): \(message)" + (rule.map { " [\($0)]" } ?? "")
    }
}

/// Several problems at once: a stage reports every error it finds, not only the first.
public struct DiagnosticsError: Error, Sendable {
    public var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}

/// By file, then position; problems without a place first.
public func reportingOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
    switch (a.location, b.location) {
    case let (x?, y?): x < y
    case (nil, _?): true
    default: false
    }
}

/// Collects what a stage finds while it goes on.
package struct DiagnosticLog: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    package init() {}

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    package var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    package mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    package mutating func report(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    /// Runs `body`; a thrown `Diagnostic` or `DiagnosticsError` is logged and `nil` returned.
    package mutating func collect<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let diagnostic as Diagnostic {
            report(diagnostic)
        } catch let many as DiagnosticsError {
            report(contentsOf: many.diagnostics)
        } catch {
            report(.error("\(error)"))
        }
        return nil
    }
}
