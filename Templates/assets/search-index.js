/* Search, pure: the index's normalisation (the same as Sources/FolioCore/Search/SearchText.swift,
   both tested on Tests/search-cases.json), queries, shards, hits and snippets. */
const FOLDS = { 'ß': 'ss', 'æ': 'ae', 'œ': 'oe', 'ø': 'o', 'ł': 'l', 'đ': 'd', 'ı': 'i', 'ς': 'σ',
  '\u0640': '', 'ٱ': 'ا', 'ى': 'ي', 'ة': 'ه', 'ך': 'כ', 'ם': 'מ', 'ן': 'נ', 'ף': 'פ', 'ץ': 'צ' };
const IDEOGRAPHS = [[0x1100, 0x11FF], [0x2E80, 0x2FDF], [0x3005, 0x3007], [0x3040, 0x30FF], [0x3130, 0x318F], [0x31F0, 0x31FF],
  [0x3400, 0x4DBF], [0x4E00, 0x9FFF], [0xA960, 0xA97F], [0xAC00, 0xD7FF], [0xF900, 0xFAFF], [0xFF66, 0xFF9F], [0x20000, 0x323AF]];
const LONGEST = 64, MOST_SHARDS = 3;
const wordChar = /[\p{L}\p{M}\p{N}_]/u;

export const fold = (text) => [...text.toLowerCase().normalize('NFKD')]
  .filter((char) => !/\p{Mn}/u.test(char) || char == '\u3099' || char == '\u309A')
  .map((char) => FOLDS[char] ?? char).join('').normalize('NFC');

const WORD = 1, IDEOGRAPH = 2;
const kind = (char) => !wordChar.test(char) ? 0
  : IDEOGRAPHS.some(([first, last]) => char.codePointAt(0) >= first && char.codePointAt(0) <= last) ? IDEOGRAPH : WORD;

/* Words (1) and ideograph runs (2) as written, with their places in the string (UTF-16 indices). */
export function tokens(string) {
  const chars = [...string], found = [];
  let at = 0;
  for (let start = 0; start < chars.length;) {
    const tokenKind = kind(chars[start]);
    if (!tokenKind) { at += chars[start++].length; continue; }
    let end = start + 1;
    while (end < chars.length) {
      if (kind(chars[end]) == tokenKind) { end++; continue; }
      // A path of identifiers, such as std::vector, is one word.
      if (tokenKind == WORD && chars[end] == ':' && chars[end + 1] == ':' && end + 2 < chars.length && kind(chars[end + 2]) == WORD) {
        end += 3;
        continue;
      }
      break;
    }
    const text = chars.slice(start, end).join('');
    if (tokenKind == IDEOGRAPH || /[^_:]/.test(text)) found.push({ kind: tokenKind, text, start: at, end: at + text.length });
    at += text.length;
    start = end;
  }
  return found;
}

// A character's case: upper, lower, a digit, or none of them.
const category = (char) => char && (/\p{Lu}/u.test(char) ? 'upper' : /\p{Ll}/u.test(char) ? 'lower' : /\p{Nd}/u.test(char) ? 'digit' : '');
export function identifierParts(word) {
  const chars = [...word], parts = [];
  let part = '';
  chars.forEach((char, i) => {
    if (char == '_' || char == ':') { if (part) parts.push(part); part = ''; return; }
    if (i > 0 && category(char) == 'upper') {
      const before = category(chars[i - 1]), after = category(chars[i + 1]);
      if (before == 'lower' || before == 'digit' || (before == 'upper' && after == 'lower')) { if (part) parts.push(part); part = ''; }
    }
    part += char;
  });
  if (part) parts.push(part);
  return parts;
}

export const wordTerms = (word) => [...new Set([fold(word), ...identifierParts(word).map(fold)])];
export function ideographTerms(run) {
  const chars = [...fold(run)];
  return chars.map((char, i) => char + (chars[i + 1] || ''));
}
/* Every term of a text, as often as it occurs: what the index holds for it. */
export const termsOf = (text) => tokens(text).flatMap((token) => token.kind == IDEOGRAPH ? ideographTerms(token.text)
  : [...token.text].length > LONGEST ? [] : wordTerms(token.text));

/* Text as phrases compare it: folded, every run of other characters one space. */
export const flat = (text) => ' ' + tokens(text).map((token) => fold(token.text)).join(' ') + ' ';
// Pages' texts flattened once, as phrases are checked again at every keystroke.
const flats = new Map();
const flatPage = (text) => flats.get(text) ?? flats.set(text, flat(text)).get(text);

/* A query: the terms each page must hold (`prefix`: any term beginning so), and the strings its
   flattened text must contain (phrases in quotes, ideograph runs longer than two). */
export function parse(query) {
  const need = [], check = [], words = [], runs = [];
  const add = (token, prefix, quoted) => {
    if (token.kind == WORD) {
      const term = fold(token.text);
      need.push({ term, prefix });
      words.push({ term, prefix });
      return;
    }
    const run = fold(token.text), chars = [...run];
    runs.push(run);
    if (chars.length == 1) return need.push({ term: run, prefix: true });
    const checked = chars.length > 2 && !quoted;
    for (let i = 0; i + 1 < chars.length; i++) need.push({ term: chars[i] + chars[i + 1], prefix: false, narrows: checked });
    if (checked) check.push(run);
  };
  const parts = query.split('"');
  parts.forEach((part, i) => {
    const partTokens = tokens(part), quoted = i % 2 == 1;
    const open = i == parts.length - 1 && !/[\s"]$/.test(query);
    partTokens.forEach((token, j) => add(token, !quoted && open && j == partTokens.length - 1 && token.kind == WORD, quoted));
    // A phrase starts and ends at word boundaries, except at ideographs.
    if (quoted && partTokens.length) {
      check.push((partTokens[0].kind == WORD ? ' ' : '') + flat(part).trim() + (partTokens.at(-1).kind == WORD ? ' ' : ''));
    }
  });
  return { need, check, words, runs };
}

/* The shards (indices into toc.terms) that may hold a term, or every term beginning with it. */
export function shards(toc, term, prefix) {
  const firsts = toc.terms.map((shard) => shard.first);
  const lastAtOrBefore = (wanted) => { let i = -1; while (i + 1 < firsts.length && firsts[i + 1] <= wanted) i++; return i; };
  const from = lastAtOrBefore(term), to = prefix ? lastAtOrBefore(term + '\uffff') : from;
  const found = [];
  for (let i = Math.max(0, from); i <= to; i++) found.push(i);
  return from < 0 && !prefix ? [] : found;
}

/* The pages of a term in loaded shards ([[term, gaps, excerpts?]…] each), each with the excerpt
   the shard has of it (a word's first pages have one), or undefined. */
export function pagesOf(loaded, term, prefix) {
  const pages = new Map();
  for (const shard of loaded) for (const [held, gaps, excerpts = []] of shard) {
    if (prefix ? !held.startsWith(term) : held != term) continue;
    let page = 0;
    gaps.forEach((gap, i) => { page += gap; if (pages.get(page) === undefined) pages.set(page, excerpts[i]); });
  }
  return pages;
}

/* The chunk of page texts (index into toc.texts) that holds the page. */
export function chunkOf(toc, page) {
  let i = 0;
  while (i + 1 < toc.texts.length && toc.texts[i + 1].first <= page) i++;
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
export async function find(toc, query, load, text) {
  const { need, check: checks } = parse(query), shardOf = ({ term }) => shards(toc, term, false)[0];
  if (!need.length) return none;
  // The pairs of a run checked against the texts only narrow the pages: those in the shard that
  // holds most of them narrow enough, and the other shards are not fetched.
  const narrowing = need.filter((wanted) => wanted.narrows).map(shardOf);
  const held = (shard) => narrowing.filter((i) => i == shard).length;
  const likeliest = narrowing.reduce((best, shard) => (held(shard) > held(best) ? shard : best), narrowing[0]);
  const asked = need.filter((wanted) => !wanted.narrows || shardOf(wanted) == likeliest);
  const sets = await Promise.all(asked.map(async ({ term, prefix }) => {
    let ids = shards(toc, term, prefix);
    // A beginning shared by the words of many shards (one letter, say) finds the word alone.
    if (ids.length > MOST_SHARDS) [prefix, ids] = [false, shards(toc, term, false)];
    return pagesOf(await Promise.all(ids.map((i) => load(toc.terms[i].file))), term, prefix);
  }));
  const candidates = [...sets.reduce((common, pages) => new Set([...common.keys()].filter((page) => pages.has(page))), sets[0])]
    .sort((a, b) => a - b);
  const excerpt = (page) => sets.map((pages) => pages.get(page)).find((found) => found !== undefined);
  if (!checks.length) return { pages: candidates, complete: true, upTo: async (k) => candidates.slice(0, k), excerpt };
  let checked = 0, queue = Promise.resolve();
  // The candidates still wanted are checked side by side, a shortfall at a time; calls run in turn.
  const check = async (wanted) => {
    while (results.pages.length < wanted && checked < candidates.length) {
      const batch = candidates.slice(checked, checked + Math.min(wanted - results.pages.length, 64));
      checked += batch.length;
      const holds = await Promise.all(batch.map(async (page) => {
        const flattened = flatPage(await text(page));
        return checks.every((string) => flattened.includes(string));
      }));
      results.pages.push(...batch.filter((_, i) => holds[i]));
      results.complete = checked == candidates.length;
    }
    return results.pages.slice(0, wanted);
  };
  const results = { pages: [], complete: !candidates.length, upTo: (wanted) => (queue = queue.then(() => check(wanted))), excerpt };
  return results;
}

/* Whether a query is worth its requests: not one letter or digit alone, which begins too many
   words to narrow anything, though one ideograph is a word of its own. */
export function worthAsking(query) {
  const found = tokens(query);
  return found.length > 1 || found[0]?.kind == IDEOGRAPH || [...found[0]?.text || ''].length > 1;
}

/* A query's pages, ascending, every candidate checked. */
export async function search(toc, query, load, text) {
  return (await find(toc, query, load, text)).upTo(Infinity);
}

/* The places ([start, end) in UTF-16 indices) in `s` of a query's words and ideograph runs. */
export function hits(string, query) {
  const { words, runs } = parse(query), found = [];
  for (const token of tokens(string)) {
    if (token.kind == WORD) {
      const terms = wordTerms(token.text);
      if (words.some((word) => terms.some((term) => word.prefix ? term.startsWith(word.term) : term == word.term))) {
        found.push([token.start, token.end]);
      }
      continue;
    }
    // Each character's place in the string, folded one by one.
    const chars = [...token.text], folded = chars.map(fold), at = [];
    chars.reduce((place, char) => (at.push(place), place + char.length), token.start);
    at.push(token.end);
    for (const run of runs) {
      const runChars = [...run];
      for (let i = 0; i + runChars.length <= folded.length; i++) {
        if (runChars.every((char, k) => folded[i + k] == char)) found.push([at[i], at[i + runChars.length]]);
      }
    }
  }
  return found.sort((a, b) => a[0] - b[0]).filter((hit, i, sorted) => i == 0 || hit[0] >= sorted[i - 1][1]);
}

const escapeHTML = (text) => text.replace(/[&<>"]/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[char]};`);
/* HTML: about `width` characters of `text` around its first hit, hits in <mark>. */
export function snippet(text, query, width = 160) {
  const found = hits(text, query);
  let start = found.length ? Math.max(0, found[0][0] - width / 3) : 0;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space > 0 && space < found[0][0] && space - start < 20) start = space + 1;
  }
  const end = Math.min(text.length, start + width);
  let html = start > 0 ? '…' : '', at = start;
  for (const [hitStart, hitEnd] of found) {
    if (hitEnd <= start || hitStart >= end) continue;
    html += escapeHTML(text.slice(at, Math.max(at, hitStart))) + '<mark>' + escapeHTML(text.slice(Math.max(at, hitStart), Math.min(hitEnd, end))) + '</mark>';
    at = Math.min(hitEnd, end);
  }
  return (html + escapeHTML(text.slice(at, end)) + (end < text.length ? '…' : '')).replace(/\s+/g, ' ');
}
