/* Input: the keyboard for every book, the pointer on a curl book's stage. Links, controls and
   selected text inside pages never start a turn. */

// act: {next, prev, first, last}; escape() is true when it closed something.
export function keyboard(b, act, escape) {
  document.addEventListener('keydown', (e) => {
    const t = e.target, k = e.key;
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || t.closest?.('input,textarea,select,[contenteditable]')) return;
    if (k == 'Escape' && escape()) return;
    if (k == ' ' && t.closest?.('a,button')) return;
    const f = act[b.key(k, e.shiftKey)];
    if (f) { e.preventDefault(); f(); }
  });
}

// E: the curl engine (turn.js). A press that moves at least 6 px drags the curl if it began on
// the page's outer edge, and is a text selection otherwise; one that does not move is a tap.
export function pointer(stage, E) {
  let press = null;
  stage.addEventListener('pointerdown', (e) => {
    const a = e.target.closest('article.page'), sel = getSelection();
    if (!a || e.button > 0 || e.target.closest('a,button,input,select,textarea,label,[contenteditable]')) return;
    if (!sel.isCollapsed && sel.containsNode(e.target, true)) return;
    const aim = E.aim(+a.dataset.page, e);
    if (!aim) return;
    press = { id: e.pointerId, aim, x: e.clientX, y: e.clientY, track: [] };
    if (aim.drag) { e.preventDefault(); stage.setPointerCapture(e.pointerId); }
  });
  stage.addEventListener('pointermove', (e) => {
    if (press?.id != e.pointerId) return;
    const f = press.aim.at(e);
    if (!press.on) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < 6) return;
      if (!press.aim.drag) return void (press = null);
      press.on = E.grab(press.aim);
    }
    E.drag(press.aim, f);
    press.track.push({ t: e.timeStamp, f });
    if (press.track.length > 6) press.track.shift();
  });
  const release = (e) => {
    if (press?.id != e.pointerId) return;
    const p = press, up = e.type == 'pointerup';
    press = null;
    if (!p.on) { if (up) E.grab(p.aim, true); return; }
    E.release(up, p.track, e.timeStamp);
  };
  stage.addEventListener('pointerup', release);
  stage.addEventListener('pointercancel', release);
}
