import FolioBase
import FolioOptions

/// What became of a formula given to KaTeX.
package enum MathResult: Sendable, Equatable {
    case mathML(String)
    /// KaTeX's message about the TeX.
    case error(String)
}

/// Why no formula could be rendered: Node.js or KaTeX is not installed, or failed.
package struct MathUnavailable: Error, Sendable, Equatable {
    var reason: String
}

/// Formulas to MathML, all of a build's at once: their results in the order given.
package struct MathRenderer: Sendable {
    package var render: @Sendable ([FormulaSource]) -> Result<[MathResult], MathUnavailable>

    package init(render: @escaping @Sendable ([FormulaSource]) -> Result<[MathResult], MathUnavailable>) {
        self.render = render
    }
}

/// The math stage, between parse and link: the book's formulas, each written alike rendered
/// once, by one call of `renderer`. A TeX error is a warning at the formula, which shows as its
/// TeX; without a renderer the book builds with every formula so, and one warning says why.
package func typesetMath(_ chapters: [ParsedChapter], renderer: MathRenderer) -> [ParsedChapter] {
    var sources: [FormulaSource] = []
    var seen: Set<FormulaSource> = []
    var first: (chapter: Int, position: MarkdownPosition)?
    for (index, chapter) in chapters.enumerated() {
        for block in chapter.blocks {
            block.walk(inlines: { inline in
                guard case .math(let formula) = inline else { return }
                if first == nil { first = (index, formula.position) }
                if seen.insert(formula.source).inserted { sources.append(formula.source) }
            })
        }
    }
    guard let first else { return chapters }
    var typeset = chapters
    let results: [FormulaSource: MathResult]
    switch renderer.render(sources) {
    case .success(let made):
        results = Dictionary(zip(sources, made), uniquingKeysWith: { first, _ in first })
    case .failure(let unavailable):
        let chapter = chapters[first.chapter].chapter
        typeset[first.chapter].warnings.append(.warning(
            "the book's formulas show as their TeX source: \(unavailable.reason)", at: chapter.location(first.position),
            hint: "math is rendered at build time by KaTeX under Node.js (Debian: apt-get install katex)"))
        return typeset
    }
    for index in typeset.indices where typeset[index].blocks.contains(where: \.holdsMath) {
        let chapter = typeset[index].chapter
        var warnings: [Diagnostic] = []
        typeset[index].blocks = typeset[index].blocks.map { block in
            block.rewritten(inlines: { inline in
                guard case .math(var formula) = inline else { return inline }
                switch results[formula.source] {
                case .mathML(let mathML)?: formula.mathML = mathML
                case .error(let message)?:
                    warnings.append(.warning("TeX: \(message)", at: chapter.location(formula.position),
                                             hint: "the formula shows as its TeX source"))
                case nil: break
                }
                return .math(formula)
            })
        }
        typeset[index].warnings += warnings
    }
    return typeset
}

extension Block {
    package var holdsMath: Bool {
        holds(inlines: { if case .math = $0 { true } else { false } })
    }
}
