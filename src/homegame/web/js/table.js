// The table page: one websocket, one state message per change, everything drawn from it.
// The felt, the sit box, the banner and the panels are drawn by their own modules from the same state.
import { earlyTap, renderActions } from "./actions.js";
import { bannerText, renderPreNote, wildWords } from "./banner.js";
import { houseRules, namedLine, rememberNames, renderCenter, renderLog, renderSeats, seatName, stakesText } from "./felt.js";
import { keepAwake, setupKeys, setupTabs } from "./tabs.js";
import { cueMyTurn } from "./turn.js";
import { relayout, settled } from "./layout.js";
import { moveChips } from "./motion.js";
import { prettyLine } from "./cards.js";
import { keepSeatLink, renderHost } from "./host.js";
import { renderLedger } from "./ledger.js";
import { renderResults } from "./results.js";
import { followSeatLinks, renderChooser, renderSit } from "./sit.js";
import { renderRulesCard, wireRulesCard } from "./choose.js";
import { ownLog, seatWords, sentence } from "./words.js";
import { clockParts, clockText, tableNow } from "./countdown.js";
import { fairMessage } from "./fairness.js";
import { chartNight, followNight, nightList, replayFromUrl } from "./replay.js";
import { applyPrefs, attend, heard, renderPrefs } from "./prefs.js";
import { chatHistory, chatLine, chatRefused, renderTalk, setupChat, showReaction } from "./chat.js";
import { renderPreActions, renderRunTwice } from "./advance.js";
import { renderAfter } from "./after.js";
import { gameFileAdded, mergeUploaded, renderGameFiles } from "./gamefile.js";
import { renderTournament, tournamentMessage } from "./tourney.js";
import { guardMovedControls, unsettle } from "./settle.js";

const tableId = location.pathname.split("/").filter(Boolean).pop();
const seatKey = `homegame.seat.${tableId}`;
const linkToken = readLinkToken();

// The link's token is read once from the address (#TOKEN), kept for this tab (a reload still works),
// and taken out of the address bar and the browser's history at once.
function readLinkToken() {
  const key = `homegame.link.${tableId}`;
  const fromHash = decodeURIComponent(location.hash.slice(1));
  if (fromHash) {
    sessionStorage.setItem(key, fromHash);
    history.replaceState(null, "", location.pathname + location.search);
    return fromHash;
  }
  return sessionStorage.getItem(key) || "";
}
const $ = (id) => document.getElementById(id);
const nameAt = (table, pos) => seatName(app, table, pos);

const app = { state: null, welcome: null, ui: {}, offset: 0, ws: null, retry: 500, games: [], names: {}, seatLinks: {}, timedOut: {} };
window.homegame = app; // for tests and the curious
followSeatLinks();
wireRulesCard();
guardMovedControls(app, [$("my-cards"), $("actions"), $("pre-actions")], [$("my-cards"), $("actions")]);
app.heard = heard;
applyPrefs();
app.send = (message) => send(message);
app.toast = (text, kind) => toast(text, kind);
app.token = linkToken;
app.tableId = tableId;
app.seatUrl = (seatToken) => `${location.origin}/t/${tableId}#${seatToken}`;

fetch("/api/games").then((r) => r.json()).then((g) => { app.games = g; render(); }).catch(() => {});

// A short message over the tab bar (style.css: it covers nothing needed at my turn): news for 3 s, an
// error for 5 s (read aloud in full; shown in two lines at most, the whole text as its tooltip).
function toast(text, kind = "error") {
  const el = $("toast");
  const line = document.createElement("span");
  line.className = "toast-text";
  line.textContent = text;
  el.replaceChildren(line);
  el.title = text;
  el.classList.toggle("news", kind !== "error");
  el.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => el.classList.remove("show"), kind === "error" ? 5000 : 3000);
}

export function send(message) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify({ v: 1, ...message }));
}

// One tap, one action: the buttons are disabled from the tap until the table answers, and the action
// names the decision it answers (`you.decision`) so that the table refuses one meant for an earlier one.
function act(action) {
  const state = app.state;
  // a tap meant for the decision before (a double tap) is not this decision's
  if (!state || app.ui.sent || earlyTap(app.ui)) return;
  app.ui.actedAt = performance.now();
  unsettle(app.ui.actedAt);
  app.ui.lastVerb = action.split(" ")[0];
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
    // a dealt tournament's tables each have their own seed chain and hand numbers: remembered apart
    if (msg.tournament) app.fairId = `${tableId}.${msg.tournament.table}`;
    if (fairMessage(msg, { send, render: drawSoon, tableId: app.fairId || tableId })) return;
    if (msg.type === "state") {
      receive(msg);
      return;
    }
    takeIn(); // the state this message followed is the page's before it is read
    if (tournamentMessage(msg, app, toast)) return;
    if (msg.type === "welcome") {
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
      keepSeatLink(msg, app);
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
      else toast(sentence(seatWords(msg.message, msg.code, app.state?.table, nameAt)));
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

// The page draws only the newest state, and rests between draws. Drawing every state in turn, a page fell
// behind without limit when states came faster than it drew them (bots with no delay: 40 s behind); so a
// state waits in `incoming` and a newer one replaces it, and it is drawn at the next frame once the page
// has rested as long as its last draw took (at most half its time goes to drawing, the rest to taking in
// messages), or by a timer for a hidden page, which draws no frames but still owes the tab's title and
// beep at my turn. Nothing is lost by that: each state holds the whole hand's log, who timed out since the
// state drawn before, the results and the decision I owe; a message of another kind first takes in the
// state waiting, so it is read after the state it followed, as it was sent.
let incoming = null;
const drawn = { at: 0, cost: 0, due: 0, draws: 0 }; // due: the number of the draw asked for (0: none)

function receive(msg) {
  incoming = msg;
  drawSoon();
}

// A draw of the newest state soon (see above); a second call before it comes adds nothing.
function drawSoon() {
  if (drawn.due) return;
  const due = (drawn.due = ++drawn.draws);
  const rest = Math.max(0, drawn.at + drawn.cost - performance.now());
  const mine = () => drawn.due === due && takeIn(); // a timer of a draw done already does nothing
  setTimeout(() => requestAnimationFrame(mine), rest);
  setTimeout(mine, rest + 250);
}

// Take in the state waiting (if any) and draw.
function takeIn() {
  const msg = incoming;
  if (!drawn.due && !msg) return;
  drawn.due = 0;
  incoming = null;
  const started = performance.now();
  if (msg) {
    app.quick = 0;
    if (msg.view) msg.view.log = ownLog(msg.view);
    noteTimeouts(app.state, msg);
    if (msg.table && msg.table.halted === null && app.halted) app.halted = null;
    app.state = msg;
    followNight(app, msg);
    answered(msg);
    app.offset = msg.table.now - Date.now() / 1000;
  }
  render();
  drawn.at = performance.now();
  drawn.cost = drawn.at - started;
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

function render() {
  const state = app.state;
  if (!state) return;
  const { table, view, you } = state;
  mergeUploaded(app, table);
  $("table-name").textContent = table.name;
  const current = view ? `${view.title}${houseRules(app, view.game, view.rules)}` : table.next_game ? table.next_game.title : table.game_title;
  // the stakes of the hand being dealt (a stud hand at a no-limit table is dealt fixed limit), as the felt says
  $("game-title").textContent = `${current} · ${stakesText(view ? view.stakes : table.settings.stakes)}`;
  $("hand-no").textContent = table.hand_number ? `Hand ${table.hand_number}` : "";
  renderRulesCard(app, state, houseRules);
  if (app.pendingToast && table.seats.some((s) => s.position === you.seat && s.status === "active")) {
    app.pendingToast = false;
    toast("The host let you in: you are dealt in from the next hand.", "news");
  }
  renderCenter(state, app);
  renderSeats(state);
  moveChips(state);
  showStatus(state);
  renderTournament(state);
  if (you.seat !== null && you.seat !== undefined) app.hadSeat = true;
  rememberNames(app, state);
  trackExchange(state);
  const mine = table.seats.find((s) => s.position === you.seat);
  app.ui.deadline = mine && mine.deadline && view && view.legal && view.legal.length ? mine.deadline : null;
  app.ui.turnEnds = mine ? mine.turn_ends : null;
  app.ui.clockLeft = mine && !mine.deadline ? mine.clock_left : null;
  app.ui.nameOf = (hs) => nameAt(table, (table.dealt || [])[hs]);
  app.ui.decision = `${state.hand}:${state.you.decision ?? ""}`;
  if (!renderChooser(state, app, send)) renderActions(you.role === "watcher" ? null : view && view.seat !== null ? view : null, app.ui, act);
  renderPreActions(state, send);
  renderRunTwice(state, send, (hs) => nameAt(table, table.dealt[hs]));
  renderPreNote(state, app);
  renderTalk(state);
  renderResults(state, (hs) => nameAt(table, table.dealt[hs]));
  renderAfter(state, send, (hs) => nameAt(table, table.dealt[hs]));
  renderLog(state, app);
  announceLast(state);
  keepAwake(Boolean(view && !view.over && view.seat !== null && view.seat !== undefined));
  renderSit(state, app, send);
  const hostPanel = $("host-panel");
  hostPanel.hidden = !you.host;
  if (you.host && !app.hostPanelShown) {
    app.hostPanelShown = true;
    hostPanel.open = true;
    $("tabs").dispatchEvent(new Event("refresh"));
  }
  if (you.host) renderHost(state, app, send);
  if (you.host) renderGameFiles(state, app, send);
  renderLedger(state, $("ledger"), app);
  renderPrefs(app, render);
  tick();
}

// What a pass or a draw gave me: the page remembers my cards through the hand, and when some leave and
// others arrive at once, the arrivals are marked and named until the next hand; `exchange` says which it
// was ("draw" when the last thing I sent was a discard, else "pass"), so that a draw reads as a draw.
function trackExchange(state) {
  const { view } = state;
  const ui = app.ui;
  if (!view || view.seat === null || view.seat === undefined) return;
  if (ui.hand !== state.hand) Object.assign(ui, { hand: state.hand, held: view.cards, received: [], passed: [], lastVerb: null });
  const gone = ui.held.filter((c) => !view.cards.includes(c));
  const arrived = view.cards.filter((c) => !ui.held.includes(c));
  if (gone.length && arrived.length) Object.assign(ui, { received: arrived, passed: gone, exchange: ui.lastVerb === "discard" ? "draw" : "pass" });
  ui.held = view.cards;
}

// The loud line: what the table does and what I must do (its seconds counted down by tick); screen
// readers hear it when its words change, without the countdown.
function showStatus(state) {
  const { table, view } = state;
  const banner = $("banner");
  const text = bannerText(state, app);
  banner.textContent = text;
  banner.classList.toggle("halted", Boolean(table.halted || app.halted));
  banner.classList.toggle("paused", Boolean(table.paused));
  banner.classList.toggle("my-turn", Boolean(view && !view.over && view.seat !== null && view.seat !== undefined && view.legal.length && !table.paused));
  // the table's own sentence for the wild rule (and what is wild so far) when the server sends one
  const said = table.wild && table.wild.rule ? [table.wild.rule, table.wild.now_text && `wild now: ${table.wild.now_text}`] : null;
  const wild = said ? said.filter(Boolean).join(" · ") : wildWords(view ? view.wild : table.wild);
  $("wild-line").textContent = wild;
  $("wild-line").hidden = !wild;
  const heardText = text.replace(/ \((?:bank )?\d+s\)$/, "");
  if (heardText && heardText !== app.saidStatus) {
    app.saidStatus = heardText;
    $("said").textContent = heardText;
  }
}

// Each action of the hand told to screen readers as it happens (the newest log line, with names).
function announceLast(state) {
  const lines = state.view?.log || [];
  const key = `${state.hand}:${lines.length}`;
  if (!lines.length || app.saidLine === key) return;
  const fresh = app.saidLine && app.saidLine.startsWith(`${state.hand}:`);
  app.saidLine = key;
  if (fresh && !$("banner").classList.contains("my-turn")) $("said").textContent = namedLine(app, prettyLine(lines.at(-1)), state.table);
}

function tick() {
  const now = tableNow(app); // one instant for every clock on the page (countdown.js)
  if (app.state && /\((?:bank )?\d+s\)$|…$/.test($("banner").textContent)) $("banner").textContent = bannerText(app.state, app, now);
  for (const bar of document.querySelectorAll(".clock[data-deadline]")) {
    const { left, turn } = clockParts(bar.dataset.deadline, now, bar.dataset.turnEnds);
    // my own clock: my turn's time first, then my time bank (the deadline counts both)
    bar.textContent = clockText(bar.dataset.deadline, now, bar.dataset.turnEnds, bar.classList.contains("my-clock"));
    bar.classList.toggle("banking", left > 0 && turn <= 0);
    bar.classList.toggle("low", left < 10);
  }
  const state = app.state;
  if (!state) return;
  relayout();
  const { view, you, table } = state;
  const mine = view && !view.over && view.seat !== null && view.seat !== undefined && view.legal.length;
  const me = table.seats.find((x) => x.position === you.seat);
  const left = me && me.deadline ? me.deadline - now : null;
  const decision = mine ? `${state.hand}|${you.decision ?? `${view.step?.label}|${view.legal.join(",")}`}` : null;
  attend(decision, left, table.name);
  cueMyTurn(app.ui.sent ? null : decision);
}

app.render = () => render(); // for tests
app.settled = settled; // for tests: the seats are laid out for their present sizes
setInterval(tick, 250);

if (!linkToken) {
  $("banner").textContent = "This link has no token. Ask the host for the invite link.";
} else {
  setupChat(send);
  setupTabs();
  setupKeys();
  new ResizeObserver(() => app.state && renderSeats(app.state)).observe($("felt"));
  connect();
  replayFromUrl(app);
  $("replay-panel").querySelector('[data-action="night"]').addEventListener("click", () => nightList(app));
  $("replay-panel").querySelector('[data-action="chart"]').addEventListener("click", () => chartNight(app));
}
