// node --test Tests/js/ — the book's service worker (Templates/service-worker.js), run in a context
// of its own over a cache storage and a network made here: what it keeps, from where it answers,
// and which caches it lets go of. Tests/site/test_offline.py runs it in Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

const SCOPE = 'https://example.org/shelf/book/';
const source = readFileSync(new URL('../../Templates/service-worker.js', import.meta.url), 'utf8');

// A site of three pages, an image, the reader's files and a search index of two files.
const SITE = {
  'manifest.json': JSON.stringify({
    readingOrder: ['one/1.html', 'one/2.html', 'two/1.html'].map((href) => ({ href })),
    resources: ['assets/reader.js', 'assets/folio.css', 'assets/book/cover.png'].map((href) => ({ href })),
  }),
  'search/index.json': JSON.stringify({ terms: [{ file: 'terms/0.json' }], texts: [{ file: 'text/0.json' }] }),
};
for (const path of ['index.html', 'toc.html', 'one/1.html', 'one/2.html', 'two/1.html', 'assets/reader.js', 'assets/folio.css',
  'assets/book/cover.png', 'search/terms/0.json', 'search/text/0.json']) SITE[path] ??= `${path} of build `;

class Cache {
  entries = new Map();
  async match(request) { return this.entries.get(request.url ?? request)?.clone(); }
  async put(request, response) { this.entries.set(request.url ?? request, response); }
  async addAll(urls) {
    for (const url of urls) {
      const response = await this.network(url);
      if (!response.ok) throw TypeError('no ' + url);
      this.entries.set(url, response);
    }
  }
}

// The worker of build `build` in a browser whose cache storage is `storage` and whose network is up
// unless `browser.offline`; its events, fired, resolve once their work is done.
function worker(build, browser) {
  const handlers = {};
  const network = async (request) => {
    if (browser.offline) throw TypeError('offline');
    const url = new URL(request.url ?? request);
    url.hash = ''; // as browsers send it
    const path = url.href.slice(SCOPE.length);
    return path in SITE ? new Response(SITE[path] + (SITE[path].endsWith(' ') ? build : '')) : new Response('', { status: 404 });
  };
  const caches = {
    open: async (name) => {
      if (!browser.storage.has(name)) browser.storage.set(name, Object.assign(new Cache(), { network }));
      return browser.storage.get(name);
    },
    keys: async () => [...browser.storage.keys()],
    delete: async (name) => browser.storage.delete(name),
  };
  vm.runInNewContext(source.replace('{{build}}', build), {
    registration: { scope: SCOPE }, addEventListener: (type, handler) => { handlers[type] = handler; },
    caches, fetch: network, Request, Response, URL, Promise, Set, Error, TypeError,
    skipWaiting: async () => {}, clients: { claim: async () => {} },
  });
  const fire = async (type, event = {}) => {
    const work = [];
    let answer;
    handlers[type]({ ...event, waitUntil: (promise) => work.push(promise), respondWith: (promise) => { answer = promise; } });
    await Promise.all(work);
    return answer;
  };
  return {
    install: () => fire('install'),
    activate: () => fire('activate'),
    get: async (url) => fire('fetch', { request: new Request(url) }).then((response) => response && response.text()),
    keep: async () => {
      const said = [];
      await fire('message', { data: 'keep', ports: [{ postMessage: (message) => said.push({ ...message }) }] });
      return said;
    },
  };
}

const browser = () => ({ storage: new Map(), offline: false });
const kept = async (storage, name) => [...storage.get(name).entries.keys()].map((url) => url.slice(SCOPE.length)).sort();

test('installed, it keeps the reader\'s files only, in a cache of its build', async () => {
  const tab = browser();
  await worker('b1', tab).install();
  assert.deepEqual([...tab.storage.keys()], [`folio ${SCOPE} b1`]);
  assert.deepEqual(await kept(tab.storage, `folio ${SCOPE} b1`), ['assets/folio.css', 'assets/reader.js', 'manifest.json']);
});

test('online it answers from the network and keeps the answer; offline from the cache, a folder by its index.html', async () => {
  const tab = browser(), b1 = worker('b1', tab);
  await b1.install();
  assert.equal(await b1.get(SCOPE + 'one/2.html'), 'one/2.html of build b1');
  assert.equal(await b1.get(SCOPE + 'index.html#top'), 'index.html of build b1');
  assert.equal(await b1.get('https://example.org/elsewhere.html'), undefined);
  tab.offline = true;
  assert.equal(await b1.get(SCOPE + 'one/2.html'), 'one/2.html of build b1');
  assert.equal(await b1.get(SCOPE), 'index.html of build b1');
  await assert.rejects(b1.get(SCOPE + 'two/1.html'));
  assert.deepEqual((await b1.keep()).at(-1), { failed: true });
});

test('kept whole: every page, the front and contents pages, images and search, with its progress', async () => {
  const tab = browser(), b1 = worker('b1', tab);
  await b1.install();
  const said = await b1.keep();
  assert.deepEqual(said.at(-1), { done: true });
  assert.deepEqual(said.at(-2), { kept: 12, of: 12 });
  assert.deepEqual(await kept(tab.storage, `folio ${SCOPE} b1`), ['?kept-whole', ...Object.keys(SITE)].sort());
  tab.offline = true;
  assert.equal(await b1.get(SCOPE + 'two/1.html'), 'two/1.html of build b1');
  // Kept already: nothing to fetch.
  assert.deepEqual((await b1.keep()).at(-1), { done: true });
});

test('a new build\'s worker keeps a book kept whole again, and lets go of its older caches, not another book\'s', async () => {
  const tab = browser(), b1 = worker('b1', tab);
  await b1.install();
  await b1.keep();
  await tab.storage.set(`folio https://example.org/shelf/other/ b1`, new Cache());
  const b2 = worker('b2', tab);
  await b2.install();
  await b2.activate();
  assert.deepEqual([...tab.storage.keys()].sort(), [`folio ${SCOPE} b2`, `folio https://example.org/shelf/other/ b1`]);
  assert.equal(await kept(tab.storage, `folio ${SCOPE} b2`).then((files) => files.length), 13);
  tab.offline = true;
  assert.equal(await b2.get(SCOPE + 'two/1.html'), 'two/1.html of build b2');
});
