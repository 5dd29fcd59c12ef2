import FolioBase
import FolioOptions

/// A formula written between math delimiters, in TeX, and the MathML the math stage makes of it.
package struct Formula: Sendable, Equatable, Codable {
    package var tex: String
    /// Set apart on a line of its own (`\[…\]`, `$$…$$`), rather than standing in the text (`\(…\)`, `$…$`).
    package var display: Bool
    /// Where its opening delimiter is written, for TeX errors.
    var position: MarkdownPosition
    /// Nil until the math stage, and when KaTeX could not render it: the formula then shows as its TeX.
    package var mathML: String?

    /// What KaTeX is asked for: formulas written alike are rendered once.
    var source: FormulaSource { FormulaSource(tex: tex, display: display) }
}

package struct FormulaSource: Sendable, Hashable {
    var tex: String
    var display: Bool
}
