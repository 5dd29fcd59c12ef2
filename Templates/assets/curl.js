/* Curl geometry after StPageFlip, pure, in page px: the corner lifted, the pointer dragging it. */
const EPSILON = 1e-6;
const minus = (p, q) => ({ x: p.x - q.x, y: p.y - q.y });
const between = (p, q, t) => ({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
const length = (v) => Math.hypot(v.x, v.y);
const clampToUnit = (v) => (v > 0 ? (v < 1 ? v : 1) : 0); // NaN → 0
const horizontal = (spine) => spine != 'top' && spine != 'bottom';
const hingeOrigin = (spine, width, height) => ({ x: spine == 'right' ? width : 0, y: spine == 'bottom' ? height : 0 });
// A move's share of the page, toward the spine.
const towardSpine = (v, spine, width, height) => ({ right: v.x / width, top: -v.y / height, bottom: v.y / height })[spine] ?? -v.x / width;

// The fold line: its point halfway from corner to pointer, its unit normal toward the corner.
function foldLine(corner, pointer) {
  const d = minus(corner, pointer), l = length(d);
  return { point: between(corner, pointer, 0.5), normal: l > EPSILON ? { x: d.x / l, y: d.y / l } : null };
}
// Where the corner lands with the page turned right over.
export const turnedOver = (corner, spine, width, height, origin = hingeOrigin(spine, width, height)) =>
  horizontal(spine) ? { x: 2 * origin.x - corner.x, y: corner.y } : { x: corner.x, y: 2 * origin.y - corner.y };

export const nearestCorner = (press, spine, width, height) => horizontal(spine)
  ? { x: spine == 'left' ? width : 0, y: press.y < height / 2 ? 0 : height }
  : { x: press.x < width / 2 ? 0 : width, y: spine == 'top' ? height : 0 };

// Paper can't stretch: the pointer stays within reach of both spine corners. The back is
// pre-flipped so its text reads right.
export function curl(width, height, corner, pointer, spine) {
  const near = hingeOrigin(spine, width, height), far = horizontal(spine) ? { x: near.x, y: height } : { x: width, y: near.y };
  const nearReach = length(minus(corner, near)), farReach = length(minus(corner, far));
  const within = (origin, reach, l = length(minus(pointer, origin))) => l > reach ? between(origin, pointer, reach / l) : pointer;
  const nearHeld = within(near, nearReach), farHeld = within(far, farReach), over = turnedOver(corner, spine, width, height);
  const held = length(minus(nearHeld, far)) <= farReach + EPSILON ? nearHeld
    : length(minus(farHeld, near)) <= nearReach + EPSILON ? farHeld
    : length(minus(over, pointer)) < length(minus(corner, pointer)) ? over : { ...corner };
  const fold = foldLine(corner, held), n = fold.normal;
  // The reflection about the fold line, as a CSS matrix(a, b, c, d, e, f).
  const offset = n && 2 * (fold.point.x * n.x + fold.point.y * n.y), shear = n && -2 * n.x * n.y;
  const [a, b, c, d, e, f] = n ? [1 - 2 * n.x * n.x, shear, shear, 1 - 2 * n.y * n.y, offset * n.x, offset * n.y] : [1, 0, 0, 1, 0, 0];
  return {
    pointer: held, progress: clampToUnit(towardSpine(minus(held, corner), spine, width, height) / 2), matrix: [a, b, c, d, e, f],
    backMatrix: horizontal(spine) ? [-a, -b, c, d, a * width + e, b * width + f] : [a, b, -c, -d, c * height + e, d * height + f],
    fold: n && fold, // point on the fold line, normal its unit normal toward the corner
  };
}

// Taps turn from the outer 35 %, drags from the outer 15 %.
export function grip(press, spine, width, height, single) {
  const across = -towardSpine(minus(press, hingeOrigin(spine, width, height)), spine, width, height);
  const back = single && across < 0.5, outward = back ? 1 - across : across;
  return outward < 0.65 ? null : { back, drag: outward > 0.85 };
}

// Unfolding, the fold follows the pointer; else the corner does.
export const follow = (corner, press, pointer, unfold) => unfold ? between(corner, pointer, 2)
  : { x: corner.x + pointer.x - press.x, y: corner.y + pointer.y - press.y };

// Page widths a second toward the spine, over 100 ms.
export function velocity(track, now, spine, width, height) {
  const recent = track.filter((sample) => now - sample.time < 100), first = recent[0], last = recent.at(-1);
  const seconds = first && (last.time - first.time) / 1000;
  return seconds > 0 ? towardSpine(minus(last.pointer, first.pointer), spine, width, height) / seconds : 0;
}

export const completes = (progress, velocity, flick = 1.2) => velocity > flick || (velocity >= -flick && progress > 0.5);

// Lifted, the page curls rather than slides.
export function animationPoint(from, to, time, lift, corner, spine, width, height) {
  const point = between(from, to, 1 - (1 - clampToUnit(time)) ** 3), across = horizontal(spine) ? 'y' : 'x';
  if (lift) point[across] += ((across == 'y' ? height : width) / 2 - corner[across]) * 0.3 * Math.sin(Math.PI * clampToUnit(time));
  return point;
}
