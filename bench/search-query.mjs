/* The reader's search run outside the browser, for bench/search.py: reads {site, queries, shown}
   as JSON on stdin; for each query, the pages found and the index files a reader would fetch
   after the field has opened (with the table, index.json, loaded then) -- cold (nothing else
   loaded yet) and warm (with the files of the query before it loaded) -- the snippets' texts of
   the first `shown` results included. Prints JSON. */
import { readFileSync } from 'node:fs';
import * as S from '../Templates/assets/search-index.js';

const { site, queries, shown } = JSON.parse(readFileSync(0, 'utf8'));
const read = (f) => JSON.parse(readFileSync(`${site}/search/${f}`, 'utf8'));

async function run(q, cache) {
  const fetched = [];
  const load = async (f) => { if (!cache.has(f)) { cache.add(f); fetched.push(f); } return read(f); };
  const toc = await load('index.json');
  const text = async (n) => { const c = toc.texts[S.chunkOf(toc, n)]; return (await load(c.file))[n - c.first]; };
  const pages = await S.search(toc, q, load, text);
  for (const n of pages.slice(0, shown)) S.snippet(await text(n), q);
  return { pages, fetched };
}

const out = [];
let before = [];
for (const q of queries) {
  const cold = await run(q, new Set(['index.json']));
  const after = await run(q, new Set(['index.json', ...before]));
  out.push({ query: q, pages: cold.pages, cold: cold.fetched, warm: after.fetched });
  before = cold.fetched;
}
console.log(JSON.stringify(out));
