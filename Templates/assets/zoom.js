/* Zoom, loaded on first use: the page view larger (pinch, Ctrl/⌘+wheel, double tap, + - 0) and
   panned; an image shown larger with its alt text. The stage is scaled with CSS, so text stays text. */
import { element, button } from './pages.js';

export const MIN = 1, MAX = 4;
const FIT = { scale: 1, x: 0, y: 0 };
const clamp = (value, low, high) => Math.min(high, Math.max(low, value));
const between = (p, q) => ({ x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 });
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/* A zoom is { scale, x, y }: the fitted view scaled about the view's top left corner, then moved
   by (x, y), so a point at p of the fitted view shows at (x, y) + scale·p. */

// Zoom to `scale`, within MIN and MAX, keeping what is at `point` (view px) where it is.
export function zoomAbout(zoom, scale, point) {
  const to = clamp(scale, MIN, MAX), ratio = to / zoom.scale;
  return { scale: to, x: point.x - ratio * (point.x - zoom.x), y: point.y - ratio * (point.y - zoom.y) };
}

// Along one axis, a box at `start` of `size` (fitted) in a view `extent` long: larger than the
// view, the box still covers it; smaller, it is centred. So a page is never dragged out of view.
export function clampAxis(offset, scale, start, size, extent) {
  const far = extent - scale * (start + size), near = -scale * start;
  return scale * size > extent ? clamp(offset, far, near) : (far + near) / 2;
}
export const clampZoom = (zoom, box, width, height) => ({
  scale: zoom.scale,
  x: clampAxis(zoom.x, zoom.scale, box.left, box.width, width),
  y: clampAxis(zoom.y, zoom.scale, box.top, box.height, height),
});

// Two pointers from [a, b] to [c, d]: the scale follows their distance, and what was between them
// follows the point between them.
export function pinch(zoom, [a, b], [c, d]) {
  const from = between(a, b), to = between(c, d);
  const zoomed = zoomAbout(zoom, zoom.scale * (Math.hypot(c.x - d.x, c.y - d.y) / Math.hypot(a.x - b.x, a.y - b.y) || 1), from);
  return { ...zoomed, x: zoomed.x + to.x - from.x, y: zoomed.y + to.y - from.y };
}

// The keys' steps: + and - go to the next half (150%, 200%, …).
export const step = (scale, up) => (up ? Math.floor(scale * 2 + 1e-6) + 1 : Math.ceil(scale * 2 - 1e-6) - 1) / 2;

const STYLES = `
@media (prefers-reduced-motion: no-preference) { .folio-glide { transition: scale .2s, translate .2s; } }
[data-folio=image][open] { box-sizing: border-box; display: flex; flex-direction: column; inline-size: 100%; block-size: 100%; max-inline-size: none; max-block-size: none; margin: 0; padding: .5rem; border: 0; background: var(--bg); color: var(--fg); }
[data-folio=image]::backdrop { background: rgba(0,0,0,.6); }
[data-folio=image] figure { flex: 1; min-block-size: 0; display: flex; flex-direction: column; margin: 0; }
[data-folio=image] img { flex: 1; min-block-size: 0; inline-size: 100%; max-inline-size: none; object-fit: contain; }
[data-folio=image] figcaption { margin-block-start: .5rem; text-align: center; font: .875rem/1.4 var(--sans); }`;
let styled;
const style = () => styled ||= document.head.appendChild(element('style', { 'data-folio': 'zoom-styles' }, STYLES));

// The zoom of the stage in the view. `pointers` are those down on the stage (reader.js keeps them;
// here their moves); `announce` tells screen readers the zoom once it settles; no key zooms or
// pans in an `editable` element.
export function zoomer({ view, stage, pointers, editable, say, announce }) {
  let current = FIT, base, moved = false, saying = 0;
  style();
  const inView = ({ x, y }) => { const box = view.getBoundingClientRect(); return { x: x - box.left, y: y - box.top }; };
  // The stage as fitted (its own transform, which turn.js sets), in view px.
  function fitted() {
    const { a, d, e, f } = new DOMMatrix(getComputedStyle(stage).transform);
    return { left: e, top: f, width: stage.offsetWidth * a, height: stage.offsetHeight * d };
  }
  function show(zoom, glide, quiet) {
    current = zoom.scale == 1 ? FIT : clampZoom(zoom, fitted(), view.clientWidth, view.clientHeight);
    stage.classList.toggle('folio-glide', glide);
    stage.style.translate = current == FIT ? '' : `${current.x}px ${current.y}px`;
    stage.style.scale = current == FIT ? '' : current.scale;
    clearTimeout(saying);
    if (!quiet) saying = setTimeout(() => announce(say('zoom', { percent: Math.round(current.scale * 100) })), 300);
  }
  // A gesture runs from the pointers and the zoom as they were when the last one went down or up.
  const rebase = () => { base = { zoom: current, points: [...pointers.values()].map(inView) }; };
  const active = () => current.scale > 1 || pointers.size > 1;
  rebase();

  stage.addEventListener('pointerdown', (event) => {
    moved = false;
    if (active()) { event.preventDefault(); rebase(); }
  });
  stage.addEventListener('pointermove', (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (!active()) return;
    const points = [...pointers.values()].map(inView), [from] = base.points;
    if (points.length > 1) return show(pinch(base.zoom, base.points, points), false, true);
    if (!moved && Math.hypot(points[0].x - from.x, points[0].y - from.y) < 6) return;
    if (!moved) { moved = true; stage.setPointerCapture(event.pointerId); }
    show({ ...base.zoom, x: base.zoom.x + points[0].x - from.x, y: base.zoom.y + points[0].y - from.y }, false, true);
  });
  const lift = () => { if (base.points.length > 1) show(current, false); rebase(); };
  stage.addEventListener('pointerup', lift);
  stage.addEventListener('pointercancel', lift);
  // A drag that panned is not a click: no link followed, no image opened.
  stage.addEventListener('click', (event) => {
    if (moved) { moved = false; event.preventDefault(); event.stopPropagation(); }
  }, true);

  // Shift+arrow shows more of a zoomed page that way, a tenth of the view a step; before
  // reader.js's keys, where an arrow alone turns the page.
  document.addEventListener('keydown', (event) => {
    const [across, down] = ARROWS[event.key] || [];
    if (current.scale == 1 || !event.shiftKey || across == null || event.altKey || event.ctrlKey || event.metaKey
      || event.target.closest?.(editable)) return;
    event.preventDefault();
    show({ ...current, x: current.x - across * view.clientWidth / 10, y: current.y - down * view.clientHeight / 10 }, true, true);
  }, true);

  const centre = () => ({ x: view.clientWidth / 2, y: view.clientHeight / 2 });
  return {
    get scale() { return current.scale; },
    key: (key) => show(key == '0' ? FIT : zoomAbout(current, step(current.scale, key != '-'), centre()), true),
    // Ctrl/⌘+wheel (and a trackpad's pinch) zooms at the pointer; a wheel alone pans a zoomed page.
    wheel(event) {
      const by = event.ctrlKey || event.metaKey;
      show(by ? zoomAbout(current, current.scale * 2 ** (-event.deltaY / 200), inView({ x: event.clientX, y: event.clientY }))
        : { ...current, x: current.x - event.deltaX, y: current.y - event.deltaY }, false, !by);
    },
    // A double tap or click: twice the size at that point, or back to fit; not a word selected.
    toggle(event) {
      getSelection().removeAllRanges();
      show(current.scale > 1 ? FIT : zoomAbout(current, 2, inView({ x: event.clientX, y: event.clientY })), true);
    },
    fit() { if (current != FIT) show(FIT, false, true); },
  };
}

// An image shown larger, up to the size of the window, its alt text below it, in a modal dialog;
// Escape, a click or Close closes it and focus returns to the image.
export function enlarge(image, say) {
  style();
  const alt = image.alt, caption = element('figcaption', { id: 'folio-image-caption' }, alt);
  const dialog = element('dialog', { 'data-folio': 'image', ...(alt ? { 'aria-labelledby': caption.id } : { 'aria-label': say('image') }) },
    button('close', say('close')), element('figure', {}, element('img', { src: image.currentSrc || image.src, alt: '' }), ...(alt ? [caption] : [])));
  dialog.onclick = () => dialog.close();
  dialog.onclose = () => {
    dialog.remove();
    if (image.tabIndex < 0) image.tabIndex = -1; // focusable, not in the Tab order
    image.focus();
  };
  document.body.append(dialog);
  dialog.showModal();
}
