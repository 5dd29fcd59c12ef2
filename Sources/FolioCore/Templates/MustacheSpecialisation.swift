import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch

extension MustacheTemplate {
    /// The template made ready for many documents that share `shared`: every part that depends
    /// only on `shared` is rendered now, into text, and every partial is inlined, so each document
    /// renders only what is its own. Rendered over `[shared, own]`, where `own` has no names but
    /// `ownNames`, it gives the same bytes as the template itself does.
    ///
    /// Nil when the template includes a partial that cannot be inlined (one named by a value, one
    /// that includes itself, one indented under a standalone tag): such a template is rendered as it is.
    func specialised(over shared: TemplateValue, ownNames: Set<String>, partials: TemplateSet) -> MustacheTemplate? {
        var specialiser = MustacheSpecialiser(partials: partials)
        guard let nodes = specialiser.specialise(nodes, in: [.known(shared), .names(ownNames)]) else { return nil }
        return MustacheTemplate(nodes: nodes)
    }
}

/// Partial evaluation of Mustache nodes over contexts some of which are known now.
private struct MustacheSpecialiser {
    /// A context as it is known while specialising.
    enum Frame {
        /// Known now: its names resolve to text.
        case known(TemplateValue)
        /// Known only at render time, but with no names other than these.
        case names(Set<String>)
        /// Known only at render time: any name may be found in it.
        case unknown
    }

    enum Resolution {
        case known(TemplateValue)
        case atRenderTime
    }

    let partials: TemplateSet
    /// The partials being inlined, innermost last, to refuse one that includes itself.
    var inlining: [String] = []

    mutating func specialise(_ nodes: [MustacheNode], in frames: [Frame]) -> [MustacheNode]? {
        var result: [MustacheNode] = []
        func append(_ node: MustacheNode) {
            // Joined text: a specialised template has no partials, whose indentation needs lines apart.
            if case .text(let text) = node, case .text(let before)? = result.last {
                result[result.count - 1] = .text(before + text)
            } else if case .text("") = node {
                return
            } else {
                result.append(node)
            }
        }
        for node in nodes {
            switch node {
            case .text:
                append(node)
            case .variable(let keys, let escaped):
                guard case .known(let value) = resolve(keys, in: frames) else {
                    append(node)
                    continue
                }
                if escaped {
                    append(.text(escapeHTML(value.text)))
                } else {
                    append(.text(value.text))
                }
            case .section(let keys, let inverted, let body):
                guard let section = specialiseSection(keys, inverted: inverted, body: body, in: frames) else { return nil }
                section.forEach(append)
            case .partial(.named(let name), let indentation, let location):
                guard indentation?.isEmpty ?? true, !inlining.contains(name), inlining.count < MustacheRenderer.partialDepthLimit,
                      case .success(let found) = Result(catching: { try partials.partial(name, at: location) }) else { return nil }
                // A partial the set has not, where that renders nothing, as the spec says.
                guard let template = found else { continue }
                inlining.append(name)
                defer { inlining.removeLast() }
                guard let inlined = specialise(template.nodes, in: frames) else { return nil }
                inlined.forEach(append)
            case .partial(.dynamic, _, _):
                return nil
            }
        }
        return result
    }

    /// A section over a known value is rendered now when all it renders is text; otherwise it is
    /// left to render time, where the contexts known now are not on the stack, so nothing inside it
    /// may have been resolved in them.
    private mutating func specialiseSection(_ keys: [String], inverted: Bool, body: [MustacheNode], in frames: [Frame]) -> [MustacheNode]? {
        if case .known(let value) = resolve(keys, in: frames) {
            let runs: [[Frame]] = if inverted {
                value.isTruthy ? [] : [frames]
            } else if case .list(let items) = value {
                items.map { frames + [.known($0)] }
            } else {
                value.isTruthy ? [frames + [.known(value)]] : []
            }
            var rendered: [MustacheNode] = []
            for run in runs {
                guard let nodes = specialise(body, in: run) else { return nil }
                rendered += nodes
            }
            if rendered.allSatisfy({ if case .text = $0 { true } else { false } }) { return rendered }
        }
        guard let inner = specialise(body, in: inverted ? frames : frames + [.unknown]) else { return nil }
        return [.section(keys, inverted: inverted, body: inner)]
    }

    /// The renderer's name resolution, done now when every context it looks in is known.
    private func resolve(_ keys: [String], in frames: [Frame]) -> Resolution {
        guard let first = keys.first else {
            if case .known(let value)? = frames.last { return .known(value) }
            return .atRenderTime
        }
        for frame in frames.reversed() {
            switch frame {
            case .unknown:
                return .atRenderTime
            case .names(let names):
                if names.contains(first) { return .atRenderTime }
            case .known(let context):
                guard var value = context[first] else { continue }
                for key in keys.dropFirst() {
                    guard let member = value[key] else { return .known(.null) }
                    value = member
                }
                return .known(value)
            }
        }
        return .known(.null)
    }
}
