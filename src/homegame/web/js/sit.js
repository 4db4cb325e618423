// Sitting down and the dealer's choice: the sit box (the name form, then my seat's controls), the host's
// list of who waits to sit or to buy in again, and the game buttons for the dealer who picks the hand.
import { escapeHtml } from "./cards.js";
import { gameList } from "./choose.js";
import { seatName } from "./felt.js";
import { NAME_MAX, limitBox } from "./words.js";

const $ = (id) => document.getElementById(id);

// The games offered first at the dealer's choice: the seed games, then hold'em and Omaha.
const SEED_GAMES = ["passem", "sameem", "pass-the-trash", "three-hole", "holdem", "omaha"];

// Draw a box again only when what it shows changed: a field being typed in, or a button being tapped,
// is the same element across updates.
function redraw(box, sig, draw) {
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren();
  draw();
}

function button(label, action, cls, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.dataset.action = action;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

// A seat link opened in a tab that already shows the table (a guest, or another seat): take the new link
// at once (the page reads its token when it loads), so nobody has to reload by hand.
export function followSeatLinks() {
  window.addEventListener("hashchange", () => {
    if (location.hash.length > 1) location.reload();
  });
}

// Questions the table puts to me before a hand: the host starts the night; the asked seat straddles or not.
function renderAsk(state, box, send) {
  const { you, table } = state;
  const ask = table.straddle_ask;
  const mine = ask && you.seat !== null && you.seat !== undefined && ask.position === you.seat;
  redraw(box, JSON.stringify([you.host && table.started === false, mine ? ask : null]), () => {
    if (you.host && table.started === false) {
      const row = document.createElement("div");
      row.className = "waiting";
      row.innerHTML = "<span>Nothing is dealt until you start. Sitting down starts the game: seat your friends and bots first, or tap Start.</span>";
      row.append(button("Start the game", "start", "primary", () => send({ type: "start" })));
      box.append(row);
    }
    if (mine) {
      const row = document.createElement("div");
      row.className = "waiting straddle-ask";
      row.setAttribute("role", "alert");
      row.innerHTML = `<span>Straddle ${ask.amount} this hand?</span>`;
      row.append(button(`Straddle ${ask.amount}`, "straddle-yes", "small primary", () => send({ type: "straddle", value: true })),
        button("No straddle", "straddle-no", "small", () => send({ type: "straddle", value: false })));
      box.append(row);
    }
  });
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

export function renderSit(state, app, send) {
  const box = $("sit");
  const { you, table } = state;
  renderAsk(state, part(box, "sit-ask"), send);
  const waitBox = part(box, "sit-waiting");
  const meBox = part(box, "sit-me");
  // only the host may seat or buy in anyone; a player out of chips asks for their own rebuy (below)
  const waiting = you.host ? table.seats.filter((x) => x.status === "pending" || (x.kind !== "bot" && x.out_of_chips)) : [];
  redraw(waitBox, JSON.stringify([waiting.map((s) => [s.position, s.name, s.status, s.stack, s.rebuy_asked]), table.settings.buy_in]), () => renderWaiting(waiting, table.settings.buy_in, waitBox, send));
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
          app.toast(`Type your name first (1 to ${NAME_MAX} characters).`);
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
    app.toast(`You are seated as "${me.name}" (the table tidied the name you typed).`, "news");
  }
  app.sitName = null;
  if (state.tournament) {
    renderTournamentSeat(state.tournament, me, app, meBox, send);
    return;
  }
  const broke = you.out_of_chips;
  redraw(meBox, JSON.stringify([me.status, me.sitting_out, app.seatLink, broke && !you.host ? broke.rebuy : null]), () => {
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
    if (broke && !you.host) {
      const asked = broke.rebuy === "asked";
      const rebuy = button(asked ? "Rebuy requested" : `Request rebuy (${broke.buy_in})`, "rebuy", "small primary", () => send({ type: "rebuy" }));
      rebuy.disabled = asked;
      row.prepend(rebuy);
    }
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

// At a dealt tournament's table nobody sits out or leaves with their chips: a player is away (dealt in,
// checking or folding at once, blinds posted) or back, and leaves by going out; the tournament's clock
// (this link opens it too) has the rest.
function renderTournamentSeat(t, me, app, meBox, send) {
  const away = (t.away || []).includes(me.name);
  redraw(meBox, JSON.stringify(["tournament", away, t.id]), () => {
    const row = document.createElement("div");
    row.className = "buttons seat-controls";
    row.append(button(away ? "I'm back" : "Away", "away", "small", () => send({ type: "sit_out", value: !away })));
    const clock = document.createElement("a");
    clock.href = `/c/${encodeURIComponent(t.id)}#${app.token}`;
    clock.textContent = "Tournament clock";
    clock.className = "small-link";
    row.append(clock);
    meBox.append(row);
  });
}

// The host sees who is waiting to sit right under the table, not only inside the host panel: `waiting`,
// the seats out of chips or pending, is the list the box's signature was made from (no one else's).
function renderWaiting(waiting, buyIn, box, send) {
  for (const s of waiting.filter((x) => x.out_of_chips)) {
    const row = document.createElement("div");
    row.className = "waiting";
    row.innerHTML = `<span><b>${escapeHtml(s.name)}</b> ${s.rebuy_asked ? `asks to rebuy ${buyIn}` : "is out of chips"}.</span>`;
    row.append(s.rebuy_asked
      ? button("Approve rebuy", "approve-rebuy", "small primary", () => send({ type: "approve", seat: s.position }))
      : button(`Buy in again for ${buyIn}`, "top-up", "small primary", () => send({ type: "adjust", seat: s.position, stack: buyIn })));
    box.append(row);
  }
  for (const s of waiting.filter((x) => x.status === "pending")) {
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

export function renderChooser(state, app, send) {
  const { table, you } = state;
  const banner = $("banner");
  if (table.chooser === null || table.chooser === undefined) return false;
  // paused, the banner keeps "PAUSED by …" (showStatus) and the games wait for the host to resume
  const paused = Boolean(table.paused);
  if (table.chooser !== you.seat) {
    if (!paused) banner.textContent = `${seatName(app, table, table.chooser)} is choosing the game…`;
    return false;
  }
  if (!paused) banner.textContent = "Dealer's choice: you pick the game for this hand.";
  const box = $("actions");
  if (box.dataset.sig !== "chooser") {
    // drawn once: a tap on a game, or a variant being picked, is not lost to an update
    box.replaceChildren();
    $("my-cards").replaceChildren();
    box.dataset.sig = "chooser";
    const hold = document.createElement("p");
    hold.className = "note chooser-paused";
    hold.textContent = "The game is paused: you pick the game once the host resumes.";
    // the seed games first, then every other game the server deals that fits the players dealt in
    const players = table.seats.filter((x) => x.status !== "pending" && !x.sitting_out).length;
    const fits = (g) => !(g.min_players && players < g.min_players) && !(g.max_players && players > g.max_players);
    const seeds = SEED_GAMES.map((name) => app.games.find((g) => g.name === name)).filter(Boolean);
    const games = [...seeds, ...app.games.filter((g) => !SEED_GAMES.includes(g.name) && fits(g))];
    box.append(hold, gameList(games, (game, rules) => send({ type: "choose", game, rules })));
  }
  box.querySelector(".chooser-paused").hidden = !paused;
  for (const b of box.querySelectorAll(".choose button")) b.disabled = paused;
  return true;
}
