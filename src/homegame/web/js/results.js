// A finished hand's results in players' words: real wins only (a bet nobody called goes back to its
// owner and is said so), the main and side pots named, a failed declare-both explained.
import { cardEl, escapeHtml } from "./cards.js";

// The bet nobody matched: the view says it (`results.uncalled`); an older server's view is read from
// what each seat put in.
function uncalled(view) {
  if (view.results.uncalled !== undefined) return view.results.uncalled;
  const totals = (view.seats || []).map((s) => s.in_pot || 0);
  if (totals.length < 2) return null;
  const top = totals.indexOf(Math.max(...totals));
  const rest = Math.max(...totals.filter((_t, i) => i !== top));
  return totals[top] > rest ? { seat: top, amount: totals[top] - rest } : null;
}

// The awards with the returned bet taken out (it sits in its owner's award of the last pot), the chips
// each hand seat really won, and what went back.
export function realAwards(view) {
  const back = uncalled(view);
  const awards = (view.results.awards || []).map((a) => ({ ...a }));
  if (back) {
    const own = awards.filter((a) => a.seat === back.seat);
    const last = own.reduce((m, a) => (m === null || a.pot > m.pot ? a : m), null);
    if (last) last.amount -= Math.min(back.amount, last.amount);
  }
  const real = awards.filter((a) => a.amount > 0);
  const won = {};
  for (const a of real) won[a.seat] = (won[a.seat] || 0) + a.amount;
  return { awards: real, won, back };
}

export function renderResults(state, name) {
  const box = document.getElementById("results");
  const { view } = state;
  const sig = JSON.stringify([state.hand, view && view.over, view && view.results, state.table.seats.map((s) => s.name)]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren();
  if (!view || !view.over || !view.results) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const h = document.createElement("h2");
  h.textContent = `Hand ${state.hand} results`;
  box.append(h);
  const { awards, back } = realAwards(view);
  const pots = new Set(awards.map((x) => x.pot)).size;
  for (const a of awards) {
    const row = document.createElement("div");
    row.className = "award";
    const cards = document.createElement("span");
    cards.className = "award-cards";
    for (const c of a.cards || []) cards.append(cardEl(c, { small: true }));
    const side = [a.board ? `board ${a.board}` : "", a.run ? `run ${a.run}` : "", a.side && a.side !== "all" ? a.side : "", pots > 1 ? (a.pot ? `side pot ${a.pot}` : "main pot") : ""].filter(Boolean).join(", ");
    const sideText = side ? ` (${side})` : "";
    row.innerHTML = `<span><b>${escapeHtml(name(a.seat))}</b> wins ${a.amount}${sideText}${a.hand ? ` with ${escapeHtml(a.hand)}` : ""}</span>`;
    row.append(cards);
    box.append(row);
  }
  const notes = [];
  if (back) notes.push(`<b>${escapeHtml(name(back.seat))}</b> takes back ${back.amount} uncalled (a bet nobody matched is returned, not won).`);
  const rules = view.rules || {};
  for (const s of view.seats || []) {
    if (s.declared !== "both" || s.folded) continue;
    const mine = awards.filter((a) => a.seat === s.seat);
    if (mine.length) continue;
    const how = rules.swing_ties ? "win (or tie) both high and low" : "win both high and low outright (a tie on either side loses)";
    notes.push(`<b>${escapeHtml(name(s.seat))}</b> declared both ways but did not ${how}, so takes nothing from the pot.`);
  }
  if (rules.split === "high-low" && awards.length && !awards.some((a) => a.side === "low")) {
    notes.push("No low qualified: the high hand takes the whole pot.");
  }
  for (const n of notes) box.insertAdjacentHTML("beforeend", `<p class="note result-note">${n}</p>`);
  const pay = document.createElement("p");
  pay.className = "muted";
  pay.textContent = (view.results.payoffs || []).map((x, i) => `${name(i)} ${x > 0 ? "+" : ""}${x}`).join(" · ");
  box.append(pay);
}
