// node --test Tests/js/ — the zoom's arithmetic (Templates/assets/zoom.js), through its exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MIN, MAX, zoomAbout, clampAxis, clampZoom, pinch, step } from '../../Templates/assets/zoom.js';

const near = (a, b, eps = 1e-9) => assert.ok(Math.abs(a - b) <= eps, `${a} ≈ ${b}`);
// Where a point p of the fitted view shows under a zoom.
const shown = (zoom, p) => ({ x: zoom.x + zoom.scale * p.x, y: zoom.y + zoom.scale * p.y });
// And which point of the fitted view shows at q.
const under = (zoom, q) => ({ x: (q.x - zoom.x) / zoom.scale, y: (q.y - zoom.y) / zoom.scale });
const FIT = { scale: 1, x: 0, y: 0 };

test('zooming about a point keeps what is under it in place', () => {
  const point = { x: 300, y: 120 };
  for (const from of [FIT, { scale: 2, x: -150, y: -40 }, { scale: 3.5, x: -900, y: -700 }]) {
    const content = under(from, point);
    for (const scale of [1, 1.5, 2, 3.25, 4]) {
      const to = zoomAbout(from, scale, point);
      assert.equal(to.scale, scale);
      const there = shown(to, content);
      near(there.x, point.x, 1e-9);
      near(there.y, point.y, 1e-9);
    }
  }
});

test('the zoom stays within 1× and 4× of fit', () => {
  assert.equal(zoomAbout(FIT, 0.3, { x: 10, y: 10 }).scale, MIN);
  assert.equal(zoomAbout(FIT, 9, { x: 10, y: 10 }).scale, MAX);
  assert.deepEqual([MIN, MAX], [1, 4]);
});

test('a page larger than the view always covers it, however far it is dragged', () => {
  // A page 380 wide at 10 (fitted) in a view 400 wide, at 2×: 760 wide.
  const start = 10, size = 380, extent = 400, scale = 2;
  for (const offset of [-5000, -400, -200, 0, 5000]) {
    const x = clampAxis(offset, scale, start, size, extent), left = x + scale * start, right = left + scale * size;
    assert.ok(left <= 1e-9 && right >= extent - 1e-9, `${offset}: ${left}…${right}`);
  }
  // Within those bounds a drag moves it as it is.
  assert.equal(clampAxis(-200, scale, start, size, extent), -200);
});

test('a page smaller than the view is centred in it', () => {
  // 1.02× of a page that fits in 96% of the view is still narrower than the view.
  const x = clampAxis(-300, 1.02, 8, 384, 400), left = x + 1.02 * 8;
  near(left, (400 - 1.02 * 384) / 2, 1e-9);
  // At fit, a centred page does not move.
  near(clampAxis(50, 1, 8, 384, 400), 0, 1e-9);
});

test('clampZoom clamps each axis on its own and keeps the scale', () => {
  const box = { left: 10, top: 20, width: 380, height: 600 };
  const clamped = clampZoom({ scale: 2, x: 100, y: -5000 }, box, 400, 640);
  assert.equal(clamped.scale, 2);
  assert.equal(clamped.x, -20); // the page's left edge at the view's left edge
  assert.equal(clamped.y, 640 - 2 * 620); // its bottom edge at the view's bottom edge
});

test('a pinch scales with the fingers\' distance and carries what lies between them', () => {
  const a = { x: 100, y: 200 }, b = { x: 200, y: 200 }, c = { x: 50, y: 260 }, d = { x: 350, y: 260 };
  for (const from of [FIT, { scale: 1.5, x: -40, y: -30 }]) {
    const content = under(from, { x: 150, y: 200 }), to = pinch(from, [a, b], [c, d]);
    near(to.scale, Math.min(MAX, from.scale * 3));
    const there = shown(to, content);
    near(there.x, 200, 1e-9); // the fingers' midpoint now
    near(there.y, 260, 1e-9);
  }
  // Fingers that do not spread only pan; fingers on one spot change nothing.
  const panned = pinch(FIT, [a, b], [{ x: 110, y: 190 }, { x: 210, y: 190 }]);
  assert.deepEqual([panned.scale, panned.x, panned.y], [1, 10, -10]);
  assert.deepEqual(pinch(FIT, [a, a], [a, a]), FIT);
});

test('+ and - step by halves, from wherever the zoom is', () => {
  assert.equal(step(1, true), 1.5);
  assert.equal(step(1.5, true), 2);
  assert.equal(step(1.3, true), 1.5);
  assert.equal(step(2, false), 1.5);
  assert.equal(step(1.7, false), 1.5);
  assert.equal(step(1.5, false), 1);
  assert.equal(step(2.9999999, false), 2.5);
});
