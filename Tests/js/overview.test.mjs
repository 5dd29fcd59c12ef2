// node --test Tests/js/ — the overview's grid (Templates/assets/overview.js): how many miniatures
// a row holds, its rows with a heading where a chapter starts, the rows in view, and where a key moves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { columnsFor, layout, rowOf, rowsBetween, moved } from '../../Templates/assets/overview.js';

// 13 pages: a title page, a chapter of 7 pages (2–8), one of 5 (9–13); rows of 3, 100 px high.
const STARTS = [{ page: 1, title: 'Book' }, { page: 2, title: 'One' }, { page: 9, title: 'Two' }];
const { rows, height } = layout(STARTS, 13, 3, 100);
const shape = (row) => (row.title != null ? row.title : `${row.first}-${row.last}`);

test('a row holds as many miniatures of at least the least width as fit, one at least, and at most eight', () => {
  assert.equal(columnsFor(1248), 8); // 1280 wide, less the margins: the most
  assert.equal(columnsFor(358), 3); // a phone: 3 of 108 px (16 px apart)
  assert.equal(columnsFor(207), 1);
  assert.equal(columnsFor(208), 2);
  assert.equal(columnsFor(50), 1);
  assert.equal(columnsFor(2000, 96, 12), 12);
});

test('each chapter starts with its heading row, then its pages a row at a time', () => {
  assert.deepEqual(rows.map(shape), ['Book', '1-1', 'One', '2-4', '5-7', '8-8', 'Two', '9-11', '12-13']);
  assert.deepEqual(rows.map((row) => row.top), [0, 40, 140, 180, 280, 380, 480, 520, 620]);
  assert.equal(height, 720);
});

test('a page is found in its row of pages, never in a heading', () => {
  assert.deepEqual([1, 2, 4, 5, 8, 9, 13].map((page) => shape(rows[rowOf(rows, page)])),
    ['1-1', '2-4', '2-4', '5-7', '8-8', '9-11', '12-13']);
});

test('the rows in view are those that reach between two offsets', () => {
  assert.deepEqual(rowsBetween(rows, 0, 100), [0, 2]); // the title heading and its page
  assert.deepEqual(rowsBetween(rows, 150, 300), [2, 5]); // "One" (140–180) to 5–7 (280–380)
  assert.deepEqual(rowsBetween(rows, -50, 10), [0, 1]);
  assert.deepEqual(rowsBetween(rows, 650, 2000), [8, 9]);
});

test('← and → move one page, across chapters, and stop at the ends; mirrored right to left', () => {
  assert.equal(moved(rows, 4, 'ArrowRight', false), 5);
  assert.equal(moved(rows, 8, 'ArrowRight', false), 9);
  assert.equal(moved(rows, 9, 'ArrowLeft', false), 8);
  assert.equal(moved(rows, 1, 'ArrowLeft', false), 1);
  assert.equal(moved(rows, 13, 'ArrowRight', false), 13);
  assert.equal(moved(rows, 4, 'ArrowLeft', true), 5);
  assert.equal(moved(rows, 4, 'ArrowRight', true), 3);
});

test('↑ and ↓ keep the column, over headings, onto a shorter row\'s last page, and stop at the ends', () => {
  assert.equal(moved(rows, 3, 'ArrowDown', false), 6);
  assert.equal(moved(rows, 6, 'ArrowDown', false), 8); // 8 is alone in its row
  assert.equal(moved(rows, 8, 'ArrowDown', false), 9); // over the heading "Two"
  assert.equal(moved(rows, 11, 'ArrowUp', false), 8);
  assert.equal(moved(rows, 9, 'ArrowUp', false), 8);
  assert.equal(moved(rows, 2, 'ArrowUp', false), 1);
  assert.equal(moved(rows, 1, 'ArrowUp', false), 1);
  assert.equal(moved(rows, 13, 'ArrowDown', false), 13);
  assert.equal(moved(rows, 4, 'ArrowDown', true), 7); // the same in a right-to-left grid
});

test('Home and End go to the first and last page; other keys move nothing', () => {
  assert.equal(moved(rows, 7, 'Home', false), 1);
  assert.equal(moved(rows, 7, 'End', false), 13);
  for (const key of ['Enter', 'Tab', 'a', 'PageDown']) assert.equal(moved(rows, 7, key, false), undefined);
});
