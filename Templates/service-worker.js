/* The book's service worker (book.yml's `offline`), at the site's root: its scope is the book.
   It keeps every file of the book a reader opens, and the whole book when asked ("Keep this book
   offline"). The network comes first, the cache when it fails: online, a reader always has the
   build that is published. The cache is the build's: the build writes its id below (a fingerprint
   of every other file of the site), so a new build is a new worker, which empties the caches of
   the builds before; a book kept whole is kept whole again by the new build's worker. */
const build = '{{build}}', scope = registration.scope, prefix = `folio ${scope} `, name = prefix + build;
// In the cache of a book kept whole.
const whole = scope + '?kept-whole';

addEventListener('install', (event) => event.waitUntil((async () => {
  const earlier = (await caches.keys()).filter((key) => key.startsWith(prefix) && key != name);
  const wasWhole = (await Promise.all(earlier.map((key) => caches.open(key).then((cache) => cache.match(whole))))).some(Boolean);
  const cache = await caches.open(name);
  await (wasWhole ? keep(cache) : cache.addAll(await bookFiles(false)));
  await skipWaiting();
})()));

addEventListener('activate', (event) => event.waitUntil((async () => {
  for (const key of await caches.keys()) if (key.startsWith(prefix) && key != name) await caches.delete(key);
  await clients.claim();
})()));

addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method == 'GET' && request.url.startsWith(scope)) event.respondWith(answer(request, event));
});

// Progress goes to the port the reader sends (assets/offline.js).
addEventListener('message', (event) => {
  const port = event.ports[0];
  if (event.data == 'keep' && port) {
    event.waitUntil(caches.open(name).then((cache) => keep(cache, (kept, of) => port.postMessage({ kept, of })))
      .then(() => port.postMessage({ done: true }), () => port.postMessage({ failed: true })));
  }
});

// A folder's address is its index.html's; a fragment is no part of a file.
const key = (url) => {
  const address = new URL(url);
  address.hash = '';
  if (address.pathname.endsWith('/')) address.pathname += 'index.html';
  return address.href;
};

async function answer(request, event) {
  const cache = await caches.open(name);
  try {
    const response = await fetch(request);
    if (response.status == 200) {
      const kept = cache.put(key(request.url), response.clone());
      event ? event.waitUntil(kept) : await kept;
    }
    return response;
  } catch (error) {
    return (await cache.match(key(request.url))) || Promise.reject(error);
  }
}

// The reader's files (the manifest and the theme's assets), or every file of the book: its pages,
// the front and contents pages, its images and the search index.
async function bookFiles(all) {
  const json = (path) => answer(new Request(new URL(path, scope))).then((response) => response.json());
  const manifest = await json('manifest.json'), files = ['manifest.json'];
  for (const { href } of manifest.resources || []) if (all || !href.startsWith('assets/book/')) files.push(href);
  if (all) {
    const search = await json('search/index.json').catch(() => ({}));
    files.push('index.html', 'toc.html', ...manifest.readingOrder.map((link) => link.href), 'search/index.json',
      ...[...search.terms || [], ...search.texts || []].map((part) => 'search/' + part.file));
  }
  return [...new Set(files.map((href) => key(new URL(href, scope))))];
}

// Every file of the book into the cache, a few at a time; those already there are this build's.
async function keep(cache, progress = () => {}) {
  const files = await bookFiles(true), of = files.length;
  let kept = 0;
  const next = async () => {
    for (let file; (file = files.pop());) {
      if (!(await cache.match(file)) && !(await answer(new Request(file))).ok) throw Error('no ' + file);
      progress(++kept, of);
    }
  };
  await Promise.all([next(), next(), next(), next()]);
  await cache.put(whole, new Response(''));
}
