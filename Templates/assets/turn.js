/* Curl engine, a state machine: idle → dragging → animating → settled → idle. */
import * as geometry from './curl.js';
import { element } from './pages.js';

const TURN_MS = 500, JUMP_MS = 350;

// A turn moves its two leaves into a fold: a box whose edge is the fold line, clipping to the side
// away from the corner (overflow, not clip-path: each frame changes only transforms, so no page is
// restyled or repainted); inside it, a flat frame puts them back in stage coordinates.
const alongFold = ({ point, normal }, before) =>
  [normal.x, normal.y, -normal.y, normal.x, point.x + before * normal.y, point.y - before * normal.x]; // x along the normal
const inverse = ([a, b, c, d, e, f]) => [a, c, b, d, -a * e - b * f, -c * e - d * f];
const matrix = (values) => `matrix(${values})`;

/* One turn of a leaf, from its start to where it settles: the leaves it moves (see book.leaves),
   the spread it turns to, the corner that leads and where the pointer has taken it. Unfolding,
   it goes from folded (home) to flat (goal); else from flat to folded. */
class Turn {
  constructor({ unfolds, turning, back, under }, to, hinge, corner, over, push) {
    Object.assign(this, { unfolds, turning, back, under, to, hinge, corner, push });
    this.home = unfolds ? over : corner;
    this.goal = unfolds ? corner : over;
    this.pointer = this.home;
    this.progress = 0; // 0 where it started, 1 turned
    this.animation = null; // once let go: { from, to, completes, lift, start, ms }
  }
}

// The engine's phases: idle (no turn), dragging, animating, settled (the turn put away).
const IDLE = 'idle', DRAGGING = 'dragging', ANIMATING = 'animating', SETTLED = 'settled';

// The engine holds what is shown (starting with `shown`, the first spread's pages) and calls
// turned(from, push) once a turn or a jump has changed the page, shownChanged() when the spread
// changed without a turn (one page shown, or two, as the view's shape changed).
export function curlEngine({ book, pages, view, stage, reducedMotion, shown, turned, shownChanged }) {
  const { pageWidth: width, pageHeight: height } = book, blank = element('div', { class: 'page folio-back' });
  const foldSize = 4 * (2 * width + height), flat = element('div');
  const fold = element('div', { class: 'folio-fold', style: `width:${foldSize}px;height:${foldSize}px` }, flat);
  let phase = IDLE, turn = null, twoUp = false, scale, frameRequest;
  const after = () => book.spread(shown.at(-1) + 1, twoUp), before = () => book.spread(shown[0] - 1, twoUp);
  const slot = (page) => (twoUp && book.side(page) == 'right' ? width : 0);
  const leafOf = (page) => (page ? pages.leaves.get(page) : blank);

  // At rest neighbours are mounted, hidden and inert, so a drag starts at once.
  function place() {
    const { turning, back, under, to } = turn || {}, x = turn && slot(turning);
    pages.mount(turn ? [...new Set([...shown, ...to])] : [...before(), ...shown, ...after()], () => stage);
    for (const [page, leaf] of pages.leaves) {
      const visible = shown.includes(page);
      leaf.style.cssText = `left:${page == back ? x : slot(page)}px;z-index:${page == turning ? 3 : page == back ? 4 : 1}`
        + (visible || page == turning || page == back || page == under ? '' : ';visibility:hidden');
      turn || pages.expose(leaf, visible);
    }
    if (!turn) return;
    blank.style.cssText = `left:${x}px;z-index:4`;
    for (const leaf of [leafOf(turning), leafOf(back)]) if (leaf.contains(document.activeElement)) pages.keepFocus(); // moving drops focus
    flat.append(leafOf(turning), leafOf(back));
    stage.append(fold);
  }
  function draw() {
    const { turning, back, corner, hinge, pointer } = turn, curled = geometry.curl(width, height, corner, pointer, hinge);
    turn.progress = turn.unfolds ? 1 - curled.progress : curled.progress;
    // In stage px; flat, the fold passes through the corner, facing away from the page.
    const { point, normal } = curled.fold || { point: corner, normal: { x: corner.x - width / 2, y: corner.y - height / 2 } };
    const length = Math.hypot(normal.x, normal.y);
    const box = alongFold({ point: { x: point.x + slot(turning), y: point.y }, normal: { x: -normal.x / length, y: -normal.y / length } }, foldSize / 2);
    fold.style.transform = matrix(box);
    flat.style.transform = matrix(inverse(box));
    leafOf(back).style.transform = curled.fold ? matrix(curled.backMatrix) : 'scale(0)';
  }

  function begin(to, press, push) {
    const leaves = book.leaves(shown, to, twoUp), hinge = book.hinge(leaves.turning, twoUp);
    const corner = geometry.nearestCorner(press || { x: width / 2, y: height }, hinge, width, height);
    turn = new Turn(leaves, to, hinge, corner, geometry.turnedOver(corner, hinge, width, height), push);
    place();
    draw();
  }
  function animate(completes, ms, lift) {
    if (reducedMotion.matches) return settle(completes);
    phase = ANIMATING;
    const left = Math.abs(completes ? 1 - turn.progress : turn.progress);
    turn.animation = { from: turn.pointer, to: completes ? turn.goal : turn.home, completes, lift, start: performance.now(), ms: Math.max(120, ms * left) };
    requestFrame();
  }
  const requestFrame = () => { frameRequest ||= requestAnimationFrame(frame); };
  function frame(now) {
    frameRequest = 0;
    if (phase == IDLE) return;
    const animation = turn.animation, moving = phase == ANIMATING;
    if (moving) {
      const time = Math.min(1, (now - animation.start) / animation.ms);
      turn.pointer = geometry.animationPoint(animation.from, animation.to, time, animation.lift, turn.corner, turn.hinge, width, height);
      if (time >= 1) return settle(animation.completes);
    }
    draw();
    if (moving) requestFrame();
  }
  function settle(completes) {
    phase = SETTLED;
    const from = shown[0], { to, push } = turn;
    turn = null;
    stage.append(...flat.children);
    blank.remove();
    fold.remove();
    if (completes) shown = to;
    place();
    phase = IDLE;
    if (completes) turned(from, push);
  }

  return {
    get shown() { return shown; },
    get twoUp() { return twoUp; },
    layout() {
      if (phase != IDLE) settle(phase == ANIMATING && turn.animation.completes);
      const viewWidth = view.clientWidth, viewHeight = view.clientHeight, fits = book.fitsTwoUp(viewWidth, viewHeight);
      if (fits != twoUp) { twoUp = fits; shown = book.spread(shown[0], fits); shownChanged(); }
      const stageWidth = twoUp ? 2 * width : width;
      scale = Math.min(viewWidth / stageWidth, viewHeight / height) * 0.96;
      stage.style.cssText = `width:${stageWidth}px;height:${height}px;`
        + `transform:translate(${(viewWidth - stageWidth * scale) / 2}px,${(viewHeight - height * scale) / 2}px) scale(${scale})`;
      place();
    },
    async go(page, animated, push) {
      if (page < 1 || page > book.pageCount || phase == DRAGGING) return;
      if (phase == ANIMATING) settle(turn.animation.completes);
      const to = book.spread(page, twoUp), from = shown[0];
      if (to[0] == from) return;
      if (!animated || reducedMotion.matches) { shown = to; place(); return turned(from, push); }
      const near = page == shown.at(-1) + 1 || to.at(-1) == from - 1;
      if (!near) await Promise.allSettled(to.map(pages.load)); // not placeholders
      if (phase != IDLE) return;
      begin(to, null, push);
      animate(true, near ? TURN_MS : JUMP_MS, true);
    },
    // Where a press on `page` would take the book: its spread, the press in page px, how to
    // place later pointer events, and whether it may drag (else only tap).
    aim(page, event) {
      if (phase != IDLE) return;
      const box = stage.getBoundingClientRect(), left = slot(page);
      const pointerAt = (e) => ({ x: (e.clientX - box.left) / scale - left, y: (e.clientY - box.top) / scale });
      const press = pointerAt(event), grip = geometry.grip(press, book.hinge(page, twoUp), width, height, !twoUp);
      const to = !grip ? [] : (twoUp ? !book.verso(page) : !grip.back) ? after() : before();
      return to.length && { to, press, pointerAt, drag: grip.drag };
    },
    grab(aim, tap) {
      if (phase != IDLE) return false;
      begin(aim.to, aim.press, false);
      tap ? animate(true, TURN_MS, true) : (phase = DRAGGING);
      return true;
    },
    drag(aim, pointer) {
      if (phase != DRAGGING) return;
      turn.pointer = geometry.follow(turn.corner, aim.press, pointer, turn.unfolds);
      requestFrame();
    },
    release(up, track, now) {
      if (phase != DRAGGING) return;
      const velocity = geometry.velocity(track, now, turn.hinge, width, height);
      animate(up && geometry.completes(turn.progress, turn.unfolds ? -velocity : velocity), TURN_MS, false);
    },
  };
}
