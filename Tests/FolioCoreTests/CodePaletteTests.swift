import Foundation
import Testing
@testable import FolioBase
@testable import FolioBook
@testable import FolioCheck
@testable import FolioCore
@testable import FolioOptions
@testable import FolioPagination
@testable import FolioSearch
@testable import FolioServe

/// The default theme's colours for highlighted code (`--hk`, `--hs`, `--hn`, `--ht`, and
/// comments in `--muted`) pass WCAG AA, a contrast of 4.5:1, on the page (`--bg`) and on code's
/// background (`--tint`) in every palette of folio.css: light, dark (chosen, or the system's),
/// sepia and print.
struct CodePaletteTests {
    static let codeColours = ["--hk", "--hs", "--hn", "--ht", "--muted"]

    /// The custom properties each rule of `folio.css` sets, by its selector; a theme's rule sets
    /// only what differs from the light one of `:root`.
    static func palettes() throws -> [(name: String, colours: [String: String])] {
        let css = try String(contentsOf: Folio.packageRoot.appendingPathComponent("Templates/assets/folio.css"), encoding: .utf8)
        let rules = css.matches(of: #/([^{};]*)\{([^{}]*--bg:[^{}]*)\}/#).map { match in
            let colours = match.output.2.matches(of: #/(--[a-z]+):\s*(#[0-9a-f]{3,6})/#).map { (String($0.output.1), String($0.output.2)) }
            return (name: match.output.1.trimmingCharacters(in: .whitespacesAndNewlines), colours: Dictionary(colours) { $1 })
        }
        let light = try #require(rules.first)
        return rules.map { ($0.name, light.colours.merging($0.colours) { $1 }) }
    }

    @Test func everyPaletteHasTheCodeColours() throws {
        let palettes = try Self.palettes()
        #expect(palettes.count == 5, "\(palettes.map(\.name))")
        for palette in palettes {
            #expect(Set(Self.codeColours).isSubset(of: palette.colours.keys), "\(palette.name)")
        }
    }

    @Test func everyCodeColourPassesAAOnThePageAndOnCode() throws {
        for palette in try Self.palettes() {
            for colour in Self.codeColours {
                for background in ["--bg", "--tint"] {
                    let ratio = try contrast(#require(palette.colours[colour]), #require(palette.colours[background]))
                    #expect(ratio >= 4.5, "\(palette.name): \(colour) on \(background) is \(ratio):1")
                }
            }
        }
    }

    @Test func contrastAsWCAGDefinesIt() {
        #expect(contrast("#000", "#fff") == 21)
        #expect(abs(contrast("#767676", "#ffffff") - 4.54) < 0.01)
    }

    /// WCAG 2's contrast ratio of two `#rgb` or `#rrggbb` colours.
    func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    func luminance(_ hex: String) -> Double {
        var digits = Array(hex.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        let channels = stride(from: 0, to: 6, by: 2).map { Double(Int(String(digits[$0...$0 + 1]), radix: 16)!) / 255 }
        let linear = channels.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }
}
