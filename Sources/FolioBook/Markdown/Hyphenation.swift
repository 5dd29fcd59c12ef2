import CHyphen
import FolioBase
import Foundation

/// Where a language's words may be hyphenated: libhyphen (LibreOffice's hyphenator) over the
/// system's patterns for the language, converted from TeX's (Debian's `hyphen-*` packages).
/// Immutable once loaded, so its pages are shared by every chapter being set at once.
package final class Hyphenation: @unchecked Sendable {
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// Of the patterns' bytes: books set with the same patterns break their lines alike.
    package let fingerprint: UInt64
    /// The patterns' file, for messages.
    package let file: String
    /// The fewest letters a word keeps before and after a hyphen: the patterns' own, and at least
    /// two and three, as TeX sets English.
    let leftMinimum: Int, rightMinimum: Int

    /// Where the system keeps hyphenation patterns: Debian's and LibreOffice's folders, and Homebrew's.
    package static let folders = ["/usr/share/hyphen", "/usr/local/share/hyphen", "/opt/homebrew/share/hyphen"]

    package init?(file: String) {
        guard let bytes = FileManager.default.contents(atPath: file), let dictionary = hnj_hyphen_load(file) else { return nil }
        self.dictionary = dictionary
        self.file = file
        fingerprint = Self.fingerprint(of: bytes)
        leftMinimum = max(Int(dictionary.pointee.lhmin), 2)
        rightMinimum = max(Int(dictionary.pointee.rhmin), 3)
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// The patterns for a BCP 47 `language` (`en`, `en-GB`, `pt-BR`): `hyph_en_GB.dic` for its
    /// region, else the language's own (`hyph_en.dic`), else the first of its regions by name
    /// (`hyph_en_US.dic`); nil when the system has none.
    package static func patterns(for language: String, in folders: [String] = folders) -> String? {
        let parts = language.split(separator: "-").map(String.init)
        guard let primary = parts.first?.lowercased(), !primary.isEmpty else { return nil }
        let region = parts.dropFirst().first { $0.count == 2 }?.uppercased()
        for folder in folders {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".dic") }.sorted()
            let wanted = (region.map { ["hyph_\(primary)_\($0).dic"] } ?? []) + ["hyph_\(primary).dic"]
            if let name = wanted.first(where: names.contains) ?? names.first(where: { $0.hasPrefix("hyph_\(primary)_") }) {
                return folder + "/" + name
            }
        }
        return nil
    }

    /// What a book's prose is hyphenated by: the system's patterns for its language when it is
    /// justified, loaded once a process (a `folio serve` builds again and again); else nil, with a
    /// warning when the language is one whose justified text wants hyphens but has no patterns here.
    package static func forBook(language: String, justify: Bool) -> (Hyphenation?, Diagnostic?) {
        guard justify else { return (nil, nil) }
        guard let file = patterns(for: language) else {
            let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
            guard !unhyphenated.contains(primary) else { return (nil, nil) }
            return (nil, .warning("no hyphenation patterns for the book's language, `\(language)`, in \(folders[0]): its justified text is not hyphenated",
                                  hint: "install them (Debian: `apt-get install hyphen-\(primary)`), or set `page.justify: false`"))
        }
        loading.lock()
        defer { loading.unlock() }
        if let known = loaded[file] { return (known, nil) }
        let made = Hyphenation(file: file)
        loaded[file] = made
        return (made, nil)
    }

    /// The `fingerprint` of the patterns `forBook` would load, from their bytes alone, without
    /// loading them (a build that finds nothing changed needs no more); nil when it would load none.
    package static func fingerprint(language: String, justify: Bool) -> UInt64? {
        guard justify, let file = patterns(for: language), let bytes = FileManager.default.contents(atPath: file) else { return nil }
        return fingerprint(of: bytes)
    }

    private static func fingerprint(of patterns: Data) -> UInt64 {
        var print = Fingerprint()
        print.add(patterns)
        return print.value
    }

    /// Languages whose text is justified without hyphens: written without spaces between words,
    /// or in scripts that stretch their words instead (Arabic's kashida) or never break them.
    private static let unhyphenated: Set<String> = ["zh", "ja", "ko", "th", "lo", "km", "my", "ar", "fa", "ur", "he", "yi"]

    private static let loading = NSLock()
    nonisolated(unsafe) private static var loaded: [String: Hyphenation?] = [:]

    /// The places in `word` (its letters, lower-cased or not) after which it may be broken, as
    /// counts of the characters before them, in increasing order. Non-standard hyphenation (a
    /// German `ff` that turns into `ff-f`) changes the letters, which a soft hyphen cannot: those
    /// places are left out.
    func points(_ word: String) -> [Int] {
        // Lower-cased as the patterns are, byte by byte when the word is ASCII, as most are.
        var lower = Array(word.utf8)
        var letters = lower.count
        for index in lower.indices where lower[index] >= 0x41 {
            if lower[index] >= 0x80 {
                letters = word.unicodeScalars.count
                let lowered = word.lowercased()
                guard lowered.unicodeScalars.count == letters else { return [] }
                lower = Array(lowered.utf8)
                break
            }
            if lower[index] <= 0x5A { lower[index] |= 0x20 }
        }
        guard letters >= leftMinimum + rightMinimum else { return [] }
        let size = lower.count
        lower.append(0)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        defer {
            if let replacements {
                for index in 0..<size { free(replacements[index]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: size + 5) { hyphens in
            let failed = lower.withUnsafeBufferPointer { word in
                word.withMemoryRebound(to: CChar.self) { word in
                    hnj_hyphen_hyphenate3(dictionary, word.baseAddress, Int32(size), hyphens.baseAddress, nil, &replacements, &positions, &cuts,
                                          Int32(leftMinimum), Int32(rightMinimum), 0, 0) != 0
                }
            }
            guard !failed else { return [] }
            return (1..<letters).filter { after in hyphens[after - 1] & 1 == 1 && replacements?[after - 1] == nil }
        }
    }
}
