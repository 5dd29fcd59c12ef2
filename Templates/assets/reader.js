/* Folio reader: the book from manifest.json (book.js), a page or a spread at a time, its pages
   loaded on demand (pages.js), turned by curl (turn.js, curl.js) or scroll (scroll.js), with the
   keyboard and the pointer (input.js). Without it each page document reads on its own. */
import { book } from './book.js';
import { $, button, pages } from './pages.js';
import { curlEngine } from './turn.js';
import { scrollEngine } from './scroll.js';
import { keyboard, pointer } from './input.js';

const json = (url) => fetch(url).then((r) => { if (!r.ok) throw Error(`${r.status} ${url}`); return r.json(); });
const main = document.querySelector('main.book, body.front > main');
const pub = document.querySelector('link[rel=publication]');
if (main && pub) boot(new URL(pub.href)).catch((e) => console.warn('Folio reader not started:', e));

async function boot(base) {
  const [m, S] = await Promise.all([json(base), json(new URL('assets/strings.json', base)).catch(() => ({}))]);
  const b = book(m, base), { N, title } = b;
  const say = (k, v = {}) => (S[k] || k).replace(/\{(\w+)\}/g, (_, x) => v[x]);

  // Absolute, as pushState may change the document's depth.
  for (const a of document.querySelectorAll('a[href]')) if (a.getAttribute('href')[0] != '#') a.href = a.href;

  const root = $('section', { class: 'folio-reader', 'data-folio': 'reader', 'aria-label': title, 'aria-roledescription': say('book'), tabindex: '-1' });
  const view = $('div', { class: 'folio-view' });
  const stage = $('div', { class: b.scrolling ? 'folio-scroll' : 'folio-stage', 'data-folio': 'stage' });
  const prevB = button('prev', say('previous'), '‹'), nextB = button('next', say('next'), '›');
  const contentsB = $('button', { type: 'button', 'data-folio': 'contents', 'aria-expanded': 'false', 'aria-controls': 'folio-contents' }, say('contents'));
  const slider = $('input', { type: 'range', min: 1, max: N, 'data-folio': 'slider', 'aria-label': say('page') });
  const indicator = $('span', { 'data-folio': 'indicator', class: 'folio-count' });
  const bar = $('nav', { 'data-folio': 'chapters', class: 'folio-chapters', 'aria-label': say('chapters') });
  const barMark = $('span', { 'data-folio': 'chapter-indicator', 'aria-hidden': 'true' });
  const panel = $('nav', { id: 'folio-contents', 'data-folio': 'contents-panel', class: 'folio-panel', 'aria-label': say('contents'), hidden: '' });
  const announce = $('div', { 'data-folio': 'announce', 'aria-live': 'polite', class: 'folio-sr' });

  // Chapters: the toc's entries without a fragment (headings have one).
  const link = (e, href = new URL(e.href, base).href) => $('a', { href, 'data-page': b.page(href) }, e.title);
  const list = (entries) => $('ol', {}, ...entries.map((e) => {
    const kids = (e.children || []).filter((c) => !c.href.includes('#'));
    return $('li', {}, link(e), ...(kids.length ? [list(kids)] : []));
  }));
  const chapters = (m.toc || []).map((e) => link(e)).filter((a) => a.dataset.page > 0);
  bar.append(...chapters, barMark);
  panel.append(button('close', say('close')), list(m.toc || []));
  view.append(stage);
  root.append(bar, view, $('div', { class: 'folio-bar' }, prevB, contentsB, slider, indicator, nextB), panel, announce);

  const P = pages(b, root, say), own = main.querySelector('article.page[data-page]');
  // What the engines share with the reader: shown, the pages in view; two, a spread or not.
  const r = { b, P, view, stage, reduced: matchMedia('(prefers-reduced-motion: reduce)'), shown: [own ? b.clamp(+own.dataset.page) : 1], two: false, chrome, changed };
  if (own) P.adopt(r.shown[0], own);

  let mark = null;
  function chrome() {
    const n = r.shown[0];
    indicator.textContent = `${n} / ${N}`;
    slider.value = n;
    slider.setAttribute('aria-valuetext', indicator.textContent);
    // aria-disabled, not disabled: the buttons stay reachable by Tab at either end.
    prevB.setAttribute('aria-disabled', n <= 1);
    nextB.setAttribute('aria-disabled', r.shown.at(-1) >= N);
    const cur = chapters.findLast((a) => +a.dataset.page <= n);
    if (cur != mark) {
      mark?.removeAttribute('aria-current');
      mark = cur;
      if (cur) {
        cur.setAttribute('aria-current', 'true');
        barMark.style.transform = `translateX(${cur.offsetLeft}px) scaleX(${cur.offsetWidth})`;
        bar.scrollTo({ left: cur.offsetLeft - (bar.clientWidth - cur.offsetWidth) / 2, behavior: 'smooth' });
      }
      barMark.hidden = !cur;
    }
  }
  function changed(from, push) {
    const n = r.shown[0], chapter = b.chapter(n);
    chrome();
    history[push ? 'pushState' : 'replaceState']({ page: n }, '', b.url(n));
    document.title = chapter == title ? title : `${chapter} · ${title}`;
    announce.textContent = say('announce', { page: n, pages: N, chapter });
    if (from != n) root.dispatchEvent(new CustomEvent('folio:turn', { bubbles: true, detail: { from, to: n } }));
  }

  const engine = (b.scrolling ? scrollEngine : curlEngine)(r);
  const next = () => engine.go(r.shown.at(-1) + 1, true, false);
  const prev = () => engine.go(r.shown[0] - 1, true, false);
  const go = (n, { animated = true } = {}) => engine.go(b.clamp(n), animated, true);
  window.folio = { next, prev, go, get page() { return r.shown[0]; }, get pages() { return N; } };

  prevB.onclick = prev;
  nextB.onclick = next;
  slider.onchange = () => go(+slider.value);
  const openPanel = (open) => {
    panel.hidden = !open;
    contentsB.setAttribute('aria-expanded', open);
    if (open) (panel.querySelector(`a[data-page="${mark?.dataset.page}"]`) || panel.querySelector('a')).focus();
    else if (panel.contains(document.activeElement) || !document.activeElement || document.activeElement == document.body) contentsB.focus();
  };
  contentsB.onclick = () => openPanel(panel.hidden);
  panel.firstChild.onclick = () => openPanel(false);
  root.addEventListener('click', (e) => {
    const a = e.target.closest('a[href]'), n = a && !e.ctrlKey && !e.metaKey && !e.shiftKey && b.page(a.href);
    if (!n) return;
    e.preventDefault();
    if (!panel.hidden) openPanel(false);
    go(n);
  });
  keyboard(b, { next, prev, first: () => go(1), last: () => go(N) }, () => !panel.hidden && (openPanel(false), true));
  if (!b.scrolling) pointer(stage, engine);
  addEventListener('popstate', () => engine.go(b.page(location.href) || 1, false, null));

  root.classList.toggle('folio-vertical', b.vertical);
  main.append(root);
  document.documentElement.classList.add('folio-reading');
  new ResizeObserver(() => engine.layout()).observe(view);
  engine.layout();
  chrome();
}
