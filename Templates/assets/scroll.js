/* The scroll engine: a slot per page in one scroller that snaps, filled only near the current
   page; a turn ends when the scrolling stops. */
import { $ } from './pages.js';

// r: what the engines share with the reader (reader.js).
export function scrollEngine(r) {
  const { b, P, stage, reduced } = r, { W, H, N, vertical, reversed } = b;
  const ax = vertical ? 'top' : 'left', pos = vertical ? 'scrollTop' : 'scrollLeft', spacer = $('div', { class: 'folio-spacer' }), slots = new Map();
  let ext = 1, scale = 1, lead = 0, cross = 0, committed = r.shown[0], push = false;
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
    const n = r.shown[0], ns = [];
    for (let k = Math.max(1, n - 2); k <= Math.min(N, n + 2); k++) ns.push(k);
    P.mount(ns, slot);
    for (const [k, s] of slots) if (!ns.includes(k)) { s.remove(); slots.delete(k); }
    for (const k of ns) { slot(k); P.leaf(k).style.transform = `scale(${scale})`; P.expose(P.leaf(k), k == n); }
  }
  // No snapping until the scroll ends: it would stop at a slot mounted on the way.
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
  }, { passive: true });
  stage.addEventListener('scrollend', () => {
    stage.style.scrollSnapType = '';
    if (committed == r.shown[0]) return;
    const from = committed;
    committed = r.shown[0];
    r.changed(from, push);
    push = false;
  });
  return {
    layout() {
      const vw = stage.clientWidth, vh = stage.clientHeight;
      scale = Math.min(vw / W, vh / H) * 0.96;
      ext = (vertical ? H : W) * scale + 16;
      // Room to centre the first page and the last.
      lead = ((vertical ? vh : vw) - ext + 16) / 2;
      cross = (vertical ? vw - W * scale : vh - H * scale) / 2;
      spacer.style.cssText = `${vertical ? 'height' : 'width'}:${2 * lead + N * ext - 16}px`;
      place();
      scrollTo(r.shown[0], false);
    },
    // jump: true for a jump, false for a turn, null for history (no animation).
    go(n, animated, jump) {
      if (n < 1 || n > N || n == r.shown[0]) return;
      push ||= !!jump;
      scrollTo(n, animated && !reduced.matches && jump !== null);
    },
  };
}
