import FolioBase
import FolioOptions
import Foundation

extension MathRenderer {
    /// KaTeX under Node.js: one process for all the formulas it is given, which reads them as JSON
    /// and writes each one's MathML (MathML Core, which every current browser shows: no script
    /// and no font to load when the page is read) or its TeX error.
    package static let katex = MathRenderer { formulas in
        do {
            let input = JSONOutput.array(formulas.map { ["tex": .string($0.tex), "display": .bool($0.display)] }).data(indent: nil)
            guard let result = try runCommand(["node", "-e", katexScript], input: input, in: FileManager.default.temporaryDirectory.path) else {
                return .failure(MathUnavailable(reason: "Node.js (node) is not installed"))
            }
            let errors = String(decoding: result.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard result.status == 0 else {
                return .failure(MathUnavailable(reason: errors.split(separator: "\n").first.map(String.init) ?? "KaTeX failed (exit \(result.status))"))
            }
            guard let output = try parseJSON(result.output, file: "KaTeX's answer").array else {
                return .failure(MathUnavailable(reason: "KaTeX's answer is not a list"))
            }
            guard output.count == formulas.count else { return .failure(MathUnavailable(reason: "KaTeX answered \(output.count) formulas of \(formulas.count)")) }
            return .success(output.map { $0["mathml"]?.string.map(MathResult.mathML) ?? .error($0["error"]?.string ?? "KaTeX gave no MathML") })
        } catch {
            return .failure(MathUnavailable(reason: "KaTeX's answer could not be read: \(error)"))
        }
    }
}

/// Finds KaTeX where npm or Debian (`katex`, in /usr/share/nodejs) puts it; renders each formula
/// to MathML alone, without KaTeX's wrapping span; a TeX error is the formula's answer, anything
/// else ends the process.
private let katexScript = #"""
let katex;
for (const name of ['katex', '/usr/share/nodejs/katex', '/usr/lib/nodejs/katex']) {
  try { katex = require(name); break } catch {}
}
if (!katex) { console.error('KaTeX is not installed'); process.exit(3) }
const formulas = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const results = formulas.map(({tex, display}) => {
  try {
    const html = katex.renderToString(tex, {output: 'mathml', displayMode: display, throwOnError: true, strict: 'ignore'});
    return {mathml: html.replace(/^<span class="katex">/, '').replace(/<\/span>$/, '')};
  } catch (error) {
    if (!(error instanceof katex.ParseError)) throw error;
    return {error: error.message.replace(/^KaTeX parse error: /, '')};
  }
});
process.stdout.write(JSON.stringify(results));
"""#
