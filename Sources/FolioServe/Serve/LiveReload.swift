import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore
import Foundation

/// The live reload of `folio serve`: its reserved paths, the script it adds to every page, and the
/// Server-Sent Events it sends the open tabs.
enum LiveReload {
    static let eventsPath = "_folio/events"
    static let scriptPath = "_folio/live.js"

    /// One event: `reload` (data: each chapter's page count by slug, so that a tab finds the page
    /// of its chapter that now holds the words it showed first, or else stays on its page number,
    /// at most the chapter's last), `css` (data: the stylesheets that changed), `errors` (data:
    /// the failed build's diagnostics as lines) or `ok` (the build is good again).
    struct Event: Sendable, Equatable {
        var name: String
        var data: String

        static func reload(_ site: ServedSite) -> Event { site.reload }
        static func reload(pageCounts: [String: Int]) -> Event { Event(name: "reload", data: jsonText(pageCounts)) }
        static func stylesheets(_ paths: [String]) -> Event { Event(name: "css", data: jsonText(paths)) }
        static func errors(_ lines: [String]) -> Event { Event(name: "errors", data: jsonText(lines)) }
        static let ok = Event(name: "ok", data: "{}")

        /// The event as the stream carries it.
        var wire: Data { Data("event: \(name)\ndata: \(data)\n\n".utf8) }
    }

    /// What the tabs are told after a good build that changed `changed`: nothing when nothing
    /// changed, new stylesheets when only stylesheets did, else a reload.
    static func event(after changed: [String], in site: ServedSite) -> Event? {
        if changed.isEmpty { return nil }
        if changed.allSatisfy({ fileExtension($0) == "css" && site.files[$0] != nil }) { return .stylesheets(changed) }
        return .reload(site)
    }

    static let script = """
    // folio serve: reload on a rebuild, on the same page; new stylesheets without a reload; build errors as an overlay.
    (() => {
      const events = new EventSource('/\(eventsPath)');
      const overlayID = 'folio-serve-errors';
      const clear = () => document.getElementById(overlayID)?.remove();
      // A page's words, spaces collapsed, from its data-page-content element.
      const own = document.querySelector('article.page[data-page]')?.dataset.page;
      const words = (element) => (element?.textContent ?? '').split(/\\s+/).filter(Boolean);
      events.addEventListener('reload', async (event) => {
        const pages = JSON.parse(event.data);
        const page = location.pathname.match(/^\\/(.+)\\/(\\d+)\\.html$/);
        const last = page && pages[decodeURIComponent(page[1])];
        if (!last) return location.reload();
        const go = (n) => n === Number(page[2]) ? location.reload() : location.replace(`/${page[1]}/${n}.html${location.search}`);
        // The words at the top of the page of the address (its number: the reader's in the history,
        // else the document's own, read before the reader starts: a spread may begin with another),
        // looked for in the chapter's new pages from the same number outwards: an edit above moves them.
        const number = history.state?.page ?? own;
        const shown = document.querySelector(`article.page[data-page="${number}"] [data-page-content]`);
        const top = words(shown).slice(0, 8).join(' ');
        const start = Math.min(Number(page[2]), last);
        if (top) {
          for (let step = 0; step < 2 * last; step += 1) {
            const n = start + (step % 2 ? (step + 1) / 2 : -step / 2);
            if (n < 1 || n > last) continue;
            try {
              const html = await (await fetch(`/${page[1]}/${n}.html`, { cache: 'no-store' })).text();
              const content = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-page-content]');
              if (words(content).join(' ').includes(top)) return go(n);
            } catch { break; }
          }
        }
        go(start);
      });
      events.addEventListener('css', (event) => {
        const changed = new Set(JSON.parse(event.data).map((path) => '/' + path));
        for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) {
          const url = new URL(link.href, location.href);
          if (!changed.has(decodeURIComponent(url.pathname))) continue;
          url.searchParams.set('folio-serve', Date.now());
          link.href = url.href;
        }
        clear();
      });
      events.addEventListener('errors', (event) => {
        clear();
        const overlay = document.createElement('div');
        overlay.id = overlayID;
        overlay.setAttribute('role', 'alert');
        overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:2em;' +
          'background:rgba(20,20,20,.94);color:#fff;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap';
        const heading = document.createElement('strong');
        heading.textContent = 'The book did not build; the last good build is shown under this.\\n\\n';
        overlay.append(heading, JSON.parse(event.data).join('\\n'));
        document.body.append(overlay);
      });
      events.addEventListener('ok', clear);
    })();

    """
}

private func jsonText<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
}
