// After the hand: show all or some of my cards nobody has seen (a winner nobody called, a hand beaten
// under "losers may muck"), or muck them; who mucked; and the rabbit hunt, when the host allows it,
// revealed with one tap for anyone at the table. A beaten hand is the table's question first
// (`table.muck_ask`): its player is asked to show or muck, and nobody reads "mucked" before they answer.
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
  const deciding = askedToMuck(state);
  const sig = JSON.stringify([state.hand, mine, muckedSeats, rabbit, after, deciding, state.table.seats.map((s) => s.name)]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren();
  if (!over) return;
  const redraw = () => renderAfter(state, send, nameOf);
  const asked = deciding.includes(view.seat);
  for (const s of muckedSeats) {
    if (s === view.seat && asked) continue; // my question below says it
    const p = document.createElement("p");
    p.className = deciding.includes(s) ? "note deciding-note" : "note mucked-note";
    p.textContent = deciding.includes(s) ? `${nameOf(s)} lost the showdown and may show or muck.`
      : s === view.seat ? "Your hand is not shown (losers may muck): nobody saw your cards. Show them below, or leave them mucked." : `${nameOf(s)} mucked: their cards were not shown.`;
    box.append(p);
  }
  if (mine.length && !after.mucked) {
    const wrap = document.createElement("div");
    wrap.className = "show-choice";
    const q = document.createElement("p");
    q.className = "prompt";
    const folded = (view.seats || [])[view.seat]?.folded;
    q.textContent = asked ? "Your hand lost. Show it, or muck it? (Mucked if you do not choose before the next deal.)"
      : folded ? "You folded. Show the cards you folded?" : "Nobody has seen your cards. Show them?";
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
    muck.addEventListener("click", () => {
      if (asked) send({ type: "muck" });
      after.mucked = true;
      redraw();
    });
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

// The hand seats of the last hand whose players are still asked to show or muck (the table's `muck_ask`).
export function askedToMuck(state) {
  const ask = state.table.muck_ask;
  if (!ask || ask.hand !== state.hand) return [];
  const dealt = state.table.dealt || [];
  return ask.positions.map((pos) => dealt.indexOf(pos)).filter((hs) => hs >= 0);
}

function button(label, action, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `small ${cls}`.trim();
  b.dataset.action = action;
  b.textContent = label;
  return b;
}
