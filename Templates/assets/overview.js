/* The overview: every page of the book as a miniature in a grid, a heading where a chapter starts,
   opened by the Pages button or `o` and loaded by the reader on first use. Only the rows on screen
   and a quarter screen either side are in the DOM; a miniature is a copy of its page's article,
   from the reader's page cache, scaled down, made once the scrolling stops. */
import { element, button } from './pages.js';

// In CSS pixels: between miniatures, the label under each, a chapter's heading row.
const GAP = 16, LABEL = 28, HEADING = 40;

const STYLES = `
[data-folio=overview-panel] { position: fixed; inset: 0; inline-size: auto; block-size: auto; max-inline-size: none; max-block-size: none;
  margin: 0; padding: 0; border: 0; flex-direction: column; color: var(--fg); background: var(--tint); }
[data-folio=overview-panel][open] { display: flex; }
.folio-overview-head { display: flex; align-items: center; gap: .5rem; padding: .35rem .75rem; background: var(--bg); border-block-end: 1px solid var(--rule); }
.folio-overview-head h2 { flex: 1; margin: 0; font-size: 1rem; text-align: start; }
.folio-overview-pages { flex: 1; position: relative; overflow: auto; overscroll-behavior: contain; padding: 0 ${GAP}px ${GAP}px; }
[data-folio=overview-pages] { position: relative; margin: 0; padding: 0; list-style: none; }
[data-folio=overview-pages] > li { position: absolute; }
[data-folio=overview-pages] > [data-page] { inline-size: var(--cell); block-size: calc(var(--cell) * var(--aspect) + ${LABEL}px); contain: strict;
  background: linear-gradient(var(--bg), var(--bg)) top / 100% calc(100% - ${LABEL}px) no-repeat; }
[data-folio=overview-pages] > li > .page { position: absolute; top: 0; left: 0; transform-origin: 0 0; transform: scale(var(--scale)); pointer-events: none; }
[data-folio=overview-pages] > li > a { position: absolute; inset: 0; display: flex; align-items: flex-end; justify-content: center;
  color: var(--fg); text-decoration: none; line-height: ${LABEL}px; font-variant-numeric: tabular-nums; }
[data-folio=overview-pages] > li > [aria-current] { color: var(--link); font-weight: 700; box-shadow: inset 0 0 0 3px var(--link); }
.folio-overview-chapter { inset-inline: 0; block-size: ${HEADING}px; padding-block-start: 14px; box-sizing: border-box;
  font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }`;

// How many miniatures a row of `width` pixels holds: at least `least` pixels wide, at most `most` of them.
export function columnsFor(width, least = 96, most = 8) {
  return Math.max(1, Math.min(most, Math.floor((width + GAP) / (least + GAP))));
}

// The grid's rows, top to bottom: where a chapter starts (`starts`: its first page and title, in
// order, the first at page 1), a heading row, then its pages `columns` to a row. A heading row has
// a title; a row of pages its first and last page. Its top in pixels, and the grid's height.
export function layout(starts, pageCount, columns, rowHeight) {
  const rows = [];
  let top = 0;
  starts.forEach(({ page, title }, index) => {
    const end = starts[index + 1]?.page || pageCount + 1;
    rows.push({ top, first: page, title });
    top += HEADING;
    for (let first = page; first < end; first += columns) {
      rows.push({ top, first, last: Math.min(end, first + columns) - 1 });
      top += rowHeight;
    }
  });
  return { rows, height: top };
}

// The index of the last row for which `holds` is true, where it holds for a first run of rows; -1 for none.
function lastWhere(rows, holds) {
  let low = 0, high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (holds(rows[middle])) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

// The row that holds `page` (never a heading: the row of pages after one starts at the same page).
export const rowOf = (rows, page) => lastWhere(rows, (row) => row.first <= page);

// The rows that reach between `from` and `to` pixels down the grid: [first index, index after the last).
export const rowsBetween = (rows, from, to) =>
  [Math.max(0, lastWhere(rows, (row) => row.top <= from)), lastWhere(rows, (row) => row.top < to) + 1];

// The page a key moves to from `page`, or undefined for a key that moves nothing: ← and → one page
// (the other way in a right-to-left grid), ↑ and ↓ the same column in the row of pages above or
// below, or that row's last page when it is shorter; Home and End the first and last page.
export function moved(rows, page, key, rtl) {
  const last = rows.at(-1).last, step = { ArrowLeft: -1, ArrowRight: 1 }[key], down = { ArrowUp: -1, ArrowDown: 1 }[key];
  if (step) return Math.min(last, Math.max(1, page + (rtl ? -step : step)));
  if (key == 'Home') return 1;
  if (key == 'End') return last;
  if (!down) return undefined;
  let index = rowOf(rows, page);
  const column = page - rows[index].first;
  do index += down; while (rows[index]?.title != null);
  return rows[index] ? Math.min(rows[index].last, rows[index].first + column) : page;
}

let overview;

// The reader: { book, say, go, pages (its page cache), root, opener (the button), page (the current one) }.
export function open(reader) {
  (overview ||= make(reader)).show(reader.page);
}

function make({ book, say, go, pages, root, opener }) {
  document.head.append(element('style', { 'data-folio': 'overview-styles' }, STYLES));
  const { pageCount, pageWidth, pageHeight } = book, starts = [];
  for (let page = 1; page <= pageCount; page++) {
    const title = book.chapter(page) || '';
    if (page == 1 || title != starts.at(-1).title) starts.push({ page, title });
  }
  const list = element('ol', { 'data-folio': 'overview-pages' });
  const scroller = element('div', { class: 'folio-overview-pages' }, list);
  const close = button('close', say('close'), '×');
  const dialog = element('dialog', { 'data-folio': 'overview-panel', 'aria-label': say('overview') },
    element('div', { class: 'folio-overview-head' }, element('h2', {}, say('overview')), close), scroller);
  root.append(dialog);

  // Made items by key: a page's number, or a chapter's first page less a half for its heading.
  const items = new Map();
  let rows = [], width = 0, cell = 0, rowHeight = 0, rtl = false, current = 1, filling = 0;
  function measure() {
    width = list.clientWidth;
    const columns = columnsFor(width);
    cell = (width - (columns - 1) * GAP) / columns;
    rowHeight = (cell * pageHeight) / pageWidth + LABEL + GAP;
    const grid = layout(starts, pageCount, columns, rowHeight);
    rows = grid.rows;
    list.style.cssText = `height:${grid.height}px;--cell:${cell}px;--aspect:${pageHeight / pageWidth};--scale:${cell / pageWidth}`;
    rtl = getComputedStyle(list).direction == 'rtl';
    list.replaceChildren();
    items.clear();
  }
  const focusedPage = () => +document.activeElement.closest('[data-folio=overview-pages] > li')?.dataset.page || 0;
  function item(key) {
    const page = Math.ceil(key), index = rowOf(rows, page), row = rows[index];
    if (key != page) {
      return element('li', { class: 'folio-overview-chapter', 'aria-hidden': true, style: `top:${rows[index - 1].top}px` }, rows[index - 1].title);
    }
    const label = book.label(page), link = element('a', {
      href: book.url(page), 'data-page': page, 'aria-label': `${say('page')} ${label}, ${book.chapter(page)}` }, label);
    if (page == current) link.setAttribute('aria-current', 'page');
    return element('li', { 'data-page': page, 'aria-posinset': page, 'aria-setsize': pageCount,
      style: `top:${row.top}px;inset-inline-start:${(page - row.first) * (cell + GAP)}px` }, link);
  }
  // The rows in view and a quarter screen either side, and the focused page wherever it is; those
  // already made stay, so that focus stays.
  function render() {
    const top = scroller.scrollTop, height = scroller.clientHeight;
    const [first, end] = rowsBetween(rows, top - height / 4, top + (height * 5) / 4), wanted = new Set();
    for (let index = first; index < end; index++) {
      const row = rows[index];
      if (row.title != null) wanted.add(row.first - 0.5);
      else for (let page = row.first; page <= row.last; page++) wanted.add(page);
    }
    const focused = focusedPage();
    if (focused) wanted.add(focused);
    for (const [key, made] of items) if (!wanted.has(key)) { made.remove(); items.delete(key); }
    let following = null;
    for (const key of [...wanted].sort((a, b) => b - a)) {
      if (!items.has(key)) items.set(key, item(key));
      const made = items.get(key);
      if (made.nextSibling != following || !made.isConnected) list.insertBefore(made, following);
      following = made;
    }
    clearTimeout(filling);
    filling = setTimeout(fill, 80);
  }
  // Each page made gets its miniature: its article copied, without ids, inert and hidden from
  // screen readers, which have its link.
  function fill() {
    for (const [key, holder] of items) if (key % 1 == 0 && !holder.querySelector('.page')) {
      pages.load(key).then((article) => {
        if (items.get(key) != holder || holder.querySelector('.page')) return;
        const miniature = article.cloneNode(true);
        for (const named of miniature.querySelectorAll('[id]')) named.removeAttribute('id');
        for (const name of ['style', 'data-page']) miniature.removeAttribute(name);
        miniature.setAttribute('aria-hidden', true);
        miniature.inert = true;
        holder.prepend(miniature);
      }, () => {}); // one that cannot be loaded stays blank, with its label
    }
  }
  // Scrolled into view (with its chapter's heading, for a chapter's first row), then focused.
  function focusPage(page) {
    const index = rowOf(rows, page), above = rows[index - 1];
    const top = (above?.title != null ? above : rows[index]).top;
    const bottom = rows[index].top + rowHeight;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (bottom > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = bottom - scroller.clientHeight;
    render();
    items.get(page).lastChild.focus({ preventScroll: true });
  }
  // Closed, it holds no miniature: here, or when the browser closes it (a phone's Back).
  function hide(focus) {
    dialog.close();
    dialog.onclose();
    focus.focus();
  }
  dialog.onclose = () => {
    if (dialog.open) return; // opened again since
    clearTimeout(filling);
    list.replaceChildren();
    items.clear();
  };
  scroller.onscroll = render;
  // A new width lays the grid out again; a new height shows more rows or fewer.
  new ResizeObserver(() => {
    if (!dialog.open) return;
    const page = focusedPage();
    if (list.clientWidth != width) measure();
    page ? focusPage(page) : render();
  }).observe(scroller);
  close.onclick = () => hide(opener);
  list.onclick = (event) => {
    const link = event.target.closest('a[data-page]');
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    hide(root);
    go(+link.dataset.page);
  };
  // Keys stay here: none turns a page behind the overview.
  dialog.onkeydown = (event) => {
    event.stopPropagation();
    const page = +event.target.closest('[data-folio=overview-pages] > li > a')?.dataset.page;
    const to = page && !event.altKey && !event.ctrlKey && !event.metaKey && moved(rows, page, event.key, rtl);
    if (event.key == 'Escape') hide(opener);
    else if (to) focusPage(to);
    else return;
    event.preventDefault();
  };
  return {
    show(page) {
      current = page;
      dialog.showModal();
      measure();
      scroller.scrollTop = rows[rowOf(rows, page)].top - (scroller.clientHeight - rowHeight) / 2;
      focusPage(page);
    },
  };
}
