import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fold, termsOf, parse, shards, pagesOf, find, search, hits, snippet, worthAsking } from '../../Templates/assets/search-index.js';

const cases = JSON.parse(readFileSync(new URL('../search-cases.json', import.meta.url)));

test('folds as the shared table says', () => {
  for (const [s, f] of cases.fold) assert.equal(fold(s), f, s);
});

test('terms as the shared table says', () => {
  for (const [s, t] of cases.terms) assert.deepEqual(termsOf(s), t, s);
});

test('the last word typed is a prefix; quoted words are a phrase', () => {
  assert.deepEqual(parse('Page cur').need, [{ term: 'page', prefix: false }, { term: 'cur', prefix: true }]);
  assert.deepEqual(parse('page cur ').need.map((n) => n.prefix), [false, false]);
  assert.deepEqual(parse('"page curl"').check, [' page curl ']);
});

test('Chinese queries: pairs, one character as a prefix, longer runs checked', () => {
  assert.deepEqual(parse('编程').need, [{ term: '编程', prefix: false, narrows: false }]);
  assert.deepEqual(parse('编程实践').need.map((n) => n.narrows), [true, true, true]);
  assert.deepEqual(parse('编').need, [{ term: '编', prefix: true }]);
  assert.deepEqual(parse('编程实践').check, ['编程实践']);
});

// A small index in memory: three pages, shards cut between terms.
const texts = ['The page curl of a book.', 'A curled page; getElementById here.', '系统编程实践，编程语言'];
function index(cutBefore) {
  const terms = new Map();
  texts.forEach((t, i) => { for (const x of new Set(termsOf(t))) terms.set(x, [...(terms.get(x) || []), i + 1]); });
  const sorted = [...terms].sort(([a], [b]) => (a < b ? -1 : 1)).map(([t, ps]) => [t, ps.map((p, i) => p - (ps[i - 1] || 0))]);
  const cut = cutBefore ? sorted.findIndex(([t]) => t == cutBefore) : 8;
  const files = { 'terms/0.json': sorted.slice(0, cut), 'terms/1.json': sorted.slice(cut) };
  return { toc: { pages: 3, terms: [{ file: 'terms/0.json', first: sorted[0][0] }, { file: 'terms/1.json', first: sorted[cut][0] }] }, files };
}

test('a run checked against the texts fetches only the shard holding most of its pairs', async () => {
  const { toc, files } = index('程实'), loaded = [];
  const load = async (f) => (loaded.push(f), files[f]);
  const pairs = ['编程', '程实', '实践'].map((term) => shards(toc, term, false)[0]);
  assert.ok(new Set(pairs).size > 1, 'the pairs are in two shards');
  assert.deepEqual(await search(toc, '编程实践', load, async (n) => texts[n - 1]), [3]);
  assert.deepEqual(pairs, [1, 1, 0]);
  assert.deepEqual([...new Set(loaded)], ['terms/1.json']);
});

test('one letter or digit is not worth asking for; one ideograph is', () => {
  assert.deepEqual(['p', ' p ', '7', 'é', 'pa', 'p q', '编', '"p"'].map(worthAsking), [false, false, false, false, true, true, true, false]);
});

test('a term is looked for in its shard only', () => {
  const { toc, files } = index();
  for (const [term] of [...files['terms/0.json'], ...files['terms/1.json']]) {
    const [i, ...more] = shards(toc, term, false);
    assert.equal(more.length, 0);
    assert.ok(pagesOf([files[toc.terms[i].file]], term, false).size > 0, term);
  }
});

test('search: words, prefixes, identifiers, phrases and Chinese', async () => {
  const { toc, files } = index(), loaded = [];
  const load = async (f) => (loaded.push(f), files[f]);
  const q = (s) => search(toc, s, load, async (n) => texts[n - 1]);
  assert.deepEqual(await q('page'), [1, 2]);
  assert.deepEqual(await q('curl'), [1, 2]);
  assert.deepEqual(await q('curl '), [1]);
  assert.deepEqual(await q('cur'), [1, 2]);
  assert.deepEqual(await q('element'), [2]);
  assert.deepEqual(await q('"page curl"'), [1]);
  assert.deepEqual(await q('"curl page"'), []);
  assert.deepEqual(await q('编程'), [3]);
  assert.deepEqual(await q('程'), [3]);
  assert.deepEqual(await q('编程实践'), [3]);
  assert.deepEqual(await q('实践编程'), []);
  assert.deepEqual(await q('PAGE Curl '), [1]);
  assert.deepEqual(await q('   '), []);
});

test('phrases are checked only as far as the results are asked for', async () => {
  const { toc, files } = index(), read = [];
  const text = async (n) => (read.push(n), texts[n - 1]);
  const page = await find(toc, '"page"', async (f) => files[f], text);
  assert.equal(page.complete, false);
  assert.deepEqual(await page.upTo(1), [1]);
  assert.deepEqual(read, [1]);
  assert.deepEqual(await page.upTo(5), [1, 2]);
  assert.deepEqual(read, [1, 2]);
  assert.equal(page.complete, true);
  const word = await find(toc, 'page', async (f) => files[f], text);
  assert.deepEqual([word.complete, await word.upTo(1), read.length], [true, [1], 2]);
  const none = await find(toc, '"curl the"', async (f) => files[f], text);
  assert.deepEqual([await none.upTo(3), none.complete], [[], true]);
});

test('a beginning spread over many shards finds the word alone', async () => {
  const files = { 0: [['a', [1]]], 1: [['ab', [2]]], 2: [['ac', [3]]], 3: [['ad', [4]]], 4: [['ae', [5]]] };
  const toc = { terms: ['a', 'ab', 'ac', 'ad', 'ae'].map((first, i) => ({ file: i, first })) };
  assert.deepEqual(await search(toc, 'a', async (f) => files[f]), [1]);
  assert.deepEqual(await search(toc, 'ac', async (f) => files[f]), [3]);
});

test('hits and snippets mark what was searched', () => {
  assert.deepEqual(hits('A curled page', 'page cur'), [[2, 8], [9, 13]]);
  assert.equal(snippet('A <curled> page', 'page'), 'A &lt;curled&gt; <mark>page</mark>');
  assert.equal(snippet('系统编程实践', '编程'), '系统<mark>编程</mark>实践');
  assert.equal(snippet('Café au lait', 'cafe'), '<mark>Café</mark> au lait');
});

test("a word's first pages come with their excerpts: the first results' snippets need no page text", async () => {
  const files = { s: [['curl', [1, 1, 3], ['…the page curl of…', '…a curl here…']], ['page', [1, 3]], ['系统', [3]]] }; // pages as gaps
  const toc = { terms: [{ file: 's', first: 'curl' }] }, read = [];
  const text = async (n) => (read.push(n), `text of ${n}`);
  const curl = await find(toc, 'curl', async (f) => files[f], text);
  assert.deepEqual([await curl.upTo(8), curl.excerpt(1), curl.excerpt(2), curl.excerpt(5)], [[1, 2, 5], '…the page curl of…', '…a curl here…', undefined]);
  assert.equal(snippet(curl.excerpt(2), 'curl'), '…a <mark>curl</mark> here…');
  // Several words: the first word's excerpt that the page has.
  const both = await find(toc, 'page curl', async (f) => files[f], text);
  assert.deepEqual([await both.upTo(8), both.excerpt(1)], [[1], '…the page curl of…']);
  assert.deepEqual(read, []);
});
