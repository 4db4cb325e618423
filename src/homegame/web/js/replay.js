// The hand replayer: any finished hand of this table, action by action, as a spectator saw it (no
// card a spectator could not see: passes, discards and arrangements are said without their cards),
// the night's hands as a list, and a link that opens a replay for a friend (the spectator token stays
// in the fragment). The hand file comes with the link's token in the Authorization header.
import { cardText, escapeHtml } from "./cards.js";
import { authFetch } from "./ledger.js";

const rp = { hand: null, step: 0, list: null };

// One action as a spectator reads it: "Ann calls", "Bob passes 3 cards", "Cy draws 2".
export function publicAction(name, text) {
  const [verb, ...rest] = text.trim().split(/\s+/);
  if (verb === "pass") return `${name} passes ${rest.length} card${rest.length === 1 ? "" : "s"}`;
  if (verb === "discard") return rest.length ? `${name} discards ${rest.length}` : `${name} stands pat`;
  if (verb === "arrange") return `${name} arranges their cards`;
  if (verb === "expose") return `${name} turns up ${rest.map(cardText).join(" ")}`;
  if (verb === "declare") return `${name} declares ${rest.join(" ")}`;
  if (verb === "raise") return `${name} raises to ${rest.join(" ")}`;
  const words = { fold: "folds", check: "checks", call: "calls", bet: "bets" };
  return `${name} ${words[verb] || verb}${rest.length && verb !== "call" ? ` ${rest.join(" ")}` : ""}`;
}

async function load(app, path) {
  const r = await authFetch(app, path);
  const data = await r.json();
  if (!r.ok) throw new Error(typeof data.detail === "string" ? data.detail : `the server answered ${r.status}`);
  return data;
}

export async function openReplay(app, number) {
  try {
    rp.hand = await load(app, `hands/${number}.json`);
    rp.step = 0;
  } catch (e) {
    app.toast(`Could not open hand ${number}: ${e.message}`);
    return;
  }
  const panel = document.getElementById("replay-panel");
  panel.hidden = false;
  panel.open = true;
  drawReplay(app);
  panel.scrollIntoView({ block: "nearest" });
}

function shareLink(app) {
  // never the host's or a seat's token: the spectator link's (the host has it), or mine if I watch
  const watch = app.welcome?.links?.watch || (app.state?.you?.role === "watcher" ? app.token : null);
  return watch ? `${location.origin}/t/${app.tableId}?replay=${rp.hand.number}#${watch}` : null;
}

export function drawReplay(app) {
  const box = document.getElementById("replay");
  const h = rp.hand;
  if (!h) return;
  const names = h.names || {};
  const nameOf = (s) => names[String(s)] || `Seat ${Number(s) + 1}`;
  const acts = (h.history && h.history.actions) || [];
  const total = acts.length + 1; // the deal, each action, and the result
  const lines = [`Hand ${h.number}: ${escapeHtml(h.history?.game || h.start?.game || "")} dealt to ${Object.values(names).map(escapeHtml).join(", ")}`];
  acts.slice(0, rp.step).forEach(([seat, text]) => lines.push(escapeHtml(publicAction(nameOf(seat), String(text)))));
  const done = rp.step >= acts.length;
  if (done) {
    const pay = (h.payoffs || []).map((p, i) => `${escapeHtml(nameOf(i))} ${p > 0 ? "+" : ""}${p}`);
    lines.push(`Result: ${pay.join(", ")}`);
  }
  const link = shareLink(app);
  box.innerHTML = `<p class="replay-step">Step ${Math.min(rp.step + 1, total)} of ${total}</p>
    <ol class="log replay-log">${lines.map((l) => `<li>${l}</li>`).join("")}</ol>
    <div class="buttons replay-controls">
      <button type="button" class="small" data-action="replay-first">First</button>
      <button type="button" class="small" data-action="replay-back">Back</button>
      <button type="button" class="small primary" data-action="replay-next">Next</button>
      <button type="button" class="small" data-action="replay-last">Last</button></div>
    ${link ? `<label class="replay-link">Link to this replay <input readonly value="${escapeHtml(link)}"></label>`
    : '<p class="muted">To send this replay to a friend, ask the host for the spectator link.</p>'}
    <p class="muted">Hole cards are not shown in the replay: the hand file holds every card, and the page shows none a spectator could not see.</p>`;
  const go = (k) => {
    rp.step = Math.max(0, Math.min(acts.length, k));
    drawReplay(app);
  };
  box.querySelector('[data-action="replay-first"]').addEventListener("click", () => go(0));
  box.querySelector('[data-action="replay-back"]').addEventListener("click", () => go(rp.step - 1));
  box.querySelector('[data-action="replay-next"]').addEventListener("click", () => go(rp.step + 1));
  box.querySelector('[data-action="replay-last"]').addEventListener("click", () => go(acts.length));
  box.querySelector('[data-action="replay-back"]').disabled = rp.step === 0;
  box.querySelector('[data-action="replay-next"]').disabled = done;
}

// The night's hands, each with its game and pot, and a Replay button.
export async function nightList(app) {
  const box = document.getElementById("night");
  try {
    rp.list = await load(app, "hands");
  } catch (e) {
    app.toast(`Could not list the hands: ${e.message}`);
    return;
  }
  box.replaceChildren();
  if (!rp.list.length) {
    box.textContent = "No hand has finished yet.";
    return;
  }
  const ul = document.createElement("ul");
  ul.className = "hands night-list";
  for (const h of rp.list) {
    const won = (h.payoffs || []).filter((p) => p > 0).reduce((a, b) => a + b, 0);
    const li = document.createElement("li");
    li.textContent = `Hand ${h.number} · ${h.game} · won ${won} `;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "small";
    b.dataset.action = `replay-${h.number}`;
    b.textContent = "Replay";
    b.addEventListener("click", () => openReplay(app, h.number));
    li.append(b);
    ul.append(li);
  }
  box.append(ul);
}

// `?replay=N` in the address: open that hand's replay once the page is connected.
export function replayFromUrl(app) {
  const n = Number(new URLSearchParams(location.search).get("replay"));
  if (Number.isInteger(n) && n >= 1) {
    const panel = document.getElementById("replay-panel");
    panel.hidden = false;
    openReplay(app, n);
  }
}

// Each person's stack after every hand (the hand's starting stack plus its payoff), as an inline SVG.
export function stackChart(hands) {
  const series = {};
  hands.forEach((h, k) => {
    const stacks = h.start?.stacks || [];
    Object.entries(h.names || {}).forEach(([i, name]) => {
      const after = (stacks[Number(i)] || 0) + ((h.payoffs || [])[Number(i)] || 0);
      (series[name] = series[name] || []).push([k, after]);
    });
  });
  const W = 320;
  const H = 160;
  const top = Math.max(1, ...Object.values(series).flat().map(([, v]) => v));
  const n = Math.max(1, hands.length - 1);
  const colours = ["#ffd54f", "#4fc3f7", "#ef9a9a", "#a5d6a7", "#ce93d8", "#ffab91", "#80cbc4", "#e6ee9c", "#b0bec5", "#f48fb1"];
  const lines = Object.entries(series).map(([name, pts], j) => {
    const d = pts.map(([k, v]) => `${(k / n) * (W - 10) + 5},${H - 5 - (v / top) * (H - 10)}`).join(" ");
    const [lk, lv] = pts[pts.length - 1];
    const dot = `<circle cx="${(lk / n) * (W - 10) + 5}" cy="${H - 5 - (lv / top) * (H - 10)}" r="3" fill="${colours[j % colours.length]}"/>`;
    return `<polyline fill="none" stroke="${colours[j % colours.length]}" stroke-width="2" points="${d}"><title>${escapeHtml(name)}</title></polyline>${dot}`;
  });
  const key = Object.keys(series).map((name, j) => `<span style="color:${colours[j % colours.length]}">● ${escapeHtml(name)}</span>`).join(" ");
  return `<svg class="stack-chart" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="stacks after each hand">
    <rect x="0" y="0" width="${W}" height="${H}" fill="#0006" rx="6"/>${lines.join("")}</svg><p class="chart-key">${key} · top ${top}</p>`;
}

export async function chartNight(app) {
  const box = document.getElementById("chart");
  try {
    const list = rp.list || (rp.list = await load(app, "hands"));
    const hands = [];
    for (const h of list.slice(-60)) hands.push(await load(app, `hands/${h.number}.json`));
    box.innerHTML = hands.length ? stackChart(hands) : "No hand has finished yet.";
  } catch (e) {
    app.toast(`Could not chart the night: ${e.message}`);
  }
}
