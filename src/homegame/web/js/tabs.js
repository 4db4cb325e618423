// Around the table: the tab bar at the bottom of a phone's screen (the chat, the log, the host's controls,
// the replays, the ledger and this device's settings open below the table, never above my buttons), the
// laptop's keys (F fold, C check or call, R raise or bet), and the screen kept awake during a hand.

const $ = (id) => document.getElementById(id);

// One tab per panel shown (the host's only for the host), and "Table" to come back up.
export function setupTabs() {
  const bar = $("tabs");
  const panels = () => [...document.querySelectorAll("#drawers > details")];
  const draw = () => {
    const tabs = [{ name: "table", label: "Table", count: "", panel: null },
      ...panels().filter((d) => !d.hidden).map((d) => ({ name: d.dataset.tab, ...titleOf(d.querySelector("summary")), panel: d }))];
    const sig = tabs.map((t) => `${t.name}:${t.label}`).join("|");
    if (bar.dataset.sig !== sig) {
      bar.dataset.sig = sig;
      bar.replaceChildren(...tabs.map(({ name, label, panel }) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "tab";
        b.dataset.tab = name;
        b.textContent = label;
        b.addEventListener("click", () => openTab(panel));
        return b;
      }));
    }
    // the counts change in place: the Table tab keeps its "your turn" light
    for (const { name, label, count } of tabs) showCount(bar.querySelector(`[data-tab="${name}"]`), label, count);
  };
  bar.addEventListener("refresh", draw);
  // the host panel appears, the chat's unread count changes: the tabs follow
  new MutationObserver(draw).observe($("drawers"), { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["hidden"] });
  draw();
}

// A panel's title and its unread count ("Chat" and "2" from "Chat <span class=unread>2</span>").
function titleOf(summary) {
  const badge = summary.querySelector(".unread");
  const count = badge && !badge.hidden ? badge.textContent.trim() : "";
  const label = [...summary.childNodes].filter((n) => n !== badge).map((n) => n.textContent).join("").trim();
  return { label, count };
}

// "Chat 2" on a tab: the lines not seen yet, read out as "Chat, 2 new"; nothing when there are none.
function showCount(tab, label, count) {
  if (!tab || tab.dataset.count === count) return;
  tab.dataset.count = count;
  tab.querySelector(".unread")?.remove();
  if (!count) {
    tab.removeAttribute("aria-label");
    return;
  }
  const badge = document.createElement("span");
  badge.className = "unread";
  badge.textContent = count;
  tab.append(badge);
  tab.setAttribute("aria-label", `${label}, ${count} new`);
}

function openTab(panel) {
  const smooth = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  if (!panel) {
    window.scrollTo({ top: 0, behavior: smooth });
    return;
  }
  panel.open = true;
  panel.scrollIntoView({ behavior: smooth, block: "start" });
  panel.querySelector("summary").focus({ preventScroll: true });
}

// F, C and R press my Fold, Check / Call and Raise / Bet buttons, when no text box has the keys.
export function setupKeys() {
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
    const t = e.target;
    if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
    const wanted = { f: ["fold"], c: ["check", "call"], r: ["raise", "bet"] }[e.key.toLowerCase()];
    if (!wanted) return;
    for (const action of wanted) {
      const b = document.querySelector(`#actions button[data-action="${action}"]`);
      if (b && !b.disabled) {
        e.preventDefault();
        b.click();
        return;
      }
    }
  });
}

// The screen stays on while I am dealt into a hand (Wake Lock, where the browser has it).
let lock = null;
let wanted = false;
export function keepAwake(on) {
  wanted = on;
  if (!("wakeLock" in navigator)) return;
  if (on && !lock && document.visibilityState === "visible") {
    lock = navigator.wakeLock.request("screen").then((l) => {
      l.addEventListener("release", () => { lock = null; });
      if (!wanted) l.release();
      return l;
    }).catch(() => { lock = null; });
  } else if (!on && lock) {
    Promise.resolve(lock).then((l) => l && l.release()).catch(() => {});
    lock = null;
  }
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && wanted) keepAwake(true);
});
