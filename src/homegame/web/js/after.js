// After the hand: show all or some of my cards nobody has seen (a winner nobody called, a hand mucked
// under "losers may muck"), or muck them; who mucked; and the rabbit hunt, when the host allows it,
// revealed with one tap for anyone at the table.
import { cardEl, cardText } from "./cards.js";

const after = { hand: null, picked: [], mucked: false, rabbit: false };

export function renderAfter(state, send, nameOf) {
  const box = document.getElementById("after");
  const { view } = state;
  if (after.hand !== state.hand) Object.assign(after, { hand: state.hand, picked: [], mucked: false, rabbit: false });
  const over = view && view.over && view.results;
  const mine = over && view.seat !== null && view.seat !== undefined ? view.can_show || [] : [];
  // a hand shown after it was mucked (Show all) is no longer "mucked": only seats still unseen are said so
  const shown = over ? view.results.shown || {} : {};
  const muckedSeats = over ? (view.results.mucked || []).filter((s) => !(shown[String(s)] || []).length) : [];
  const rabbit = over ? view.rabbit : null;
  const sig = JSON.stringify([state.hand, mine, muckedSeats, rabbit, after, state.table.seats.map((s) => s.name)]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren();
  if (!over) return;
  const redraw = () => renderAfter(state, send, nameOf);
  for (const s of muckedSeats) {
    const p = document.createElement("p");
    p.className = "note mucked-note";
    p.textContent = s === view.seat ? "Your hand is not shown (losers may muck): nobody saw your cards. Show them below, or leave them mucked." : `${nameOf(s)} mucked: their cards were not shown.`;
    box.append(p);
  }
  if (mine.length && !after.mucked) {
    const wrap = document.createElement("div");
    wrap.className = "show-choice";
    const q = document.createElement("p");
    q.className = "prompt";
    const folded = (view.seats || [])[view.seat]?.folded;
    q.textContent = folded ? "You folded. Show the cards you folded?" : "Nobody has seen your cards. Show them?";
    const cards = document.createElement("div");
    cards.className = "show-cards";
    for (const c of mine) {
      const el = cardEl(c, { selectable: true });
      if (after.picked.includes(c)) el.classList.add("selected");
      el.setAttribute("aria-pressed", String(after.picked.includes(c)));
      el.addEventListener("click", () => {
        after.picked = after.picked.includes(c) ? after.picked.filter((x) => x !== c) : [...after.picked, c];
        redraw();
      });
      cards.append(el);
    }
    const row = document.createElement("div");
    row.className = "buttons";
    const all = button("Show all", "show-all", "primary");
    all.addEventListener("click", () => send({ type: "show" }));
    const some = button(after.picked.length ? `Show ${after.picked.map(cardText).join(" ")}` : "Tap cards to show some", "show-some");
    some.disabled = !after.picked.length;
    some.addEventListener("click", () => send({ type: "show", cards: after.picked }));
    const muck = button("Muck", "muck");
    muck.addEventListener("click", () => { after.mucked = true; redraw(); });
    row.append(all, some, muck);
    wrap.append(q, cards, row);
    box.append(wrap);
  }
  if (rabbit && rabbit.length) {
    const wrap = document.createElement("div");
    wrap.className = "rabbit";
    if (after.rabbit) {
      const p = document.createElement("p");
      p.className = "note";
      p.textContent = "Rabbit hunt: the cards that would have come";
      const cards = document.createElement("div");
      cards.className = "board rabbit-cards";
      for (const c of rabbit) cards.append(cardEl(c, { small: true }));
      wrap.append(p, cards);
    } else {
      const b = button("Rabbit hunt: see the cards that would have come", "rabbit");
      b.addEventListener("click", () => { after.rabbit = true; redraw(); });
      wrap.append(b);
    }
    box.append(wrap);
  }
}

function button(label, action, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `small ${cls}`.trim();
  b.dataset.action = action;
  b.textContent = label;
  return b;
}
