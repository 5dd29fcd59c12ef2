/* Folio reader: the book from manifest.json, a page or a spread at a time, turned by curl
   (curl.js) or scroll. Without it each page document reads on its own. */
import * as C from './curl.js';

const TURN_MS = 500, JUMP_MS = 350;
const reduced = matchMedia('(prefers-reduced-motion: reduce)');
const $ = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  e.append(...kids);
  return e;
};
const json = (url) => fetch(url).then((r) => { if (!r.ok) throw Error(`${r.status} ${url}`); return r.json(); });

const main = document.querySelector('main.book, body.front > main');
const pub = document.querySelector('link[rel=publication]');
if (main && pub) boot(new URL(pub.href)).catch((e) => console.warn('Folio reader not started:', e));

async function boot(base) {
  const [m, S] = await Promise.all([json(base), json(new URL('assets/strings.json', base)).catch(() => ({}))]);
  const meta = m.metadata, order = m.readingOrder, N = order.length, book = meta.title;
  const { width: W, height: H } = meta['urn:folio:page-size'];
  const dirn = meta['urn:folio:direction'], vertical = /tb|bt/.test(dirn), reversed = dirn === 'rtl' || dirn === 'btt';
  const scrolling = meta['urn:folio:transition'] === 'scroll', spine = meta['urn:folio:spine'];
  const urls = order.map((o) => new URL(o.href, base).href);
  const side = (n) => order[n - 1].properties?.page || 'center';
  const canSpread = !scrolling && (spine === 'mid' || spine === 'auto') && order.some((o) => o.properties?.page !== 'center');
  const pageOf = (url) => urls.indexOf(url.split('#')[0]) + 1;
  const say = (k, v = {}) => (S[k] || k).replace(/\{(\w+)\}/g, (_, x) => v[x]);
  const clamp = (n) => Math.min(N, Math.max(1, n | 0));

  // Absolute, as pushState may change the document's depth.
  for (const a of document.querySelectorAll('a[href]')) if (a.getAttribute('href')[0] !== '#') a.href = a.href;

  const btn = (name, label, text = label) => $('button', { type: 'button', 'data-folio': name, 'aria-label': label }, text);
  const root = $('section', { class: 'folio-reader', 'data-folio': 'reader', 'aria-label': book, 'aria-roledescription': say('book'), tabindex: '-1' });
  const view = $('div', { class: 'folio-view' });
  const stage = $('div', { class: scrolling ? 'folio-scroll' : 'folio-stage', 'data-folio': 'stage' });
  const prevB = btn('prev', say('previous'), '‹'), nextB = btn('next', say('next'), '›');
  const contentsB = $('button', { type: 'button', 'data-folio': 'contents', 'aria-expanded': 'false', 'aria-controls': 'folio-contents' }, say('contents'));
  const slider = $('input', { type: 'range', min: 1, max: N, 'data-folio': 'slider', 'aria-label': say('page') });
  const indicator = $('span', { 'data-folio': 'indicator', class: 'folio-count' });
  const bar = $('nav', { 'data-folio': 'chapters', class: 'folio-chapters', 'aria-label': say('chapters') });
  const barMark = $('span', { 'data-folio': 'chapter-indicator', 'aria-hidden': 'true' });
  const panel = $('nav', { id: 'folio-contents', 'data-folio': 'contents-panel', class: 'folio-panel', 'aria-label': say('contents'), hidden: '' });
  const announce = $('div', { 'data-folio': 'announce', 'aria-live': 'polite', class: 'folio-sr' });
  const blank = $('div', { class: 'folio-back', 'aria-hidden': 'true' }); // the back of a single-sided page

  // Chapters: the toc's entries without a fragment (headings have one).
  const link = (e) => $('a', { href: new URL(e.href, base).href, 'data-page': pageOf(new URL(e.href, base).href) }, e.title);
  const list = (entries) => {
    const ol = $('ol');
    for (const e of entries) {
      const kids = (e.children || []).filter((c) => !c.href.includes('#'));
      ol.append($('li', {}, link(e), ...(kids.length ? [list(kids)] : [])));
    }
    return ol;
  };
  const chapters = (m.toc || []).map(link).filter((a) => a.dataset.page > 0);
  bar.append(...chapters, barMark);
  panel.append(btn('close', say('close')), list(m.toc || []));
  view.append(stage);
  root.append(bar, view, $('div', { class: 'folio-bar' }, prevB, contentsB, slider, indicator, nextB), panel, announce);

  const own = main.querySelector('article.page[data-page]');
  let shown = [own ? clamp(+own.dataset.page) : 1], spread = false;

  // cache: parsed articles, LRU; leaves: each page's element in the DOM.
  const cache = new Map(), loading = new Map(), leaves = new Map();
  function remember(n, a) {
    cache.delete(n);
    cache.set(n, a);
    for (const [k, e] of cache) if (cache.size > 12 && !e.isConnected) cache.delete(k);
    return a;
  }
  function load(n) {
    if (cache.has(n)) return Promise.resolve(remember(n, cache.get(n)));
    if (!loading.has(n)) loading.set(n, fetch(urls[n - 1]).then((r) => { if (!r.ok) throw Error(r.status); return r.text(); }).then((html) => {
      const a = new DOMParser().parseFromString(html, 'text/html').querySelector('article.page');
      if (!a) throw Error('no article.page in ' + urls[n - 1]);
      document.adoptNode(a); // so that isConnected means "in this document"
      for (const e of a.querySelectorAll('[href],[src]')) for (const k of ['href', 'src']) {
        const v = e.getAttribute(k);
        if (v && v[0] !== '#') e.setAttribute(k, new URL(v, urls[n - 1]).href);
      }
      return remember(n, a);
    }).finally(() => loading.delete(n)));
    return loading.get(n);
  }
  if (own) { own.remove(); remember(shown[0], own); }

  function leaf(n) {
    let e = leaves.get(n);
    if (!e) {
      e = cache.get(n) || fill(n, $('article', { class: `page page-${side(n)} folio-loading`, 'data-page': n }));
      leaves.set(n, e);
    }
    return e;
  }
  // A placeholder until page n arrives.
  function fill(n, ph) {
    load(n).then((a) => {
      if (leaves.get(n) !== ph) return;
      for (const k of ['style', 'inert', 'aria-hidden']) ph.hasAttribute(k) ? a.setAttribute(k, ph.getAttribute(k)) : a.removeAttribute(k);
      const focused = ph.contains(document.activeElement);
      ph.replaceWith(a);
      leaves.set(n, a);
      if (focused) root.focus();
    }, () => {
      if (leaves.get(n) !== ph) return;
      const retry = btn('retry', say('retry'));
      retry.onclick = () => { ph.replaceChildren(); fill(n, ph); retry.remove(); root.focus(); };
      ph.classList.add('folio-failed');
      ph.replaceChildren($('p', {}, say('load-failed')), retry);
    });
    return ph;
  }
  function mount(pages, parent = () => stage) {
    for (const [n, e] of leaves) if (!pages.includes(n)) {
      if (e.contains(document.activeElement)) root.focus();
      e.remove();
      e.removeAttribute('style');
      leaves.delete(n);
    }
    for (const n of pages) { const e = leaf(n); if (!e.isConnected) parent(n).append(e); }
  }
  const expose = (e, on) => {
    // An inert page drops focus to <body>: keep it in the book.
    if (!on && e.contains(document.activeElement)) root.focus();
    e.toggleAttribute('inert', !on);
    on ? e.removeAttribute('aria-hidden') : e.setAttribute('aria-hidden', 'true');
  };

  let mark = null;
  function chrome() {
    const n = shown[0];
    indicator.textContent = `${n} / ${N}`;
    slider.value = n;
    slider.setAttribute('aria-valuetext', indicator.textContent);
    // aria-disabled, not disabled: the buttons stay reachable by Tab at either end.
    prevB.setAttribute('aria-disabled', n <= 1);
    nextB.setAttribute('aria-disabled', shown.at(-1) >= N);
    const cur = chapters.findLast((a) => +a.dataset.page <= n);
    if (cur !== mark) {
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
    const n = shown[0], chapter = order[n - 1].title;
    chrome();
    history[push ? 'pushState' : 'replaceState']({ page: n }, '', urls[n - 1]);
    document.title = chapter === book ? book : `${chapter} · ${book}`;
    announce.textContent = say('announce', { page: n, pages: N, chapter });
    if (from !== n) root.dispatchEvent(new CustomEvent('folio:turn', { bubbles: true, detail: { from, to: n } }));
  }

  const engine = scrolling ? scrollEngine() : curlEngine();
  const next = () => engine.go(shown.at(-1) + 1, true, false);
  const prev = () => engine.go(shown[0] - 1, true, false);
  const go = (n, { animated = true } = {}) => engine.go(clamp(n), animated, true);
  window.folio = { next, prev, go, get page() { return shown[0]; }, get pages() { return N; } };

  prevB.onclick = prev;
  nextB.onclick = next;
  slider.onchange = () => go(+slider.value);
  const openPanel = (open) => {
    panel.hidden = !open;
    contentsB.setAttribute('aria-expanded', open);
    if (open) (panel.querySelector(`a[data-page="${mark?.dataset.page}"]`) || panel.querySelector('a')).focus();
    else if (panel.contains(document.activeElement) || !document.activeElement || document.activeElement === document.body) contentsB.focus();
  };
  contentsB.onclick = () => openPanel(panel.hidden);
  panel.firstChild.onclick = () => openPanel(false);
  root.addEventListener('click', (e) => {
    const a = e.target.closest('a[href]'), n = a && !e.ctrlKey && !e.metaKey && !e.shiftKey && pageOf(a.href);
    if (!n) return;
    e.preventDefault();
    if (!panel.hidden) openPanel(false);
    go(n);
  });
  const arrows = vertical ? ['ArrowDown', 'ArrowUp'] : ['ArrowRight', 'ArrowLeft'];
  const [fwd, bwd] = reversed ? arrows.reverse() : arrows;
  document.addEventListener('keydown', (e) => {
    const t = e.target, k = e.key;
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || t.closest?.('input,textarea,select,[contenteditable]')) return;
    if (k === 'Escape' && !panel.hidden) return openPanel(false);
    if (k === ' ' && t.closest?.('a,button')) return;
    const act = k === fwd || k === 'PageDown' || (k === ' ' && !e.shiftKey) ? next
      : k === bwd || k === 'PageUp' || k === ' ' ? prev
      : k === 'Home' ? () => go(1) : k === 'End' ? () => go(N) : null;
    if (act) { e.preventDefault(); act(); }
  });
  addEventListener('popstate', () => engine.go(pageOf(location.href) || 1, false, null));

  root.classList.toggle('folio-vertical', vertical);
  main.append(root);
  document.documentElement.classList.add('folio-reading');
  new ResizeObserver(() => engine.layout()).observe(view);
  engine.layout();
  chrome();

  // Curl: the spreads either side are mounted, hidden and inert, so that a drag starts at once.
  function curlEngine() {
    let scale = 1, turn = null, press = null, raf = 0;
    const verso = (n) => side(n) === (reversed ? 'right' : 'left');
    const spreadOf = (n) => !spread ? [n]
      : verso(n) ? (n < N && !verso(n + 1) ? [n, n + 1] : [n])
      : (n > 1 && verso(n - 1) ? [n - 1, n] : [n]);
    const after = () => shown.at(-1) < N ? spreadOf(shown.at(-1) + 1) : [];
    const before = () => shown[0] > 1 ? spreadOf(shown[0] - 1) : [];
    const slot = (n) => (spread && side(n) === 'right' ? W : 0);
    // The edge that stays attached while page n turns.
    const hinge = (n) => spread ? (side(n) === 'right' ? 'left' : 'right')
      : vertical ? (reversed ? 'bottom' : 'top') : (reversed ? 'right' : 'left');
    const corner = (p, sp) => /top|bottom/.test(sp) ? { x: p.x < W / 2 ? 0 : W, y: sp === 'top' ? H : 0 }
      : { x: sp === 'left' ? W : 0, y: p.y < H / 2 ? 0 : H };

    function place() {
      const pages = [...before(), ...shown, ...after()];
      mount(pages);
      for (const n of pages) {
        const e = leaf(n), on = shown.includes(n);
        e.style.cssText = `left:${slot(n)}px` + (on ? '' : ';visibility:hidden');
        expose(e, on);
      }
    }
    function layout() {
      if (turn) finish(!!turn.anim?.done);
      const vw = view.clientWidth, vh = view.clientHeight;
      // Two pages when they come out at least 3/4 the size one page would.
      const two = canSpread && (spine === 'mid' || vw / vh >= (1.5 * W) / H);
      if (two !== spread) { spread = two; shown = spreadOf(shown[0]); chrome(); }
      const sw = spread ? 2 * W : W;
      scale = Math.min(vw / sw, vh / H) * 0.96;
      stage.style.cssText = `width:${sw}px;height:${H}px;transform:translate(${(vw - sw * scale) / 2}px,${(vh - H * scale) / 2}px) scale(${scale})`;
      place();
    }

    // T turns over to show B on its back (or blank) and uncovers U. Back on a single page, the
    // previous page unfolds: from folded (home) to flat (goal).
    function begin(d, to, at, push) {
      const flip = !spread && d < 0;
      const T = flip ? to[0] : d > 0 ? shown.at(-1) : shown[0];
      const B = spread ? (d > 0 ? to[0] : to.at(-1)) : 0;
      const U = spread ? (d > 0 ? to[1] : to.length > 1 ? to[0] : null) : flip ? shown[0] : to[0];
      const sp = hinge(T), c = corner(at || { x: W / 2, y: H }, sp);
      const fold = C.releaseTarget(c, sp, W, H, true);
      mount([...new Set([...shown, ...to])]);
      const x = slot(T);
      for (const [n, e] of leaves) e.style.cssText = `left:${n === B ? x : slot(n)}px;z-index:${n === T ? 3 : n === B ? 4 : 1}` + (n === T || n === B || n === U || shown.includes(n) ? '' : ';visibility:hidden');
      if (B === 0) { blank.style.cssText = `left:${x}px;z-index:4`; stage.append(blank); }
      turn = { to, T, B, U, sp, c, flip, push, home: flip ? fold : c, goal: flip ? c : fold };
      turn.p = turn.home;
      draw();
    }
    const el = (n) => (n === 0 ? blank : leaves.get(n));
    const poly = (ps) => `polygon(${ps.length ? ps.map((p) => `${p.x}px ${p.y}px`) : '0 0,0 0,0 0'})`;
    function draw() {
      const { T, B, U, c, sp, p } = turn, k = C.curl(W, H, c, p, sp), s = k.shade.strength;
      const t = el(T), b = el(B), u = U && el(U), at = k.shade.angle, x = k.shade.position * 100;
      turn.progress = turn.flip ? 1 - k.progress : k.progress;
      t.style.clipPath = poly(k.front);
      t.style.backgroundImage = `linear-gradient(${at}deg,transparent ${x - 6}%,rgba(0,0,0,${0.12 * s}) ${x}%,transparent ${x}%)`;
      if (b) {
        const y = k.backShade.position * 100;
        b.style.transform = `matrix(${k.backMatrix})`;
        b.style.clipPath = poly(k.backClip);
        b.style.backgroundImage = `linear-gradient(${k.backShade.angle}deg,rgba(0,0,0,${0.18 * s}) ${y}%,rgba(0,0,0,0) ${y + 12}%,rgba(255,255,255,${0.12 * s}) ${y + 30}%,rgba(0,0,0,0) ${y + 60}%)`;
      }
      if (u) u.style.backgroundImage = `linear-gradient(${at}deg,rgba(0,0,0,${0.3 * s}) ${x}%,rgba(0,0,0,0) ${x + 20}%)`;
    }
    // No frames while idle.
    function frame(now) {
      raf = 0;
      const a = turn?.anim;
      if (!turn) return;
      if (a) {
        const t = Math.min(1, (now - a.t0) / a.ms), p = C.animationPoint(a.from, a.to, t);
        // Taps and keys lift the corner on the way, so the page curls rather than slides.
        if (a.lift) { const o = /left|right/.test(turn.sp) ? 'y' : 'x'; p[o] += ((o === 'y' ? H : W) / 2 - turn.c[o]) * 0.3 * Math.sin(Math.PI * t); }
        turn.p = p;
        if (t >= 1) return finish(a.done);
      }
      draw();
      if (a) tick();
    }
    const tick = () => { raf ||= requestAnimationFrame(frame); };
    function animate(done, ms, lift) {
      if (reduced.matches) return finish(done);
      const left = Math.abs(done ? 1 - turn.progress : turn.progress);
      turn.anim = { from: turn.p, to: done ? turn.goal : turn.home, done, lift, t0: performance.now(), ms: Math.max(120, ms * left) };
      tick();
    }
    function finish(done) {
      const from = shown[0], { to, push } = turn;
      turn = null;
      blank.remove();
      if (done) shown = to;
      place();
      if (done) changed(from, push);
    }
    async function go(n, animated, push) {
      if (n < 1 || n > N) return;
      if (turn) { if (!turn.anim) return; finish(turn.anim.done); }
      const to = spreadOf(n), from = shown[0];
      if (to[0] === from) return;
      if (!animated || reduced.matches) { shown = to; place(); return changed(from, push); }
      const near = n === shown.at(-1) + 1 || to.at(-1) === from - 1;
      if (!near) await Promise.allSettled(to.map(load)); // a jump shows its target, not a placeholder
      if (turn) return;
      begin(n > from ? 1 : -1, to, null, push);
      animate(true, near ? TURN_MS : JUMP_MS, true);
    }

    // A tap on the outer 35 % of a page turns it, a press on the outer 15 % drags a curl;
    // on a single page the inner part turns back.
    stage.addEventListener('pointerdown', (e) => {
      const a = e.target.closest('article.page'), n = a && +a.dataset.page;
      if (turn || e.button > 0 || !shown.includes(n) || e.target.closest('a,button,input,select,textarea,label,[contenteditable]')) return;
      const sel = getSelection();
      if (!sel.isCollapsed && sel.containsNode(e.target, true)) return;
      const r = stage.getBoundingClientRect(), x0 = slot(n), sc = scale;
      const at = (ev) => ({ x: (ev.clientX - r.left) / sc - x0, y: (ev.clientY - r.top) / sc });
      const q = at(e), sp = hinge(n);
      const u = { left: q.x / W, right: 1 - q.x / W, top: q.y / H, bottom: 1 - q.y / H }[sp]; // 0 at the spine, 1 outside
      const d = spread ? (verso(n) ? -1 : 1) : u > 0.5 ? 1 : -1, o = spread || d > 0 ? u : 1 - u;
      const to = d > 0 ? after() : before();
      if (o < 0.65 || !to.length) return;
      press = { id: e.pointerId, q, d, to, at, drag: o > 0.85, x: e.clientX, y: e.clientY, track: [] };
      if (press.drag) { e.preventDefault(); stage.setPointerCapture(e.pointerId); }
    });
    stage.addEventListener('pointermove', (e) => {
      if (press?.id !== e.pointerId) return;
      const f = press.at(e);
      if (!turn) {
        if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < 6) return;
        if (!press.drag) { press = null; return; } // a text selection, not a turn
        begin(press.d, press.to, press.q, false);
      }
      if (turn.anim) return;
      const c = turn.c, q = press.q;
      // Unfolding, the fold passes through the pointer; otherwise the corner keeps its offset.
      turn.p = turn.flip ? { x: 2 * f.x - c.x, y: 2 * f.y - c.y } : { x: c.x + f.x - q.x, y: c.y + f.y - q.y };
      press.track.push({ t: e.timeStamp, f });
      if (press.track.length > 6) press.track.shift();
      tick();
    });
    const release = (e) => {
      if (press?.id !== e.pointerId) return;
      const p = press, up = e.type === 'pointerup';
      press = null;
      if (!turn) { if (up) { begin(p.d, p.to, p.q, false); animate(true, TURN_MS, true); } return; }
      if (turn.anim) return;
      // In page widths per second, over 100 ms.
      const track = p.track.filter((s) => e.timeStamp - s.t < 100), a = track[0], b = track.at(-1), dt = a && (b.t - a.t) / 1000;
      const v = dt > 0 ? C.towardSpine({ x: b.f.x - a.f.x, y: b.f.y - a.f.y }, turn.sp, W, H) / dt : 0;
      animate(up && C.releaseDecision({ progress: turn.progress, velocity: turn.flip ? -v : v }) === 'complete', TURN_MS, false);
    };
    stage.addEventListener('pointerup', release);
    stage.addEventListener('pointercancel', release);
    return { go, layout };
  }

  // Scroll: a slot per page in one scroller, filled only near the current page.
  function scrollEngine() {
    const ax = vertical ? 'top' : 'left', spacer = $('div', { class: 'folio-spacer' }), slots = new Map();
    let ext = 1, scale = 1, lead = 0, cross = 0, committed = shown[0], push = false;
    stage.classList.add(vertical ? 'folio-y' : 'folio-x');
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
      const n = shown[0], pages = [];
      for (let k = Math.max(1, n - 2); k <= Math.min(N, n + 2); k++) pages.push(k);
      mount(pages, slot);
      for (const [k, s] of slots) if (!pages.includes(k)) { s.remove(); slots.delete(k); }
      for (const k of pages) { slot(k); leaf(k).style.transform = `scale(${scale})`; expose(leaf(k), k === n); }
    }
    function layout() {
      const vw = stage.clientWidth, vh = stage.clientHeight;
      scale = Math.min(vw / W, vh / H) * 0.96;
      ext = (vertical ? H : W) * scale + 16;
      // Room to centre the first page and the last.
      lead = ((vertical ? vh : vw) - ext + 16) / 2;
      cross = ((vertical ? vw - W * scale : vh - H * scale) / 2);
      spacer.style.cssText = `${vertical ? 'height' : 'width'}:${2 * lead + N * ext - 16}px`;
      place();
      scrollTo(shown[0], false);
    }
    // No snapping until the scroll ends: it would stop at a slot mounted on the way.
    function scrollTo(n, smooth) {
      if (Math.abs(stage[vertical ? 'scrollTop' : 'scrollLeft'] - offset(n)) < 1) return;
      stage.style.scrollSnapType = 'none';
      stage.scrollTo({ [ax]: offset(n), behavior: smooth ? 'smooth' : 'instant' });
    }
    stage.addEventListener('scroll', () => {
      const i = Math.round(stage[vertical ? 'scrollTop' : 'scrollLeft'] / ext), n = clamp(reversed ? N - i : i + 1);
      if (n === shown[0]) return;
      shown = [n];
      place();
      chrome();
    }, { passive: true });
    // The turn is over when the scrolling stops.
    stage.addEventListener('scrollend', () => {
      stage.style.scrollSnapType = '';
      if (committed === shown[0]) return;
      const from = committed;
      committed = shown[0];
      changed(from, push);
      push = false;
    });
    function go(n, animated, jump) {
      if (n < 1 || n > N || n === shown[0]) return;
      push ||= !!jump;
      scrollTo(n, animated && !reduced.matches && jump !== null);
    }
    return { go, layout };
  }
}
