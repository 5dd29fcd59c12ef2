/* Page-curl geometry (after StPageFlip), in the w×h turning page's px: c the corner, p the
   pointer, spine the attached edge. */

const EPS = 1e-6;
const sub = (p, q) => ({ x: p.x - q.x, y: p.y - q.y });
const dot = (p, q) => p.x * q.x + p.y * q.y;
const len = (p) => Math.hypot(p.x, p.y);
const clamp01 = (v) => (v > 0 ? (v < 1 ? v : 1) : 0); // NaN → 0
const horiz = (s) => s != 'top' && s != 'bottom';
const hinge = (s, w, h) => ({ x: s == 'right' ? w : 0, y: s == 'bottom' ? h : 0 }); // a spine corner

// normal: unit, toward c; null if c = p.
export function foldLine(c, p) {
  const d = sub(c, p), l = len(d);
  return { point: { x: (c.x + p.x) / 2, y: (c.y + p.y) / 2 }, normal: l > EPS ? { x: d.x / l, y: d.y / l } : null };
}

// Paper can't stretch: p stays within reach of both spine corners.
export function clampPointer(c, p, spine, w, h) {
  const a = hinge(spine, w, h), b = horiz(spine) ? { x: a.x, y: h } : { x: w, y: a.y };
  const ra = len(sub(c, a)), rb = len(sub(c, b));
  const to = (o, r) => { const d = sub(p, o), l = len(d); return l > r ? { x: o.x + d.x * r / l, y: o.y + d.y * r / l } : p; };
  const pa = to(a, ra), pb = to(b, rb), t = releaseTarget(c, spine, w, h, 1);
  return len(sub(pa, b)) <= rb + EPS ? pa : len(sub(pb, a)) <= ra + EPS ? pb : len(sub(t, p)) < len(sub(c, p)) ? t : { ...c };
}

export const area = (poly) => poly.reduce((s, p, i, a, q = a[(i + 1) % a.length]) => s + (p.x * q.y - q.x * p.y) / 2, 0);

// The corner's side of the fold (sign 1) or the other; slivers → [].
function cut(poly, f, sign) {
  const out = [], d = poly.map((p) => sign * dot(sub(p, f.point), f.normal));
  poly.forEach((p, i) => {
    const j = (i + 1) % poly.length, q = poly[j], t = d[i] / (d[i] - d[j]);
    if (d[i] >= -EPS) out.push(p);
    if (Math.min(d[i], d[j]) < -EPS && Math.max(d[i], d[j]) > EPS) out.push({ x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) });
  });
  return Math.abs(area(out)) > EPS ? out : [];
}

// back: the flap, before reflection.
export function clipPolygons(w, h, c, p) {
  const page = [{ x: 0, y: 0 }, { x: w, y: 0 }, { x: w, y: h }, { x: 0, y: h }], f = foldLine(c, p);
  return f.normal ? { front: cut(page, f, -1), back: cut(page, f, 1) } : { front: page, back: [] };
}

export function reflectMatrix(c, p) {
  const { point: m, normal: n } = foldLine(c, p);
  if (!n) return [1, 0, 0, 1, 0, 0];
  const k = 2 * dot(m, n), b = -2 * n.x * n.y;
  return [1 - 2 * n.x * n.x, b, b, 1 - 2 * n.y * n.y, k * n.x, k * n.y];
}

// Back ↔ page coordinates (the back is seen mirrored).
export const flip = (p, w, h, spine) => (horiz(spine) ? { x: w - p.x, y: p.y } : { x: p.x, y: h - p.y });

// Flip, then reflect, so that the back's text reads right.
export function backMatrix(c, p, w, h, spine) {
  const [a, b, cc, d, e, f] = reflectMatrix(c, p);
  return horiz(spine) ? [-a, -b, cc, d, a * w + e, b * w + f] : [a, b, -cc, -d, cc * h + e, d * h + f];
}

// The fold's angle and position (0..1) for a linear-gradient().
export function shading(c, p, w, h, spine) {
  const { point: m, normal: n } = foldLine(c, p);
  if (!n) return { angle: 0, position: 0, strength: 0 };
  return {
    angle: (Math.atan2(n.x, -n.y) * 180) / Math.PI,
    position: clamp01(((m.x - w / 2) * n.x + (m.y - h / 2) * n.y) / (Math.abs(w * n.x) + Math.abs(h * n.y)) + 0.5),
    strength: Math.sin(Math.PI * clamp01(len(sub(c, p)) / 2 / (horiz(spine) ? w : h))),
  };
}

// In page widths (heights if vertical).
export const towardSpine = (v, spine, w, h) =>
  ({ right: v.x / w, top: -v.y / h, bottom: v.y / h })[spine] ?? -v.x / w;

// 0 at the corner, 0.5 at the spine, 1 turned over.
export const progress = (c, p, spine, w, h) => clamp01(towardSpine(sub(p, c), spine, w, h) / 2);

// A flick (> flick widths/s) goes its way, else past the spine completes.
export function releaseDecision({ progress: p, velocity: v }, flick = 1.2) {
  return v > flick || (v >= -flick && p > 0.5) ? 'complete' : 'back';
}

// The corner's image over the spine, or home.
export const releaseTarget = (c, spine, w, h, complete, a = hinge(spine, w, h)) =>
  !complete ? { ...c } : horiz(spine) ? { x: 2 * a.x - c.x, y: c.y } : { x: c.x, y: 2 * a.y - c.y };

// Ease-out cubic.
export const ease = (t) => 1 - (1 - clamp01(t)) ** 3;
export const animationPoint = (a, b, t, e = ease(t)) => ({ x: a.x + (b.x - a.x) * e, y: a.y + (b.y - a.y) * e });

// rtl ↔ ltr; vertical w×h ↔ ltr h×w (a quarter turn).
export const mirror = (p, w) => flip(p, w);
export const fromVertical = (p, w) => ({ x: p.y, y: w - p.x });
export const toVertical = (p, w) => ({ x: w - p.y, y: p.x });

// One frame.
export function curl(w, h, c, pointer, spine) {
  const p = clampPointer(c, pointer, spine, w, h), { front, back } = clipPolygons(w, h, c, p);
  const F = (q) => flip(q, w, h, spine);
  return {
    pointer: p, progress: progress(c, p, spine, w, h), front, back, matrix: reflectMatrix(c, p),
    backClip: back.map(F), backMatrix: backMatrix(c, p, w, h, spine),
    shade: shading(c, p, w, h, spine), backShade: shading(F(c), F(p), w, h, spine),
  };
}
