import FolioBase
import FolioOptions
import Foundation

/// The order mdBook runs preprocessors in: its built-in `links` and `index` with the book's own,
/// `before` and `after` honoured, ties broken by name. The built-in ones are not commands; they
/// stay in the order only as anchors for `before` and `after`. Nil when the constraints loop.
package func preprocessorOrder(_ preprocessors: [PreprocessorConfig]) -> [PreprocessorConfig]? {
    let builtIn: Set = ["links", "index"]
    let byName = Dictionary(preprocessors.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var names = builtIn.union(byName.keys)
    // `runsFirst[b]` holds the names that must run before b.
    var runsFirst: [String: Set<String>] = [:]
    for preprocessor in preprocessors {
        for later in preprocessor.before where names.contains(later) { runsFirst[later, default: []].insert(preprocessor.name) }
        for earlier in preprocessor.after where names.contains(earlier) { runsFirst[preprocessor.name, default: []].insert(earlier) }
    }
    var order: [PreprocessorConfig] = []
    while !names.isEmpty {
        let ready = names.filter { (runsFirst[$0] ?? []).isDisjoint(with: names) }.sorted()
        guard !ready.isEmpty else { return nil }
        names.subtract(ready)
        order += ready.compactMap { builtIn.contains($0) ? nil : byName[$0] }
    }
    return order
}

/// Runs an mdBook project's preprocessors over its chapters as mdBook does: each command is asked
/// `supports html` (exit 0 means yes), then given `[context, book]` on its standard input and
/// prints the book. Gives back `sources` with each chapter's Markdown as the last of them returned it.
/// A build never reaches the network: a preprocessor written as `cargo run …` whose crates are not
/// at hand fails at once, and is a warning, rather than waiting on a registry.
/// A command that is not installed, or that answers `supports` with an error on stderr, is a
/// warning (the book builds without it); one that fails or prints no book is an error with what it
/// wrote to stderr.
func runPreprocessors(_ config: MdBookConfig, root: String, contents: [ContentsEntry], sections: [Chapter], sources: ChapterSources,
                      log: inout DiagnosticLog) -> ChapterSources {
    guard !config.preprocessors.isEmpty else { return sources }
    guard let order = preprocessorOrder(config.preprocessors) else {
        log.report(.error("the preprocessors' `before` and `after` lists go round in a circle", at: config.preprocessors[0].location,
                          hint: "take one of the names out of a `before` or `after` list"))
        return sources
    }
    var sources = sources
    for preprocessor in order {
        let words = shellWords(preprocessor.command ?? "mdbook-\(preprocessor.name)")
        let name = "the preprocessor `\(preprocessor.name)`"
        let notInstalled = Diagnostic.warning("\(name) is not installed (no `\(words.first ?? "")`): the book is built without it",
                                              at: preprocessor.location, hint: "install it, or give its `command`")
        do {
            if let renderers = preprocessor.renderers {
                guard renderers.contains("html") else { continue }
            } else {
                guard let answer = try runCommand(words + ["supports", "html"], input: Data(), in: root, environment: offline) else {
                    log.report(notInstalled)
                    continue
                }
                guard answer.status == 0 else {
                    // A plain "no" says nothing; one with complaints is a command that could not answer,
                    // and its first `error` line (cargo's, before its reminders) says why.
                    let complaints = String(decoding: answer.errors, as: UTF8.self).split(whereSeparator: \.isNewline)
                    let complaint = complaints.first { $0.hasPrefix("error") } ?? complaints.last
                    if let complaint {
                        log.report(.warning("\(name) did not answer `supports html` (exit status \(answer.status)): \(complaint); the book is built without it",
                                            at: preprocessor.location, hint: "run `\(words.joined(separator: " ")) supports html` in the book's folder to see why"))
                    }
                    continue
                }
            }
            let input = MdBookJSON.input(root: root, config: config.table, contents: contents, sections: sections, sources: sources)
            // A preprocessor whose `renderers` answered for it was not asked before.
            guard let result = try runCommand(words, input: input, in: root, environment: offline) else {
                log.report(notInstalled)
                continue
            }
            let stderr = String(decoding: result.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let said = stderr.isEmpty ? "" : ": \(stderr)"
            guard result.status == 0 else {
                log.report(.error("\(name) failed (exit status \(result.status))\(said)", at: preprocessor.location))
                continue
            }
            guard let returned = MdBookJSON.chapterContents(result.output) else {
                log.report(.error("\(name) did not print a book as mdBook's JSON\(said)", at: preprocessor.location))
                continue
            }
            for section in sections {
                if let markdown = returned[section.path] { sources[section.id] = markdown }
            }
        } catch {
            log.report(.error("\(name) could not be run: \(error)", at: preprocessor.location))
        }
    }
    return sources
}

/// The environment a preprocessor runs in besides Folio's: cargo told not to reach the network.
private let offline = ["CARGO_NET_OFFLINE": "true"]
