/* Search, pure: the index's normalisation (the same as Sources/FolioCore/Search/SearchText.swift,
   both tested on Tests/search-cases.json), queries, shards, hits and snippets. */
const FOLDS = { 'ß': 'ss', 'æ': 'ae', 'œ': 'oe', 'ø': 'o', 'ł': 'l', 'đ': 'd', 'ı': 'i', 'ς': 'σ',
  '\u0640': '', 'ٱ': 'ا', 'ى': 'ي', 'ة': 'ه', 'ך': 'כ', 'ם': 'מ', 'ן': 'נ', 'ף': 'פ', 'ץ': 'צ' };
const IDEOGRAPHS = [[0x1100, 0x11FF], [0x2E80, 0x2FDF], [0x3005, 0x3007], [0x3040, 0x30FF], [0x3130, 0x318F], [0x31F0, 0x31FF],
  [0x3400, 0x4DBF], [0x4E00, 0x9FFF], [0xA960, 0xA97F], [0xAC00, 0xD7FF], [0xF900, 0xFAFF], [0xFF66, 0xFF9F], [0x20000, 0x323AF]];
const LONGEST = 64, MOST_SHARDS = 3;
const wordChar = /[\p{L}\p{M}\p{N}_]/u;

export const fold = (s) => [...s.toLowerCase().normalize('NFKD')]
  .filter((c) => !/\p{Mn}/u.test(c) || c == '\u3099' || c == '\u309A')
  .map((c) => FOLDS[c] ?? c).join('').normalize('NFC');

const kind = (c) => !wordChar.test(c) ? 0 : IDEOGRAPHS.some(([a, b]) => c.codePointAt(0) >= a && c.codePointAt(0) <= b) ? 2 : 1;

/* Words (1) and ideograph runs (2) as written, with their places in the string (UTF-16 indices). */
export function tokens(s) {
  const cs = [...s], out = [];
  let at = 0;
  for (let i = 0; i < cs.length;) {
    const k = kind(cs[i]);
    if (!k) { at += cs[i++].length; continue; }
    let j = i + 1;
    while (j < cs.length) {
      if (kind(cs[j]) == k) { j++; continue; }
      if (k == 1 && cs[j] == ':' && cs[j + 1] == ':' && j + 2 < cs.length && kind(cs[j + 2]) == 1) { j += 3; continue; }
      break;
    }
    const text = cs.slice(i, j).join('');
    if (k == 2 || /[^_:]/.test(text)) out.push({ kind: k, text, start: at, end: at + text.length });
    at += text.length;
    i = j;
  }
  return out;
}

const cat = (c) => c && (/\p{Lu}/u.test(c) ? 'U' : /\p{Ll}/u.test(c) ? 'L' : /\p{Nd}/u.test(c) ? 'D' : '');
export function identifierParts(w) {
  const cs = [...w], parts = [];
  let cur = '';
  cs.forEach((c, i) => {
    if (c == '_' || c == ':') { if (cur) parts.push(cur); cur = ''; return; }
    if (i > 0 && cat(c) == 'U') {
      const b = cat(cs[i - 1]), a = cat(cs[i + 1]);
      if (b == 'L' || b == 'D' || (b == 'U' && a == 'L')) { if (cur) parts.push(cur); cur = ''; }
    }
    cur += c;
  });
  if (cur) parts.push(cur);
  return parts;
}

export const wordTerms = (w) => [...new Set([fold(w), ...identifierParts(w).map(fold)])];
export function ideographTerms(run) {
  const cs = [...fold(run)];
  return cs.map((c, i) => c + (cs[i + 1] || ''));
}
/* Every term of a text, as often as it occurs: what the index holds for it. */
export const termsOf = (s) => tokens(s).flatMap((t) => t.kind == 2 ? ideographTerms(t.text) : [...t.text].length > LONGEST ? [] : wordTerms(t.text));

/* Text as phrases compare it: folded, every run of other characters one space. */
export const flat = (s) => ' ' + tokens(s).map((t) => fold(t.text)).join(' ') + ' ';
// Pages' texts flattened once, as phrases are checked again at every keystroke.
const flats = new Map();
const flatPage = (s) => flats.get(s) ?? flats.set(s, flat(s)).get(s);

/* A query: the terms each page must hold (`prefix`: any term beginning so), and the strings its
   flattened text must contain (phrases in quotes, ideograph runs longer than two). */
export function parse(q) {
  const need = [], check = [], words = [], runs = [];
  const add = (t, prefix, quoted) => {
    if (t.kind == 1) { const w = fold(t.text); need.push({ term: w, prefix }); words.push({ term: w, prefix }); return; }
    const r = fold(t.text), cs = [...r];
    runs.push(r);
    if (cs.length == 1) return need.push({ term: r, prefix: true });
    for (let i = 0; i + 1 < cs.length; i++) need.push({ term: cs[i] + cs[i + 1], prefix: false });
    if (cs.length > 2 && !quoted) check.push(r);
  };
  const parts = q.split('"');
  parts.forEach((p, i) => {
    const ts = tokens(p), quoted = i % 2 == 1;
    const open = i == parts.length - 1 && !/[\s"]$/.test(q);
    ts.forEach((t, j) => add(t, !quoted && open && j == ts.length - 1 && t.kind == 1, quoted));
    // A phrase starts and ends at word boundaries, except at ideographs.
    if (quoted && ts.length) check.push((ts[0].kind == 1 ? ' ' : '') + flat(p).trim() + (ts.at(-1).kind == 1 ? ' ' : ''));
  });
  return { need, check, words, runs };
}

/* The shards (indices into toc.terms) that may hold a term, or every term beginning with it. */
export function shards(toc, term, prefix) {
  const first = toc.terms.map((s) => s.first), last = (t) => { let i = -1; while (i + 1 < first.length && first[i + 1] <= t) i++; return i; };
  const a = last(term), b = prefix ? last(term + '\uffff') : a;
  const out = [];
  for (let i = Math.max(0, a); i <= b; i++) out.push(i);
  return a < 0 && !prefix ? [] : out;
}

/* The pages of a term in loaded shards ([[term, gaps, excerpts?]…] each), each with the excerpt
   the shard has of it (a word's first pages have one), or undefined. */
export function pagesOf(loaded, term, prefix) {
  const out = new Map();
  for (const shard of loaded) for (const [t, gaps, excerpts = []] of shard) {
    if (prefix ? !t.startsWith(term) : t != term) continue;
    let n = 0;
    gaps.forEach((g, i) => { n += g; if (out.get(n) === undefined) out.set(n, excerpts[i]); });
  }
  return out;
}

/* The chunk of page texts (index into toc.texts) that holds page n. */
export function chunkOf(toc, n) {
  let i = 0;
  while (i + 1 < toc.texts.length && toc.texts[i + 1].first <= n) i++;
  return i;
}

/* A query's results: the pages that hold its terms, ascending, of which those with phrases or
   ideograph runs to check are confirmed only as far as they are asked for, so that the first
   results do not wait for every candidate's text. `load(path)` resolves a file of the index
   (relative to search/); `text(n)` resolves page n's text (only called for the checks).
   `upTo(k)` resolves the first k results (all of them, fewer); `complete` says whether every
   candidate has been checked, that is whether `pages` is all of them; `excerpt(n)` is the
   shards' excerpt of page n for the query's first word that has one, for its snippet. */
/* The results of a query with no terms. */
export const none = { pages: [], complete: true, upTo: async () => [], excerpt: () => undefined };
export async function find(toc, q, load, text) {
  const { need, check: checks } = parse(q);
  if (!need.length) return none;
  const sets = await Promise.all(need.map(async ({ term, prefix }) => {
    let ids = shards(toc, term, prefix);
    // A beginning shared by the words of many shards (one letter, say) finds the word alone.
    if (ids.length > MOST_SHARDS) [prefix, ids] = [false, shards(toc, term, false)];
    return pagesOf(await Promise.all(ids.map((i) => load(toc.terms[i].file))), term, prefix);
  }));
  const candidates = [...sets.reduce((a, s) => new Set([...a.keys()].filter((n) => s.has(n))), sets[0])].sort((a, b) => a - b);
  const excerpt = (n) => sets.map((s) => s.get(n)).find((e) => e !== undefined);
  if (!checks.length) return { pages: candidates, complete: true, upTo: async (k) => candidates.slice(0, k), excerpt };
  let checked = 0, queue = Promise.resolve();
  // The candidates still wanted are checked side by side, a shortfall at a time; calls run in turn.
  const check = async (k) => {
    while (results.pages.length < k && checked < candidates.length) {
      const batch = candidates.slice(checked, checked + Math.min(k - results.pages.length, 64));
      checked += batch.length;
      const ok = await Promise.all(batch.map(async (n) => { const f = flatPage(await text(n)); return checks.every((c) => f.includes(c)); }));
      results.pages.push(...batch.filter((_, i) => ok[i]));
      results.complete = checked == candidates.length;
    }
    return results.pages.slice(0, k);
  };
  const results = { pages: [], complete: !candidates.length, upTo: (k) => (queue = queue.then(() => check(k))), excerpt };
  return results;
}

/* A query's pages, ascending, every candidate checked. */
export async function search(toc, q, load, text) {
  return (await find(toc, q, load, text)).upTo(Infinity);
}

/* The places ([start, end) in UTF-16 indices) in `s` of a query's words and ideograph runs. */
export function hits(s, q) {
  const { words, runs } = parse(q), out = [];
  for (const t of tokens(s)) {
    if (t.kind == 1) {
      const ts = wordTerms(t.text);
      if (words.some((w) => ts.some((x) => w.prefix ? x.startsWith(w.term) : x == w.term))) out.push([t.start, t.end]);
      continue;
    }
    const cs = [...t.text], f = cs.map(fold), at = [];
    cs.reduce((i, c) => (at.push(i), i + c.length), t.start);
    at.push(t.end);
    for (const r of runs) {
      const rs = [...r];
      for (let i = 0; i + rs.length <= f.length; i++) if (rs.every((c, k) => f[i + k] == c)) out.push([at[i], at[i + rs.length]]);
    }
  }
  return out.sort((a, b) => a[0] - b[0]).filter((h, i, a) => i == 0 || h[0] >= a[i - 1][1]);
}

const esc = (s) => s.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);
/* HTML: about `width` characters of `s` around its first hit, hits in <mark>. */
export function snippet(s, q, width = 160) {
  const hs = hits(s, q);
  let a = hs.length ? Math.max(0, hs[0][0] - width / 3) : 0;
  if (a > 0) { const sp = s.indexOf(' ', a); if (sp > 0 && sp < hs[0][0] && sp - a < 20) a = sp + 1; }
  const b = Math.min(s.length, a + width);
  let html = a > 0 ? '…' : '', at = a;
  for (const [x, y] of hs) {
    if (y <= a || x >= b) continue;
    html += esc(s.slice(at, Math.max(at, x))) + '<mark>' + esc(s.slice(Math.max(at, x), Math.min(y, b))) + '</mark>';
    at = Math.min(y, b);
  }
  return (html + esc(s.slice(at, b)) + (b < s.length ? '…' : '')).replace(/\s+/g, ' ');
}
