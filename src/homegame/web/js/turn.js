// My turn while I read the chat or the log below the table (a phone): the action area is brought back
// into view once per decision (smoothly, unless the device asks for reduced motion), and the tab bar's
// Table tab carries a dot until the decision is answered. The beep and the page title: js/prefs.js.

let broughtFor = null; // the decision the action area was last brought into view for

// Called on every state and clock tick with the decision I owe (null: none).
export function cueMyTurn(decision) {
  const mine = decision !== null && decision !== undefined;
  markTableTab(mine);
  if (!mine) {
    broughtFor = null;
    return;
  }
  if (broughtFor === decision) return;
  broughtFor = decision;
  bringActionsIntoView();
}

// The Table tab's dot (the tab bar is redrawn when its panels change, so this is set on every call).
function markTableTab(mine) {
  const tab = document.querySelector('#tabs .tab[data-tab="table"]');
  if (!tab || tab.classList.contains("my-turn") === mine) return;
  tab.classList.toggle("my-turn", mine);
  if (mine) tab.setAttribute("aria-label", "Table: your turn");
  else tab.removeAttribute("aria-label");
}

// Scroll to the top of the page where that shows my buttons (on a phone at scroll 0 the status line, the
// felt, my cards and my buttons fit between the top bar and the tab bar), else to the status line where
// that does, else as little as shows my action area with as much of the table above it as fits. Nothing
// moves when the buttons are already in view, nor while I am typing below the table (the chat, a host's
// form): the lit tab, the title and the beep still say it.
function bringActionsIntoView() {
  const actions = document.getElementById("actions");
  if (!actions || !actions.querySelector("button, input")) return;
  const typing = document.activeElement?.matches("#drawers input:not([type=range]):not([type=checkbox]), #drawers textarea, #drawers select");
  if (typing) return;
  const b = actions.getBoundingClientRect();
  const top = document.querySelector(".topbar")?.getBoundingClientRect().bottom || 0;
  // the tab bar follows the table screen and sticks to the bottom of a phone's screen: what lies in its
  // last tab-bar height may be under it
  const bottom = window.innerHeight - (document.getElementById("tabs")?.offsetHeight || 0);
  if (b.top >= top && b.bottom <= bottom) return;
  const lowest = window.scrollY + b.bottom - bottom + 6; // the least scroll that shows the buttons' bottom
  const status = window.scrollY + document.querySelector(".status-box").getBoundingClientRect().top - top;
  const target = lowest <= 0 ? 0 : lowest <= status ? status : Math.min(lowest, window.scrollY + b.top - top - 6);
  const behavior = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  window.scrollTo({ top: Math.max(0, target), behavior });
}
