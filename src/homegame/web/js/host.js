// Host controls (approve, bots, remove, pause, game, stakes, stacks) and the ledger with settle-up.
import { escapeHtml } from "./cards.js";

function el(html) {
  const t = document.createElement("template");
  t.innerHTML = html.trim();
  return t.content.firstElementChild;
}

export function renderHost(state, app, send) {
  const box = document.getElementById("host");
  if (box.contains(document.activeElement) && document.activeElement.tagName !== "BUTTON") return;
  const { table } = state;
  box.replaceChildren();
  const links = app.welcome?.links;
  if (links) {
    const base = `${location.origin}/t/${location.pathname.split("/").pop()}#`;
    const l = el(`<div class="links">
      <label>Invite link <input readonly value="${base}${links.invite}" id="invite-link"></label>
      <label>Spectator link <input readonly value="${base}${links.watch}" id="watch-link"></label></div>`);
    for (const input of l.querySelectorAll("input")) input.addEventListener("focus", () => input.select());
    box.append(l);
  }
  const seats = el('<div class="host-seats"></div>');
  for (const s of table.seats) {
    const row = el(`<div class="host-seat" data-position="${s.position}"><span>${s.position + 1}. ${escapeHtml(s.name)} · ${s.stack}${s.status === "pending" ? " (waiting)" : ""}${s.sitting_out ? " (out)" : ""}</span></div>`);
    if (s.status === "pending") {
      const ok = el(`<button type="button" class="small primary" data-action="approve">Approve</button>`);
      ok.addEventListener("click", () => send({ type: "approve", seat: s.position }));
      row.append(ok);
    } else {
      const adjust = el(`<button type="button" class="small">Stack…</button>`);
      adjust.addEventListener("click", () => {
        const v = prompt(`New stack for ${s.name}`, String(s.stack));
        if (v !== null && v !== "") send({ type: "adjust", seat: s.position, stack: Number(v) });
      });
      row.append(adjust);
    }
    const rm = el(`<button type="button" class="small danger">Remove</button>`);
    rm.addEventListener("click", () => send({ type: "remove", seat: s.position }));
    row.append(rm);
    seats.append(row);
  }
  box.append(seats);

  const controls = el('<div class="buttons"></div>');
  const bot = el('<button type="button" class="small" data-action="add-bot">Add a bot</button>');
  bot.addEventListener("click", () => send({ type: "add_bot", kind: "rule" }));
  const pause = el(`<button type="button" class="small" data-action="pause">${table.paused ? "Resume" : "Pause"}</button>`);
  pause.addEventListener("click", () => send({ type: "pause", value: !table.paused }));
  controls.append(bot, pause);
  box.append(controls);

  const games = [["dealers-choice", "Dealer's choice"], ...app.games.map((g) => [g.name, g.title])];
  const gameForm = el(`<form class="game-form"><label>Game from next hand
    <select name="game">${games.map(([n, t]) => `<option value="${n}" ${n === table.settings.game ? "selected" : ""}>${escapeHtml(t)}</option>`).join("")}</select></label>
    <div class="rule-fields"></div>
    <button type="submit" class="small" data-action="set-game">Set game</button></form>`);
  const fields = gameForm.querySelector(".rule-fields");
  const drawFields = (current) => {
    const known = app.games.find((g) => g.name === gameForm.game.value);
    fields.replaceChildren(...(known ? ruleFields(known, current) : []));
  };
  drawFields(table.settings.rules || {});
  gameForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const game = gameForm.game.value;
    const known = app.games.find((g) => g.name === game);
    send({ type: "set_game", game, rules: known ? readRules(known, fields) : {} });
  });
  gameForm.game.addEventListener("change", () => drawFields({}));
  box.append(keepDraft("game", gameForm));

  const s = table.settings.stakes;
  const stakes = el(`<form class="stakes-form"><label>Structure <select name="structure">
    ${["no-limit", "pot-limit", "fixed-limit"].map((x) => `<option ${x === s.structure ? "selected" : ""}>${x}</option>`).join("")}</select></label>
    <label>Blinds <input name="blinds" value="${(s.blinds || []).join("/")}" size="6"></label>
    <label>Ante <input name="ante" type="number" min="0" value="${s.ante || 0}"></label>
    <label>Bets <input name="bets" value="${s.small_bet || 0}/${s.big_bet || 0}" size="6"></label>
    <label>Buy-in <input name="buy_in" type="number" min="1" value="${table.settings.buy_in}"></label>
    <button type="submit" class="small">Set stakes</button></form>`);
  stakes.addEventListener("submit", (e) => {
    e.preventDefault();
    const blinds = stakes.blinds.value ? stakes.blinds.value.split("/").map(Number) : [];
    const [small, big] = stakes.bets.value.split("/").map(Number);
    send({ type: "set_stakes", buy_in: Number(stakes.buy_in.value), stakes: {
      structure: stakes.structure.value, blinds, ante: Number(stakes.ante.value), small_bet: small || 0, big_bet: big || 0 } });
  });
  box.append(keepDraft("stakes", stakes));
}

// A form the host has started to change survives the table's updates (bots act every second) until it is
// sent; an untouched form is drawn fresh from the table's settings.
const drafts = {};
function keepDraft(name, fresh) {
  const old = drafts[name];
  if (old && old.dataset.dirty) return old;
  const mark = () => { fresh.dataset.dirty = "1"; };
  fresh.addEventListener("input", mark);
  fresh.addEventListener("change", mark);
  fresh.addEventListener("submit", () => { delete fresh.dataset.dirty; });
  drafts[name] = fresh;
  return fresh;
}

// One field per house rule of the game: a choice for words and yes/no, a box for numbers and pass lists.
function ruleFields(known, current) {
  return Object.entries(known.rules).map(([key, fallback]) => {
    const value = key in current ? current[key] : fallback;
    const label = document.createElement("label");
    label.textContent = key.replace(/_/g, " ");
    const hint = (known.options[key] || [""])[0];
    const words = typeof fallback === "string" ? [...hint.matchAll(/'([^']+)'/g)].map((m) => m[1]) : [];
    let input;
    if (typeof fallback === "boolean" || words.length) {
      input = document.createElement("select");
      const choices = typeof fallback === "boolean" ? [["true", "yes"], ["false", "no"]] : words.map((w) => [w, w]);
      for (const [v, t] of choices) input.add(new Option(t, v, false, String(value) === v));
    } else {
      input = document.createElement("input");
      input.value = value === null || value === undefined ? "" : Array.isArray(value) ? value.join(",") : String(value);
      input.placeholder = fallback === null ? "auto" : "";
      input.size = 7;
    }
    input.name = `rule-${key}`;
    input.title = hint;
    label.append(input);
    return label;
  });
}

// The rules the host changed from the game's defaults, typed as the server wants them.
export function readRules(known, fields) {
  const rules = {};
  for (const [key, fallback] of Object.entries(known.rules)) {
    const input = fields.querySelector(`[name="rule-${key}"]`);
    if (!input) continue;
    const text = input.value.trim();
    let value;
    if (typeof fallback === "boolean") value = text === "true";
    else if (Array.isArray(fallback)) value = text.split(/[\s,]+/).filter(Boolean).map(Number);
    else if (typeof fallback === "number" || fallback === null) value = text === "" || text.toLowerCase() === "none" ? null : Number(text);
    else value = text;
    if (JSON.stringify(value) !== JSON.stringify(fallback)) rules[key] = value;
  }
  return rules;
}

// the last settle-up, kept across re-renders (press again for fresh numbers)
const settled = { html: "", hands: "" };

export function renderLedger(state, box, tableId, token) {
  const { table } = state;
  const rows = table.ledger.map((l) => `<tr><td>${escapeHtml(l.name)}</td><td>${l.bought_in}</td><td>${l.cashed_out}</td><td>${l.stack}</td><td class="${l.net >= 0 ? "plus" : "minus"}">${l.net > 0 ? "+" : ""}${l.net}</td></tr>`).join("");
  const q = `token=${encodeURIComponent(token)}`;
  box.innerHTML = `<table class="ledger"><thead><tr><th>Player</th><th>In</th><th>Out</th><th>Stack</th><th>Net</th></tr></thead><tbody>${rows}</tbody></table>
    <p class="muted">Balance: ${table.balance} · <a href="/api/tables/${tableId}/ledger.csv?${q}">CSV</a> · <a href="/api/tables/${tableId}/hands?${q}">hand list</a></p>
    <div class="settle"></div>`;
  const settle = box.querySelector(".settle");
  const button = el('<button type="button" class="small" data-action="settle">Settle up</button>');
  button.addEventListener("click", async () => {
    const r = await fetch(`/api/tables/${tableId}/settle?${q}`);
    const data = await r.json();
    settled.html = data.payments.length
      ? `<ul>${data.payments.map((p) => `<li>${escapeHtml(p.payer)} pays ${escapeHtml(p.payee)} ${p.amount}</li>`).join("")}</ul>`
      : "<p>Nobody owes anybody.</p>";
    renderLedger(state, box, tableId, token);
  });
  settle.append(button);
  if (settled.html) settle.insertAdjacentHTML("beforeend", settled.html);
  const hands = el('<button type="button" class="small" data-action="hands">Hand histories</button>');
  hands.addEventListener("click", async () => {
    const r = await fetch(`/api/tables/${tableId}/hands?${q}`);
    const list = await r.json();
    const phh = new Set(["holdem", "omaha", "stud"]);
    settled.hands = list.length
      ? `<ul class="hands">${list.slice(-30).reverse().map((h) => `<li>Hand ${h.number} · ${escapeHtml(h.game)} ·
          <a href="/api/tables/${tableId}/hands/${h.number}.json?${q}" download="hand-${h.number}.json">JSON</a>${
          phh.has(h.game) ? ` · <a href="/api/tables/${tableId}/hands/${h.number}.phh?${q}" download="hand-${h.number}.phh">PHH</a>` : ""}</li>`).join("")}</ul>`
      : "<p>No hand has finished yet.</p>";
    renderLedger(state, box, tableId, token);
  });
  settle.append(hands);
  if (settled.hands) settle.insertAdjacentHTML("beforeend", settled.hands);
}
