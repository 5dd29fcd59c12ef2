/// What a chapter's front matter says beyond the keys Folio reads — `minutes:` and `session:` written
/// for a course's tools, Hugo's `date:` and `tags:` — kept as written for the theme's templates,
/// where each page of the chapter has it as `page.meta` (`{{page.meta.minutes}}`).
package struct MetaEntry: Sendable, Equatable, Codable {
    package var key: String
    package var value: MetaValue
    /// The key's line in the chapter's file, for `folio build --verbose`.
    package var line: Int

    package init(key: String, value: MetaValue, line: Int) {
        self.key = key
        self.value = value
        self.line = line
    }
}

package indirect enum MetaValue: Sendable, Equatable, Codable {
    case text(String)
    /// An unquoted `true` or `false`, so that a template's section on it is skipped when false.
    case flag(Bool)
    case list([MetaValue])
    case table([MetaEntry])
}
