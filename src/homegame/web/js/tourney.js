// A dealt tournament on the table page: which table this is, the level and its clock (from the state's
// `tournament`), and the tournament's own messages: `moved` (the floor moved me: the next state is my
// new table's), `out` and `tournament_over` (I hold no seat). A cash table's state has no `tournament`.
const $ = (id) => document.getElementById(id);

const mmss = (s) => `${Math.floor(Math.max(0, s) / 60)}:${String(Math.floor(Math.max(0, s) % 60)).padStart(2, "0")}`;

// The line over the felt: "Table 2 · Level 3 · 50 / 100 · 4:12 · 5 of 9 left", its clock counted down
// between states; the body's data attributes say which table (for tests and styles).
let shown = null; // the last state's `tournament`, and when it came
export function renderTournament(state) {
  const t = state.tournament;
  $("tourney-line").hidden = !t;
  shown = t ? { t, at: performance.now() } : null;
  if (!t) return;
  // the replays are this table's (each table numbers its own hands), not a cash night's
  for (const [action, label] of [["night", "This table's hands"], ["chart", "This table's figures & chart"]]) {
    const b = document.querySelector(`#replay-panel [data-action="${action}"]`);
    if (b && b.textContent !== label) b.textContent = label;
  }
  drawLine();
  document.body.dataset.tournamentTable = String(t.table);
}

function drawLine() {
  if (!shown) return;
  const { t, at } = shown;
  const left = t.paused ? t.time_left : t.time_left - (performance.now() - at) / 1000;
  const blinds = `${t.small_blind.toLocaleString()} / ${t.big_blind.toLocaleString()}${t.ante ? ` ante ${t.ante.toLocaleString()}` : ""}`;
  const clock = t.paused ? "paused" : t.is_break ? `break ${mmss(left)}` : mmss(left);
  $("tourney-line").textContent = `Table ${t.table} · Level ${t.level} · ${blinds} · ${clock} · ${t.players_left} of ${t.entries} left`;
}
setInterval(drawLine, 1000);

// Handle a tournament message; whether it was one. A move forgets the old table's state (its hand
// numbers are not the new table's) and keeps the notice on screen until the next move.
export function tournamentMessage(msg, app, toast) {
  if (msg.type === "moved") {
    app.state = null;
    app.ui = {};
    app.timedOut = {};
    $("tourney-note").textContent = `You were ${msg.message}.`;
    $("tourney-note").hidden = false;
    document.body.dataset.moves = String(Number(document.body.dataset.moves || 0) + 1);
    toast(`You were ${msg.message}.`, "news");
    return true;
  }
  if (msg.type === "out" || msg.type === "tournament_over") {
    const place = msg.place ? `You finished in place ${msg.place}${msg.prize ? `, and win ${msg.prize.toLocaleString()}` : ""}.` : "You hold no seat right now.";
    $("tourney-note").textContent = place;
    $("tourney-note").hidden = false;
    document.body.dataset.tournamentOut = "true";
    return true;
  }
  return false;
}
