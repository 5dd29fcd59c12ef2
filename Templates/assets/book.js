/* The book from manifest.json, pure; pages count from 1. */
export function book(m, base) {
  const meta = m.metadata, o = (k) => meta['urn:folio:' + k], order = m.readingOrder, N = order.length;
  const { width: W, height: H } = o('page-size'), dirn = o('direction'), spine = o('spine');
  const vertical = /tb|bt/.test(dirn), reversed = /rtl|btt/.test(dirn), scrolling = o('transition') == 'scroll';
  const urls = order.map((o) => new URL(o.href, base).href);
  const side = (n) => order[n - 1].properties?.page || 'center';
  const verso = (n) => side(n) == (reversed ? 'right' : 'left');
  const canSpread = /mid|auto/.test(spine) && order.some((o) => o.properties?.page != 'center');
  const [fwd, bwd] = (vertical ? ['ArrowDown', 'ArrowUp'] : ['ArrowRight', 'ArrowLeft'])[reversed ? 'reverse' : 'slice']();
  return {
    N, W, H, vertical, reversed, scrolling, title: meta.title, side, verso,
    spread: (n, two) => n < 1 || n > N ? [] : !two ? [n]
      : verso(n) ? (n < N && !verso(n + 1) ? [n, n + 1] : [n])
      : (n > 1 && verso(n - 1) ? [n - 1, n] : [n]),
    chapter: (n) => order[n - 1].title,
    url: (n) => urls[n - 1],
    page: (url) => urls.indexOf(url.split('#')[0]) + 1,
    clamp: (n) => Math.min(N, Math.max(1, n | 0)),
    // Two pages when they come out at least 3/4 the size one would.
    twoUp: (vw, vh) => canSpread && (spine == 'mid' || vw / vh >= (1.5 * W) / H),
    hinge: (n, two) => two ? (side(n) == 'right' ? 'left' : 'right')
      : vertical ? (reversed ? 'bottom' : 'top') : (reversed ? 'right' : 'left'),
    // T turns with B on its back (0: blank) over U; flip: T unfolds.
    leaves(shown, to, two) {
      const d = to[0] > shown[0], flip = !two && !d;
      return {
        flip, T: flip ? to[0] : d ? shown.at(-1) : shown[0], B: two ? (d ? to[0] : to.at(-1)) : 0,
        U: two ? (d ? to[1] : to.length > 1 ? to[0] : null) : flip ? shown[0] : to[0],
      };
    },
    key: (k, shift) => k == fwd || k == 'PageDown' || (k == ' ' && !shift) ? 'next'
      : k == bwd || k == 'PageUp' || k == ' ' ? 'prev' : k == 'Home' ? 'first' : k == 'End' ? 'last' : null,
  };
}
