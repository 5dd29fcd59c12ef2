/* Search in the book, loaded by the reader when the field first opens (the search button, `/`,
   Ctrl/⌘+K): the panel, its results as links to pages, and the hits marked on the page. */
import { find, none, chunkOf, snippet, hits } from './search-index.js';
import { $, button, get } from './pages.js';

let panel;

// Search's styles travel in its script: one request fewer when the field first opens. A snippet
// keeps room for its two lines before it comes, so the results in view are those it will show.
const STYLES = `
[data-folio=search-panel] { position: absolute; z-index: 11; inset-block: 0 3.5rem; inset-inline-end: 0; inline-size: min(26rem, 100%);
  box-sizing: border-box; display: flex; flex-direction: column; gap: .5rem; padding: .5rem; background: var(--bg);
  border-inline-start: 1px solid var(--rule); box-shadow: 0 4px 16px rgba(0,0,0,.2); }
[data-folio=search-panel][hidden] { display: none; }
.folio-search-field { display: flex; gap: .5rem; }
.folio-search-field input { flex: 1; min-inline-size: 0; font: inherit; font-size: 1rem; padding: .45rem .6rem; color: var(--fg); background: var(--bg);
  border: 1px solid var(--muted); border-radius: .4rem; }
[data-folio=search-count] { margin: 0; color: var(--muted); }
[data-folio=search-count]:empty { display: none; }
[data-folio=search-results] { flex: 1; overflow: auto; margin: 0; padding: 0; list-style: none; }
[data-folio=search-results] a { display: block; padding: .5rem; color: var(--fg); text-decoration: none; border-block-end: 1px solid var(--rule); }
[data-folio=search-results] a:hover, [data-folio=search-results] a:focus { background: var(--tint); }
.folio-result-page { font-weight: 600; font-variant-numeric: tabular-nums; }
.folio-result-chapter { color: var(--muted); }
.folio-snippet { display: block; min-block-size: 2lh; font-family: var(--serif); }
.folio-snippet mark, mark[data-folio=hit] { background: #ffe066; color: #1f1e1c; border-radius: 2px; }`;

export function open(api) {
  (panel ||= make(api)).show();
}

function make({ b, base, root, say, go, opener }) {
  document.head.append($('style', { 'data-folio': 'search-styles' }, STYLES));
  const files = new Map(), load = (f) => {
    if (!files.has(f)) files.set(f, get(new URL('search/' + f, base), 'json').catch((e) => { files.delete(f); throw e; }));
    return files.get(f);
  };
  const toc = () => load('index.json'); // fetched again after a failure
  toc().catch(() => {});
  const text = async (n) => {
    const t = await toc(), c = t.texts[chunkOf(t, n)];
    return (await load(c.file))[n - c.first] || '';
  };

  const input = $('input', { type: 'search', id: 'folio-search-input', autocomplete: 'off', spellcheck: 'false', enterkeyhint: 'search',
    'aria-label': say('search-label'), 'aria-describedby': 'folio-search-count', 'aria-controls': 'folio-search-results' });
  const count = $('p', { id: 'folio-search-count', 'data-folio': 'search-count', 'aria-live': 'polite' });
  const list = $('ol', { id: 'folio-search-results', 'data-folio': 'search-results', 'aria-label': say('search') });
  const close = button('close', say('close'), '×');
  const box = $('div', { 'data-folio': 'search-panel', role: 'search', hidden: '' }, $('div', { class: 'folio-search-field' }, input, close), count, list);
  root.append(box);

  // Snippets load only for the results scrolled into view. Results are listed a batch at a time,
  // the next when the last comes into view; a query with phrases checks only the pages listed.
  const seen = new IntersectionObserver((es) => {
    for (const e of es) if (e.isIntersecting) {
      seen.unobserve(e.target);
      fill(e.target);
      if (e.target == list.lastChild) more();
    }
  }, { root: list });
  let query = '', run = 0, found = none;
  async function more() {
    const mine = run, at = list.children.length, pages = await found.upTo(at + (found.complete ? 50 : 10)).catch(() => []);
    if (mine != run || list.children.length != at) return;
    const lis = pages.slice(at).map((n) => $('li', { 'data-page': n },
      $('a', { href: b.url(n), 'data-page': n }, $('span', { class: 'folio-result-page' }, `${say('page')} ${n}`), ' ',
        $('span', { class: 'folio-result-chapter' }, b.chapter(n) || ''), $('span', { class: 'folio-snippet' }))));
    list.append(...lis);
    for (const li of lis) seen.observe(li);
    tell();
  }
  // The count, "12+" while pages are still to be checked.
  function tell() {
    const n = found.pages.length;
    count.textContent = !query.trim() ? '' : n ? say('search-results', { count: n + (found.complete ? '' : '+') }) : found.complete ? say('search-none') : '';
  }
  async function fill(li) {
    const q = query, n = +li.dataset.page, s = found.excerpt(n) ?? await text(n).catch(() => '');
    if (q == query) li.querySelector('.folio-snippet').innerHTML = snippet(s, q);
  }
  input.oninput = async () => {
    const mine = ++run, q = input.value;
    let results;
    try { results = await find(await toc(), q, load, text); } catch (e) { console.warn('Folio search:', e); }
    if (mine != run) return;
    query = q;
    found = results || none;
    seen.disconnect();
    list.replaceChildren();
    await more();
    if (mine == run) list.dataset.query = q; // what the results are for
  };

  // The hits stay marked on the page until the next turn.
  let marked = [], target = 0;
  function unmark() {
    for (const m of marked) { const p = m.parentNode; if (p) { m.replaceWith(...m.childNodes); p.normalize(); } }
    marked = [];
  }
  root.addEventListener('folio:turn', (e) => { if (e.detail.to != target) { target = 0; unmark(); } });
  function mark(n, q, tries = 0) {
    const c = root.querySelector(`article.page[data-page="${n}"] [data-page-content]`);
    if (!c) return tries < 240 && target == n && requestAnimationFrame(() => mark(n, q, tries + 1));
    const walk = document.createTreeWalker(c, NodeFilter.SHOW_TEXT), nodes = [];
    while (walk.nextNode()) nodes.push(walk.currentNode);
    for (const node of nodes) for (const [x, y] of hits(node.data, q).reverse()) {
      const hit = node.splitText(x);
      hit.splitText(y - x);
      const m = $('mark', { 'data-folio': 'hit' });
      hit.replaceWith(m);
      m.append(hit);
      marked.push(m);
    }
  }
  list.addEventListener('click', (e) => {
    const a = e.target.closest('a[data-page]');
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    e.stopPropagation();
    const n = +a.dataset.page;
    unmark();
    target = n;
    hide(false);
    go(n);
    mark(n, query);
  });

  // Arrows move between the field and the results; Escape closes.
  box.addEventListener('keydown', (e) => {
    const links = [...list.querySelectorAll('a')], i = links.indexOf(document.activeElement);
    if (e.key == 'Escape') hide(true);
    else if (e.key == 'ArrowDown' && links.length) links[Math.min(i + 1, links.length - 1)].focus();
    else if (e.key == 'ArrowUp' && i >= 0) (i ? links[i - 1] : input).focus();
    else if (e.key == 'Enter' && e.target == input && links.length) links[0].click();
    else return;
    e.preventDefault();
    e.stopPropagation();
  });
  close.onclick = () => hide(true);
  function hide(back) {
    box.hidden = true;
    opener.setAttribute('aria-expanded', false);
    if (back) opener.focus();
    else root.focus();
  }
  return {
    show() {
      box.hidden = false;
      opener.setAttribute('aria-expanded', true);
      input.focus();
      input.select();
    },
  };
}
