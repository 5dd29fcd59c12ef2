// node --test Tests/js/ — bookmarks kept, exported and imported (Templates/assets/bookmarks.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { book as readBook } from '../../Templates/assets/book.js';
import { merge, toggled, slug, serialise, read } from '../../Templates/assets/bookmarks.js';

// Six pages: a title page and a contents page in roman numerals, then two chapters.
const book = readBook({
  metadata: {
    title: 'Le Petit Prince', identifier: 'urn:isbn:9780000000000',
    'urn:folio:direction': 'ltr', 'urn:folio:transition': 'curl', 'urn:folio:spine': 'auto', 'urn:folio:page-size': { width: 400, height: 600 },
  },
  readingOrder: ['Le Petit Prince', 'Le Petit Prince', 'I', 'I', 'II', 'II'].map((title, i) => ({ href: `${i + 1}.html`, title })),
  pageList: ['i', 'ii', '1', '2', '3', '4'].map((title, i) => ({ href: `${i + 1}.html`, title })),
}, new URL('https://example.org/book/manifest.json'));

test('bookmarks are whole pages of the book, once each, in order', () => {
  assert.deepEqual(merge([5, 2], [2, 3, 0, 7, 2.5, '4', null, -1], 6), [2, 3, 5]);
  assert.deepEqual(merge([], [], 6), []);
});

test('bookmarking a page again takes the bookmark away', () => {
  assert.deepEqual(toggled([], 4), [4]);
  assert.deepEqual(toggled([2, 6], 4), [2, 4, 6]);
  assert.deepEqual(toggled([2, 4, 6], 4), [2, 6]);
});

test('the file is named after the title, as the PDF and the EPUB are', () => {
  assert.equal(slug('Le Petit Prince'), 'le-petit-prince');
  assert.equal(slug('Folio: a guide -- to books'), 'folio-a-guide-to-books');
  assert.equal(slug('C++ in 21 days'), 'c-in-21-days');
  assert.equal(slug('小王子'), '小王子');
  assert.equal(slug('?!'), 'book');
});

test('an exported file names the book and each bookmark\'s page number and chapter, and reads back', () => {
  const file = serialise(book, [2, 5]);
  assert.deepEqual(JSON.parse(file), {
    book: 'urn:isbn:9780000000000', title: 'Le Petit Prince',
    marks: [{ page: 2, label: 'ii', chapter: 'Le Petit Prince' }, { page: 5, label: '3', chapter: 'II' }],
  });
  assert.deepEqual(read(file, book), { pages: [2, 5] });
});

test('bookmarks past the last page, or not pages at all, are left out', () => {
  const file = JSON.stringify({ book: book.identifier, marks: [{ page: 9 }, { page: 3 }, { page: '4' }, null, 7, { page: 6 }] });
  assert.deepEqual(read(file, book), { pages: [3, 6] });
});

test('a file that is not a bookmarks file, or is another book\'s, gives no bookmarks but a reason', () => {
  for (const text of ['', 'not json', '[]', 'null', '{"marks": []}', '{"book": "x", "marks": {}}', '{"book": 1, "marks": []}']) {
    assert.deepEqual(read(text, book), { error: 'bookmarks-unreadable' }, text);
  }
  assert.deepEqual(read(JSON.stringify({ book: 'urn:isbn:1', title: 'Vol de nuit', marks: [{ page: 1 }] }), book),
    { error: 'bookmarks-other-book', title: 'Vol de nuit' });
  assert.deepEqual(read(JSON.stringify({ book: 'urn:isbn:1', marks: [] }), book), { error: 'bookmarks-other-book', title: 'urn:isbn:1' });
});
