// The table page: one websocket, one state message per change, everything drawn from it.
import { renderActions } from "./actions.js";
import { backEl, cardEl, escapeHtml, layoutBoard, prettyLine } from "./cards.js";
import { renderHost } from "./host.js";
import { downloadLink, renderLedger } from "./ledger.js";
import { realAwards, renderResults } from "./results.js";
import { NAME_MAX, limitBox, seatWords } from "./words.js";
import { fairMessage, showFairness } from "./fairness.js";
import { chartNight, nightList, replayFromUrl } from "./replay.js";
import { applyPrefs, attend, heard, prefs, setPref } from "./prefs.js";
import { chatHistory, chatLine, chatRefused, renderTalk, setupChat, showReaction } from "./chat.js";
import { renderPreActions, renderRunTwice } from "./advance.js";
import { renderAfter } from "./after.js";
import { gameFileAdded, mergeUploaded, renderGameFiles } from "./gamefile.js";

const tableId = location.pathname.split("/").filter(Boolean).pop();
const linkToken = decodeURIComponent(location.hash.slice(1));
const seatKey = `homegame.seat.${tableId}`;
const $ = (id) => document.getElementById(id);

const app = { state: null, welcome: null, ui: {}, offset: 0, ws: null, retry: 500, games: [], names: {}, seatLinks: {}, timedOut: {} };
window.homegame = app; // for tests and the curious
app.heard = heard;
applyPrefs();
app.send = (message) => send(message);
app.toast = (text, kind) => toast(text, kind);
app.token = linkToken;
app.tableId = tableId;
app.seatUrl = (seatToken) => `${location.origin}/t/${tableId}#${seatToken}`;

fetch("/api/games").then((r) => r.json()).then((g) => { app.games = g; render(); }).catch(() => {});

function toast(text, kind = "error") {
  const el = $("toast");
  el.textContent = text;
  el.classList.toggle("news", kind !== "error");
  el.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => el.classList.remove("show"), 4000);
}

export function send(message) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify({ v: 1, ...message }));
}

// One tap, one action: the buttons are disabled from the tap until the table answers, and the action
// names the decision it answers (`you.decision`) so that the table refuses one meant for an earlier one.
function act(action) {
  const state = app.state;
  if (!state || app.ui.sent) return;
  const sent = (app.ui.sent = { hand: state.hand, seq: state.seq, decision: state.you.decision });
  setTimeout(() => {
    // no answer at all (a lost message): the buttons come back rather than stay dead
    if (app.ui.sent !== sent) return;
    app.ui.sent = null;
    delete $("actions").dataset.sig;
    render();
  }, 4000);
  for (const b of $("actions").querySelectorAll("button, input")) b.disabled = true;
  const decision = state.you.decision;
  send({ type: "act", action, hand: state.hand, ...(decision !== undefined ? { decision } : {}) });
}

// The tap has been answered once the hand moved on (or this decision changed).
function answered(state) {
  const sent = app.ui.sent;
  if (sent && (sent.hand !== state.hand || sent.seq !== state.seq || sent.decision !== state.you.decision)) app.ui.sent = null;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${tableId}`);
  app.ws = ws;
  ws.addEventListener("open", () => {
    app.retry = 500;
    app.offline = false;
    $("conn").className = "dot on";
    const seatToken = localStorage.getItem(seatKey);
    send({ type: "hello", token: linkToken, ...(seatToken && seatToken !== linkToken ? { seat_token: seatToken } : {}) });
  });
  ws.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (fairMessage(msg, { send, render, tableId })) return;
    if (msg.type === "state") {
      app.quick = 0;
      noteTimeouts(app.state, msg);
      if (msg.table && msg.table.halted === null && app.halted) app.halted = null;
      app.state = msg;
      answered(msg);
      app.offset = msg.table.now - Date.now() / 1000;
      render();
    } else if (msg.type === "welcome") {
      app.welcome = msg;
      chatHistory(msg.chat);
    } else if (msg.type === "chat") {
      chatLine(msg.line);
    } else if (msg.type === "reaction") {
      showReaction(msg);
    } else if (msg.type === "pre_act_dropped") {
      // the bet changed (or the round ended) before my turn: say so where the buttons were
      const text = sentence(msg.message || "your pre-action was dropped");
      app.preDropped = { text, hand: app.state?.hand };
      $("pre-note").textContent = text;
      toast(text, "news");
    } else if (msg.type === "seated") {
      localStorage.setItem(seatKey, msg.seat_token);
      app.seatLink = app.seatUrl(msg.seat_token);
      app.pendingToast = msg.status === "pending";
      toast(msg.status === "pending" ? "Seated: waiting for the host to approve you." : "You are seated.", "news");
    } else if (msg.type === "halted") {
      // the table stopped because a write failed (the state that follows says so too); cleared when it plays on
      app.halted = msg.halted === false ? null : msg.message || "the table is stopped";
      render();
    } else if (msg.type === "game_file_added") {
      gameFileAdded(msg, app);
    } else if (msg.type === "seat_link") {
      app.seatLinks[msg.seat] = app.seatUrl(msg.seat_token);
      render();
    } else if (msg.type === "error" && (msg.about === "chat" || msg.about === "react")) {
      chatRefused(msg); // said under the chat box, kindly; the table did not change
      app.lastError = msg;
    } else if (msg.type === "error" && msg.code === "moved") {
      // the table was handed over (or this server is stopping): the next server is ready, reconnect at once, quietly
      app.movedNow = true;
    } else if (msg.type === "error") {
      if (msg.about === "pre_act") app.preDropped = { text: sentence(msg.message), hand: app.state?.hand };
      if (msg.code === "stale") toast(sentence(msg.message || "that tap was for a decision already made: nothing more was done"), "news");
      else toast(sentence(seatWords(msg.message, msg.code, app.state?.table, seatName)));
      if (msg.code === "bad_token" || msg.code === "no_table") app.fatal = msg.message;
      if (msg.about === "act" || msg.code === "stale") {
        app.ui.sent = null; // the tap was refused: the buttons are live again
        delete $("actions").dataset.sig;
      }
      if (msg.about === "sit") app.sitSent = false;
      app.lastError = msg;
      render();
    }
  });
  ws.addEventListener("close", () => {
    $("conn").className = "dot off";
    if (app.fatal) {
      app.offline = true;
      $("banner").textContent = app.fatal;
      return;
    }
    // after "moved" the next server is ready: reconnect at once, without the banner (a few times in a
    // row at most); otherwise say so and back off
    const now = app.movedNow && (app.quick = (app.quick || 0) + 1) <= 3;
    app.movedNow = false;
    if (now) {
      setTimeout(connect, 0);
      return;
    }
    app.offline = true;
    $("banner").textContent = "Connection lost: reconnecting…";
    setTimeout(connect, app.retry);
    app.retry = Math.min(app.retry * 2, 8000);
  });
}

// A seat whose clock ran out: the table played its default action. Only the table knows (a choice
// that arrives at the deadline is the player's own): `table.timeouts` names the action it played for
// each (`seq`); the log lines of that seat that came with the state holding it are marked "timed out".
function noteTimeouts(prev, next) {
  if (!prev || !next.view || !prev.view || prev.hand !== next.hand) return;
  const from = prev.view.log.length;
  const marks = (app.timedOut[next.hand] = app.timedOut[next.hand] || {});
  for (const t of next.table.timeouts || []) {
    if (t.seq < prev.seq || t.seq >= next.seq) continue;
    next.view.log.forEach((line, i) => {
      if (i >= from && line.startsWith(`Seat ${t.hand_seat} `)) marks[i] = true;
    });
    if (t.position === next.you.seat) {
      app.iTimedOut = next.hand;
      toast("Your time ran out: the table acted for you, and you sit out from the next hand.", "news");
    }
  }
}

// The engine writes "Seat N" and "to seat N" with the seat number in the hand: show the player's name.
export function namedLine(line, table) {
  const dealt = table.dealt || [];
  return line.replace(/\b([Ss])eat (\d+)\b/g, (m, _s, n) => (dealt[Number(n)] !== undefined ? seatName(table, dealt[Number(n)]) : m));
}

function seatName(table, pos) {
  const s = table.seats.find((x) => x.position === pos);
  // a player who left after the hand keeps their name in its results and log
  return s ? s.name : app.names[pos] || `Seat ${pos + 1}`;
}

// The names seen during this hand, by table position.
function rememberNames(state) {
  if (app.namesHand !== state.hand) Object.assign(app, { namesHand: state.hand, names: { ...app.names } });
  for (const s of state.table.seats) app.names[s.position] = s.name;
}

function renderSeats(state) {
  const { table, view, you } = state;
  const box = $("seats");
  box.replaceChildren();
  const shown = table.seats.filter((s) => s.status !== "pending");
  const n = Math.max(shown.length, 2);
  const mine = shown.findIndex((s) => s.position === you.seat);
  const hv = view ? view.seats : [];
  const won = view && view.over && view.results ? realAwards(view).won : {};
  const feltWidth = $("felt").clientWidth || 400;
  const seatHalf = feltWidth < 480 ? 44 : 61;
  const rx = Math.min(44, 50 - (seatHalf / feltWidth) * 100);
  shown.forEach((s, i) => {
    // me at the bottom, the rest clockwise around the oval
    const k = (i - (mine >= 0 ? mine : 0) + n) % n;
    const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
    const el = document.createElement("div");
    el.className = "seat";
    el.dataset.position = s.position;
    el.style.left = `${50 + rx * Math.cos(angle)}%`;
    el.style.top = `${50 + 40 * Math.sin(angle)}%`;
    const h = s.hand_seat !== null && view ? hv[s.hand_seat] : null;
    if (s.position === you.seat) el.classList.add("mine");
    if (h && h.folded) el.classList.add("folded");
    if (h && view.to_act.includes(s.hand_seat) && !view.over) el.classList.add("to-act");
    if (s.sitting_out) el.classList.add("out");
    if (!s.connected) el.classList.add("away");
    const wins = h ? won[s.hand_seat] || 0 : 0;
    if (wins > 0) el.classList.add("winner");
    const stack = h ? h.stack : s.stack;
    el.innerHTML = `<div class="name"><span class="who">${escapeHtml(s.name)}</span>${s.kind === "bot" ? '<span class="tag">bot</span>' : ""}${s.kind !== "bot" && !s.connected ? '<span class="tag away" title="no page of theirs is open">away</span>' : ""}</div>
      <div class="stack">${stack}</div>`;
    if (table.button === s.position && table.hand_number) {
      const d = document.createElement("span");
      d.className = "dealer";
      d.textContent = "D";
      el.append(d);
    }
    if (h) {
      const cards = document.createElement("div");
      cards.className = "seat-cards";
      const showing = h.shown || h.up || [];
      for (const c of showing) cards.append(cardEl(c, { small: true }));
      if (!h.shown && s.position !== you.seat) for (let j = 0; j < (h.down || 0); j += 1) cards.append(backEl({ small: true }));
      el.append(cards);
      const tags = [];
      if (h.bet) tags.push(`<span class="chip">${h.bet}</span>`);
      if (h.all_in) tags.push('<span class="tag hot">all in</span>');
      if (h.folded) tags.push('<span class="tag">folded</span>');
      if (h.ready && !view.over) tags.push('<span class="tag ok">ready</span>');
      if (h.declared) tags.push(`<span class="tag decl">${h.declared}</span>`);
      if (wins > 0) tags.push(`<span class="tag win">wins ${wins}</span>`);
      if (tags.length) el.insertAdjacentHTML("beforeend", `<div class="tags">${tags.join(" ")}</div>`);
    } else if (s.sitting_out) {
      el.insertAdjacentHTML("beforeend", '<div class="tags"><span class="tag">sitting out</span></div>');
    }
    if (s.deadline) {
      const bar = document.createElement("div");
      bar.className = "clock";
      bar.dataset.deadline = s.deadline;
      el.append(bar);
    }
    box.append(el);
    // a tall seat (seven cards) stays inside the felt instead of covering the line above it
    const feltHeight = $("felt").clientHeight;
    const half = el.offsetHeight / 2;
    const y = (feltHeight * parseFloat(el.style.top)) / 100;
    if (feltHeight && y - half < 0) el.style.top = `${half}px`;
    else if (feltHeight && y + half > feltHeight) el.style.top = `${feltHeight - half}px`;
  });
}

function renderCenter(state) {
  const { table, view } = state;
  const board = $("board");
  board.replaceChildren();
  const choosing = table.chooser !== null && table.chooser !== undefined;
  $("step").textContent = choosing ? "Dealer's choice" : view && !view.over ? stepWords(view) : table.paused ? "Paused"
    : view ? "Hand over" : "Waiting for players";
  $("pot").textContent = "";
  // the game being dealt and its house rules, on the felt where every player looks (dealer's choice)
  // the stakes in full too: the phone's top bar has no room for them
  const game = view ? `${view.title}${houseRules(view.game, view.rules)}` : table.next_game ? table.next_game.title : table.game_title;
  $("game-line").textContent = `${game || ""} · ${stakesText(view ? view.stakes : table.settings.stakes)}`;
  if (view) {
    if (view.runs && view.runs.length > 1) {
      // run twice: each run's board on its own line
      view.runs.forEach((run, i) => {
        const row = document.createElement("div");
        row.className = "run-board";
        row.dataset.run = String(i + 1);
        row.insertAdjacentHTML("beforeend", `<span class="run-label">Run ${i + 1}</span>`);
        for (const c of run) row.append(cardEl(c, { small: true }));
        board.append(row);
      });
    } else {
      // a cross or an H where the game lays its board out so (GET /api/games `layout`), else a row
      const layout = (app.games || []).find((g) => g.name === view.game)?.layout;
      const laid = layout ? layoutBoard(view.board || [], layout) : null;
      if (laid) board.append(laid);
      else for (const c of view.board || []) board.append(cardEl(c));
    }
    const pots = view.pots || [];
    $("pot").textContent = view.over ? "" : pots.length > 1 ? pots.map((p, i) => `${i ? "Side" : "Main"} ${p.amount}`).join(" · ") : `Pot ${view.pot}`;
  }
  const sh = state.shuffle;
  const c = $("commit");
  c.replaceChildren();
  if (sh) {
    showFairness(c, state);
    if (sh.deck) {
      const a = downloadLink(`hands/${sh.hand}.json`, `hand-${sh.hand}.json`, " hand JSON", app);
      c.append(a);
    }
  }
}

function renderLog(state) {
  const log = $("log");
  log.replaceChildren();
  const lines = [...(state.view?.log || [])];
  // table events (sits, buy-ins, pauses) come first: they happened before or between the hand's lines
  for (const n of (state.table.notices || []).slice(-5)) {
    const li = document.createElement("li");
    li.className = "notice";
    li.textContent = n;
    log.append(li);
  }
  const marks = app.timedOut[state.hand] || {};
  const start = Math.max(0, lines.length - 60);
  lines.slice(start).forEach((line, j) => {
    const li = document.createElement("li");
    // the engine writes "Seat N" with the seat number in the hand: show the player's name
    let text = namedLine(prettyLine(line), state.table);
    if (marks[start + j]) {
      const who = namedLine(line.split(" ").slice(0, 2).join(" "), state.table);
      text = text.replace(who, `${who} timed out and`);
      li.className = "timeout";
    }
    li.textContent = text;
    log.append(li);
  });
  log.scrollTop = log.scrollHeight;
}

// Draw a box again only when what it shows changed: a field being typed in, or a button being tapped,
// is the same element across updates.
function redraw(box, sig, draw) {
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren();
  draw();
}

function part(box, cls) {
  let el = box.querySelector(`:scope > .${cls}`);
  if (!el) {
    el = document.createElement("div");
    el.className = cls;
    box.append(el);
  }
  return el;
}

function renderSit(state) {
  const box = $("sit");
  const { you, table } = state;
  const waitBox = part(box, "sit-waiting");
  const meBox = part(box, "sit-me");
  const waiting = you.host ? table.seats.filter((x) => x.status === "pending" || (x.kind !== "bot" && x.out_of_chips)) : [];
  redraw(waitBox, JSON.stringify([waiting.map((s) => [s.position, s.name, s.status, s.stack]), table.settings.buy_in]), () => renderWaiting(table, waitBox));
  if (you.role === "watcher") {
    redraw(meBox, "watcher", () => { meBox.innerHTML = '<p class="muted">You are watching.</p>'; });
    return;
  }
  if (you.seat === null || you.seat === undefined) {
    // drawn once: the name being typed stays while the table plays on
    redraw(meBox, "form", () => {
      const form = document.createElement("form");
      form.className = "sit-form";
      form.innerHTML = `<input name="name" placeholder="Your name" maxlength="${NAME_MAX}" autocomplete="nickname" aria-label="your name (at most ${NAME_MAX} characters)"> <button class="primary" type="submit" data-action="sit">Sit down</button>`;
      limitBox(form.name, NAME_MAX, "a name");
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        const name = form.name.value.trim();
        if (!name) {
          toast(`Type your name first (1 to ${NAME_MAX} characters).`);
          form.name.focus();
          return;
        }
        if (app.sitSent) return; // a double tap sits once
        app.sitSent = true;
        setTimeout(() => { app.sitSent = false; }, 3000);
        app.sitName = name;
        send({ type: "sit", name });
      });
      meBox.append(form);
    });
    return;
  }
  app.sitSent = false;
  const me = table.seats.find((s) => s.position === you.seat);
  if (!me) return;
  if (app.sitName && me.name !== app.sitName) {
    // the table keeps names tidy (spaces collapsed, invisible characters taken out): say what it kept
    toast(`You are seated as "${me.name}" (the table tidied the name you typed).`, "news");
  }
  app.sitName = null;
  redraw(meBox, JSON.stringify([me.status, me.sitting_out, app.seatLink]), () => {
    const row = document.createElement("div");
    row.className = "buttons seat-controls";
    if (me.status === "pending") row.insertAdjacentHTML("beforeend", '<span class="muted">Waiting for the host to approve your seat…</span>');
    const out = document.createElement("button");
    out.type = "button";
    out.className = "small";
    out.textContent = me.sitting_out ? "I'm back" : "Sit out";
    out.dataset.action = "sit-out";
    out.addEventListener("click", () => {
      if (me.sitting_out) app.iTimedOut = null;
      send({ type: "sit_out", value: !me.sitting_out });
    });
    const leave = document.createElement("button");
    leave.type = "button";
    leave.className = "small";
    leave.textContent = "Leave table";
    leave.addEventListener("click", () => { if (confirm("Leave the table and cash out?")) send({ type: "leave" }); });
    row.append(out, leave);
    if (app.seatLink) {
      const a = document.createElement("a");
      a.href = app.seatLink;
      a.textContent = "your own link (to come back on another device)";
      a.className = "small-link";
      row.append(a);
    }
    meBox.append(row);
  });
}

// The host sees who is waiting to sit right under the table, not only inside the host panel.
function renderWaiting(table, box) {
  for (const s of table.seats.filter((x) => x.kind !== "bot" && x.out_of_chips)) {
    const row = document.createElement("div");
    row.className = "waiting";
    row.innerHTML = `<span><b>${escapeHtml(s.name)}</b> is out of chips.</span>`;
    const top = document.createElement("button");
    top.type = "button";
    top.className = "small primary";
    top.dataset.action = "top-up";
    top.textContent = `Buy in again for ${table.settings.buy_in}`;
    top.addEventListener("click", () => send({ type: "adjust", seat: s.position, stack: table.settings.buy_in }));
    row.append(top);
    box.append(row);
  }
  for (const s of table.seats.filter((x) => x.status === "pending")) {
    const row = document.createElement("div");
    row.className = "waiting";
    row.innerHTML = `<span><b>${escapeHtml(s.name)}</b> wants to sit.</span>`;
    const ok = document.createElement("button");
    ok.type = "button";
    ok.className = "small primary";
    ok.dataset.action = "approve-waiting";
    ok.textContent = "Approve";
    ok.addEventListener("click", () => send({ type: "approve", seat: s.position }));
    const no = document.createElement("button");
    no.type = "button";
    no.className = "small";
    no.textContent = "Turn away";
    no.addEventListener("click", () => { if (confirm(`Turn ${s.name} away?`)) send({ type: "remove", seat: s.position }); });
    row.append(ok, no);
    box.append(row);
  }
}

function renderChooser(state) {
  const { table, you } = state;
  const banner = $("banner");
  if (table.chooser === null || table.chooser === undefined) return false;
  if (table.chooser !== you.seat) {
    banner.textContent = `${seatName(table, table.chooser)} is choosing the game…`;
    return false;
  }
  banner.textContent = "Dealer's choice: you pick the game for this hand.";
  const box = $("actions");
  if (box.dataset.sig === "chooser") return true; // drawn once: a tap on a game is not lost to an update
  box.replaceChildren();
  $("my-cards").replaceChildren();
  box.dataset.sig = "chooser";
  const presets = [
    ["passem", {}, "Pass'Em"], ["passem", { split: "high-low" }, "Pass'Em high-low"],
    ["sameem", {}, "Same'Em"], ["pass-the-trash", {}, "Pass The Trash"],
    ["pass-the-trash", { passes: [3, 2, 1], keep: 6, declare_after: 4 }, "Pass The Trash (3-2-1, keep 6)"],
    ["three-hole", {}, "Three-Hole"], ["three-hole", { showdown_cards_count: true }, "Three-Hole (last cards count)"],
    ["holdem", {}, "Hold'em"], ["omaha", {}, "Omaha"],
  ];
  // the seed games first, then every other game the server deals that fits the players dealt in
  const players = table.seats.filter((x) => x.status !== "pending" && !x.sitting_out).length;
  for (const g of app.games) {
    if (presets.some(([name]) => name === g.name)) continue;
    if (g.min_players && players < g.min_players) continue;
    if (g.max_players && players > g.max_players) continue;
    presets.push([g.name, {}, g.title]);
  }
  const row = document.createElement("div");
  row.className = "buttons choose";
  for (const [game, rules, label] of presets) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "act";
    b.dataset.action = `choose-${game}`;
    b.textContent = label;
    b.addEventListener("click", () => send({ type: "choose", game, rules }));
    row.append(b);
  }
  box.append(row);
  return true;
}

function render() {
  const state = app.state;
  if (!state) return;
  const { table, view, you } = state;
  mergeUploaded(app, table);
  $("table-name").textContent = table.name;
  const current = view ? `${view.title}${houseRules(view.game, view.rules)}` : table.next_game ? table.next_game.title : table.game_title;
  $("game-title").textContent = `${current} · ${stakesText(table.settings.stakes)}`;
  $("hand-no").textContent = table.hand_number ? `Hand ${table.hand_number}` : "";
  if (app.pendingToast && table.seats.some((s) => s.position === you.seat && s.status === "active")) {
    app.pendingToast = false;
    toast("The host let you in: you are dealt in from the next hand.", "news");
  }
  renderSeats(state);
  renderCenter(state);
  $("banner").textContent = bannerText(state);
  $("banner").classList.toggle("halted", Boolean(table.halted || app.halted));
  if (you.seat !== null && you.seat !== undefined) app.hadSeat = true;
  rememberNames(state);
  trackExchange(state);
  const mine = table.seats.find((s) => s.position === you.seat);
  app.ui.deadline = mine && mine.deadline && view && view.legal && view.legal.length ? mine.deadline : null;
  app.ui.bank = mine ? mine.bank || 0 : 0;
  app.ui.clockLeft = mine && !mine.deadline ? mine.clock_left : null;
  app.ui.nameOf = (hs) => seatName(table, (table.dealt || [])[hs]);
  app.ui.decision = `${state.hand}:${state.you.decision ?? ""}`;
  if (!renderChooser(state)) renderActions(you.role === "watcher" ? null : view && view.seat !== null ? view : null, app.ui, act);
  renderPreActions(state, send);
  renderRunTwice(state, send, (hs) => seatName(table, table.dealt[hs]));
  renderPreNote(state);
  renderTalk(state);
  renderResults(state, (hs) => seatName(table, table.dealt[hs]));
  renderAfter(state, send, (hs) => seatName(table, table.dealt[hs]));
  renderLog(state);
  renderSit(state);
  const hostPanel = $("host-panel");
  hostPanel.hidden = !you.host;
  if (you.host && !app.hostPanelShown) {
    app.hostPanelShown = true;
    hostPanel.open = true;
  }
  if (you.host) renderHost(state, app, send);
  if (you.host) renderGameFiles(state, app, send);
  renderLedger(state, $("ledger"), app);
  renderPrefs();
  tick();
}

// Why my queued action was dropped (or refused), until I queue another or the hand ends.
function renderPreNote(state) {
  const d = app.preDropped;
  if (d && (d.hand !== state.hand || state.you.pre_action)) app.preDropped = null;
  $("pre-note").textContent = app.preDropped ? app.preDropped.text : "";
}

// This device's choices, under my cards: sound, deck colours, card size, sorting.
function renderPrefs() {
  const box = $("prefs");
  const p = prefs();
  const sig = JSON.stringify(p);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  const sorts = { dealt: "as dealt", rank: "by rank", suit: "by suit" };
  const next = { dealt: "rank", rank: "suit", suit: "dealt" };
  const items = [
    ["mute", p.mute ? "Sound: off" : "Sound: on", () => setPref("mute", !p.mute)],
    ["colours", p.colours === 2 ? "2-colour deck" : "4-colour deck", () => setPref("colours", p.colours === 2 ? 4 : 2)],
    ["big", p.big ? "Large cards" : "Normal cards", () => setPref("big", !p.big)],
    ["sort", `Sort ${sorts[p.sort] || "as dealt"}`, () => { app.ui.manual = null; setPref("sort", next[p.sort] || "rank"); }],
  ];
  box.replaceChildren(...items.map(([name, label, click]) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "small pref";
    b.dataset.pref = name;
    b.textContent = label;
    b.setAttribute("aria-pressed", String(name === "mute" ? p.mute : name === "big" ? p.big : name === "colours" ? p.colours === 2 : p.sort !== "dealt"));
    b.addEventListener("click", () => {
      click();
      delete $("actions").dataset.sig;
      render();
    });
    return b;
  }));
}

// What a pass gave me: the page remembers my cards through the hand, and when some leave and others
// arrive at once (a pass), the arrivals are marked and named until the next hand.
function trackExchange(state) {
  const { view } = state;
  const ui = app.ui;
  if (!view || view.seat === null || view.seat === undefined) return;
  if (ui.hand !== state.hand) Object.assign(ui, { hand: state.hand, held: view.cards, received: [], passed: [] });
  const gone = ui.held.filter((c) => !view.cards.includes(c));
  const arrived = view.cards.filter((c) => !ui.held.includes(c));
  if (gone.length && arrived.length) Object.assign(ui, { received: arrived, passed: gone });
  ui.held = view.cards;
}

// "the host has paused the game" as a sentence: a capital letter and a full stop.
function sentence(text) {
  const t = String(text).trim();
  return t ? `${t[0].toUpperCase()}${t.slice(1)}${/[.!?…]$/.test(t) ? "" : "."}` : "";
}

function bannerText(state) {
  const { table, view, you } = state;
  if (app.offline) return "Connection lost: reconnecting…";
  const halted = table.halted || app.halted;
  if (halted) return sentence(typeof halted === "string" ? halted : halted.message || "the table is stopped: a write to the database failed");
  if ((you.seat === null || you.seat === undefined) && app.hadSeat && you.role !== "watcher") {
    return "You are no longer seated. Sit down again to buy in.";
  }
  if (you.out_of_chips) return sentence(you.out_of_chips.message);  // paused or not, a hand on or not
  if (table.paused && !table.live) return "The host has paused the game.";
  if (view && !view.over && view.seat !== null && view.seat !== undefined && view.legal.length) return "";
  const mine = table.seats.find((s) => s.position === you.seat);
  const dealtIn = view && !view.over && view.seat !== null && view.seat !== undefined;
  if (mine && mine.sitting_out && (app.iTimedOut || !dealtIn)) {
    if (dealtIn) return "Your time ran out: you sit out from the next hand. Press “I'm back” to stay in.";
    return app.iTimedOut ? "Your time ran out, so you sit out. Press “I'm back” to be dealt in again."
      : "You are sitting out. Press “I'm back” to be dealt in again.";
  }
  if (table.waiting && !(view && !view.over)) return sentence(table.waiting.message || String(table.waiting));
  if (view && view.over && table.next_hand_at) return "Next hand soon…";
  if (view && !view.over && view.to_act.length && !view.chosen) {
    const dealt = table.dealt || [];
    const who = view.to_act.filter((h) => h !== view.seat).map((h) => seatName(table, dealt[h]));
    if (who.length) return `Waiting for ${who.length > 2 ? `${who.length} players` : who.join(" and ")}…`;
  }
  const ready = table.seats.filter((s) => s.status === "active" && !s.sitting_out && s.stack > 0).length;
  if (!table.live && ready < 2) return "Waiting for players to sit…";
  const me = table.seats.find((s) => s.position === you.seat);
  if (me && me.sitting_out) return "You are sitting out. Press “I'm back” to be dealt in again.";
  if (you.seat !== null && view && view.seat === null) return "You are dealt in from the next hand.";
  return "";
}

// The house rules that differ from the game's defaults, in a few words: "(split high-low, keep 6)".
export function houseRules(game, rules) {
  const known = app.games.find((g) => g.name === game);
  if (!known || !rules) return "";
  const changed = Object.entries(rules).filter(([k, v]) => k in known.rules && JSON.stringify(v) !== JSON.stringify(known.rules[k]));
  const words = changed.map(([k, v]) => {
    const name = k.replace(/_/g, " ");
    if (typeof v === "boolean") return v ? name : `no ${name}`;
    return `${name} ${Array.isArray(v) ? v.join("-") : v === null ? "none" : v}`;
  });
  return words.length ? ` (${words.join(", ")})` : "";
}

// The step in players' words: a betting round is named after what it follows ("Roll 2 · betting").
function stepWords(view) {
  const label = view.step?.label || "";
  if (view.step?.kind === "bet" && view.street && view.street !== label) return `${view.street} · betting`;
  return label;
}

function stakesText(s) {
  const parts = [s.structure.replace("-", " ")];
  if (s.blinds && s.blinds.length) parts.push(`blinds ${s.blinds.join("/")}`);
  if (s.ante) parts.push(`ante ${s.ante}`);
  if (s.small_bet) parts.push(`bets ${s.small_bet}/${s.big_bet}`);
  return parts.join(", ");
}

function tick() {
  const now = Date.now() / 1000 + app.offset;
  for (const bar of document.querySelectorAll(".clock")) {
    const left = Number(bar.dataset.deadline) - now;
    const secs = left > 0 ? `${Math.ceil(left)}s` : "";
    if (bar.classList.contains("my-clock")) {
      // my turn's clock first, then my time bank (the deadline counts both)
      const bank = Number(bar.dataset.bank || 0);
      const turn = left - bank;
      bar.textContent = !secs ? "" : turn > 0 ? `${Math.ceil(turn)}s to act · bank ${Math.floor(bank)}s` : `time bank: ${secs} left`;
      bar.classList.toggle("banking", turn <= 0);
    } else {
      bar.textContent = secs;
    }
    bar.classList.toggle("low", left < 10);
  }
  const state = app.state;
  if (!state) return;
  const { view, you, table } = state;
  const mine = view && !view.over && view.seat !== null && view.seat !== undefined && view.legal.length;
  const me = table.seats.find((x) => x.position === you.seat);
  const left = me && me.deadline ? me.deadline - now : null;
  attend(mine ? `${state.hand}|${you.decision ?? `${view.step?.label}|${view.legal.join(",")}`}` : null, left, table.name);
}

// On a wide screen the chat sits in the column beside the felt, under my cards; on a phone it comes
// after them, above the log.
function placeChat() {
  const wide = window.matchMedia("(min-width: 1000px)");
  const place = () => {
    const panel = $("chat-panel");
    if (wide.matches) $("me").append(panel);
    else $("app").insertBefore(panel, $("log-panel"));
  };
  wide.addEventListener("change", place);
  place();
}

app.render = () => render(); // for tests
setInterval(tick, 250);

if (!linkToken) {
  $("banner").textContent = "This link has no token. Ask the host for the invite link.";
} else {
  setupChat(send);
  placeChat();
  connect();
  replayFromUrl(app);
  $("replay-panel").querySelector('[data-action="night"]').addEventListener("click", () => nightList(app));
  $("replay-panel").querySelector('[data-action="chart"]').addEventListener("click", () => chartNight(app));
}
