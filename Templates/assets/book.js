/* The book from manifest.json, pure; pages count from 1. */
export function book(manifest, base) {
  const metadata = manifest.metadata, option = (name) => metadata['urn:folio:' + name];
  const readingOrder = manifest.readingOrder, pageCount = readingOrder.length;
  const { width: pageWidth, height: pageHeight } = option('page-size'), direction = option('direction'), spine = option('spine');
  const vertical = /tb|bt/.test(direction), reversed = /rtl|btt/.test(direction), scrolling = option('transition') == 'scroll';
  const urls = readingOrder.map((entry) => new URL(entry.href, base).href);
  const labels = manifest.pageList.map((entry) => entry.title);
  const side = (page) => readingOrder[page - 1].properties?.page || 'center';
  const verso = (page) => side(page) == (reversed ? 'right' : 'left');
  const canSpread = /mid|auto/.test(spine) && readingOrder.some((entry) => entry.properties?.page != 'center');
  const [forwardKey, backwardKey] = (vertical ? ['ArrowDown', 'ArrowUp'] : ['ArrowRight', 'ArrowLeft'])[reversed ? 'reverse' : 'slice']();
  return {
    pageCount, pageWidth, pageHeight, vertical, reversed, scrolling, title: metadata.title, identifier: metadata.identifier, side, verso,
    // The pages shown together with `page`: its spread when two are shown, else itself.
    spread: (page, twoUp) => page < 1 || page > pageCount ? [] : !twoUp ? [page]
      : verso(page) ? (page < pageCount && !verso(page + 1) ? [page, page + 1] : [page])
      : (page > 1 && verso(page - 1) ? [page - 1, page] : [page]),
    chapter: (page) => readingOrder[page - 1].title,
    url: (page) => urls[page - 1],
    // The number a page shows: front matter in roman numerals, the chapters' pages from 1.
    label: (page) => labels[page - 1],
    page: (url) => urls.indexOf(url.split('#')[0]) + 1,
    clamp: (page) => Math.min(pageCount, Math.max(1, page | 0)),
    // Two pages when they come out at least 3/4 the size one would.
    fitsTwoUp: (viewWidth, viewHeight) => canSpread && (spine == 'mid' || viewWidth / viewHeight >= (1.5 * pageWidth) / pageHeight),
    hinge: (page, twoUp) => twoUp ? (side(page) == 'right' ? 'left' : 'right')
      : vertical ? (reversed ? 'bottom' : 'top') : (reversed ? 'right' : 'left'),
    // The turning page turns with `back` on its back (0: a blank) over `under`; `unfolds`: the
    // turning page unfolds (a single page turned back) rather than folds away.
    leaves(shown, to, twoUp) {
      const forward = to[0] > shown[0], unfolds = !twoUp && !forward;
      return {
        unfolds,
        turning: unfolds ? to[0] : forward ? shown.at(-1) : shown[0],
        back: twoUp ? (forward ? to[0] : to.at(-1)) : 0,
        under: twoUp ? (forward ? to[1] : to.length > 1 ? to[0] : null) : unfolds ? shown[0] : to[0],
      };
    },
    keyAction: (key, shift) => key == forwardKey || key == 'PageDown' || (key == ' ' && !shift) ? 'next'
      : key == backwardKey || key == 'PageUp' || key == ' ' ? 'prev' : key == 'Home' ? 'first' : key == 'End' ? 'last' : null,
  };
}
