// The action panel: buttons for the legal actions, a bet slider, card selection for pass / discard /
// expose, ordering for arrange, the declare choice.
import { cardEl, cardText, markWild, winningCards } from "./cards.js";
import { prefs } from "./prefs.js";

const RANKS = "23456789TJQKA";
const SUITS = "cdhs";

// My cards in the order I look at them: dragged into an order this hand, else sorted as this device
// prefers (by rank, by suit, or as dealt). Only the display: what is sent names cards, not places.
export function displayOrder(cards, ui) {
  if (ui.manual && ui.manualHand === ui.hand) {
    const kept = ui.manual.filter((c) => cards.includes(c));
    return [...kept, ...cards.filter((c) => !kept.includes(c))];
  }
  const sort = prefs().sort;
  const r = (c) => RANKS.indexOf(c[0]);
  const su = (c) => SUITS.indexOf(c[1]);
  if (sort === "rank") return [...cards].sort((a, b) => r(b) - r(a) || su(a) - su(b));
  if (sort === "suit") return [...cards].sort((a, b) => su(a) - su(b) || r(b) - r(a));
  return [...cards];
}

// Drag a card to another place among mine (pointer events: a mouse, a finger or a pen).
function draggable(el, card, order, ui, redraw) {
  el.addEventListener("pointerdown", (e) => {
    const start = { x: e.clientX, y: e.clientY };
    let moved = false;
    const move = (ev) => {
      const dx = ev.clientX - start.x;
      const dy = ev.clientY - start.y;
      if (!moved && Math.hypot(dx, dy) < 8) return;
      moved = true;
      el.classList.add("dragging");
      el.style.transform = `translate(${dx}px, ${dy}px)`;
    };
    const up = (ev) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      el.style.transform = "";
      el.classList.remove("dragging");
      if (!moved) return;
      el.dataset.dragged = "1"; // the click that follows a drag is not a tap
      setTimeout(() => delete el.dataset.dragged, 0);
      let best = null;
      for (const other of el.parentElement.querySelectorAll(".card")) {
        const b = other.getBoundingClientRect();
        const d = Math.hypot(ev.clientX - (b.left + b.width / 2), ev.clientY - (b.top + b.height / 2));
        if (!best || d < best.d) best = { d, card: other.dataset.card };
      }
      if (!best || best.card === card) return;
      const rest = order.filter((c) => c !== card);
      rest.splice(order.indexOf(best.card), 0, card);
      Object.assign(ui, { manual: rest, manualHand: ui.hand });
      redraw();
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  });
}


// The half-pot and pot-sized raise totals, as the engine's pot limit counts them: call first, then
// raise by the pot as it is after the call (every chip in, this round's bets included), or half of it.
export function potSizes(view) {
  const seats = view.seats || [];
  const bets = seats.map((x) => x.bet || 0);
  const high = bets.length ? Math.max(...bets) : 0;
  const toCall = high - (bets[view.seat] || 0);
  const after = (view.pot || 0) + toCall;
  return [high + Math.floor(after / 2), high + after];
}

// The amount typed, if it is a whole number from lo to hi written in digits; null otherwise.
export function amountIn(text, lo, hi) {
  const t = String(text).trim();
  if (!/^\d{1,12}$/.test(t)) return null;
  const x = Number(t);
  return x >= lo && x <= hi ? x : null;
}

// "1 card", "3 cards".
function cardCount(n) {
  return `${n} card${n === 1 ? "" : "s"}`;
}

// What a pass or discard needs, said when the cards chosen are more or fewer ("Pass 2/1" said nothing).
function choiceNote(verb, need, chosen) {
  const note = document.createElement("p");
  note.className = `note ${verb}-note`;
  note.setAttribute("role", "status");
  const extra = chosen - need;
  note.textContent = extra > 0
    ? `Choose ${cardCount(need)} to ${verb}: ${chosen} are chosen, tap ${extra === 1 ? "one to put it" : `${extra} to put them`} back.`
    : `Choose ${cardCount(need)} to ${verb}: ${chosen} chosen so far.`;
  return note;
}

function button(label, action, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.className = `act ${cls}`;
  b.dataset.action = action;
  return b;
}

// A tap is a decision: for GUARD_MS after a new decision's buttons appear, a tap that belongs to an
// earlier one is dropped (`earlyTap`, used by `act` in table.js): the second tap of a double tap (my last
// action was sent less than a second before) or a finger that came down before the buttons were there.
// So a double tap never acts on the next street; pre-actions are queued on purpose. The buttons are
// never disabled for it (a glow says they are new), and a first, deliberate tap is never lost.
export const GUARD_MS = 400;
const BURST_MS = 1000;
let pressedAt = -Infinity;
window.addEventListener("pointerdown", (e) => { pressedAt = e.timeStamp; }, { capture: true, passive: true });

export function earlyTap(ui, now = performance.now()) {
  const shown = (ui.armAt || 0) - GUARD_MS;
  // cards tapped at this decision already: the confirming tap is deliberate
  if (now >= (ui.armAt || 0) || (ui.selected || []).length || (ui.order || []).length) return false;
  return now - (ui.actedAt ?? -Infinity) < BURST_MS || pressedAt < shown;
}

function guard(box, ui) {
  const wait = (ui.armAt || 0) - performance.now();
  if (wait <= 0) return;
  box.classList.add("arming");
  clearTimeout(guard.timer);
  guard.timer = setTimeout(() => box.classList.remove("arming"), wait);
}

// state: { selected: [], order: [] } kept between renders while the step stays the same.
export function renderActions(view, ui, send) {
  const box = document.getElementById("actions");
  const mine = document.getElementById("my-cards");
  if (!view) {
    box.replaceChildren();
    mine.replaceChildren();
    delete box.dataset.sig;
    return;
  }
  // the legal actions as records ({kind, cards, min, max, choice, text}: view.legal_options), read as they
  // are; the strings beside them (view.legal) only make the decision's key
  const legal = view.legal || [];
  const options = view.legal_options || [];
  const cards = view.cards || [];
  const up = new Set(view.up || []);
  const verbs = Object.fromEntries(options.map((o) => [o.kind, o]));
  // one key per decision (the state's `you.decision`, set by table.js): at a new one the cards tapped
  // and the amount start afresh (the amount at the minimum), never carried over from an earlier one
  const key = `${ui.decision ?? ""}|${view.step?.kind}|${view.step?.label}|${legal.join(",")}|${cards.join(",")}`;
  if (ui.key !== key) Object.assign(ui, { key, selected: [], order: [], amount: null, amountText: null, armAt: legal.length ? performance.now() + GUARD_MS : 0 });
  // Nothing of mine changed (another seat acted): keep these very buttons, so that a tap in progress on
  // one of them is not lost to a redraw.
  const order = displayOrder(cards, ui);
  const sig = JSON.stringify([key, order, prefs(), up.size, ui.selected, ui.order, ui.deadline, ui.turnEnds, ui.clockLeft, ui.received, view.chosen, view.over, view.pot,
    Boolean(ui.sent), view.pass_to, view.pass_to !== null && view.pass_to !== undefined && ui.nameOf ? ui.nameOf(view.pass_to) : null]);
  if (box.dataset.sig === sig) return;
  // an amount being typed for this very decision is not redrawn under the fingers
  const typing = document.activeElement && document.activeElement.tagName === "INPUT" && box.contains(document.activeElement);
  if (typing && box.dataset.key === key && !ui.sent) return;
  box.dataset.sig = sig;
  box.dataset.key = key;
  box.replaceChildren();
  mine.replaceChildren();
  mine.style.setProperty("--n", String(Math.max(order.length, 4)));

  const selecting = verbs.pass || verbs.discard || verbs.expose || verbs.arrange;
  for (const c of order) {
    const el = cardEl(c, { selectable: Boolean(selecting) });
    if (!selecting && order.length > 1) el.tabIndex = -1;
    if (order.length > 1) draggable(el, c, order, ui, () => renderActions(view, ui, send));
    if (up.has(c)) el.classList.add("up");
    markWild(el, c, view.wild);
    if (view.over && winningCards(view).has(c)) el.classList.add("best");
    if (ui.selected.includes(c)) el.classList.add("selected");
    if ((ui.received || []).includes(c)) el.classList.add("received");
    const at = ui.order.indexOf(c);
    if (at >= 0) {
      el.classList.add("ordered");
      el.dataset.order = String(at + 1);
    }
    if (selecting) {
      el.addEventListener("click", () => {
        if (el.dataset.dragged) return;
        if (verbs.arrange) {
          ui.order = ui.order.includes(c) ? ui.order.filter((x) => x !== c) : [...ui.order, c];
        } else if (verbs.expose) {
          if (!up.has(c)) ui.selected = ui.selected[0] === c ? [] : [c];
        } else {
          ui.selected = ui.selected.includes(c) ? ui.selected.filter((x) => x !== c) : [...ui.selected, c];
        }
        renderActions(view, ui, send);
      });
    }
    mine.append(el);
  }
  if ((ui.received || []).length && !view.over) {
    const note = document.createElement("p");
    note.className = "note received-note";
    const [gave, got] = ui.exchange === "draw" ? ["threw away", "drew"] : ["passed", "received"];
    note.textContent = `You ${gave} ${ui.passed.map(cardText).join(" ")} and ${got} ${ui.received.map(cardText).join(" ")}.`;
    box.append(note);
  }
  if (view.chosen) {
    const note = document.createElement("p");
    note.className = "note";
    note.textContent = `You chose: ${view.chosen}. Waiting for the others…`;
    box.append(note);
  }
  if (!options.length) return;

  const prompt = document.createElement("p");
  prompt.className = "prompt";
  box.append(prompt);
  if (ui.deadline) {
    // my own clock, where I am looking (the seat's clock on the felt is for everyone)
    const clock = document.createElement("div");
    clock.className = "clock my-clock";
    clock.dataset.deadline = String(ui.deadline);
    clock.dataset.turnEnds = ui.turnEnds ?? "";
    box.append(clock);
  } else if (ui.clockLeft) {
    // paused: my clock is stopped with this much left
    const clock = document.createElement("div");
    clock.className = "my-clock-paused";
    clock.textContent = `clock stopped: ${Math.ceil(ui.clockLeft)}s left`;
    box.append(clock);
  }
  const row = document.createElement("div");
  row.className = "buttons";
  box.append(row);

  // the draw: "discard 0" ... "discard N" — any number of cards up to N, none is standing pat
  const counts = options.filter((o) => o.kind === "discard").map((o) => o.cards);
  const drawing = counts.length > 1;
  if (drawing) {
    const most = Math.max(...counts);
    const least = Math.min(...counts);
    const k = ui.selected.length;
    prompt.textContent = `Tap up to ${most} card${most > 1 ? "s" : ""} to throw away and draw as many, or stand pat.`;
    const b = button(`Draw ${k}`, "draw", "primary confirm");
    b.disabled = k === 0 || k < least || k > most;
    b.addEventListener("click", () => send(`discard ${ui.selected.join(" ")}`));
    row.append(b);
    if (least === 0) {
      const pat = button("Stand pat", "stand-pat");
      pat.disabled = k > 0;
      pat.addEventListener("click", () => send("discard"));
      row.append(pat);
    }
  }
  for (const verb of ["pass", "discard"]) {
    if (!verbs[verb] || (verb === "discard" && drawing)) continue;
    const need = verbs[verb].cards;
    const to = view.pass_to !== null && view.pass_to !== undefined && ui.nameOf ? ui.nameOf(view.pass_to) : "your neighbour";
    prompt.textContent = `Tap ${need} card${need > 1 ? "s" : ""} to ${verb}${verb === "pass" ? ` to ${to}` : ""}.`;
    // the button names what it sends, or how many cards it takes; a note says what is wrong with the choice
    const k = ui.selected.length;
    const word = verb === "pass" ? "Pass" : "Discard";
    const b = button(k === need ? `${word} ${ui.selected.map(cardText).join(" ")}` : `${word} ${cardCount(need)}`, verb, "primary confirm");
    Object.assign(b.dataset, { chosen: String(k), need: String(need) });
    b.disabled = k !== need;
    b.addEventListener("click", () => send(`${verb} ${ui.selected.join(" ")}`));
    row.append(b);
    if (k && k !== need) box.insertBefore(choiceNote(verb, need, k), row);
  }
  if (verbs.expose) {
    // your own cards look face up to you: say what the step does at the table (Three-Hole's exposures)
    const label = view.step?.label ? `${view.step.label}: c` : "C";
    prompt.textContent = `${label}hoose one of your cards to turn face up for the table (everyone turns one at the same time).`;
    const b = button("Turn face up", "expose", "primary confirm");
    b.disabled = ui.selected.length !== 1;
    b.addEventListener("click", () => send(`expose ${ui.selected[0]}`));
    row.append(b);
  }
  if (verbs.arrange) {
    prompt.textContent = "Tap your cards in the order you will roll them (first to turn first), or drag them into order and lock it as shown.";
    const done = ui.order.length === cards.length;
    const b = button(done ? "Lock this order" : `Order ${ui.order.length}/${cards.length}`, "arrange", "primary confirm");
    b.disabled = !done;
    b.addEventListener("click", () => send(`arrange ${ui.order.join(" ")}`));
    const asDealt = order.join(" ") === cards.join(" ");
    const keep = button(asDealt ? "Keep as dealt" : "Lock as shown", "arrange-keep");
    keep.addEventListener("click", () => send(`arrange ${order.join(" ")}`));
    row.append(b, keep);
  }
  const declares = options.filter((o) => o.kind === "declare");
  if (declares.length) {
    prompt.textContent = "Declare: high, low or both (all at once).";
    for (const o of declares) {
      const side = o.choice;
      const b = button(side[0].toUpperCase() + side.slice(1), o.text, "primary");
      b.addEventListener("click", () => send(o.text));
      row.append(b);
    }
  }
  if (verbs.fold) {
    const b = button("Fold", "fold", "danger");
    b.addEventListener("click", () => send("fold"));
    row.append(b);
  }
  if (verbs.check) {
    const b = button("Check", "check");
    b.addEventListener("click", () => send("check"));
    row.append(b);
  }
  if (verbs.call) {
    // a call of my whole stack puts me all in: the button says so, as a raise's does
    const me = (view.seats || [])[view.seat];
    const allIn = me && verbs.call.min >= (me.stack || 0);
    const b = button(`Call ${verbs.call.min}${allIn ? " (all in)" : ""}`, "call");
    b.addEventListener("click", () => send("call"));
    row.append(b);
  }
  for (const verb of ["bet", "raise"]) {
    if (!verbs[verb]) continue;
    const lo = verbs[verb].min;
    const hi = verbs[verb].max;
    const bet = document.createElement("div");
    bet.className = "bet";
    const slider = document.createElement("input");
    const start = ui.amount !== null && ui.amount !== undefined && ui.amount >= lo && ui.amount <= hi ? ui.amount : lo;
    Object.assign(slider, { type: "range", min: lo, max: hi, value: start, step: 1 });
    slider.setAttribute("aria-label", `${verb} amount`);
    const amount = document.createElement("input");
    // text, not number: a number box hides what was typed ("1e9", "2.5", letters) from the page
    Object.assign(amount, { type: "text", value: ui.amountText ?? String(start), inputMode: "numeric", autocomplete: "off" });
    amount.setAttribute("aria-label", `${verb} amount, ${lo} to ${hi}`);
    amount.className = "amount";
    const note = document.createElement("p");
    note.className = "note amount-note";
    note.setAttribute("role", "alert");
    // a stud bring-in is completed: up to the small bet while no one has bet that much yet
    const high = Math.max(0, ...(view.seats || []).map((x) => x.bet || 0));
    const completing = Boolean(view.stakes?.bring_in) && high < (view.stakes.small_bet || 0);
    const word = completing ? "Complete to" : verb === "bet" ? "Bet" : "Raise to";
    // all in: the seat's whole stack (what it has bet this round included), not merely the top of the range
    const me = (view.seats || [])[view.seat];
    const allIn = me ? (me.stack || 0) + (me.bet || 0) : null;
    const go = button(word, verb, "primary");
    // what the box says, checked on every keystroke: the button says what it would send, or is disabled
    // and a sentence says what is allowed; nothing is ever sent for an amount outside [lo, hi]
    const check = () => {
      const x = amountIn(amount.value, lo, hi);
      note.textContent = x === null ? `Type a whole number from ${lo} to ${hi} (digits only).` : "";
      go.disabled = x === null;
      go.textContent = x === null ? `${word} …` : `${word} ${x}${x === allIn ? " (all in)" : ""}`;
      if (x !== null) slider.value = String(x);
      return x;
    };
    const sync = (v) => {
      amount.value = String(v);
      ui.amountText = null;
      ui.amount = check();
    };
    slider.addEventListener("input", () => sync(Number(slider.value)));
    amount.addEventListener("input", () => {
      ui.amountText = amount.value;
      const x = check();
      if (x !== null) ui.amount = x;
    });
    const fire = () => {
      const x = check();
      if (x !== null) send(`${verb} ${x}`);
    };
    amount.addEventListener("keydown", (ev) => { if (ev.key === "Enter") fire(); });
    go.addEventListener("click", fire);
    check();
    const quick = document.createElement("div");
    quick.className = "quick";
    const [half, full] = potSizes(view);
    for (const [label, v] of [["Min", lo], ["½ pot", half], ["Pot", full], ["Max", hi]]) {
      if (hi === lo && label !== "Min") continue;
      const q = button(label, `${verb}-${label}`, "small");
      q.addEventListener("click", () => sync(Math.max(lo, Math.min(hi, v))));
      quick.append(q);
    }
    if (hi > lo) bet.append(quick, slider, amount, note);
    // the amount above, its button beside Fold and Call: every choice on one row
    if (hi > lo) box.insertBefore(bet, row);
    row.append(go);
  }
  if (!prompt.textContent) {
    // the status line over the felt says it already ("Your turn: call 4 or raise")
    prompt.textContent = "Your turn.";
    prompt.classList.add("visually-hidden");
  }
  guard(box, ui);
  if (ui.sent) {
    // tapped: nothing more can be sent for this decision until the table answers
    for (const b of box.querySelectorAll("button, input")) b.disabled = true;
    prompt.textContent = "Sent…";
  }
}
