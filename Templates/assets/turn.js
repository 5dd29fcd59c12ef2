/* Curl engine, a state machine: idle → dragging → animating → settled → idle. */
import * as C from './curl.js';
import { $ } from './pages.js';

const TURN_MS = 500, JUMP_MS = 350;

// A turn moves its two leaves into a fold: a box whose edge is the fold line, clipping to the side
// away from the corner (overflow, not clip-path: each frame changes only transforms, so no page is
// restyled or repainted); inside it, a flat frame puts them back in stage coordinates.
const along = ({ m, n }, o) => [n.x, n.y, -n.y, n.x, m.x + o * n.y, m.y - o * n.x]; // x along n, o before m
const inverse = ([a, b, c, d, e, f]) => [a, c, b, d, -a * e - b * f, -c * e - d * f];
const matrix = (v) => `matrix(${v})`;

export function curlEngine(r) {
  const { b, P, view, stage, reduced } = r, { W, H } = b, blank = $('div', { class: 'page folio-back' });
  const S = 4 * (2 * W + H), flat = $('div'), fold = $('div', { class: 'folio-fold', style: `width:${S}px;height:${S}px` }, flat);
  let phase = 'idle', turn, scale, raf;
  const after = () => b.spread(r.shown.at(-1) + 1, r.two), before = () => b.spread(r.shown[0] - 1, r.two);
  const slot = (n) => (r.two && b.side(n) == 'right' ? W : 0);
  const el = (n) => (n ? P.leaves.get(n) : blank);

  // At rest neighbours are mounted, hidden and inert, so a drag starts at once.
  function place(t) {
    const { T, B, U, to } = t || {}, x = t && slot(T);
    P.mount(t ? [...new Set([...r.shown, ...to])] : [...before(), ...r.shown, ...after()], () => stage);
    for (const [n, e] of P.leaves) {
      const on = r.shown.includes(n);
      e.style.cssText = `left:${n == B ? x : slot(n)}px;z-index:${n == T ? 3 : n == B ? 4 : 1}` + (on || n == T || n == B || n == U ? '' : ';visibility:hidden');
      t || P.expose(e, on);
    }
    if (!t) return;
    blank.style.cssText = `left:${x}px;z-index:4`;
    for (const e of [el(T), el(B)]) if (e.contains(document.activeElement)) P.keep(); // moving drops focus
    flat.append(el(T), el(B));
    stage.append(fold);
  }
  function draw() {
    const { T, B, c, sp, p } = turn, k = C.curl(W, H, c, p, sp), bk = el(B);
    turn.progress = turn.flip ? 1 - k.progress : k.progress;
    // In stage px; flat, the fold passes through the corner, facing away from the page.
    const { m, n } = k.fold || { m: c, n: { x: c.x - W / 2, y: c.y - H / 2 } }, l = Math.hypot(n.x, n.y);
    const box = along({ m: { x: m.x + slot(T), y: m.y }, n: { x: -n.x / l, y: -n.y / l } }, S / 2);
    fold.style.transform = matrix(box);
    flat.style.transform = matrix(inverse(box));
    bk.style.transform = k.fold ? matrix(k.backMatrix) : 'scale(0)';
  }

  // Unfolding: from folded (home) to flat (goal).
  function begin(to, at, push) {
    const l = b.leaves(r.shown, to, r.two), sp = b.hinge(l.T, r.two), c = C.corner(at || { x: W / 2, y: H }, sp, W, H);
    const fold = C.over(c, sp, W, H);
    turn = { ...l, to, sp, c, push, home: l.flip ? fold : c, goal: l.flip ? c : fold };
    turn.p = turn.home;
    place(turn);
    draw();
  }
  function animate(done, ms, lift) {
    if (reduced.matches) return settle(done);
    phase = 'animating';
    const left = Math.abs(done ? 1 - turn.progress : turn.progress);
    turn.anim = { from: turn.p, to: done ? turn.goal : turn.home, done, lift, t0: performance.now(), ms: Math.max(120, ms * left) };
    tick();
  }
  const tick = () => { raf ||= requestAnimationFrame(frame); };
  function frame(now) {
    raf = 0;
    if (phase == 'idle') return;
    const a = turn.anim, moving = phase == 'animating';
    if (moving) {
      const t = Math.min(1, (now - a.t0) / a.ms);
      turn.p = C.animationPoint(a.from, a.to, t, a.lift, turn.c, turn.sp, W, H);
      if (t >= 1) return settle(a.done);
    }
    draw();
    if (moving) tick();
  }
  function settle(done) {
    phase = 'settled';
    const from = r.shown[0], { to, push } = turn;
    turn = null;
    stage.append(...flat.children);
    blank.remove();
    fold.remove();
    if (done) r.shown = to;
    place();
    phase = 'idle';
    if (done) r.changed(from, push);
  }

  return {
    layout() {
      if (phase != 'idle') settle(phase == 'animating' && turn.anim.done);
      const vw = view.clientWidth, vh = view.clientHeight, two = b.twoUp(vw, vh);
      if (two != r.two) { r.two = two; r.shown = b.spread(r.shown[0], two); r.chrome(); }
      const sw = two ? 2 * W : W;
      scale = Math.min(vw / sw, vh / H) * 0.96;
      stage.style.cssText = `width:${sw}px;height:${H}px;transform:translate(${(vw - sw * scale) / 2}px,${(vh - H * scale) / 2}px) scale(${scale})`;
      place();
    },
    async go(n, animated, push) {
      if (n < 1 || n > b.N || phase == 'dragging') return;
      if (phase == 'animating') settle(turn.anim.done);
      const to = b.spread(n, r.two), from = r.shown[0];
      if (to[0] == from) return;
      if (!animated || reduced.matches) { r.shown = to; place(); return r.changed(from, push); }
      const near = n == r.shown.at(-1) + 1 || to.at(-1) == from - 1;
      if (!near) await Promise.allSettled(to.map(P.load)); // not placeholders
      if (phase != 'idle') return;
      begin(to, null, push);
      animate(true, near ? TURN_MS : JUMP_MS, true);
    },
    aim(n, e) {
      if (phase != 'idle') return;
      const box = stage.getBoundingClientRect(), x0 = slot(n);
      const at = (ev) => ({ x: (ev.clientX - box.left) / scale - x0, y: (ev.clientY - box.top) / scale });
      const q = at(e), g = C.grip(q, b.hinge(n, r.two), W, H, !r.two);
      const to = !g ? [] : (r.two ? !b.verso(n) : !g.back) ? after() : before();
      return to.length && { to, q, at, drag: g.drag };
    },
    grab(a, tap) {
      if (phase != 'idle') return false;
      begin(a.to, a.q, false);
      tap ? animate(true, TURN_MS, true) : (phase = 'dragging');
      return true;
    },
    drag(a, f) {
      if (phase != 'dragging') return;
      turn.p = C.follow(turn.c, a.q, f, turn.flip);
      tick();
    },
    release(up, track, now) {
      if (phase != 'dragging') return;
      const v = C.velocity(track, now, turn.sp, W, H);
      animate(up && C.completes(turn.progress, turn.flip ? -v : v), TURN_MS, false);
    },
  };
}
