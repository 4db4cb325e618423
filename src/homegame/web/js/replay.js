// The hand replayer: any finished hand of this table, action by action, as a spectator saw it (no
// card a spectator could not see: passes, discards and arrangements are said without their cards),
// the night's hands as a list, and a link that opens a replay for a friend (the spectator token stays
// in the fragment). The hand file comes with the link's token in the Authorization header.
import { backEl, cardEl, escapeHtml } from "./cards.js";
import { gameTitle } from "./choose.js";
import { authFetch } from "./ledger.js";
import { realAwards } from "./results.js";

const rp = { hand: null, step: 0, list: null };

// One action as a spectator reads it: "Ann calls", "Bob passes 3 cards", "Cy stands pat". The action
// comes in its public form (the server's, from the engine's rules.views.public_action: "pass 3",
// "discard 0", "expose", "declare"): what may be seen is decided there, this only says it in words.
const WORDS = { fold: "folds", check: "checks", call: "calls", bet: "bets", expose: "turns a card up",
  declare: "declares", show: "shows cards by choice" };
export function publicAction(name, text) {
  const [verb, ...rest] = text.trim().split(/\s+/);
  const count = Number(rest[0] || 0);
  if (verb === "pass") return `${name} passes ${count} card${count === 1 ? "" : "s"}`;
  if (verb === "discard") return count ? `${name} discards ${count}` : `${name} stands pat`;
  if (verb === "arrange") return `${name} arranges their cards`;
  if (verb === "raise") return `${name} raises to ${rest.join(" ")}`;
  return `${name} ${WORDS[verb] || verb}${rest.length ? ` ${rest.join(" ")}` : ""}`;
}

// At a declare game's end: what each player still in declared (public once everyone has), in seat order.
export function declaredLines(view, nameOf) {
  return (view.seats || []).filter((s) => s.declared && !s.folded)
    .map((s) => `${nameOf(s.seat)} declared ${s.declared === "both" ? "both ways" : s.declared}`);
}

async function load(app, path) {
  const r = await authFetch(app, path);
  const data = await r.json();
  if (!r.ok) throw new Error(typeof data.detail === "string" ? data.detail : `the server answered ${r.status}`);
  return data;
}

export async function openReplay(app, number) {
  try {
    rp.hand = await load(app, `hands/${number}.json?view=spectator`);
    rp.step = 0;
  } catch (e) {
    app.toast(`Could not open hand ${number}: ${e.message}`);
    return;
  }
  const panel = document.getElementById("replay-panel");
  panel.hidden = false;
  panel.open = true;
  drawReplay(app);
  // the replayer opens below the night's list (twenty hands on a phone): bring its top into view, or a tap
  // on "Replay" seems to do nothing
  document.getElementById("replay").scrollIntoView({ block: "start" });
}

function shareLink(app) {
  // never the host's or a seat's token: the spectator link's (the host has it), or mine if I watch
  const watch = app.welcome?.links?.watch || app.welcome?.watch || (app.state?.you?.role === "watcher" ? app.token : null);
  return watch ? `${location.origin}/t/${app.tableId}?replay=${rp.hand.number}#${watch}` : null;
}

// A seat's hole cards in each run of a hand run twice, once the showdown showed them (the results'
// `runs`), or null: a hand run once, a seat that folded, or a step before the showdown.
export function runHoleCards(view, seat) {
  const runs = view.over && view.results ? view.results.runs : null;
  if (!runs || runs.length < 2 || runs.some((r) => !r.cards || !r.cards[String(seat)])) return null;
  return runs.map((r) => r.cards[String(seat)]);
}

// The table at one step as a spectator saw it: the board, and each seat's stack, bet and the cards
// that were face up or shown by then (a folded or unshown hand stays face down).
function drawTable(view, nameOf, actor, hasBoard) {
  const wrap = document.createElement("div");
  wrap.className = "replay-table";
  const board = document.createElement("div");
  board.className = "board replay-board";
  // run twice: each run's board on its own line; several boards (view.boards): each board on its own line
  const rows = view.runs && view.runs.length > 1 ? view.runs.map((run, i) => [`Run ${i + 1}`, run])
    : view.boards ? view.boards.map((cards, i) => [`Board ${i + 1}`, cards]) : null;
  if (rows) {
    rows.forEach(([name, cards]) => {
      const row = document.createElement("div");
      row.className = "run-board";
      row.insertAdjacentHTML("beforeend", `<span class="run-label">${name}</span>`);
      for (const c of cards) row.append(cardEl(c, { small: true }));
      board.append(row);
    });
  } else {
    for (const c of view.board || []) board.append(cardEl(c, { small: true }));
  }
  if (hasBoard && !(view.board || []).length) board.insertAdjacentHTML("beforeend", '<span class="muted">no board yet</span>');
  const pot = document.createElement("div");
  pot.className = "pot";
  pot.textContent = view.over ? "" : `Pot ${view.pot || 0}`;
  wrap.append(board, pot);
  // at the end: what each seat won (its awards, less a bet nobody matched, which only went back),
  // its net for the hand, and the pot (every chip put in, less that returned bet)
  const real = view.over && view.results ? realAwards(view) : { awards: [], won: {}, back: null };
  const payoffs = view.over && view.results ? view.results.payoffs || [] : [];
  if (view.over && view.results) {
    const all = (view.seats || []).reduce((t, x) => t + (x.in_pot || 0), 0);
    pot.textContent = `Pot ${all - (real.back ? real.back.amount : 0)}`;
  }
  const shownAfter = view.over && view.results ? view.results.shown || {} : {};
  const mucked = new Set((view.over && view.results ? view.results.mucked || [] : []).filter((s) => !(shownAfter[String(s)] || []).length));
  (view.seats || []).forEach((s, i) => {
    const row = document.createElement("div");
    row.className = "replay-seat";
    if (s.folded) row.classList.add("folded");
    if (i === actor) row.classList.add("acted");
    const name = document.createElement("b");
    name.textContent = nameOf(i);
    const cards = document.createElement("span");
    cards.className = "seat-cards";
    const perRun = runHoleCards(view, i);
    if (perRun) {
      // run twice: each run's own hole cards (Same'Em deals its fourth and fifth again for run 2)
      perRun.forEach((held, r) => {
        const part = document.createElement("span");
        part.className = "run-cards";
        part.dataset.run = String(r + 1);
        part.insertAdjacentHTML("beforeend", `<span class="run-label">Run ${r + 1}</span>`);
        for (const c of held) part.append(cardEl(c, { small: true }));
        cards.append(part);
      });
    } else {
      const showing = s.shown || s.up || [];
      for (const c of showing) cards.append(cardEl(c, { small: true }));
      if (!s.shown) for (let j = 0; j < (s.down || 0); j += 1) cards.append(backEl({ small: true }));
    }
    const won = real.won[i] || 0;
    const back = real.back && real.back.seat === i ? real.back.amount : 0;
    const net = payoffs[i];
    const ends = view.over && net !== undefined ? ` · net ${net > 0 ? "+" : ""}${net}` : "";
    const note = document.createElement("span");
    note.className = "muted";
    note.textContent = `stack ${s.stack}${s.bet ? ` · bet ${s.bet}` : ""}${s.declared && view.over ? ` · declared ${s.declared}` : ""}${s.folded ? " · folded" : ""}${s.all_in ? " · all in" : ""}${mucked.has(i) ? " · mucked" : ""}${won ? ` · won ${won}` : ""}${back ? ` · ${back} back uncalled` : ""}${ends}`;
    row.append(name, cards, note);
    wrap.append(row);
  });
  return wrap;
}

export function drawReplay(app) {
  const box = document.getElementById("replay");
  const h = rp.hand;
  if (!h) return;
  const names = h.names || {};
  const nameOf = (s) => names[String(s)] || `Seat ${Number(s) + 1}`;
  const steps = h.steps || [];
  const last = Math.max(0, steps.length - 1);
  const total = steps.length;
  const game = h.start?.game || "";
  const title = gameTitle(app.games, game);
  const lines = [`Hand ${h.number}: ${escapeHtml(title)} dealt to ${Object.values(names).map(escapeHtml).join(", ")}`];
  steps.slice(1, rp.step + 1).forEach((st) => lines.push(escapeHtml(publicAction(nameOf(st.seat), String(st.action || "")))));
  const done = rp.step >= last;
  const view = (steps[rp.step] || {}).view || {};
  if (done) {
    const pay = (h.payoffs || []).map((p, i) => `${escapeHtml(nameOf(i))} ${p > 0 ? "+" : ""}${p}`);
    for (const line of declaredLines(view, nameOf)) lines.push(escapeHtml(line));
    for (const a of view.results ? realAwards(view).awards : []) {
      if (a.hand) lines.push(escapeHtml(`${nameOf(a.seat)} wins ${a.amount}${a.board ? ` (board ${a.board})` : ""}${a.run ? ` (run ${a.run})` : ""} with ${a.hand}`));
    }
    for (const m of view.results?.mucked || []) lines.push(escapeHtml(`${nameOf(m)} mucks`));
    lines.push(`Result: ${pay.join(", ")}`);
  }
  const link = shareLink(app);
  box.innerHTML = `<p class="replay-step">Step ${Math.min(rp.step + 1, total)} of ${total}</p>
    <div class="replay-felt"></div>
    <div class="buttons replay-controls">
      <button type="button" class="small" data-action="replay-first">First</button>
      <button type="button" class="small" data-action="replay-back">Back</button>
      <button type="button" class="small primary" data-action="replay-next">Next</button>
      <button type="button" class="small" data-action="replay-last">Last</button></div>
    <ol class="log replay-log">${lines.map((l) => `<li>${l}</li>`).join("")}</ol>
    ${link ? `<label class="replay-link">Link to this replay <span class="link-row"><input readonly value="${escapeHtml(link)}"><button type="button" class="small" data-action="copy-replay">Copy</button></span></label>`
    : ""}
    <p class="muted">Cards are shown as a spectator saw them: face-up cards, the board, and hands shown at the showdown.</p>`;
  box.querySelector(".replay-felt").append(drawTable(view, nameOf, rp.step ? steps[rp.step].seat : null, h.has_board !== false));
  const go = (k) => {
    rp.step = Math.max(0, Math.min(last, k));
    drawReplay(app);
  };
  box.querySelector('[data-action="replay-first"]').addEventListener("click", () => go(0));
  box.querySelector('[data-action="replay-back"]').addEventListener("click", () => go(rp.step - 1));
  box.querySelector('[data-action="replay-next"]').addEventListener("click", () => go(rp.step + 1));
  box.querySelector('[data-action="replay-last"]').addEventListener("click", () => go(last));
  box.querySelector('[data-action="replay-back"]').disabled = rp.step === 0;
  box.querySelector('[data-action="replay-next"]').disabled = done;
  const copy = box.querySelector('[data-action="copy-replay"]');
  if (copy) {
    copy.addEventListener("click", async () => {
      const input = box.querySelector(".replay-link input");
      try {
        await navigator.clipboard.writeText(input.value);
      } catch {
        input.select();
        document.execCommand("copy");
      }
      app.toast("Replay link copied: send it to a friend.", "news");
    });
  }
}

// The night's hands, each with its game and pot, and a Replay button.
export async function nightList(app) {
  const box = document.getElementById("night");
  rp.followed = app.state ? nightKey(app.state) : null;
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
    // the list has each seat's net, not the pot: say the winners' net as that, never as "pot won"
    const won = (h.payoffs || []).filter((p) => p > 0).reduce((a, b) => a + b, 0);
    const li = document.createElement("li");
    const title = gameTitle(app.games, h.game);
    li.textContent = `Hand ${h.number} · ${title} · ${h.pot !== undefined ? `pot ${h.pot} · ` : ""}winners' net +${won} `;
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

// The night's list follows the night: once shown, it is fetched again whenever a hand ends (a new
// state's hand is over, or a new hand began), so new hands appear without a reload.
const nightKey = (state) => `${state.hand}:${Boolean(state.view?.over)}`;
export function followNight(app, state) {
  if (rp.list && rp.followed !== nightKey(state)) nightList(app);
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

// Each person's stack after every hand they played (from the night's figures), as an inline SVG.
export function stackChart(players) {
  const series = {};
  let first = Infinity;
  let lastHand = -Infinity;
  for (const p of players) {
    series[p.name] = (p.stacks || []).map((x) => [x.hand, x.stack]);
    for (const [k] of series[p.name]) {
      first = Math.min(first, k);
      lastHand = Math.max(lastHand, k);
    }
  }
  const W = 320;
  const H = 160;
  const L = 34; // room for the chip labels on the left
  const values = Object.values(series).flat().map(([, v]) => v);
  const hi = Math.max(1, ...values);
  const lo = Math.min(hi - 1, ...values);
  const pad = Math.max(1, Math.round((hi - lo) * 0.08));
  const top = hi + pad;
  const bottom = Math.max(0, lo - pad);
  const span = Math.max(1, lastHand - first);
  const x = (k) => L + ((k - first) / span) * (W - L - 8);
  const y = (v) => H - 16 - ((v - bottom) / (top - bottom)) * (H - 26);
  const axis = `<text x="${L - 4}" y="${y(hi) + 4}" text-anchor="end" class="axis">${hi}</text>
    <text x="${L - 4}" y="${y(lo) + 4}" text-anchor="end" class="axis">${lo}</text>
    <line x1="${L}" x2="${W - 8}" y1="${y(hi)}" y2="${y(hi)}" class="grid"/><line x1="${L}" x2="${W - 8}" y1="${y(lo)}" y2="${y(lo)}" class="grid"/>
    <text x="${L}" y="${H - 3}" class="axis">hand ${first}</text><text x="${W - 8}" y="${H - 3}" text-anchor="end" class="axis">hand ${lastHand}</text>`;
  const colours = ["#ffd54f", "#4fc3f7", "#ef9a9a", "#a5d6a7", "#ce93d8", "#ffab91", "#80cbc4", "#e6ee9c", "#b0bec5", "#f48fb1"];
  const lines = Object.entries(series).filter(([, pts]) => pts.length).map(([name, pts], j) => {
    const d = pts.map(([k, v]) => `${x(k)},${y(v)}`).join(" ");
    const [lk, lv] = pts[pts.length - 1];
    const dot = `<circle cx="${x(lk)}" cy="${y(lv)}" r="3" fill="${colours[j % colours.length]}"/>`;
    return `<polyline fill="none" stroke="${colours[j % colours.length]}" stroke-width="2" points="${d}"><title>${escapeHtml(name)}</title></polyline>${dot}`;
  });
  const key = Object.keys(series).map((name, j) => `<span><svg class="key-dot" viewBox="0 0 10 10" width="10" height="10" aria-hidden="true"><circle cx="5" cy="5" r="4" fill="${colours[j % colours.length]}"/></svg> ${escapeHtml(name)}</span>`).join(" ");
  return `<svg class="stack-chart" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="stacks after each hand">
    <rect x="0" y="0" width="${W}" height="${H}" fill="#0006" rx="6"/>${axis}${lines.join("")}</svg><p class="chart-key">${key}</p>`;
}

// The night's figures per person: hands dealt in, voluntarily in (VPIP), won at showdown, net.
export function statsTable(stats, title = "The night") {
  const pct = (v) => (v === null || v === undefined ? "–" : `${Math.round(v)}%`);
  const rows = stats.players.map((p) => `<tr><th scope="row">${escapeHtml(p.name)}</th><td>${p.hands}</td>
    <td>${pct(p.vpip_percent)}</td><td>${p.won_showdown}/${p.showdowns}</td><td class="${p.net > 0 ? "up" : p.net < 0 ? "down" : ""}">${p.net > 0 ? "+" : ""}${p.net}</td></tr>`);
  return `<table class="stats"><caption>${escapeHtml(title)}: ${stats.hands} hand${stats.hands === 1 ? "" : "s"}</caption>
    <thead><tr><th scope="col">Player</th><th scope="col">Hands</th><th scope="col" title="voluntarily put chips in preflop (first betting round)">VPIP</th>
    <th scope="col" title="showdowns won / showdowns reached">Won at showdown</th><th scope="col" title="chips won or lost in play">Net</th></tr></thead>
    <tbody>${rows.join("")}</tbody></table>`;
}

export async function chartNight(app) {
  const box = document.getElementById("chart");
  const figures = document.getElementById("stats");
  try {
    const stats = await load(app, "stats");
    if (!stats.hands) {
      figures.textContent = "No hand has finished yet.";
      box.replaceChildren();
      return;
    }
    const t = app.state && app.state.tournament;
    figures.innerHTML = statsTable(stats, t ? `Table ${t.table}` : undefined);
    box.innerHTML = stackChart(stats.players);
  } catch (e) {
    app.toast(`Could not chart the night: ${e.message}`);
  }
}
