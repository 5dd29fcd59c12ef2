/* Page-curl geometry (after StPageFlip), pure: in the turning w×h page's px, c the corner, p the
   pointer, spine the attached edge. */
const EPS = 1e-6;
const sub = (p, q) => ({ x: p.x - q.x, y: p.y - q.y });
const len = (p) => Math.hypot(p.x, p.y);
const clamp01 = (v) => (v > 0 ? (v < 1 ? v : 1) : 0); // NaN → 0
const horiz = (s) => s != 'top' && s != 'bottom';
const hinge = (s, w, h) => ({ x: s == 'right' ? w : 0, y: s == 'bottom' ? h : 0 }); // a spine corner
const area = (poly) => poly.reduce((s, p, i, a, q = a[(i + 1) % a.length]) => s + (p.x * q.y - q.x * p.y) / 2, 0);
const toward = (v, s, w, h) => ({ right: v.x / w, top: -v.y / h, bottom: v.y / h })[s] ?? -v.x / w;

// m on the fold, n its normal toward c.
function fold(c, p) {
  const d = sub(c, p), l = len(d);
  return { m: { x: (c.x + p.x) / 2, y: (c.y + p.y) / 2 }, n: l > EPS ? { x: d.x / l, y: d.y / l } : null };
}
// The corner's side (sign 1) or the other; slivers → [].
function cut(poly, { m, n }, sign) {
  const out = [], d = poly.map((p) => sign * ((p.x - m.x) * n.x + (p.y - m.y) * n.y));
  poly.forEach((p, i) => {
    const j = (i + 1) % poly.length, q = poly[j], t = d[i] / (d[i] - d[j]);
    if (d[i] >= -EPS) out.push(p);
    if (Math.min(d[i], d[j]) < -EPS && Math.max(d[i], d[j]) > EPS) out.push({ x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) });
  });
  return Math.abs(area(out)) > EPS ? out : [];
}
// For a linear-gradient().
function shading({ m, n }, c, p, w, h, spine) {
  return !n ? { angle: 0, position: 0, strength: 0 } : {
    angle: (Math.atan2(n.x, -n.y) * 180) / Math.PI,
    position: clamp01(((m.x - w / 2) * n.x + (m.y - h / 2) * n.y) / (Math.abs(w * n.x) + Math.abs(h * n.y)) + 0.5),
    strength: Math.sin(Math.PI * clamp01(len(sub(c, p)) / 2 / (horiz(spine) ? w : h))),
  };
}

// Where c lands, turned over.
export const over = (c, spine, w, h, a = hinge(spine, w, h)) =>
  horiz(spine) ? { x: 2 * a.x - c.x, y: c.y } : { x: c.x, y: 2 * a.y - c.y };

export const corner = (p, spine, w, h) => horiz(spine)
  ? { x: spine == 'left' ? w : 0, y: p.y < h / 2 ? 0 : h } : { x: p.x < w / 2 ? 0 : w, y: spine == 'top' ? h : 0 };

// A frame. Paper can't stretch: p stays within reach of both spine corners. The back is flipped,
// then reflected, so that its text reads right. progress: 0 at the corner, 0.5 at the spine.
export function curl(w, h, c, pointer, spine) {
  const a = hinge(spine, w, h), b = horiz(spine) ? { x: a.x, y: h } : { x: w, y: a.y }, ra = len(sub(c, a)), rb = len(sub(c, b));
  const reach = (o, r) => { const d = sub(pointer, o), l = len(d); return l > r ? { x: o.x + d.x * r / l, y: o.y + d.y * r / l } : pointer; };
  const pa = reach(a, ra), pb = reach(b, rb), t = over(c, spine, w, h);
  const p = len(sub(pa, b)) <= rb + EPS ? pa : len(sub(pb, a)) <= ra + EPS ? pb : len(sub(t, pointer)) < len(sub(c, pointer)) ? t : { ...c };
  const page = [{ x: 0, y: 0 }, { x: w, y: 0 }, { x: w, y: h }, { x: 0, y: h }], f = fold(c, p), n = f.n;
  const F = (q) => (horiz(spine) ? { x: w - q.x, y: q.y } : { x: q.x, y: h - q.y }), back = n ? cut(page, f, 1) : [];
  const k = n && 2 * (f.m.x * n.x + f.m.y * n.y), x = n && -2 * n.x * n.y;
  const [m0, m1, m2, m3, m4, m5] = n ? [1 - 2 * n.x * n.x, x, x, 1 - 2 * n.y * n.y, k * n.x, k * n.y] : [1, 0, 0, 1, 0, 0];
  return {
    pointer: p, progress: clamp01(toward(sub(p, c), spine, w, h) / 2), front: n ? cut(page, f, -1) : page, back,
    matrix: [m0, m1, m2, m3, m4, m5], backClip: back.map(F),
    backMatrix: horiz(spine) ? [-m0, -m1, m2, m3, m0 * w + m4, m1 * w + m5] : [m0, m1, -m2, -m3, m2 * h + m4, m3 * h + m5],
    shade: shading(f, c, p, w, h, spine), backShade: shading(fold(F(c), F(p)), F(c), F(p), w, h, spine),
  };
}

// A tap on the outer 35 % turns, a press on the outer 15 % drags; a single page's inner half turns back.
export function grip(q, spine, w, h, single) {
  const u = -toward(sub(q, hinge(spine, w, h)), spine, w, h), back = single && u < 0.5, o = back ? 1 - u : u;
  return o < 0.65 ? null : { back, drag: o > 0.85 };
}

// Unfolding, the fold passes through the pointer; else the corner keeps its offset.
export const follow = (c, q, f, unfold) => unfold ? { x: 2 * f.x - c.x, y: 2 * f.y - c.y } : { x: c.x + f.x - q.x, y: c.y + f.y - q.y };

// Page widths per second toward the spine, over 100 ms.
export function velocity(track, now, spine, w, h) {
  const r = track.filter((s) => now - s.t < 100), a = r[0], b = r.at(-1), dt = a && (b.t - a.t) / 1000;
  return dt > 0 ? toward(sub(b.f, a.f), spine, w, h) / dt : 0;
}

// A flick goes its way, else past the spine completes.
export const releaseDecision = ({ progress: p, velocity: v }, flick = 1.2) => v > flick || (v >= -flick && p > 0.5) ? 'complete' : 'back';

// Easing out; lifted (taps, keys), the page curls rather than slides.
export function animationPoint(a, b, t, lift, c, spine, w, h) {
  const e = 1 - (1 - clamp01(t)) ** 3, p = { x: a.x + (b.x - a.x) * e, y: a.y + (b.y - a.y) * e }, o = horiz(spine) ? 'y' : 'x';
  if (lift) p[o] += ((o == 'y' ? h : w) / 2 - c[o]) * 0.3 * Math.sin(Math.PI * clamp01(t));
  return p;
}
