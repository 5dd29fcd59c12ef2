/* Folio reader. Without it each page document reads on its own. */
import { book as readBook } from './book.js';
import { element, button, fetchAs, pages as pageCache } from './pages.js';
import { curlEngine } from './turn.js';

const main = document.querySelector('main.book, body.front > main');
const publication = document.querySelector('link[rel=publication]');
if (main && publication) start(new URL(publication.href)).catch((error) => console.warn('Folio reader not started:', error));

async function start(base) {
  const [manifest, strings] = await Promise.all([
    fetchAs(base, 'json'), fetchAs(new URL('assets/strings.json', base), 'json').catch(() => ({}))]);
  const book = readBook(manifest, base), { pageCount, title } = book;
  const say = (key, values = {}) => (strings[key] || key).replace(/\{(\w+)\}/g, (_, name) => values[name]);

  // Absolute, as pushState may change the document's depth.
  for (const link of document.querySelectorAll('a[href]')) if (link.getAttribute('href')[0] != '#') link.href = link.href;

  const root = element('section', { 'data-folio': 'reader', 'aria-label': title, 'aria-roledescription': say('book'), tabindex: '-1' });
  const stage = element('div', { class: book.scrolling ? 'folio-scroll' : 'folio-stage', 'data-folio': 'stage' });
  const view = element('div', { class: 'folio-view' }, stage);
  const previousButton = button('prev', say('previous'), '‹'), nextButton = button('next', say('next'), '›');
  const contentsButton = element('button', {
    type: 'button', 'data-folio': 'contents', 'aria-expanded': false, 'aria-controls': 'folio-contents' }, say('contents'));
  // Search loads on first use: search.js, opened by its button, `/` or Ctrl/⌘+K.
  const searchButton = element('button', { type: 'button', 'data-folio': 'search', 'aria-expanded': false }, say('search'));
  const openSearch = searchButton.onclick = () =>
    import('./search.js').then((search) => search.open({ book, base, root, say, go, opener: searchButton }));
  // Bookmarks, per book on this device: the button, `b` and the ribbons (a rule of their own, see folio.css)
  // here; their list in the contents panel, export and import in bookmarks.js, loaded when the panel
  // opens with bookmarks or one is made.
  const bookmarksKey = 'folio-marks ' + base, ribbons = element('style');
  let bookmarked;
  const mark = (pages) => { ribbons.textContent = (bookmarked = pages).map((page) => `.page[data-page="${page}"]::after`) + '{content:""}'; };
  mark(storage(() => JSON.parse(localStorage.getItem(bookmarksKey)).filter(Number)) || []);
  document.head.append(ribbons);
  const bookmarkButton = button('bookmark', say('bookmark'), ''), importButton = button('bookmarks-import', say('import-bookmarks'));
  bookmarkButton.title = say('bookmark');
  const bookmarks = (action, page) => import('./bookmarks.js').then((module) => module.open({
    book, say, importButton, announcer, bookmarked: () => bookmarked,
    keep(pages) { mark(pages); storage(() => localStorage.setItem(bookmarksKey, JSON.stringify(pages))); updateChrome(); } })[action](page));
  bookmarkButton.onclick = () => bookmarks('toggle', engine.shown[0]);
  importButton.onclick = () => bookmarks('choose');
  // The overview loads on first use: overview.js, opened by its button or `o`.
  const overviewButton = element('button', { type: 'button', 'data-folio': 'overview', 'aria-haspopup': 'dialog' }, say('overview'));
  const openOverview = overviewButton.onclick = () => import('./overview.js')
    .then((overview) => overview.open({ book, say, go, pages, root, opener: overviewButton, page: engine.shown[0] }));
  const slider = element('input', { type: 'range', min: 1, max: pageCount, 'data-folio': 'slider', 'aria-label': say('page') });
  const indicator = element('span', { 'data-folio': 'indicator' });
  const chapterBar = element('nav', { 'data-folio': 'chapters', 'aria-label': say('chapters') });
  const chapterMark = element('span', { 'data-folio': 'chapter-indicator' });
  const panel = element('nav', { id: 'folio-contents', 'data-folio': 'contents-panel', 'aria-label': say('contents'), hidden: '' });
  const announcer = element('div', { 'data-folio': 'announce', 'aria-live': 'polite' });

  // Chapters: entries without a fragment (headings have one). The bar holds a window of them
  // around the current one; the panel, rows of the whole tree made as they scroll or take focus.
  const linkTo = (entry, ...content) => element('a', { href: entry.href, 'data-page': entry.page }, ...content);
  const flatten = (entries, level = 1) => entries.flatMap((entry) => {
    const href = new URL(entry.href, base).href;
    const sections = entry.children?.filter((child) => !child.href.includes('#')) || [];
    return [{ title: entry.title, href, page: book.page(href), level }, ...flatten(sections, level + 1)];
  });
  const rows = flatten(manifest.toc || []), chapters = rows.filter((entry) => entry.level == 1 && entry.page > 0);
  const list = element('ol', { class: 'toc', style: `height:${rows.length * 2.5}em` }), madeRows = new Map();
  panel.append(button('close', say('close')), importButton, list);
  // Offline (book.yml's `offline`): the book's service worker, but never under folio serve (its
  // live-reload script is there), and a button that loads the rest when first pressed. Else a
  // worker an earlier build of this book registered goes.
  const worker = navigator.serviceWorker, scope = new URL('./', base).href;
  if (worker && document.querySelector('link[rel=manifest]') && !document.querySelector('script[src$="_folio/live.js"]')) {
    worker.register(new URL('service-worker.js', base)).catch((error) => console.warn('Folio: not offline:', error));
    const keep = element('button', { type: 'button', 'data-folio': 'offline' }, say('keep-offline'));
    keep.onclick = () => import('./offline.js').then((offline) => offline.keep(keep, say));
    list.before(keep);
  } else worker?.getRegistration(scope).then((registration) => registration?.scope == scope && registration.unregister());
  root.append(chapterBar, view, element('div', { class: 'folio-bar' },
    previousButton, contentsButton, overviewButton, searchButton, bookmarkButton, slider, indicator, nextButton), panel, announcer);
  // Print, when the site has print.html (named in <head>): print.js loads it only when asked for, by
  // the button or by Ctrl+P / ⌘+P, which would otherwise print the reader as it stands.
  const printed = document.querySelector('link[rel=alternate][media=print]');
  const printBook = () => import('./print.js').then((print) => print.print(printed.href));
  if (printed) {
    const printButton = button('print', say('print'));
    printButton.onclick = printBook;
    searchButton.after(printButton);
  }
  const row = (index) => {
    if (!madeRows.has(index)) {
      const entry = rows[index], { level } = entry;
      madeRows.set(index, element('li', {
        'aria-level': level, 'aria-setsize': rows.length, 'aria-posinset': index + 1,
        style: `top:${2.5 * index}em;padding-inline-start:${1.5 * level - 1.5}rem` },
      // As on the contents page: the title, leaders (folio.css), the number of the page it starts on.
      linkTo(entry, element('span', {}, entry.title), element('span', { class: 'page-number' }, book.label(entry.page)))));
    }
    return madeRows.get(index);
  };
  const rowIndex = (target) => target?.closest('li')?.getAttribute('aria-posinset') - 1;
  // Rows on screen and half a screenful either side; rows already made never move, so focus stays.
  const rowHeight = () => list.firstChild?.offsetHeight || 40;
  const topRow = () => Math.floor((panel.scrollTop - list.offsetTop) / rowHeight());
  function showRowsAround(first) {
    const onScreen = Math.ceil(panel.clientHeight / rowHeight());
    const focused = panel.contains(document.activeElement) ? rowIndex(document.activeElement) : -1, wanted = [];
    const end = Math.min(rows.length, first + onScreen + (onScreen >> 1));
    for (let index = Math.max(0, first - (onScreen >> 1)); index < end; index++) wanted.push(index);
    if (focused >= 0 && !wanted.includes(focused)) wanted.push(focused);
    for (const [index, made] of madeRows) if (!wanted.includes(index)) { made.remove(); madeRows.delete(index); }
    let following = null;
    for (const index of wanted.sort((a, b) => b - a)) {
      const made = row(index);
      if (made.nextSibling != following || !made.isConnected) list.insertBefore(made, following);
      following = made;
    }
  }
  const focusRow = (index) => { showRowsAround(index); row(index).firstChild.focus(); };
  panel.onscroll = () => showRowsAround(topRow());
  panel.addEventListener('focusin', (event) => rowIndex(event.target) >= 0 && showRowsAround(rowIndex(event.target)));

  const pages = pageCache(book, root, say), ownPage = main.querySelector('article.page[data-page]');
  const firstShown = [ownPage ? book.clamp(+ownPage.dataset.page) : 1];
  if (ownPage) pages.adopt(firstShown[0], ownPage);
  // The last page read, per book, on this device: offered on the front page and the first page.
  const lastPageKey = 'folio-page ' + base, lastPage = +storage(() => localStorage.getItem(lastPageKey));
  const remember = (page) => storage(() => localStorage.setItem(lastPageKey, page));
  const offer = firstShown[0] == 1 && lastPage > 1 && lastPage <= pageCount
    && element('button', { type: 'button', 'data-folio': 'resume' }, say('continue-reading', { page: lastPage }));
  if (offer) { offer.onclick = () => go(lastPage); view.append(offer); }
  if (ownPage && !offer) remember(firstShown[0]);

  let markedChapter = 0; // none yet
  function updateChrome() {
    const page = engine.shown[0], index = chapters.findLastIndex((chapter) => chapter.page <= page), current = chapters[index];
    slider.value = page;
    slider.setAttribute('aria-valuetext', (indicator.textContent = `${page} / ${pageCount}`));
    // aria-disabled, not disabled: still reachable by Tab.
    previousButton.setAttribute('aria-disabled', page <= 1);
    nextButton.setAttribute('aria-disabled', engine.shown.at(-1) >= pageCount);
    bookmarkButton.setAttribute('aria-pressed', bookmarked.includes(page));
    if (current == markedChapter) return;
    const links = chapters.slice(Math.max(0, index - 6), index + 7).map((chapter) => linkTo(chapter, chapter.title));
    const currentLink = links.find((link) => link.dataset.page == current?.page);
    chapterBar.replaceChildren(...links, chapterMark);
    chapterMark.hidden = !(markedChapter = current);
    if (currentLink) {
      currentLink.setAttribute('aria-current', true);
      chapterMark.style.transform = `translateX(${currentLink.offsetLeft}px) scaleX(${currentLink.offsetWidth})`;
      chapterBar.scrollTo({ left: currentLink.offsetLeft - (chapterBar.clientWidth - currentLink.offsetWidth) / 2, behavior: 'smooth' });
    }
  }
  function turned(from, push) {
    const page = engine.shown[0], chapter = book.chapter(page);
    updateChrome();
    remember(page);
    if (offer) offer.remove();
    history[push ? 'pushState' : 'replaceState']({ page }, '', book.url(page));
    document.title = chapter == title ? title : `${chapter} · ${title}`;
    announcer.textContent = say('announce', { page, pages: pageCount, chapter });
    root.dispatchEvent(new CustomEvent('folio:turn', { bubbles: true, detail: { from, to: page } }));
  }

  const engine = (book.scrolling ? scrollEngine : curlEngine)({
    book, pages, view, stage, reducedMotion: matchMedia('(prefers-reduced-motion: reduce)'),
    shown: firstShown, turned, shownChanged: updateChrome });
  const editable = 'input,textarea,select,[contenteditable],dialog';
  // Zoom, in a curl book: zoom.js loads at the first pinch, Ctrl/⌘+wheel, double tap or + - 0 key.
  let zoomer, zoomLoad;
  const pointers = new Map(); // down on the stage: two pinch
  const zooming = () => zoomLoad ||= import('./zoom.js').then((module) => (zoomer = module.zoomer({
    view, stage, pointers, editable, say, announce: (text) => (announcer.textContent = text) })));
  // Every turn starts at fit.
  const turn = (page, animated, push) => { zoomer?.fit(); engine.go(page, animated, push); };
  const go = (page, { animated = true } = {}) => turn(book.clamp(page), animated, true);
  const next = () => turn(engine.shown.at(-1) + 1, true, false), previous = () => turn(engine.shown[0] - 1, true, false);
  const actions = { next, prev: previous, first: () => go(1), last: () => go(pageCount) };
  window.folio = { next, prev: previous, go, get page() { return engine.shown[0]; }, get pages() { return pageCount; },
    get zoom() { return zoomer?.scale || 1; } };

  previousButton.onclick = previous;
  nextButton.onclick = next;
  slider.onchange = () => go(+slider.value);
  const openPanel = (open) => {
    const focused = document.activeElement;
    panel.hidden = !open;
    contentsButton.setAttribute('aria-expanded', open);
    if (open && bookmarked.length) bookmarks('show');
    if (open && rows.length) focusRow(Math.max(0, rows.indexOf(markedChapter)));
    else if (!focused || focused == document.body || panel.contains(focused)) contentsButton.focus();
    if (!open) { list.replaceChildren(); madeRows.clear(); }
  };
  contentsButton.onclick = () => openPanel(panel.hidden);
  panel.firstChild.onclick = () => openPanel(false);
  root.addEventListener('click', (event) => {
    const link = event.target.closest('a[href]');
    if (!link && event.target.matches('.page img')) return import('./zoom.js').then((module) => module.enlarge(event.target, say));
    const page = link && !event.ctrlKey && !event.metaKey && !event.shiftKey && book.page(link.href);
    if (!page) return;
    event.preventDefault();
    if (!panel.hidden) openPanel(false);
    go(page);
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target, key = event.key, action = actions[book.keyAction(key, event.shiftKey)];
    if (!event.defaultPrevented && !event.altKey
      && (event.ctrlKey || event.metaKey ? key == 'k' : key == '/' && !target.closest?.(editable))) {
      event.preventDefault();
      return openSearch();
    }
    if (printed && (event.ctrlKey || event.metaKey) && key == 'p' && !event.altKey) {
      event.preventDefault();
      return printBook();
    }
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || target.closest?.(editable)) return;
    if (key == 'Escape' && !panel.hidden) return openPanel(false);
    if (!book.scrolling && '+=-0'.includes(key)) return zooming().then((zoom) => zoom.key(key));
    if (key == 'b') return bookmarkButton.click();
    if (key == 'o') return openOverview();
    const index = panel.contains(target) ? rowIndex(target) : NaN;
    const destination = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 }[key];
    if (index >= 0) return destination >= 0 && destination < rows.length && (event.preventDefault(), focusRow(destination));
    if (action && !(key == ' ' && target.closest?.('a,button'))) { event.preventDefault(); action(); }
  });
  if (!book.scrolling) listenToPointer(stage, engine, pointers, zooming, () => zoomer?.scale > 1);
  addEventListener('popstate', () => turn(book.page(location.href) || 1, false, null));

  main.replaceChildren(root); // the front page's own contents is the panel's now
  document.documentElement.classList.add('folio-reading');
  new ResizeObserver(() => { zoomer?.fit(); engine.layout(); }).observe(view);
  engine.layout();
  updateChrome();
}

// localStorage, which a browser may refuse (private windows, storage turned off).
function storage(use) {
  try { return use(); } catch { return null; }
}

// A press that moves drags or selects text, else it taps; not on links, images, controls or a
// selection. Two pointers, a double tap, Ctrl/⌘+wheel and any press on a zoomed page are zoom's.
function listenToPointer(stage, engine, pointers, zooming, zoomed) {
  let press = null, tapped = -Infinity; // when a tap last turned
  stage.addEventListener('pointerdown', (event) => {
    const article = event.target.closest('article.page'), selection = getSelection();
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size > 1 || zoomed()) {
      if (press?.dragging) engine.release(false, [], event.timeStamp);
      return void (press = null, zooming());
    }
    if (!article || event.button > 0 || event.target.closest('a,button,img,input,select,textarea,label,[contenteditable]')
      || (!selection.isCollapsed && selection.containsNode(event.target, true))) return;
    const aim = engine.aim(+article.dataset.page, event);
    if (!aim) return;
    press = { id: event.pointerId, aim, x: event.clientX, y: event.clientY, track: [], dragging: false };
    if (aim.drag) { event.preventDefault(); stage.setPointerCapture(event.pointerId); }
  });
  stage.addEventListener('pointermove', (event) => {
    if (press?.id != event.pointerId) return;
    const pointer = press.aim.pointerAt(event);
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < 6) return;
      if (!press.aim.drag) return void (press = null);
      press.dragging = engine.grab(press.aim);
    }
    engine.drag(press.aim, pointer);
    press.track.push({ time: event.timeStamp, pointer });
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    if (press?.id != event.pointerId) return;
    const released = press, up = event.type == 'pointerup';
    press = null;
    released.dragging ? engine.release(up, released.track, event.timeStamp) : up && (tapped = event.timeStamp, engine.grab(released.aim, true));
  };
  stage.addEventListener('pointerup', release);
  stage.addEventListener('pointercancel', release);
  // Not the second tap of a tap that turned.
  stage.addEventListener('dblclick', (event) => event.timeStamp - tapped > 600 && zooming().then((zoom) => zoom.toggle(event)));
  stage.addEventListener('wheel', (event) => {
    if (event.ctrlKey || event.metaKey || zoomed()) { event.preventDefault(); zooming().then((zoom) => zoom.wheel(event)); }
  }, { passive: false });
}

// The scroll transition: the pages side by side (or one above another) in a scroller that snaps.
function scrollEngine({ book, pages, stage, reducedMotion, shown, turned, shownChanged }) {
  const { pageWidth: width, pageHeight: height, pageCount, vertical, reversed } = book;
  const edge = vertical ? 'top' : 'left', scrolled = vertical ? 'scrollTop' : 'scrollLeft';
  const spacer = element('div', { class: 'folio-spacer' }), slots = new Map();
  let extent, scale, lead, across, committed = shown[0], push = false;
  stage.dir = 'ltr'; // offsets from the left or top, whatever the language
  stage.append(spacer);
  const offset = (page) => (reversed ? pageCount - page : page - 1) * extent;
  const slot = (page) => {
    let holder = slots.get(page);
    if (!holder) slots.set(page, (holder = element('div', { class: 'folio-slot', dir: document.documentElement.dir })));
    holder.style.cssText = `${edge}:${lead + offset(page)}px;${vertical ? 'left' : 'top'}:${across}px;`
      + `width:${width * scale}px;height:${height * scale}px`;
    if (!holder.isConnected) stage.append(holder);
    return holder;
  };
  function place() {
    const current = shown[0], near = [];
    for (let page = Math.max(1, current - 2); page <= Math.min(pageCount, current + 2); page++) near.push(page);
    pages.mount(near, slot);
    for (const [page, holder] of slots) if (!near.includes(page)) { holder.remove(); slots.delete(page); }
    for (const page of near) {
      const leaf = pages.leaf(page);
      slot(page);
      leaf.style.transform = `scale(${scale})`;
      pages.expose(leaf, page == current);
    }
  }
  // Snap once the scroll ends, not at slots mounted on the way.
  function scrollTo(page, smooth) {
    if (Math.abs(stage[scrolled] - offset(page)) < 1) return;
    stage.style.scrollSnapType = 'none';
    stage.scrollTo({ [edge]: offset(page), behavior: smooth ? 'smooth' : 'instant' });
  }
  stage.addEventListener('scroll', () => {
    const index = Math.round(stage[scrolled] / extent), page = book.clamp(reversed ? pageCount - index : index + 1);
    if (page == shown[0]) return;
    shown = [page];
    place();
    shownChanged();
  });
  stage.addEventListener('scrollend', () => {
    stage.style.scrollSnapType = '';
    const from = committed;
    if (from == (committed = shown[0])) return;
    turned(from, push);
    push = false;
  });
  return {
    get shown() { return shown; },
    layout() {
      const viewWidth = stage.clientWidth, viewHeight = stage.clientHeight;
      scale = Math.min(viewWidth / width, viewHeight / height) * 0.96;
      extent = (vertical ? height : width) * scale + 16;
      // room to centre the ends
      lead = ((vertical ? viewHeight : viewWidth) - extent + 16) / 2;
      across = (vertical ? viewWidth - width * scale : viewHeight - height * scale) / 2;
      spacer.style.cssText = `${vertical ? 'height' : 'width'}:${2 * lead + pageCount * extent - 16}px`;
      place();
      scrollTo(shown[0], false);
    },
    go(page, animated, jump) {
      if (page < 1 || page > pageCount || page == shown[0]) return;
      push ||= jump;
      scrollTo(page, animated && !reducedMotion.matches);
    },
  };
}
