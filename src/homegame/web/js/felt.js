// The felt: the seats around the oval, the board, the pot and the shuffle's commitment in the middle,
// and the hand log with the engine's seat numbers told as names.
import { clockText } from "./countdown.js";
import { askedToMuck } from "./after.js";
import { backEl, cardEl, escapeHtml, feltCard, firstSight, layoutBoard, prettyLine } from "./cards.js";
import { showFairness } from "./fairness.js";
import { downloadLink } from "./ledger.js";
import { layoutSeats } from "./layout.js";
import { realAwards } from "./results.js";

const $ = (id) => document.getElementById(id);

// The engine writes "Seat N" and "to seat N" with the seat number in the hand: show the player's name.
export function namedLine(app, line, table) {
  const dealt = table.dealt || [];
  return line.replace(/\b([Ss])eat (\d+)\b/g, (m, _s, n) => (dealt[Number(n)] !== undefined ? seatName(app, table, dealt[Number(n)]) : m));
}

export function seatName(app, table, pos) {
  const s = table.seats.find((x) => x.position === pos);
  // a player who left after the hand keeps their name in its results and log
  return s ? s.name : app.names[pos] || `Seat ${pos + 1}`;
}

// The names seen during this hand, by table position.
export function rememberNames(app, state) {
  if (app.namesHand !== state.hand) Object.assign(app, { namesHand: state.hand, names: { ...app.names } });
  for (const s of state.table.seats) app.names[s.position] = s.name;
}

export function renderSeats(state) {
  const { table, view, you } = state;
  const box = $("seats");
  box.replaceChildren();
  const shown = table.seats.filter((s) => s.status !== "pending");
  const n = Math.max(shown.length, 2);
  const mine = shown.findIndex((s) => s.position === you.seat);
  const hv = view ? view.seats : [];
  const won = view && view.over && view.results ? realAwards(view).won : {};
  const around = [];
  shown.forEach((s, i) => {
    // me at the bottom, the rest clockwise around the oval
    const k = (i - (mine >= 0 ? mine : 0) + n) % n;
    const el = document.createElement("div");
    el.className = "seat";
    el.dataset.position = s.position;
    const h = s.hand_seat !== null && view ? hv[s.hand_seat] : null;
    if (s.position === you.seat) el.classList.add("mine");
    if (h && h.folded) el.classList.add("folded");
    if (h && view.to_act.includes(s.hand_seat) && !view.over) el.classList.add("to-act");
    if (s.sitting_out) el.classList.add("out");
    if (!s.connected) el.classList.add("away");
    const wins = h ? won[s.hand_seat] || 0 : 0;
    if (wins > 0) el.classList.add("winner");
    const stack = h ? h.stack : s.stack;
    el.innerHTML = `<div class="name"><span class="who">${escapeHtml(s.name)}</span>${s.kind === "bot" ? '<span class="tag bot-tag">bot</span>' : ""}${s.kind !== "bot" && !s.connected ? '<span class="tag away" title="no page of theirs is open">away</span>' : ""}</div>
      <div class="stack">${stack}</div>`;
    if (table.button === s.position && table.hand_number) {
      const d = document.createElement("span");
      d.className = "dealer";
      d.textContent = "D";
      d.setAttribute("aria-label", "dealer");
      el.append(d);
    }
    if (h) {
      const cards = document.createElement("div");
      cards.className = "seat-cards";
      const showing = h.shown || h.up || [];
      for (const c of showing) cards.append(feltCard(cardEl(c, { small: true }), c, view, state.hand, `seat${s.position}`));
      const down = !h.shown && s.position !== you.seat ? h.down || 0 : 0;
      if (down) {
        // face-down cards: drawn, or one back and a count when the seat boxes are small
        const backs = document.createElement("span");
        backs.className = down > 3 ? "backs many" : "backs";
        backs.dataset.n = `×${down}`;
        for (let j = 0; j < down; j += 1) backs.append(backEl({ small: true }));
        cards.append(backs);
      }
      // how many card boxes the row holds (the face-down ones are one back and a count when seats are
      // small): compact and tiny seats overlap them to keep the row inside the seat (style.css)
      cards.style.setProperty("--n", String(cards.childElementCount));
      if (cards.childElementCount) el.append(cards);
      const tags = [];
      if (h.bet) tags.push(`<span class="chip wager${firstSight(state.hand, `bet${s.position}`, h.bet) ? " moved" : ""}" role="img" aria-label="bet ${h.bet}">${h.bet}</span>`);
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
      bar.dataset.turnEnds = s.turn_ends ?? "";
      bar.textContent = clockText(s.deadline, table.now, s.turn_ends); // counted down by the page's tick
      el.append(bar);
    }
    box.append(el);
    around[k] = el;
  });
  layoutSeats($("felt"), around.filter(Boolean), $("center"));
}

export function renderCenter(state, app) {
  const { table, view } = state;
  const board = $("board");
  board.replaceChildren();
  const choosing = table.chooser !== null && table.chooser !== undefined;
  $("step").textContent = choosing ? "Dealer's choice" : view && !view.over ? stepWords(view) : table.paused ? "Paused"
    : view ? "Hand over" : "Waiting for players";
  $("pot").textContent = "";
  // the game being dealt and its house rules, on the felt where every player looks (dealer's choice)
  // the stakes in full too: the phone's top bar has no room for them
  const game = view ? `${view.title}${houseRules(app, view.game, view.rules)}` : table.next_game ? table.next_game.title : table.game_title;
  $("game-line").textContent = `${game || ""} · ${stakesText(view ? view.stakes : table.settings.stakes)}`;
  if (view) {
    if (view.runs && view.runs.length > 1) {
      // run twice: each run's board on its own line
      view.runs.forEach((run, i) => {
        const row = document.createElement("div");
        row.className = "run-board";
        row.dataset.run = String(i + 1);
        row.insertAdjacentHTML("beforeend", `<span class="run-label">Run ${i + 1}</span>`);
        for (const c of run) row.append(feltCard(cardEl(c, { small: true }), c, view, state.hand, `run${i}`));
        board.append(row);
      });
    } else {
      // a cross or an H where the game lays its board out so (GET /api/games `layout`), else a row
      const layout = (app.games || []).find((g) => g.name === view.game)?.layout;
      const laid = layout ? layoutBoard(view.board || [], layout, { view, hand: state.hand }) : null;
      if (laid) board.append(laid);
      else for (const c of view.board || []) board.append(feltCard(cardEl(c), c, view, state.hand, "board"));
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

export function renderLog(state, app) {
  const log = $("log");
  log.replaceChildren();
  const lines = [...(state.view?.log || [])];
  // table events (sits, buy-ins, pauses, time-outs) go where they happened: `notice_marks[i]` is
  // [hand, lines of its log then]; one of an earlier hand comes before this hand's lines
  const notices = (state.table.notices || []).slice(-5);
  const marks = (state.table.notice_marks || []).slice(-notices.length);
  const noticeAt = (i) => (marks[i] && marks[i][0] === state.hand ? marks[i][1] : -1);
  let shown = 0;
  const noticesUpTo = (line) => {
    while (shown < notices.length && noticeAt(shown) <= line) {
      const li = document.createElement("li");
      li.className = "notice";
      li.textContent = notices[shown++];
      log.append(li);
    }
  };
  const timedOut = app.timedOut[state.hand] || {};
  // a beaten hand whose player is still asked to show or muck is not yet mucked, whatever the engine wrote
  const deciding = askedToMuck(state);
  const muckLine = /^Seat (\d+) mucks$/;
  const start = Math.max(0, lines.length - 60);
  noticesUpTo(start);
  lines.slice(start).forEach((line, j) => {
    noticesUpTo(start + j);
    const li = document.createElement("li");
    // the engine writes "Seat N" with the seat number in the hand: show the player's name
    const undecided = muckLine.test(line) && deciding.includes(Number(line.match(muckLine)[1]));
    let text = namedLine(app, prettyLine(undecided ? line.replace(/mucks$/, "may show or muck") : line), state.table);
    if (timedOut[start + j]) {
      const who = namedLine(app, line.split(" ").slice(0, 2).join(" "), state.table);
      text = text.replace(who, `${who} timed out and`);
      li.className = "timeout";
    }
    li.textContent = text;
    log.append(li);
  });
  noticesUpTo(Infinity);
  log.scrollTop = log.scrollHeight;
}

// The house rules that differ from the game's defaults, in a few words: "(split high-low, keep 6)".
export function houseRules(app, game, rules) {
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

export function stakesText(s) {
  const parts = [s.structure.replace("-", " ")];
  if (s.blinds && s.blinds.length) parts.push(`blinds ${s.blinds.join("/")}`);
  if (s.ante) parts.push(`ante ${s.ante}`);
  if (s.small_bet) parts.push(`bets ${s.small_bet}/${s.big_bet}`);
  return parts.join(", ");
}
