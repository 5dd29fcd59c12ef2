/* Curl geometry after StPageFlip, pure, in page px: c the corner, p the pointer. */
const EPS = 1e-6;
const sub = (p, q) => ({ x: p.x - q.x, y: p.y - q.y });
const mix = (p, q, t) => ({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
const len = (p) => Math.hypot(p.x, p.y);
const clamp01 = (v) => (v > 0 ? (v < 1 ? v : 1) : 0); // NaN → 0
const horiz = (s) => s != 'top' && s != 'bottom';
const hinge = (s, w, h) => ({ x: s == 'right' ? w : 0, y: s == 'bottom' ? h : 0 });
const toward = (v, s, w, h) => ({ right: v.x / w, top: -v.y / h, bottom: v.y / h })[s] ?? -v.x / w;

function fold(c, p) {
  const d = sub(c, p), l = len(d);
  return { m: mix(c, p, 0.5), n: l > EPS ? { x: d.x / l, y: d.y / l } : null };
}
export const over = (c, spine, w, h, a = hinge(spine, w, h)) =>
  horiz(spine) ? { x: 2 * a.x - c.x, y: c.y } : { x: c.x, y: 2 * a.y - c.y };

export const corner = (p, spine, w, h) => horiz(spine)
  ? { x: spine == 'left' ? w : 0, y: p.y < h / 2 ? 0 : h } : { x: p.x < w / 2 ? 0 : w, y: spine == 'top' ? h : 0 };

// Paper can't stretch: p stays within reach of both spine corners. The back is pre-flipped
// so its text reads right.
export function curl(w, h, c, pointer, spine) {
  const a = hinge(spine, w, h), b = horiz(spine) ? { x: a.x, y: h } : { x: w, y: a.y }, ra = len(sub(c, a)), rb = len(sub(c, b));
  const reach = (o, r, l = len(sub(pointer, o))) => l > r ? mix(o, pointer, r / l) : pointer;
  const pa = reach(a, ra), pb = reach(b, rb), t = over(c, spine, w, h);
  const p = len(sub(pa, b)) <= rb + EPS ? pa : len(sub(pb, a)) <= ra + EPS ? pb : len(sub(t, pointer)) < len(sub(c, pointer)) ? t : { ...c };
  const f = fold(c, p), n = f.n;
  const k = n && 2 * (f.m.x * n.x + f.m.y * n.y), x = n && -2 * n.x * n.y;
  const [m0, m1, m2, m3, m4, m5] = n ? [1 - 2 * n.x * n.x, x, x, 1 - 2 * n.y * n.y, k * n.x, k * n.y] : [1, 0, 0, 1, 0, 0];
  return {
    pointer: p, progress: clamp01(toward(sub(p, c), spine, w, h) / 2), matrix: [m0, m1, m2, m3, m4, m5],
    backMatrix: horiz(spine) ? [-m0, -m1, m2, m3, m0 * w + m4, m1 * w + m5] : [m0, m1, -m2, -m3, m2 * h + m4, m3 * h + m5],
    fold: n && f, // m on the fold line, n its unit normal toward the corner
  };
}

// Taps turn from the outer 35 %, drags from the outer 15 %.
export function grip(q, spine, w, h, single) {
  const u = -toward(sub(q, hinge(spine, w, h)), spine, w, h), back = single && u < 0.5, o = back ? 1 - u : u;
  return o < 0.65 ? null : { back, drag: o > 0.85 };
}

// Unfolding, the fold follows the pointer; else the corner does.
export const follow = (c, q, f, unfold) => unfold ? mix(c, f, 2) : { x: c.x + f.x - q.x, y: c.y + f.y - q.y };

// Page widths a second toward the spine, over 100 ms.
export function velocity(track, now, spine, w, h) {
  const r = track.filter((s) => now - s.t < 100), a = r[0], b = r.at(-1), dt = a && (b.t - a.t) / 1000;
  return dt > 0 ? toward(sub(b.f, a.f), spine, w, h) / dt : 0;
}

export const completes = (progress, v, flick = 1.2) => v > flick || (v >= -flick && progress > 0.5);

// Lifted, the page curls rather than slides.
export function animationPoint(a, b, t, lift, c, spine, w, h) {
  const p = mix(a, b, 1 - (1 - clamp01(t)) ** 3), o = horiz(spine) ? 'y' : 'x';
  if (lift) p[o] += ((o == 'y' ? h : w) / 2 - c[o]) * 0.3 * Math.sin(Math.PI * clamp01(t));
  return p;
}
