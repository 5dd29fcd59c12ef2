// node --test Tests/js/ — the page-curl geometry (Templates/assets/curl.js), through its exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as C from '../../Templates/assets/curl.js';

const W = 400, H = 600;
const near = (a, b, eps = 1e-6, msg) => assert.ok(Math.abs(a - b) <= eps, msg ?? `${a} ≈ ${b}`);
const nearPt = (p, q, eps = 1e-6) => { near(p.x, q.x, eps, `x ${p.x} ≈ ${q.x}`); near(p.y, q.y, eps, `y ${p.y} ≈ ${q.y}`); };
const apply = ([a, b, c, d, e, f], p) => ({ x: a * p.x + c * p.y + e, y: b * p.x + d * p.y + f });
const area = (poly) => Math.abs(poly.reduce((s, p, i, a, q = a[(i + 1) % a.length]) => s + (p.x * q.y - q.x * p.y) / 2, 0));
// What the reader shows of a turning page (turn.js clips to the fold line): the front, the part
// away from the corner; the back, the part the corner carries over; backClip, the back on the
// pre-flipped back element. sign 1: the corner's side.
function cut(poly, { point: m, normal: n }, sign) {
  const out = [], d = poly.map((p) => sign * ((p.x - m.x) * n.x + (p.y - m.y) * n.y));
  poly.forEach((p, i) => {
    const j = (i + 1) % poly.length, q = poly[j];
    if (d[i] >= -1e-6) out.push(p);
    if (Math.min(d[i], d[j]) < -1e-6 && Math.max(d[i], d[j]) > 1e-6) { const t = d[i] / (d[i] - d[j]); out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t }); }
  });
  return area(out) > 1e-6 ? out : [];
}
// The frame for corner c and pointer p, on the left spine unless told.
const curl = (c, p, spine = 'left', w = W, h = H) => {
  const r = C.curl(w, h, c, p, spine), page = [{ x: 0, y: 0 }, { x: w, y: 0 }, { x: w, y: h }, { x: 0, y: h }];
  const F = (q) => (spine == 'left' || spine == 'right' ? { x: w - q.x, y: q.y } : { x: q.x, y: h - q.y });
  const back = r.fold ? cut(page, r.fold, 1) : [];
  return { ...r, front: r.fold ? cut(page, r.fold, -1) : page, back, backClip: back.map(F) };
};
const fold = (c, p) => { const d = { x: c.x - p.x, y: c.y - p.y }, l = Math.hypot(d.x, d.y);
  return { point: { x: (c.x + p.x) / 2, y: (c.y + p.y) / 2 }, normal: { x: d.x / l, y: d.y / l } }; };
const finite = (v) => JSON.stringify(v, (k, x) => (typeof x == 'number' && !Number.isFinite(x) ? 'BAD' : x)).includes('BAD') === false;
const inside = (p, w = W, h = H) => p.x >= -1e-9 && p.x <= w + 1e-9 && p.y >= -1e-9 && p.y <= h + 1e-9;
const TR = { x: W, y: 0 }, BR = { x: W, y: H };
// Deterministic pseudo-random pointers over and around the page.
function* pointers(n = 400, seed = 7) {
  let s = seed;
  const r = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < n; i++) yield { x: -1.5 * W + r() * 3 * W, y: -0.5 * H + r() * 2 * H };
}

test('the fold is the perpendicular bisector of corner and pointer', () => {
  for (const [c, p] of [[TR, { x: 200, y: 0 }], [BR, { x: 300, y: 500 }], [BR, { x: 123, y: 456 }], [TR, { x: 100, y: 60 }]]) {
    const r = curl(c, p);
    nearPt(r.pointer, p);
    // Where front and flap meet, every point is as far from the corner as from the pointer.
    const shared = r.back.filter((q) => r.front.some((v) => Math.hypot(v.x - q.x, v.y - q.y) < 1e-9));
    assert.equal(shared.length, 2, JSON.stringify(r));
    for (const q of shared) near(Math.hypot(q.x - c.x, q.y - c.y), Math.hypot(q.x - p.x, q.y - p.y));
  }
  const flat = curl(TR, TR);
  assert.deepEqual(flat.back, []);
  assert.deepEqual(flat.matrix, [1, 0, 0, 1, 0, 0]);
});

test('triangle flap: fold crosses two adjacent edges', () => {
  const { front, back } = curl(BR, { x: 300, y: 500 });
  assert.equal(back.length, 3);
  assert.equal(front.length, 5);
  near(area(front) + area(back), W * H);
  near(area(back), 100 * 100 / 2); // legs of 100 along the bottom and right edges
  for (const p of [...front, ...back]) assert.ok(inside(p));
});

test('trapezoid flap: fold crosses two opposite edges', () => {
  const { front, back } = curl(TR, { x: 100, y: 60 });
  assert.equal(back.length, 4);
  assert.equal(front.length, 4);
  near(area(front) + area(back), W * H);
  for (const p of [...front, ...back]) assert.ok(inside(p));
  // Fold parallel to an edge: rectangles, no duplicate vertices.
  const r = curl(TR, { x: 200, y: 0 });
  assert.equal(r.back.length, 4);
  assert.equal(r.front.length, 4);
  near(area(r.back), 100 * H);
  const t = curl(TR, { x: W, y: 100 }, 'bottom'); // horizontal fold at y = 50
  assert.equal(t.back.length, 4);
  near(area(t.back), 50 * W);
  // A fold through two page corners (square page, along the diagonal): two triangles.
  const d = curl({ x: W, y: W }, { x: 0, y: 0 }, 'left', W, W);
  assert.ok(d.back.length === 3 && d.front.length === 3);
  near(area(d.back), W * W / 2);
});

test('areas add up and vertices stay on the page for many pointers', () => {
  for (const p of pointers()) {
    for (const [corner, spine] of [[TR, 'left'], [BR, 'left'], [{ x: 0, y: 0 }, 'right'], [{ x: 0, y: H }, 'right'], [BR, 'top'], [{ x: W, y: 0 }, 'bottom']]) {
      const { front, back } = curl(corner, p, spine);
      near(area(front) + area(back), W * H, 1e-4);
      for (const q of [...front, ...back]) assert.ok(inside(q), JSON.stringify({ corner, p, q }));
      assert.ok(finite({ front, back }));
    }
  }
});

test('degenerate cases give an empty flap, never NaN', () => {
  let r = curl(TR, TR);
  assert.deepEqual(r.back, []);
  near(area(r.front), W * H);
  r = curl(TR, { x: W - 1e-9, y: 1e-9 });
  assert.deepEqual(r.back, []);
  near(area(r.front), W * H);
  r = curl(TR, { x: -W, y: 0 }); // fully turned: no front left
  assert.deepEqual(r.front, []);
  near(area(r.back), W * H);
  assert.deepEqual(curl(TR, TR).matrix, [1, 0, 0, 1, 0, 0]);
  assert.equal(curl(TR, TR).fold, null);
  for (const bad of [{ x: NaN, y: 5 }, { x: Infinity, y: 0 }, { x: -Infinity, y: Infinity }]) {
    const all = curl(TR, bad);
    assert.ok(finite(all));
    assert.deepEqual(all.pointer, TR);
    assert.deepEqual(all.back, []);
  }
  for (const p of [TR, { x: W, y: 1e-12 }, { x: 0, y: 0 }, { x: -W, y: 0 }, { x: 1e9, y: -1e9 }])
    assert.ok(finite(curl(BR, p)) && finite(curl(TR, p)));
});

test('reflection maps the corner onto the pointer and fixes the fold', () => {
  for (const [corner, p] of [[TR, { x: 100, y: 60 }], [BR, { x: 300, y: 500 }], [BR, { x: -50, y: 420 }]]) {
    const m = curl(corner, p).matrix;
    nearPt(apply(m, corner), p);
    nearPt(apply(m, p), corner);
    const f = fold(corner, p), t = { x: -f.normal.y, y: f.normal.x };
    for (const s of [-200, 0, 150]) {
      const q = { x: f.point.x + s * t.x, y: f.point.y + s * t.y };
      nearPt(apply(m, q), q);
    }
    near(m[0] * m[3] - m[1] * m[2], -1); // a reflection
  }
});

test('back element: text reads the right way round and lands on the flap', () => {
  const p = { x: 100, y: 60 }, r = curl(TR, p);
  near(r.backMatrix[0] * r.backMatrix[3] - r.backMatrix[1] * r.backMatrix[2], 1); // a rotation
  // Each clip vertex of the back element ends up where the flap shows.
  r.backClip.forEach((q, i) => nearPt(apply(r.backMatrix, q), apply(r.matrix, r.back[i])));
  // Fully turned: the back page lies left of the spine, unrotated.
  const m = curl(TR, { x: -W, y: 0 }).backMatrix;
  m.forEach((v, i) => near(v, [1, 0, 0, 1, -W, 0][i]));
  const v = curl({ x: W, y: H }, { x: W, y: -H }, 'top').backMatrix;
  v.forEach((x, i) => near(x, [1, 0, 0, 1, 0, -H][i]));
});

test('clamping keeps the spine corners fixed and the flap on the page', () => {
  for (const corner of [TR, BR]) {
    for (const p0 of pointers()) {
      const r = curl(corner, p0), p = r.pointer;
      const dTop = Math.hypot(p.x, p.y), dBot = Math.hypot(p.x, p.y - H);
      const [rTop, rBot] = corner === TR ? [W, Math.hypot(W, H)] : [Math.hypot(W, H), W];
      assert.ok(dTop <= rTop + 1e-6 && dBot <= rBot + 1e-6, JSON.stringify({ p0, p }));
      // The spine edge is never folded: both spine corners are on the front.
      const { front, back } = r;
      const f = fold(corner, p);
      if (Math.hypot(corner.x - p.x, corner.y - p.y) > 1e-6) for (const s of [{ x: 0, y: 0 }, { x: 0, y: H }])
        assert.ok((s.x - f.point.x) * f.normal.x + (s.y - f.point.y) * f.normal.y <= 1e-6);
      // ...and the reflected flap stays within a page's reach of the spine.
      for (const q of back.map((v) => apply(r.matrix, v)))
        assert.ok(q.x >= -W - 1e-6, JSON.stringify(q));
      near(area(front) + area(back), W * H, 1e-4);
      // Idempotent, and points already allowed are left alone.
      nearPt(curl(corner, p).pointer, p);
    }
  }
  nearPt(curl(TR, { x: 100, y: 100 }, 'left').pointer, { x: 100, y: 100 });
  // Dragged far left along the top: held a page width from the spine corner.
  nearPt(curl(TR, { x: -1000, y: 0 }, 'left').pointer, { x: -W, y: 0 });
  // Dragged straight up: the far (bottom) spine corner holds it a diagonal away.
  nearPt(curl(TR, { x: 0, y: -1000 }, 'left').pointer, { x: 0, y: H - Math.hypot(W, H) });
  nearPt(curl(TR, { x: 0, y: -500 }, 'left').pointer, { x: 0, y: H - Math.hypot(W, H) });
  // Outside both discs: a crossing of the two circles (here the corner itself).
  nearPt(curl(BR, { x: W + 100, y: H + 100 }, 'left').pointer, BR);
  nearPt(curl(BR, { x: -W - 100, y: H + 100 }, 'left').pointer, { x: -W, y: H });
});

test('rtl equals the mirrored ltr case', () => {
  const m = (p) => ({ x: W - p.x, y: p.y });
  for (const p0 of pointers(200, 11)) {
    for (const corner of [TR, BR]) {
      const ltr = curl(corner, p0);
      const rtl = curl(m(corner), m(p0), 'right');
      nearPt(rtl.pointer, m(ltr.pointer), 1e-6);
      near(rtl.progress, ltr.progress);
      near(area(rtl.back), area(ltr.back), 1e-4);
      near(area(rtl.front), area(ltr.front), 1e-4);
      for (const q of rtl.back.map(m)) assert.ok(ltr.back.some((v) => Math.hypot(v.x - q.x, v.y - q.y) < 1e-6));
      if (ltr.fold) { nearPt(rtl.fold.point, m(ltr.fold.point)); nearPt(rtl.fold.normal, { x: -ltr.fold.normal.x, y: ltr.fold.normal.y }); }
    }
  }
  nearPt(curl({ x: 0, y: 0 }, { x: 5000, y: 0 }, 'right').pointer, { x: 2 * W, y: 0 });
  nearPt(C.turnedOver({ x: 0, y: H }, 'right', W, H), { x: 2 * W, y: H });
});

test('vertical (hinged at the top, turning upward) equals the rotated ltr case', () => {
  // The vertical page is W×H; its ltr image is an H×W page.
  const to = (p) => ({ x: p.y, y: W - p.x }), back = (p) => ({ x: W - p.y, y: p.x });
  nearPt(back(to({ x: 12, y: 34 })), { x: 12, y: 34 });
  nearPt(to({ x: 0, y: 0 }), { x: 0, y: W }); // the spine (top) maps to the left edge
  nearPt(to({ x: W, y: 0 }), { x: 0, y: 0 });
  for (const p0 of pointers(200, 13)) {
    for (const corner of [{ x: 0, y: H }, { x: W, y: H }]) {
      const v = curl(corner, p0, 'top');
      const l = curl(to(corner), to(p0), 'left', H, W);
      nearPt(v.pointer, back(l.pointer), 1e-6);
      near(v.progress, l.progress);
      near(area(v.back), area(l.back), 1e-4);
      for (const q of v.back.map(to)) assert.ok(l.back.some((u) => Math.hypot(u.x - q.x, u.y - q.y) < 1e-6));
      nearPt(apply(v.matrix, corner), v.pointer);
    }
  }
  // Turning upward: dragging the bottom corner up advances the turn.
  assert.ok(curl({ x: W, y: H }, { x: W, y: 0 }, 'top').progress === 0.5);
  nearPt(C.turnedOver({ x: W, y: H }, 'top', W, H), { x: W, y: -H });
});

test('progress: 0 at the corner, 0.5 at the spine, 1 turned over', () => {
  assert.equal(curl(TR, TR).progress, 0);
  assert.equal(curl(TR, { x: 0, y: 30 }).progress, 0.5);
  assert.equal(curl(TR, { x: -W, y: 0 }).progress, 1);
  assert.equal(curl(TR, { x: W + 50, y: 0 }).progress, 0);
});

test('release: a flick goes its way, else past the spine completes', () => {
  assert.equal(C.completes(0.2, 0.3), false); // slow short drag
  assert.equal(C.completes(0.1, 2), true); // fast short flick
  assert.equal(C.completes(0.7, 0.1), true); // long slow drag
  assert.equal(C.completes(0.7, -2), false); // flick away
  assert.equal(C.completes(0.5, 0), false);
  assert.equal(C.completes(0.3, 1.2), false); // threshold is strict
  assert.equal(C.completes(0.3, 1.0, 0.8), true);
  assert.equal(C.completes(NaN, NaN), false);
});

test('animation eases out between the endpoints', () => {
  const a = { x: 400, y: 0 }, b = { x: -400, y: 0 };
  assert.deepEqual(C.animationPoint(a, b, 0), a);
  assert.deepEqual(C.animationPoint(a, b, 1), b);
  assert.deepEqual(C.animationPoint(a, b, -1), a);
  assert.deepEqual(C.animationPoint(a, b, 2), b);
  const mid = C.animationPoint(a, b, 0.5);
  assert.ok(mid.x < 0, 'ease-out: past halfway at half time');
  let last = a.x;
  for (let t = 0.05; t <= 1; t += 0.05) { const x = C.animationPoint(a, b, t).x; assert.ok(x <= last); last = x; }
});

test('the fold line: through the midpoint, its normal toward the corner', () => {
  const r = curl(BR, { x: 300, y: 500 }), f = fold(BR, { x: 300, y: 500 });
  nearPt(r.fold.point, f.point);
  nearPt(r.fold.normal, f.normal);
  // The back element's corner lands on the pointer, on the side away from the corner.
  const q = apply(r.backMatrix, { x: 0, y: H });
  nearPt(q, { x: 300, y: 500 });
  assert.ok((q.x - f.point.x) * f.normal.x + (q.y - f.point.y) * f.normal.y < 0);
});

test('a turn starts from the outer corner nearest the press', () => {
  assert.deepEqual(C.nearestCorner({ x: 350, y: 500 }, 'left', W, H), BR);
  assert.deepEqual(C.nearestCorner({ x: 350, y: 100 }, 'left', W, H), TR);
  assert.deepEqual(C.nearestCorner({ x: 50, y: 500 }, 'right', W, H), { x: 0, y: H });
  assert.deepEqual(C.nearestCorner({ x: 350, y: 500 }, 'top', W, H), BR); // vertical: the bottom edge lifts
  assert.deepEqual(C.nearestCorner({ x: 50, y: 500 }, 'top', W, H), { x: 0, y: H });
  assert.deepEqual(C.nearestCorner({ x: 350, y: 100 }, 'bottom', W, H), TR);
});

test('press zones: outer 35 % taps, outer 15 % drags, a single page turns back from its inner half', () => {
  assert.equal(C.grip({ x: 0.5 * W, y: 300 }, 'left', W, H, false), null);
  assert.deepEqual(C.grip({ x: 0.7 * W, y: 300 }, 'left', W, H, false), { back: false, drag: false });
  assert.deepEqual(C.grip({ x: 0.9 * W, y: 300 }, 'left', W, H, false), { back: false, drag: true });
  assert.deepEqual(C.grip({ x: 0.1 * W, y: 300 }, 'left', W, H, true), { back: true, drag: true });
  assert.equal(C.grip({ x: 0.1 * W, y: 300 }, 'left', W, H, false), null); // a spread's inner edge
  assert.deepEqual(C.grip({ x: 0.1 * W, y: 300 }, 'right', W, H, false), { back: false, drag: true });
  assert.deepEqual(C.grip({ x: 200, y: 0.9 * H }, 'top', W, H, true), { back: false, drag: true });
  assert.deepEqual(C.grip({ x: 200, y: 0.2 * H }, 'top', W, H, true), { back: true, drag: false });
  assert.deepEqual(C.grip({ x: 200, y: 0.1 * H }, 'bottom', W, H, false), { back: false, drag: true });
});

test('the corner follows the pointer; unfolding, the fold passes through it', () => {
  nearPt(C.follow(BR, { x: 390, y: 590 }, { x: 200, y: 500 }, false), { x: 210, y: 510 });
  const c = { x: -W, y: H }, f = { x: -100, y: 550 }, p = C.follow(c, f, f, true);
  nearPt({ x: (c.x + p.x) / 2, y: (c.y + p.y) / 2 }, f);
});

test('flick velocity: toward the spine, in page sizes per second, over the last 100 ms', () => {
  const track = [{ time: 0, pointer: { x: 390, y: 0 } }, { time: 950, pointer: { x: 380, y: 0 } }, { time: 1000, pointer: { x: 340, y: 0 } }];
  near(C.velocity(track, 1000, 'left', W, H), (40 / W) / 0.05); // from t = 950: 2 widths/s
  near(C.velocity(track, 1000, 'right', W, H), -2);
  near(C.velocity([{ time: 0, pointer: { x: 0, y: 600 } }, { time: 50, pointer: { x: 0, y: 300 } }], 60, 'top', W, H), 10);
  assert.equal(C.velocity(track.slice(2), 1000, 'left', W, H), 0); // one sample: no speed
  assert.equal(C.velocity(track, 5000, 'left', W, H), 0); // held still
});

test('a lifted animation rises toward the middle of the page and lands where it would', () => {
  const a = BR, b = { x: -W, y: H };
  for (const t of [0, 1]) assert.deepEqual(C.animationPoint(a, b, t, true, BR, 'left', W, H), C.animationPoint(a, b, t));
  const mid = C.animationPoint(a, b, 0.5, true, BR, 'left', W, H);
  near(mid.y, H - 0.3 * (H / 2));
  assert.ok(C.animationPoint(a, b, 0.5, true, TR, 'left', W, H).y > 0, 'a top corner lifts downward');
  const v = C.animationPoint(BR, { x: W, y: -H }, 0.5, true, BR, 'top', W, H);
  near(v.x, W - 0.3 * (W / 2)); // vertical: sideways, toward the middle
});
