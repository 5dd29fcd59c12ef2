/* The reader's search run outside the browser, for bench/search.py: reads {site, queries, shown}
   as JSON on stdin; for each query, the pages found and the index files a reader would fetch
   after the field has opened (with the table, index.json, loaded then) -- cold (nothing else
   loaded yet) and warm (with the files of the query before it loaded) -- the snippets of the
   first `shown` results included (the shards' excerpts, or else the pages' texts), and the checks
   of phrases only as far as those need -- and apart, the files fetched to list those results
   before their snippets. Prints JSON. */
import { readFileSync } from 'node:fs';
import * as S from '../Templates/assets/search-index.js';

const { site, queries, shown } = JSON.parse(readFileSync(0, 'utf8'));
const read = (f) => JSON.parse(readFileSync(`${site}/search/${f}`, 'utf8'));

async function run(q, cache) {
  const fetched = [];
  const load = async (f) => { if (!cache.has(f)) { cache.add(f); fetched.push(f); } return read(f); };
  const toc = await load('index.json');
  const text = async (n) => { const c = toc.texts[S.chunkOf(toc, n)]; return (await load(c.file))[n - c.first]; };
  const results = await S.find(toc, q, load, text), listed = await results.upTo(shown);
  const before = [...fetched]; // the results listed (page, chapter), before their snippets
  for (const n of listed) S.snippet(results.excerpt(n) ?? await text(n), q);
  const first = [...fetched]; // what showing the first results cost; checking every page costs more
  return { pages: await results.upTo(Infinity), fetched: first, listed: before };
}

const out = [];
let before = [];
for (const q of queries) {
  const cold = await run(q, new Set(['index.json']));
  const after = await run(q, new Set(['index.json', ...before]));
  out.push({ query: q, pages: cold.pages, listed: cold.listed, cold: cold.fetched, warm: after.fetched });
  before = cold.fetched;
}
console.log(JSON.stringify(out));
