// The action panel: buttons for the legal actions, a bet slider, card selection for pass / discard /
// expose, ordering for arrange, the declare choice.
import { cardEl, cardText } from "./cards.js";

const RANGE = /^(bet|raise) (\d+)(?:\.\.(\d+))?$/;

function button(label, action, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.className = `act ${cls}`;
  b.dataset.action = action;
  return b;
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
  const legal = view.legal || [];
  const cards = view.cards || [];
  const up = new Set(view.up || []);
  const verbs = Object.fromEntries(legal.map((a) => [a.split(" ")[0], a]));
  const key = `${view.step?.kind}|${view.step?.label}|${legal.join(",")}|${cards.join(",")}`;
  if (ui.key !== key) Object.assign(ui, { key, selected: [], order: [] });
  // Nothing of mine changed (another seat acted): keep these very buttons, so that a tap in progress on
  // one of them is not lost to a redraw.
  const sig = JSON.stringify([key, up.size, ui.selected, ui.order, ui.amount, ui.deadline, ui.received, view.chosen, view.over, view.pot,
    Boolean(ui.sent), view.pass_to, view.pass_to !== null && view.pass_to !== undefined && ui.nameOf ? ui.nameOf(view.pass_to) : null]);
  if (box.dataset.sig === sig) return;
  // an amount being typed for this very decision is not redrawn under the fingers
  const typing = document.activeElement && document.activeElement.tagName === "INPUT" && box.contains(document.activeElement);
  if (typing && box.dataset.key === key && !ui.sent) return;
  box.dataset.sig = sig;
  box.dataset.key = key;
  box.replaceChildren();
  mine.replaceChildren();

  const selecting = verbs.pass || verbs.discard || verbs.expose || verbs.arrange;
  for (const c of cards) {
    const el = cardEl(c, { selectable: Boolean(selecting) });
    if (up.has(c)) el.classList.add("up");
    if (ui.selected.includes(c)) el.classList.add("selected");
    if ((ui.received || []).includes(c)) el.classList.add("received");
    const at = ui.order.indexOf(c);
    if (at >= 0) {
      el.classList.add("ordered");
      el.dataset.order = String(at + 1);
    }
    if (selecting) {
      el.addEventListener("click", () => {
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
    note.textContent = `You passed ${ui.passed.map(cardText).join(" ")} and received ${ui.received.map(cardText).join(" ")}.`;
    box.append(note);
  }
  if (view.chosen) {
    const note = document.createElement("p");
    note.className = "note";
    note.textContent = `You chose: ${view.chosen}. Waiting for the others…`;
    box.append(note);
  }
  if (!legal.length) return;

  const prompt = document.createElement("p");
  prompt.className = "prompt";
  box.append(prompt);
  if (ui.deadline) {
    // my own clock, where I am looking (the seat's clock on the felt is for everyone)
    const clock = document.createElement("div");
    clock.className = "clock my-clock";
    clock.dataset.deadline = String(ui.deadline);
    box.append(clock);
  }
  const row = document.createElement("div");
  row.className = "buttons";
  box.append(row);

  // the draw: "discard 0" ... "discard N" — any number of cards up to N, none is standing pat
  const counts = legal.filter((a) => /^discard \d+$/.test(a)).map((a) => Number(a.split(" ")[1]));
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
    const need = Number(verbs[verb].split(" ")[1]);
    const to = view.pass_to !== null && view.pass_to !== undefined && ui.nameOf ? ui.nameOf(view.pass_to) : "your neighbour";
    prompt.textContent = `Tap ${need} card${need > 1 ? "s" : ""} to ${verb}${verb === "pass" ? ` to ${to}` : ""}.`;
    const b = button(`${verb === "pass" ? "Pass" : "Discard"} ${ui.selected.length}/${need}`, verb, "primary confirm");
    b.disabled = ui.selected.length !== need;
    b.addEventListener("click", () => send(`${verb} ${ui.selected.join(" ")}`));
    row.append(b);
  }
  if (verbs.expose) {
    prompt.textContent = "Tap a face-down card to turn face up.";
    const b = button("Expose", "expose", "primary confirm");
    b.disabled = ui.selected.length !== 1;
    b.addEventListener("click", () => send(`expose ${ui.selected[0]}`));
    row.append(b);
  }
  if (verbs.arrange) {
    prompt.textContent = "Tap your cards in the order you will roll them (first to turn first), or keep this order.";
    const done = ui.order.length === cards.length;
    const b = button(done ? "Lock this order" : `Order ${ui.order.length}/${cards.length}`, "arrange", "primary confirm");
    b.disabled = !done;
    b.addEventListener("click", () => send(`arrange ${ui.order.join(" ")}`));
    const keep = button("Keep as dealt", "arrange-keep");
    keep.addEventListener("click", () => send(`arrange ${cards.join(" ")}`));
    row.append(b, keep);
  }
  const declares = legal.filter((a) => a.startsWith("declare"));
  if (declares.length) {
    prompt.textContent = "Declare: high, low or both (all at once).";
    for (const a of declares) {
      const side = a.split(" ")[1];
      const b = button(side[0].toUpperCase() + side.slice(1), a, "primary");
      b.addEventListener("click", () => send(a));
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
    const b = button(`Call ${verbs.call.split(" ")[1]}`, "call");
    b.addEventListener("click", () => send("call"));
    row.append(b);
  }
  for (const verb of ["bet", "raise"]) {
    if (!verbs[verb]) continue;
    const m = RANGE.exec(verbs[verb]);
    if (!m) continue;
    const lo = Number(m[2]);
    const hi = Number(m[3] || m[2]);
    const bet = document.createElement("div");
    bet.className = "bet";
    const slider = document.createElement("input");
    Object.assign(slider, { type: "range", min: lo, max: hi, value: ui.amount && ui.amount >= lo && ui.amount <= hi ? ui.amount : lo, step: 1 });
    slider.setAttribute("aria-label", `${verb} amount`);
    const amount = document.createElement("input");
    Object.assign(amount, { type: "number", min: lo, max: hi, step: 1, value: slider.value, inputMode: "numeric" });
    amount.className = "amount";
    const go = button(`${verb === "bet" ? "Bet" : "Raise to"} ${slider.value}`, verb, "primary");
    const sync = (v) => {
      const x = Math.max(lo, Math.min(hi, Math.round(Number(v) || lo)));
      slider.value = x; amount.value = x; ui.amount = x;
      go.textContent = `${verb === "bet" ? "Bet" : "Raise to"} ${x}${x === hi ? " (all in)" : ""}`;
    };
    slider.addEventListener("input", () => sync(slider.value));
    amount.addEventListener("change", () => sync(amount.value));
    amount.addEventListener("input", () => { if (/^\d+$/.test(amount.value)) ui.amount = Number(amount.value); });
    go.addEventListener("click", () => send(`${verb} ${slider.value}`));
    const quick = document.createElement("div");
    quick.className = "quick";
    // pot-sized means: call first, then bet the pot as it would be after the call
    const bets = (view.seats || []).map((x) => x.bet || 0);
    const top = bets.length ? Math.max(...bets) : 0;
    const toCall = top - (bets[view.seat] || 0);
    const potAfterCall = (view.pot || 0) + toCall;
    const potTo = (f) => top + Math.floor(f * potAfterCall);
    for (const [label, v] of [["Min", lo], ["½ pot", potTo(0.5)], ["Pot", potTo(1)], ["Max", hi]]) {
      if (hi === lo && label !== "Min") continue;
      const q = button(label, `${verb}-${label}`, "small");
      q.addEventListener("click", () => sync(v));
      quick.append(q);
    }
    if (hi > lo) bet.append(quick, slider, amount);
    bet.append(go);
    box.append(bet);
  }
  if (!prompt.textContent) prompt.textContent = "Your turn.";
  if (ui.sent) {
    // tapped: nothing more can be sent for this decision until the table answers
    for (const b of box.querySelectorAll("button, input")) b.disabled = true;
    prompt.textContent = "Sent…";
  }
}
