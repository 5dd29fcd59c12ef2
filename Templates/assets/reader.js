/* Folio reader. Without it each page document reads on its own. */
import { book } from './book.js';
import { $, button, get, pages } from './pages.js';
import { curlEngine } from './turn.js';

const main = document.querySelector('main.book, body.front > main');
const pub = document.querySelector('link[rel=publication]');
if (main && pub) boot(new URL(pub.href)).catch((e) => console.warn('Folio reader not started:', e));

async function boot(base) {
  const [m, S] = await Promise.all([get(base, 'json'), get(new URL('assets/strings.json', base), 'json').catch(() => ({}))]);
  const b = book(m, base), { N, title } = b;
  const say = (k, v = {}) => (S[k] || k).replace(/\{(\w+)\}/g, (_, x) => v[x]);

  // Absolute, as pushState may change the document's depth.
  for (const a of document.querySelectorAll('a[href]')) if (a.getAttribute('href')[0] != '#') a.href = a.href;

  const root = $('section', { 'data-folio': 'reader', 'aria-label': title, 'aria-roledescription': say('book'), tabindex: '-1' });
  const stage = $('div', { class: b.scrolling ? 'folio-scroll' : 'folio-stage', 'data-folio': 'stage' });
  const view = $('div', { class: 'folio-view' }, stage);
  const prevB = button('prev', say('previous'), '‹'), nextB = button('next', say('next'), '›');
  const contentsB = $('button', { type: 'button', 'data-folio': 'contents', 'aria-expanded': false, 'aria-controls': 'folio-contents' }, say('contents'));
  // Search loads on first use: search.js, opened by its button, `/` or Ctrl/⌘+K.
  const searchB = $('button', { type: 'button', 'data-folio': 'search', 'aria-expanded': false }, say('search'));
  const search = searchB.onclick = () => import('./search.js').then((s) => s.open({ b, base, root, say, go, opener: searchB }));
  const slider = $('input', { type: 'range', min: 1, max: N, 'data-folio': 'slider', 'aria-label': say('page') });
  const indicator = $('span', { 'data-folio': 'indicator' });
  const bar = $('nav', { 'data-folio': 'chapters', 'aria-label': say('chapters') });
  const barMark = $('span', { 'data-folio': 'chapter-indicator' });
  const panel = $('nav', { id: 'folio-contents', 'data-folio': 'contents-panel', 'aria-label': say('contents'), hidden: '' });
  const announce = $('div', { 'data-folio': 'announce', 'aria-live': 'polite' });

  // Chapters: entries without a fragment (headings have one). The bar holds a window of them
  // around the current one; the panel, rows of the whole tree made as they scroll or take focus.
  const link = (e) => $('a', { href: e.href, 'data-page': e.page }, e.title);
  const flatten = (es, level = 1) => es.flatMap((e) => {
    const href = new URL(e.href, base).href;
    return [{ title: e.title, href, page: b.page(href), level }, ...flatten(e.children?.filter((c) => !c.href.includes('#')) || [], level + 1)];
  });
  const rows = flatten(m.toc || []), chapters = rows.filter((e) => e.level == 1 && e.page > 0);
  const ol = $('ol', { class: 'toc', style: `height:${rows.length * 2.5}em` }), made = new Map();
  panel.append(button('close', say('close')), ol);
  root.append(bar, view, $('div', { class: 'folio-bar' }, prevB, contentsB, searchB, slider, indicator, nextB), panel, announce);
  const row = (i) => made.get(i) || made.set(i, $('li', { 'aria-level': rows[i].level, 'aria-setsize': rows.length, 'aria-posinset': i + 1, style: `top:${2.5 * i}em;padding-inline-start:${1.5 * rows[i].level - 1.5}rem` }, link(rows[i]))).get(i);
  const index = (e) => e?.closest('li')?.getAttribute('aria-posinset') - 1;
  // Rows on screen and half a screenful either side; rows already made never move, so focus stays.
  const rowH = () => ol.firstChild?.offsetHeight || 40, top = () => Math.floor((panel.scrollTop - ol.offsetTop) / rowH());
  function rowsAt(i) {
    const n = Math.ceil(panel.clientHeight / rowH()), f = panel.contains(document.activeElement) ? index(document.activeElement) : -1, want = [];
    for (let k = Math.max(0, i - (n >> 1)); k < Math.min(rows.length, i + n + (n >> 1)); k++) want.push(k);
    if (f >= 0 && !want.includes(f)) want.push(f);
    for (const [k, li] of made) if (!want.includes(k)) { li.remove(); made.delete(k); }
    let next = null;
    for (const k of want.sort((x, y) => y - x)) { const li = row(k); if (li.nextSibling != next || !li.isConnected) ol.insertBefore(li, next); next = li; }
  }
  const focusRow = (i) => { rowsAt(i); row(i).firstChild.focus(); };
  panel.onscroll = () => rowsAt(top());
  panel.addEventListener('focusin', (e) => index(e.target) >= 0 && rowsAt(index(e.target)));

  const P = pages(b, root, say), own = main.querySelector('article.page[data-page]');
  const r = { b, P, view, stage, reduced: matchMedia('(prefers-reduced-motion: reduce)'), shown: [own ? b.clamp(+own.dataset.page) : 1], two: false, chrome, changed };
  if (own) P.adopt(r.shown[0], own);

  let mark = 0; // none yet
  function chrome() {
    const n = r.shown[0], i = chapters.findLastIndex((e) => e.page <= n), cur = chapters[i];
    slider.value = n;
    slider.setAttribute('aria-valuetext', (indicator.textContent = `${n} / ${N}`));
    // aria-disabled, not disabled: still reachable by Tab.
    prevB.setAttribute('aria-disabled', n <= 1);
    nextB.setAttribute('aria-disabled', r.shown.at(-1) >= N);
    if (cur == mark) return;
    const shown = chapters.slice(Math.max(0, i - 6), i + 7).map(link), a = shown.find((a) => a.dataset.page == cur?.page);
    bar.replaceChildren(...shown, barMark);
    barMark.hidden = !(mark = cur);
    if (a) {
      a.setAttribute('aria-current', true);
      barMark.style.transform = `translateX(${a.offsetLeft}px) scaleX(${a.offsetWidth})`;
      bar.scrollTo({ left: a.offsetLeft - (bar.clientWidth - a.offsetWidth) / 2, behavior: 'smooth' });
    }
  }
  function changed(from, push) {
    const n = r.shown[0], chapter = b.chapter(n);
    chrome();
    history[push ? 'pushState' : 'replaceState']({ page: n }, '', b.url(n));
    document.title = chapter == title ? title : `${chapter} · ${title}`;
    announce.textContent = say('announce', { page: n, pages: N, chapter });
    root.dispatchEvent(new CustomEvent('folio:turn', { bubbles: true, detail: { from, to: n } }));
  }

  const engine = (b.scrolling ? scrollEngine : curlEngine)(r);
  const go = (n, { animated = true } = {}) => engine.go(b.clamp(n), animated, true);
  const next = () => engine.go(r.shown.at(-1) + 1, true, false), prev = () => engine.go(r.shown[0] - 1, true, false);
  const act = { next, prev, first: () => go(1), last: () => go(N) };
  window.folio = { next, prev, go, get page() { return r.shown[0]; }, get pages() { return N; } };

  prevB.onclick = prev;
  nextB.onclick = next;
  slider.onchange = () => go(+slider.value);
  const openPanel = (open) => {
    const f = document.activeElement;
    panel.hidden = !open;
    contentsB.setAttribute('aria-expanded', open);
    if (open && rows.length) focusRow(Math.max(0, rows.indexOf(mark)));
    else if (!f || f == document.body || panel.contains(f)) contentsB.focus();
    if (!open) { ol.replaceChildren(); made.clear(); }
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
  document.addEventListener('keydown', (e) => {
    const t = e.target, k = e.key, f = act[b.key(k, e.shiftKey)];
    if (!e.defaultPrevented && !e.altKey && (e.ctrlKey || e.metaKey ? k == 'k' : k == '/' && !t.closest?.('input,textarea,select,[contenteditable]'))) { e.preventDefault(); return search(); }
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || t.closest?.('input,textarea,select,[contenteditable]')) return;
    if (k == 'Escape' && !panel.hidden) return openPanel(false);
    const i = panel.contains(t) ? index(t) : NaN, j = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: rows.length - 1 }[k];
    if (i >= 0) return j >= 0 && j < rows.length && (e.preventDefault(), focusRow(j));
    if (f && !(k == ' ' && t.closest?.('a,button'))) { e.preventDefault(); f(); }
  });
  if (!b.scrolling) pointer(stage, engine);
  addEventListener('popstate', () => engine.go(b.page(location.href) || 1, false, null));

  main.replaceChildren(root); // the front page's own contents is the panel's now
  document.documentElement.classList.add('folio-reading');
  new ResizeObserver(() => engine.layout()).observe(view);
  engine.layout();
  chrome();
}

// A press that moves drags or selects text, else it taps; not on links, controls or a selection.
function pointer(stage, E) {
  let press = null;
  stage.addEventListener('pointerdown', (e) => {
    const a = e.target.closest('article.page'), sel = getSelection();
    if (!a || e.button > 0 || e.target.closest('a,button,input,select,textarea,label,[contenteditable]')
      || (!sel.isCollapsed && sel.containsNode(e.target, true))) return;
    const aim = E.aim(+a.dataset.page, e);
    if (!aim) return;
    press = { id: e.pointerId, aim, x: e.clientX, y: e.clientY, track: [] };
    if (aim.drag) { e.preventDefault(); stage.setPointerCapture(e.pointerId); }
  });
  stage.addEventListener('pointermove', (e) => {
    if (press?.id != e.pointerId) return;
    const f = press.aim.at(e);
    if (!press.on) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < 6) return;
      if (!press.aim.drag) return void (press = null);
      press.on = E.grab(press.aim);
    }
    E.drag(press.aim, f);
    press.track.push({ t: e.timeStamp, f });
  });
  const release = (e) => {
    if (press?.id != e.pointerId) return;
    const p = press, up = e.type == 'pointerup';
    press = null;
    p.on ? E.release(up, p.track, e.timeStamp) : up && E.grab(p.aim, true);
  };
  stage.addEventListener('pointerup', release);
  stage.addEventListener('pointercancel', release);
}

function scrollEngine(r) {
  const { b, P, stage, reduced } = r, { W, H, N, vertical, reversed } = b;
  const ax = vertical ? 'top' : 'left', pos = vertical ? 'scrollTop' : 'scrollLeft', spacer = $('div', { class: 'folio-spacer' }), slots = new Map();
  let ext, scale, lead, cross, committed = r.shown[0], push = false;
  stage.dir = 'ltr'; // offsets from the left or top, whatever the language
  stage.append(spacer);
  const offset = (n) => (reversed ? N - n : n - 1) * ext;
  const slot = (n) => {
    let s = slots.get(n);
    if (!s) slots.set(n, (s = $('div', { class: 'folio-slot', dir: document.documentElement.dir })));
    s.style.cssText = `${ax}:${lead + offset(n)}px;${vertical ? 'left' : 'top'}:${cross}px;width:${W * scale}px;height:${H * scale}px`;
    if (!s.isConnected) stage.append(s);
    return s;
  };
  function place() {
    const n = r.shown[0], ns = [];
    for (let k = Math.max(1, n - 2); k <= Math.min(N, n + 2); k++) ns.push(k);
    P.mount(ns, slot);
    for (const [k, s] of slots) if (!ns.includes(k)) { s.remove(); slots.delete(k); }
    for (const k of ns) { const e = P.leaf(k); slot(k); e.style.transform = `scale(${scale})`; P.expose(e, k == n); }
  }
  // Snap once the scroll ends, not at slots mounted on the way.
  function scrollTo(n, smooth) {
    if (Math.abs(stage[pos] - offset(n)) < 1) return;
    stage.style.scrollSnapType = 'none';
    stage.scrollTo({ [ax]: offset(n), behavior: smooth ? 'smooth' : 'instant' });
  }
  stage.addEventListener('scroll', () => {
    const i = Math.round(stage[pos] / ext), n = b.clamp(reversed ? N - i : i + 1);
    if (n == r.shown[0]) return;
    r.shown = [n];
    place();
    r.chrome();
  });
  stage.addEventListener('scrollend', () => {
    stage.style.scrollSnapType = '';
    const from = committed;
    if (from == (committed = r.shown[0])) return;
    r.changed(from, push);
    push = false;
  });
  return {
    layout() {
      const vw = stage.clientWidth, vh = stage.clientHeight;
      scale = Math.min(vw / W, vh / H) * 0.96;
      ext = (vertical ? H : W) * scale + 16;
      // room to centre the ends
      lead = ((vertical ? vh : vw) - ext + 16) / 2;
      cross = (vertical ? vw - W * scale : vh - H * scale) / 2;
      spacer.style.cssText = `${vertical ? 'height' : 'width'}:${2 * lead + N * ext - 16}px`;
      place();
      scrollTo(r.shown[0], false);
    },
    go(n, animated, jump) {
      if (n < 1 || n > N || n == r.shown[0]) return;
      push ||= jump;
      scrollTo(n, animated && !reduced.matches);
    },
  };
}
