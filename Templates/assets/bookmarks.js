/* Bookmarks: their list in the contents panel, each a link to its page, and their export and import
   as a small JSON file. Loaded by the reader when the panel opens with bookmarks or one is made; the
   reader keeps them (localStorage) and shows the current page's on its button. */
import { element, button } from './pages.js';

// The pages bookmarked, as kept: whole pages of the book, once each, in order.
export const merge = (pages, more, pageCount) =>
  [...new Set([...pages, ...more])].filter((page) => Number.isInteger(page) && page >= 1 && page <= pageCount).sort((a, b) => a - b);

export const toggled = (pages, page) => pages.includes(page) ? pages.filter((kept) => kept != page) : merge(pages, [page], Infinity);

// The file's name, from the title as Folio names a book's PDF and EPUB (FolioBase's slugify).
export const slug = (title) =>
  title.toLowerCase().split(/[\s-]+/).map((word) => word.replace(/[^\p{L}\p{M}\p{N}_]/gu, '')).filter(Boolean).join('-') || 'book';

// The page numbers and chapters go along for whoever reads the file; only `page` is read back.
export const serialise = (book, pages) => JSON.stringify({
  book: book.identifier, title: book.title,
  marks: pages.map((page) => ({ page, label: book.label(page), chapter: book.chapter(page) })),
}, null, 2);

// An exported file's pages for this book, or the string that says why there are none.
export function read(text, book) {
  let file;
  try { file = JSON.parse(text); } catch { file = null; }
  if (typeof file?.book != 'string' || !Array.isArray(file.marks)) return { error: 'bookmarks-unreadable' };
  if (file.book != book.identifier) return { error: 'bookmarks-other-book', title: file.title || file.book };
  return { pages: merge([], file.marks.map((mark) => mark?.page), book.pageCount) };
}

// The contents rows are placed one by one (folio.css); the bookmarks flow above them.
const STYLES = `
[data-folio=bookmarks] h2 { margin: .25rem .5rem; font-size: 1rem; }
[data-folio=bookmarks] ul { margin: 0 0 .5rem; padding: 0; list-style: none; }
[data-folio=bookmarks] li { position: static; height: auto; display: flex; align-items: center; gap: .25rem; }
[data-folio=bookmarks] a { flex: 1; min-inline-size: 0; padding: .4rem .5rem; border-radius: 6px; text-decoration: none; }
[data-folio=contents-panel] > :is([data-folio=bookmarks], [data-folio=bookmarks-import]) { margin-block-end: .5rem; }
[data-folio=bookmarks-status]:empty { display: none; }`;

let made;

export const open = (reader) => (made ||= make(reader));

function make({ book, say, importButton, announcer, bookmarked, keep }) {
  document.head.append(element('style', { 'data-folio': 'bookmarks-styles' }, STYLES));
  const heading = element('h2', { id: 'folio-bookmarks' }, say('bookmarks'));
  const list = element('ul', {}), exportButton = button('bookmarks-export', say('export-bookmarks'));
  const section = element('section', { 'data-folio': 'bookmarks', 'aria-labelledby': heading.id }, heading, list, exportButton);
  const chooser = element('input', { type: 'file', accept: '.json,application/json', hidden: '', tabindex: '-1' });
  const status = element('p', { 'data-folio': 'bookmarks-status', role: 'status' });
  importButton.before(section);
  importButton.after(chooser, status);

  const set = (pages) => { keep(pages); render(); };
  function render() {
    const pages = bookmarked();
    section.hidden = !pages.length;
    list.replaceChildren(...pages.map((page) => {
      const label = book.label(page), remove = button('bookmark-remove', say('remove-bookmark', { page: label }), '×');
      remove.onclick = () => {
        const index = bookmarked().indexOf(page);
        set(toggled(bookmarked(), page));
        const next = list.children[index] || list.lastElementChild;
        (next ? next.querySelector('button') : importButton).focus();
      };
      return element('li', {}, element('a', { href: book.url(page), 'data-page': page },
        element('span', {}, book.chapter(page) || ''), element('span', { class: 'page-number' }, label)), remove);
    }));
  }
  // A data: address, so there is no object URL to revoke.
  exportButton.onclick = () => element('a', {
    href: 'data:application/json;charset=utf-8,' + encodeURIComponent(serialise(book, bookmarked())),
    download: slug(book.title) + '-bookmarks.json' }).click();
  chooser.onchange = async () => {
    const file = chooser.files[0];
    chooser.value = '';
    if (!file) return;
    const imported = read(await file.text().catch(() => ''), book);
    if (imported.pages) set(merge(bookmarked(), imported.pages, book.pageCount));
    status.textContent = say(imported.error || 'bookmarks-imported', { count: imported.pages?.length, book: imported.title });
  };
  set(merge([], bookmarked(), book.pageCount)); // any past the last page were kept by a longer edition of the book
  return {
    // The panel has just opened with its focus on the current chapter: keep that in view.
    show() { render(); status.textContent = ''; document.activeElement?.scrollIntoView({ block: 'nearest' }); },
    toggle(page) {
      const marking = !bookmarked().includes(page);
      set(toggled(bookmarked(), page));
      announcer.textContent = say(marking ? 'bookmark-added' : 'bookmark-removed', { page: book.label(page) });
    },
    choose: () => chooser.click(),
  };
}
