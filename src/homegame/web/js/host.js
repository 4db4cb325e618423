// Host controls (approve, bots, seat links, remove, pause, game, stakes, stacks). Each part is drawn
// again only when what it shows changed, and a form the host is editing is never redrawn under them.
import { escapeHtml } from "./cards.js";
import { choiceWord, ruleHint, ruleLabel } from "./rulewords.js";
import { pairOf, wholeNumber } from "./words.js";

function el(html) {
  const t = document.createElement("template");
  t.innerHTML = html.trim();
  return t.content.firstElementChild;
}

function part(box, cls) {
  let p = box.querySelector(`:scope > .${cls}`);
  if (!p) {
    p = el(`<div class="${cls}"></div>`);
    box.append(p);
  }
  return p;
}

function redraw(box, sig, draw) {
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren();
  draw();
}

async function copy(input, app) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  app.toast("Link copied.", "news");
}

export function renderHost(state, app, send) {
  const box = document.getElementById("host");
  const { table } = state;
  const links = app.welcome?.links;
  const linkBox = part(box, "links");
  redraw(linkBox, JSON.stringify(links || null), () => {
    if (!links) return;
    const base = `${location.origin}/t/${app.tableId}#`;
    for (const [label, id, token] of [["Invite link", "invite-link", links.invite], ["Spectator link", "watch-link", links.watch]]) {
      const l = el(`<label>${label} <span class="link-row"><input readonly id="${id}"><button type="button" class="small">Copy</button></span></label>`);
      const input = l.querySelector("input");
      input.value = `${base}${token}`;
      input.addEventListener("focus", () => input.select());
      l.querySelector("button").addEventListener("click", () => copy(input, app));
      linkBox.append(l);
    }
  });

  const seatBox = part(box, "host-seats");
  const seatSig = JSON.stringify([table.seats.map((s) => [s.position, s.name, s.kind, s.status, s.stack, s.sitting_out, s.muted]), app.seatLinks]);
  redraw(seatBox, seatSig, () => {
    for (const s of table.seats) seatBox.append(seatRow(s, app, send));
  });

  const controls = part(box, "host-controls");
  redraw(controls, JSON.stringify([table.paused, table.settings.spectator_chat]), () => {
    const row = el('<div class="buttons"></div>');
    const bot = el('<button type="button" class="small" data-action="add-bot">Add a bot</button>');
    bot.addEventListener("click", () => send({ type: "add_bot", kind: "rule" }));
    const pause = el(`<button type="button" class="small" data-action="pause">${table.paused ? "Resume" : "Pause"}</button>`);
    pause.addEventListener("click", () => send({ type: "pause", value: !table.paused }));
    const talk = table.settings.spectator_chat;
    const spect = el(`<button type="button" class="small" data-action="spectator-chat" aria-pressed="${Boolean(talk)}">${talk ? "Spectators may chat" : "Spectators read only"}</button>`);
    spect.title = talk ? "tap to close the chat to spectators" : "tap to let spectators chat and react";
    spect.addEventListener("click", () => send({ type: "configure", spectator_chat: !talk }));
    row.append(bot, pause, spect);
    controls.append(row);
  });

  const settings = JSON.stringify(table.settings);
  keepForm(part(box, "game-part"), "set_game", settings, app, () => gameForm(state, app, send));
  keepForm(part(box, "stakes-part"), "set_stakes", settings, app, () => stakesForm(state, send));
  keepForm(part(box, "clock-part"), "configure", settings, app, () => clockForm(state, send));
  keepForm(part(box, "house-part"), "house", settings, app, () => houseForm(state, send));
  const bomb = part(box, "bomb-part");
  const house = table.settings.house || {};
  redraw(bomb, JSON.stringify([house.bomb_ante || 0, table.settings.bomb_next]), () => {
    const b = el(`<button type="button" class="small${table.settings.bomb_next ? " primary" : ""}" data-action="bomb-next" aria-pressed="${Boolean(table.settings.bomb_next)}"></button>`);
    b.textContent = table.settings.bomb_next ? `Bomb pot next hand (ante ${house.bomb_ante}) ✓ — tap to cancel`
      : house.bomb_ante ? `Bomb pot next hand (everyone antes ${house.bomb_ante})` : "Bomb pot next hand (set its ante below first)";
    b.addEventListener("click", () => send({ type: "house", bomb_next: !table.settings.bomb_next }));
    bomb.append(b);
  });
}

// House rules from the next hand: straddle, bomb pots, the chip, the showdown rule, rabbit hunting.
function houseForm(state, send) {
  const h = state.table.settings.house || {};
  const num = 'inputmode="numeric" autocomplete="off" size="4"';
  const opt = (v, label, cur) => `<option value="${v}" ${v === cur ? "selected" : ""}>${label}</option>`;
  const form = el(`<form class="house-form"><fieldset><legend>House rules (from the next hand)</legend>
    <label>Straddle <select name="straddle">${opt("off", "none", h.straddle || "off")}${opt("utg", "under the gun (asked each hand)", h.straddle || "off")}${opt("button", "button, Mississippi (asked each hand)", h.straddle || "off")}${opt("utg-mandatory", "under the gun, every hand", h.straddle || "off")}${opt("button-mandatory", "button, every hand", h.straddle || "off")}</select></label>
    <label title="every player antes this amount; no blinds, no preflop betting">Bomb pot ante <input name="bomb_ante" ${num} value="${h.bomb_ante || 0}"></label>
    <label title="0: only when you call one">Bomb pot every N hands (0: when called) <input name="bomb_every" ${num} value="${h.bomb_every || 0}"></label>
    <label title="the smallest chip: split pots are shared in whole chips of this size">Chip <input name="chip" ${num} value="${h.chip || 1}"></label>
    <label>Showdown <select name="showdown">${opt("show-all", "everyone shows", h.showdown || "show-all")}${opt("muck-losers", "losers may muck", h.showdown || "show-all")}</select></label>
    <label class="check"><input type="checkbox" name="rabbit" ${h.rabbit ? "checked" : ""}> Rabbit hunt allowed</label>
    <label class="check" title="when everyone left is all in before the last card and all agree"><input type="checkbox" name="run_twice" ${h.run_twice ? "checked" : ""}> Run it twice allowed</label>
    <button type="submit" class="small" data-action="set-house">Set house rules</button></fieldset></form>`);
  form.sendIt = () => {
    send({ type: "house", straddle: form.straddle.value, showdown: form.showdown.value, rabbit: form.rabbit.checked, run_twice: form.run_twice.checked,
      bomb_ante: wholeNumber(form.bomb_ante.value || "0", "The bomb pot's ante", { max: 10000000 }),
      bomb_every: wholeNumber(form.bomb_every.value || "0", "Bomb pot every N hands", { max: 1000 }),
      chip: wholeNumber(form.chip.value || "1", "The chip", { min: 1, max: 10000000 }) });
  };
  return form;
}

// The turn clock and the time bank: every player's bank is set to the new bank at once.
function clockForm(state, send) {
  const { settings } = state.table;
  const num = 'inputmode="numeric" autocomplete="off"';
  const form = el(`<form class="clock-form"><label>Turn (s) <input name="turn_seconds" ${num} value="${Math.round(settings.turn_seconds || 0)}" size="4"></label>
    <label title="extra seconds each player may use over a hand; a new bank is every player's bank at once">Time bank (s) <input name="time_bank" ${num} value="${Math.round(settings.time_bank || 0)}" size="4"></label>
    <button type="submit" class="small" data-action="set-clock">Set clock</button></form>`);
  form.sendIt = () => {
    send({ type: "configure", turn_seconds: wholeNumber(form.turn_seconds.value, "The turn time", { min: 5, max: 3600 }),
      time_bank: wholeNumber(form.time_bank.value || "0", "The time bank", { max: 3600 }) });
  };
  return form;
}

// One seat in the host's list: its number counted from 1, and what the host may do with it.
// A new seat link from the table (a `seat_link` message): kept for the host's seat rows, with its QR code
// (SVG drawn by the server) when the host asked for one.
export function keepSeatLink(msg, app) {
  app.seatLinks[msg.seat] = app.seatUrl(msg.seat_token);
  app.seatQrs = app.seatQrs || {};
  if (msg.qr_svg) app.seatQrs[msg.seat] = msg.qr_svg;
  else delete app.seatQrs[msg.seat];
}

function seatRow(s, app, send) {
  const row = el(`<div class="host-seat" data-position="${s.position}"><span>${s.position + 1}. ${escapeHtml(s.name)} · ${s.stack}${s.status === "pending" ? " (waiting)" : ""}${s.sitting_out ? " (out)" : ""}${s.muted ? " (muted)" : ""}</span></div>`);
  if (s.status === "pending") {
    const ok = el('<button type="button" class="small primary" data-action="approve">Approve</button>');
    ok.addEventListener("click", () => send({ type: "approve", seat: s.position }));
    row.append(ok);
  } else {
    const adjust = el('<button type="button" class="small" data-action="adjust">Stack…</button>');
    adjust.addEventListener("click", () => {
      const v = prompt(`New stack for ${s.name} (a whole number of chips)`, String(s.stack));
      if (v === null) return;
      try {
        send({ type: "adjust", seat: s.position, stack: wholeNumber(v, `${s.name}'s stack`) });
      } catch (e) {
        app.toast(e.message);
      }
    });
    row.append(adjust);
  }
  if (s.kind !== "bot") {
    // a lost phone is not a lost seat: the host makes a fresh link for the seat (the old one works until the new one is opened)
    const link = el('<button type="button" class="small" data-action="reissue">Seat link</button>');
    link.addEventListener("click", () => send({ type: "reissue", seat: s.position }));
    // one tap mutes this player's chat and reactions (they still play); a second tap unmutes
    const mute = el(`<button type="button" class="small" data-action="${s.muted ? "unmute" : "mute"}" aria-pressed="${Boolean(s.muted)}">${s.muted ? "Unmute" : "Mute"}</button>`);
    mute.addEventListener("click", () => send({ type: "mute", seat: s.position, value: !s.muted }));
    // a lost phone, on the spot: a fresh seat link as a QR code on the host's screen, for the new phone to scan
    const qr = el('<button type="button" class="small" data-action="seat-qr">Show seat code</button>');
    qr.addEventListener("click", () => send({ type: "reissue", seat: s.position, qr_base: `${location.origin}/t/${app.tableId}#` }));
    row.append(link, qr, mute);
  }
  const rm = el('<button type="button" class="small danger" data-action="remove">Remove</button>');
  rm.addEventListener("click", () => {
    if (confirm(`Remove ${s.name} from the table? They are cashed out${s.kind === "bot" ? "" : " and must sit again to play"}.`)) {
      send({ type: "remove", seat: s.position });
    }
  });
  row.append(rm);
  const url = app.seatLinks[s.position];
  if (url) {
    const l = el(`<div class="seat-link"><input readonly aria-label="seat link for ${escapeHtml(s.name)}"><button type="button" class="small" data-action="copy-seat-link">Copy</button></div>`);
    const input = l.querySelector("input");
    input.value = url;
    input.addEventListener("focus", () => input.select());
    l.querySelector("button").addEventListener("click", () => copy(input, app));
    row.append(l);
    const svg = app.seatQrs && app.seatQrs[s.position];
    if (svg) {
      const code = el(`<figure class="seat-qr"><figcaption>Scan with ${escapeHtml(s.name)}'s phone to take the seat back (the old link stops working)</figcaption></figure>`);
      code.insertAdjacentHTML("afterbegin", svg); // drawn by the server (segno): a plain SVG, no script
      row.append(code);
    }
  }
  return row;
}

// A form is drawn from the table's settings while the host is not editing it. Once edited (or focused)
// it stays exactly as typed: through updates, and after a refused change (the error is said in it).
// When a change the host sent shows up in the settings, the form is drawn fresh.
function keepForm(holder, about, settings, app, build) {
  let form = holder.firstElementChild;
  const err = app.lastError;
  if (form && err && err.about === about && err !== form.seenError) {
    form.seenError = err;
    delete form.dataset.sent;
    form.querySelector(".form-error").textContent = err.message;
  }
  const editing = form && (form.dataset.dirty || form.contains(document.activeElement));
  const sentAndDone = form && form.dataset.sent && form.dataset.sent !== settings;
  if (form && editing && !sentAndDone) return;
  if (form && form.dataset.settings === settings) return;
  form = build();
  form.seenError = err;
  form.dataset.settings = settings;
  form.append(el('<p class="form-error error" role="alert"></p>'));
  const mark = () => { form.dataset.dirty = "1"; };
  form.addEventListener("input", mark);
  form.addEventListener("change", mark);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const msg = form.querySelector(".form-error");
    try {
      form.sendIt();
      msg.textContent = "";
      form.dataset.sent = settings;
      form.dataset.dirty = "1";
    } catch (ex) {
      msg.textContent = ex.message;
      app.toast(ex.message);
    }
  });
  holder.replaceChildren(form);
}

function gameForm(state, app, send) {
  const { table } = state;
  const games = [["dealers-choice", "Dealer's choice"], ...app.games.map((g) => [g.name, g.title])];
  const form = el(`<form class="game-form"><label>Game from next hand
    <select name="game">${games.map(([n, t]) => `<option value="${n}" ${n === table.settings.game ? "selected" : ""}>${escapeHtml(t)}</option>`).join("")}</select></label>
    <div class="rule-fields"></div>
    <button type="submit" class="small" data-action="set-game">Set game</button></form>`);
  const fields = form.querySelector(".rule-fields");
  const drawFields = (current) => {
    const known = app.games.find((g) => g.name === form.game.value);
    fields.replaceChildren(...(known ? ruleFields(known, current) : []));
  };
  drawFields(table.settings.rules || {});
  form.game.addEventListener("change", () => drawFields({}));
  form.sendIt = () => {
    const game = form.game.value;
    const known = app.games.find((g) => g.name === game);
    send({ type: "set_game", game, rules: known ? readRules(known, fields) : {} });
  };
  return form;
}

function stakesForm(state, send) {
  const { table } = state;
  const s = table.settings.stakes;
  const num = 'inputmode="numeric" autocomplete="off"';
  const form = el(`<form class="stakes-form"><label>Structure <select name="structure">
    ${["no-limit", "pot-limit", "fixed-limit"].map((x) => `<option ${x === s.structure ? "selected" : ""}>${x}</option>`).join("")}</select></label>
    <label>Blinds <input name="blinds" ${num} value="${(s.blinds || []).join("/")}" size="6" placeholder="none"></label>
    <label>Ante <input name="ante" ${num} value="${s.ante || 0}" size="4"></label>
    <label title="fixed limit: small/big bet; no limit and pot limit: the smallest bet (when there are no blinds)">Bets / min bet <input name="bets" ${num} value="${s.small_bet || 0}/${s.big_bet || 0}" size="6"></label>
    <label>Buy-in <input name="buy_in" ${num} value="${table.settings.buy_in}" size="6"></label>
    <button type="submit" class="small" data-action="set-stakes">Set stakes</button></form>`);
  form.sendIt = () => {
    const blinds = pairOf(form.blinds.value, "Blinds");
    const bets = form.bets.value.includes("/") ? pairOf(form.bets.value, "Bets") : [wholeNumber(form.bets.value || "0", "The smallest bet"), 0];
    send({ type: "set_stakes", buy_in: wholeNumber(form.buy_in.value, "The buy-in", { min: 1 }), stakes: {
      structure: form.structure.value, blinds, ante: wholeNumber(form.ante.value || "0", "The ante"), small_bet: bets[0] || 0, big_bet: bets[1] || 0 } });
  };
  return form;
}

// One field per house rule of the game, in the chooser's words (rulewords.js): a choice for words and
// yes/no, a box for numbers and pass lists.
function ruleFields(known, current) {
  return Object.entries(known.rules).map(([key, fallback]) => {
    const value = key in current ? current[key] : fallback;
    const label = document.createElement("label");
    label.textContent = ruleLabel(key);
    // the values the game allows, from its options ("'high', 'high-low' or 'declare'"), never shown as such
    const allowed = (known.options[key] || [""])[0];
    const values = typeof fallback === "string" ? [...allowed.matchAll(/'([^']+)'/g)].map((m) => m[1]) : [];
    let input;
    if (typeof fallback === "boolean" || values.length) {
      input = document.createElement("select");
      const choices = typeof fallback === "boolean" ? ["true", "false"] : values;
      for (const v of choices) input.add(new Option(choiceWord(key, v), v, false, String(value) === v));
    } else {
      input = document.createElement("input");
      input.value = value === null || value === undefined ? "" : Array.isArray(value) ? value.join(",") : String(value);
      input.placeholder = fallback === null ? "auto" : "";
      input.size = 7;
      if (typeof fallback === "number" || Array.isArray(fallback) || fallback === null) input.inputMode = "numeric";
    }
    input.name = `rule-${key}`;
    const hint = ruleHint(key);
    if (hint) input.title = hint;
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
    const words = ruleLabel(key);
    let value;
    if (typeof fallback === "boolean") value = text === "true";
    else if (Array.isArray(fallback)) value = text.split(/[\s,]+/).filter(Boolean).map((x) => wholeNumber(x, `Each number in "${words}"`));
    else if (typeof fallback === "number" || fallback === null) value = text === "" || text.toLowerCase() === "none" ? null : wholeNumber(text, `"${words}"`);
    else value = text;
    if (JSON.stringify(value) !== JSON.stringify(fallback)) rules[key] = value;
  }
  return rules;
}
