/* Search in the book, loaded by the reader when the field first opens (the search button, `/`,
   Ctrl/⌘+K): the panel, its results as links to pages, and the hits marked on the page. */
import { find, none, chunkOf, snippet, hits, worthAsking } from './search-index.js';
import { element, button, fetchAs } from './pages.js';

let panel;
const PAUSE_MS = 120; // typing faster than this is one query

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

export function open(reader) {
  (panel ||= make(reader)).show();
}

function make({ book, base, root, say, go, opener }) {
  document.head.append(element('style', { 'data-folio': 'search-styles' }, STYLES));
  const files = new Map(), load = (file) => {
    if (!files.has(file)) {
      files.set(file, fetchAs(new URL('search/' + file, base), 'json').catch((error) => { files.delete(file); throw error; }));
    }
    return files.get(file);
  };
  const contents = () => load('index.json'); // fetched again after a failure
  contents().catch(() => {});
  const text = async (page) => {
    const index = await contents(), chunk = index.texts[chunkOf(index, page)];
    return (await load(chunk.file))[page - chunk.first] || '';
  };

  const input = element('input', { type: 'search', id: 'folio-search-input', autocomplete: 'off', spellcheck: 'false', enterkeyhint: 'search',
    'aria-label': say('search-label'), 'aria-describedby': 'folio-search-count', 'aria-controls': 'folio-search-results' });
  const count = element('p', { id: 'folio-search-count', 'data-folio': 'search-count', 'aria-live': 'polite' });
  const list = element('ol', { id: 'folio-search-results', 'data-folio': 'search-results', 'aria-label': say('search') });
  const close = button('close', say('close'), '×');
  const box = element('div', { 'data-folio': 'search-panel', role: 'search', hidden: '' },
    element('div', { class: 'folio-search-field' }, input, close), count, list);
  root.append(box);

  // Snippets load only for the results scrolled into view. Results are listed a batch at a time,
  // the next when the last comes into view; a query with phrases checks only the pages listed.
  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting) {
      seen.unobserve(entry.target);
      fillSnippet(entry.target);
      if (entry.target == list.lastChild) listMore();
    }
  }, { root: list });
  let query = '', run = 0, found = none;
  // A new query's first batch replaces the list once it is known, so the list never stands empty between.
  async function listMore(fresh = false) {
    const mine = run, listed = fresh ? 0 : list.children.length;
    const results = await found.upTo(listed + (found.complete ? 50 : 10)).catch(() => []);
    if (mine != run || (!fresh && list.children.length != listed)) return;
    const items = results.slice(listed).map((page) => element('li', { 'data-page': page },
      element('a', { href: book.url(page), 'data-page': page },
        element('span', { class: 'folio-result-page' }, `${say('page')} ${book.label(page)}`), ' ',
        element('span', { class: 'folio-result-chapter' }, book.chapter(page) || ''), element('span', { class: 'folio-snippet' }))));
    list[fresh ? 'replaceChildren' : 'append'](...items);
    for (const item of items) seen.observe(item);
    tellCount();
  }
  // The count, "12+" while pages are still to be checked.
  function tellCount() {
    const pages = found.pages.length;
    count.textContent = !query.trim() ? ''
      : pages ? say('search-results', { count: pages + (found.complete ? '' : '+') })
      : found.complete ? say('search-none') : '';
  }
  async function fillSnippet(item) {
    const asked = query, page = +item.dataset.page, pageText = found.excerpt(page) ?? await text(page).catch(() => '');
    if (asked == query) item.querySelector('.folio-snippet').innerHTML = snippet(pageText, asked);
  }
  // A query goes once typing pauses: each key typed would otherwise fetch the shards of a word
  // half written. The results shown stay until the new ones replace them.
  let pause = 0;
  input.oninput = () => {
    clearTimeout(pause);
    const mine = ++run;
    pause = setTimeout(ask, PAUSE_MS, mine, input.value);
  };
  async function ask(mine, asked) {
    const worth = worthAsking(asked);
    let results = none;
    try { if (worth) results = await find(await contents(), asked, load, text); } catch (error) { console.warn('Folio search:', error); }
    if (mine != run) return;
    query = worth ? asked : '';
    found = results;
    seen.disconnect();
    await listMore(true);
    if (mine == run) list.dataset.query = asked; // what the results are for
  }
  // Enter before the pause is over asks at once.
  const askNow = () => {
    if (list.dataset.query == input.value) return Promise.resolve();
    clearTimeout(pause);
    return ask(run, input.value);
  };

  // The hits stay marked on the page until the next turn.
  let marks = [], markedPage = 0;
  function unmark() {
    for (const mark of marks) {
      const parent = mark.parentNode;
      if (parent) { mark.replaceWith(...mark.childNodes); parent.normalize(); }
    }
    marks = [];
  }
  root.addEventListener('folio:turn', (event) => { if (event.detail.to != markedPage) { markedPage = 0; unmark(); } });
  function markHits(page, asked, tries = 0) {
    const content = root.querySelector(`article.page[data-page="${page}"] [data-page-content]`);
    if (!content) return tries < 240 && markedPage == page && requestAnimationFrame(() => markHits(page, asked, tries + 1));
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT), nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    for (const node of nodes) for (const [start, end] of hits(node.data, asked).reverse()) {
      const hit = node.splitText(start);
      hit.splitText(end - start);
      const mark = element('mark', { 'data-folio': 'hit' });
      hit.replaceWith(mark);
      mark.append(hit);
      marks.push(mark);
    }
  }
  list.addEventListener('click', (event) => {
    const link = event.target.closest('a[data-page]');
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    const page = +link.dataset.page;
    unmark();
    markedPage = page;
    hide(false);
    go(page);
    markHits(page, query);
  });

  // Arrows move between the field and the results; Escape closes.
  box.addEventListener('keydown', (event) => {
    const links = [...list.querySelectorAll('a')], index = links.indexOf(document.activeElement);
    if (event.key == 'Escape') hide(true);
    else if (event.key == 'ArrowDown' && links.length) links[Math.min(index + 1, links.length - 1)].focus();
    else if (event.key == 'ArrowUp' && index >= 0) (index ? links[index - 1] : input).focus();
    else if (event.key == 'Enter' && event.target == input) askNow().then(() => list.querySelector('a')?.click());
    else return;
    event.preventDefault();
    event.stopPropagation();
  });
  close.onclick = () => hide(true);
  function hide(backToOpener) {
    box.hidden = true;
    opener.setAttribute('aria-expanded', false);
    if (backToOpener) opener.focus();
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
