// A control that moved under the finger takes no tap (issue 17/21 play-test: a double tap on "Draw 1" on a
// 360 px phone sat the player out). When my action area changes height (an action answered, buttons came
// or went), every control below it moves. A tap on a control outside my cards and my action buttons is
// dropped when it is the second tap of a double tap landing on whatever moved up ("Sit out", a
// pre-action, "Leave table"): less than SETTLE_MS after the change (or an action tap), and less than
// BURST_MS after an earlier press within NEAR_PX of it. The action buttons have their own guard (`earlyTap`
// in actions.js); a tap elsewhere, or a moment later, always reaches its control.
export const SETTLE_MS = 450;
const BURST_MS = 1000;
const NEAR_PX = 48;
let changedAt = -Infinity;
let timer = null;
let presses = []; // the last two presses: {t, x, y}

// The layout under the finger has just changed (or I just acted): hold other controls' taps a moment.
export function unsettle(now = performance.now()) {
  changedAt = now;
  document.body.classList.add("settling");
  clearTimeout(timer);
  timer = setTimeout(() => document.body.classList.remove("settling"), SETTLE_MS);
}

export function settling(now = performance.now()) {
  return now - changedAt < SETTLE_MS;
}

// This click's press came soon after an earlier press at about the same place (a double tap).
function secondTap(e) {
  if (presses.length < 2) return false;
  const [before, now] = presses;
  if (e.timeStamp - now.t > BURST_MS) return false; // a click with no press of its own (a key, a script)
  return now.t - before.t < BURST_MS && Math.hypot(now.x - before.x, now.y - before.y) < NEAR_PX;
}

// Watch the areas whose height moves the controls below them; drop the taps that land too soon (counted
// in app.droppedTaps, for tests and the curious). `exempt` holds the controls guarded otherwise.
export function guardMovedControls(app, watched, exempt) {
  const heights = new Map();
  const observer = new ResizeObserver((entries) => {
    for (const e of entries) {
      const h = Math.round(e.contentRect.height);
      const before = heights.get(e.target);
      heights.set(e.target, h);
      if (before !== undefined && before !== h) unsettle();
    }
  });
  for (const el of watched) observer.observe(el);
  window.addEventListener("pointerdown", (e) => {
    presses = [...presses.slice(-1), { t: e.timeStamp, x: e.clientX, y: e.clientY }];
  }, { capture: true, passive: true });
  window.addEventListener("click", (e) => {
    if (!settling(e.timeStamp) || !secondTap(e)) return;
    const control = e.target instanceof Element ? e.target.closest("button, a, input, select, summary, label") : null;
    if (!control || exempt.some((el) => el.contains(control))) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    app.droppedTaps = (app.droppedTaps || 0) + 1;
  }, { capture: true });
}
