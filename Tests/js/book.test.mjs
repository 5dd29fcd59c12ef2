// node --test Tests/js/ — the reader's book model (Templates/assets/book.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { book } from '../../Templates/assets/book.js';

const BASE = 'https://example.org/docs/book/manifest.json';
// A manifest like the build's: pages of `sides` ('left', 'right', 'center'), the first two front
// matter, options as given.
function manifest(sides, { direction = 'ltr', transition = 'curl', spine = 'auto' } = {}) {
  return {
    metadata: {
      title: 'Book', 'urn:folio:direction': direction, 'urn:folio:transition': transition, 'urn:folio:spine': spine,
      'urn:folio:page-size': { width: 400, height: 600 },
    },
    readingOrder: sides.map((page, i) => ({ href: `ch/${i + 1}.html`, title: i < 2 ? 'Book' : 'Two', properties: { page } })),
    pageList: sides.map((_, i) => ({ href: `ch/${i + 1}.html`, title: i < 2 ? ['i', 'ii'][i] : String(i - 1) })),
  };
}
// A cover alone on the right, then spreads: left-right pairs.
const LTR = ['right', 'left', 'right', 'left', 'right', 'left'];
const RTL = ['left', 'right', 'left', 'right', 'left', 'right'];

test('URLs: page n is readingOrder[n-1], resolved against the manifest; fragments ignored', () => {
  const b = book(manifest(LTR), new URL(BASE));
  assert.equal(b.pageCount, 6);
  assert.equal(b.url(1), 'https://example.org/docs/book/ch/1.html');
  assert.equal(b.page('https://example.org/docs/book/ch/4.html#a-heading'), 4);
  assert.equal(b.page('https://example.org/docs/book/index.html'), 0);
  for (let n = 1; n <= b.pageCount; n++) assert.equal(b.page(b.url(n)), n);
  assert.deepEqual([b.clamp(0), b.clamp(3.7), b.clamp(99)], [1, 3, 6]);
  assert.equal(b.chapter(3), 'Two');
  assert.deepEqual([b.pageWidth, b.pageHeight, b.title], [400, 600, 'Book']);
});

test('labels: the number each page shows, from the page list', () => {
  const b = book(manifest(LTR), new URL(BASE));
  assert.deepEqual([1, 2, 3, 6].map(b.label), ['i', 'ii', '1', '4']);
});

test('spreads: facing pages show together, a lone page alone, nothing past either end', () => {
  const b = book(manifest(LTR), new URL(BASE));
  assert.deepEqual([1, 2, 3, 4, 5, 6].map((n) => b.spread(n, true)), [[1], [2, 3], [2, 3], [4, 5], [4, 5], [6]]);
  assert.deepEqual([1, 2, 3].map((n) => b.spread(n, false)), [[1], [2], [3]]);
  assert.deepEqual([b.spread(0, true), b.spread(7, true), b.spread(7, false)], [[], [], []]);
  // Right to left, the verso is the right-hand page: it comes first in reading order.
  const r = book(manifest(RTL, { direction: 'rtl' }), new URL(BASE));
  assert.deepEqual([1, 2, 3, 6].map((n) => r.spread(n, true)), [[1], [2, 3], [2, 3], [6]]);
  assert.ok(r.verso(2) && !r.verso(3) && b.verso(2) && !b.verso(3));
  assert.equal(b.side(2), 'left');
});

test('two pages only where a spread is possible and fits', () => {
  const auto = book(manifest(LTR), new URL(BASE));
  assert.equal(auto.fitsTwoUp(1400, 900), true); // 1.56 ≥ 1.5 × 400/600
  assert.equal(auto.fitsTwoUp(600, 900), false);
  assert.equal(book(manifest(LTR, { spine: 'mid' }), new URL(BASE)).fitsTwoUp(600, 900), true);
  assert.equal(book(manifest(LTR, { spine: 'min' }), new URL(BASE)).fitsTwoUp(1400, 900), false);
  assert.equal(book(manifest(LTR.map(() => 'center')), new URL(BASE)).fitsTwoUp(1400, 900), false);
  assert.equal(book(manifest(LTR, { transition: 'scroll', spine: 'none' }), new URL(BASE)).scrolling, true);
});

test('the hinge: the spine side in a spread; left, right, top or bottom on a single page', () => {
  const hinge = (direction, n = 2, two = false) => book(manifest(direction == 'rtl' ? RTL : LTR, { direction }), new URL(BASE)).hinge(n, two);
  assert.deepEqual([hinge('ltr'), hinge('rtl'), hinge('ttb'), hinge('btt')], ['left', 'right', 'top', 'bottom']);
  assert.deepEqual([hinge('ltr', 2, true), hinge('ltr', 3, true)], ['right', 'left']); // a left page turns about its right edge
  const v = book(manifest(LTR, { direction: 'ttb' }), new URL(BASE));
  assert.ok(v.vertical && !v.reversed);
  assert.ok(book(manifest(LTR, { direction: 'btt' }), new URL(BASE)).reversed);
});

test('the leaves of a turn', () => {
  const b = book(manifest(LTR), new URL(BASE));
  // Forward in a spread: the right page turns, the next left page is on its back, the next right uncovered.
  assert.deepEqual(b.leaves([2, 3], [4, 5], true), { unfolds: false, turning: 3, back: 4, under: 5 });
  assert.deepEqual(b.leaves([4, 5], [2, 3], true), { unfolds: false, turning: 4, back: 3, under: 2 });
  assert.deepEqual(b.leaves([2, 3], [1], true), { unfolds: false, turning: 2, back: 1, under: null });
  // Single pages: forward the page turns to a blank back; back, the previous page unfolds over it.
  assert.deepEqual(b.leaves([3], [4], false), { unfolds: false, turning: 3, back: 0, under: 4 });
  assert.deepEqual(b.leaves([4], [3], false), { unfolds: true, turning: 3, back: 0, under: 4 });
});

test('keys follow the orientation and the direction', () => {
  const keys = (direction) => {
    const b = book(manifest(LTR, { direction }), new URL(BASE));
    return ['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp'].map((k) => b.keyAction(k, false));
  };
  assert.deepEqual(keys('ltr'), ['next', 'prev', null, null]);
  assert.deepEqual(keys('rtl'), ['prev', 'next', null, null]);
  assert.deepEqual(keys('ttb'), [null, null, 'next', 'prev']);
  assert.deepEqual(keys('btt'), [null, null, 'prev', 'next']);
  const b = book(manifest(LTR), new URL(BASE));
  assert.deepEqual(['PageDown', 'PageUp', ' ', 'Home', 'End', 'a'].map((k) => b.keyAction(k, false)), ['next', 'prev', 'next', 'first', 'last', null]);
  assert.equal(b.keyAction(' ', true), 'prev');
});
