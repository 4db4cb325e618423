// The ledger with settle-up and the hand histories; downloads carry the link's token in a header,
// never in a URL (URLs end up in logs and browser history).
import { escapeHtml } from "./cards.js";
import { gameTitle } from "./choose.js";

function el(html) {
  const t = document.createElement("template");
  t.innerHTML = html.trim();
  return t.content.firstElementChild;
}

// GET /api/tables/{table}/{path} with `Authorization: Bearer <token>`; at a dealt tournament's table
// (the state's `tournament`), that table's own: /api/tournaments/{id}/tables/{n}/{path}.
export async function authFetch(app, path) {
  const t = app.state && app.state.tournament;
  const url = t ? `/api/tournaments/${app.tableId}/tables/${t.table}/${path}` : `/api/tables/${app.tableId}/${path}`;
  const headers = { Authorization: `Bearer ${app.token}` };
  return fetch(url, { headers });
}

// Save a download under its own file name: fetched with the header, handed to the browser as a Blob.
export async function download(app, path, filename) {
  try {
    const r = await authFetch(app, path);
    if (!r.ok) throw new Error(`the server answered ${r.status}`);
    const blob = await r.blob();
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (e) {
    app.toast(`Could not download ${filename}: ${e.message}.`);
  }
}

export function downloadLink(path, filename, label, app) {
  const a = document.createElement("a");
  a.href = "#";
  a.textContent = label;
  a.dataset.download = filename;
  a.addEventListener("click", (e) => {
    e.preventDefault();
    download(app, path, filename);
  });
  return a;
}

// the last settle-up (with the ledger it was worked out from) and hand list (and whose), kept across updates
const kept = { settle: null, settleFor: null, hands: null, handsFor: null };
let settling = null;

// Ask the table who pays whom for the ledger as it is now; `then` draws the answer.
function fetchSettle(app, ledgerSig, then) {
  if (settling === ledgerSig) return;
  settling = ledgerSig;
  authFetch(app, "settle").then(async (r) => {
    const data = await r.json();
    if (!r.ok) throw new Error(typeof data.detail === "string" ? data.detail : `the server answered ${r.status}`);
    kept.settle = data.lines || data.payments.map((p) => `${p.payer} pays ${p.payee} ${p.amount}`);
    kept.settleFor = ledgerSig;
  }).catch((e) => {
    app.toast(`Could not settle up: ${e.message}`);
    kept.settle = null; // no stale figures: press Settle up again
  }).finally(() => {
    settling = null;
    then();
  });
}

export function renderLedger(state, box, app) {
  const { table } = state;
  if (state.tournament) {
    renderTournamentHands(state, box, app);
    return;
  }
  const ledgerSig = JSON.stringify([table.ledger, table.balance]);
  // settle-up figures from an older ledger are never shown: they are worked out again at once
  const stale = kept.settle !== null && kept.settleFor !== ledgerSig;
  if (stale) fetchSettle(app, ledgerSig, () => { delete box.dataset.sig; renderLedger(app.state || state, box, app); });
  const sig = JSON.stringify([ledgerSig, kept, stale]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  const rows = table.ledger.map((l) => `<tr><td>${escapeHtml(l.name)}</td><td>${l.bought_in}</td><td>${l.cashed_out}</td><td>${l.stack}</td><td class="${l.net >= 0 ? "plus" : "minus"}">${l.net > 0 ? "+" : ""}${l.net}</td></tr>`).join("");
  box.innerHTML = `<table class="ledger"><thead><tr><th>Player</th><th>In</th><th>Out</th><th>Stack</th><th>Net</th></tr></thead><tbody>${rows}</tbody></table>
    <p class="muted">Balance: ${table.balance} · <span class="csv"></span></p>
    <div class="settle"></div>`;
  box.querySelector(".csv").append(downloadLink("ledger.csv", "ledger.csv", "CSV", app));
  const settle = box.querySelector(".settle");
  const again = () => { delete box.dataset.sig; renderLedger(app.state || state, box, app); };
  const button = el('<button type="button" class="small" data-action="settle">Settle up</button>');
  button.addEventListener("click", () => fetchSettle(app, ledgerSig, again));
  settle.append(button);
  if (stale) settle.insertAdjacentHTML("beforeend", '<p class="muted settle-stale">Working out the settle-up again for the new figures…</p>');
  else if (kept.settle) {
    settle.insertAdjacentHTML("beforeend", kept.settle.length
      ? `<ul>${kept.settle.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`
      : "<p>Nobody owes anybody.</p>");
  }
  handHistories(settle, app, again);
}

// A dealt tournament's table has no ledger (its chips are tournament chips, nobody buys in or cashes
// out, the clock page has the results): its panel is "Hands", this table's hand histories only.
function renderTournamentHands(state, box, app) {
  const where = `${state.tournament.id}.${state.tournament.table}`;
  if (kept.handsFor !== where) Object.assign(kept, { hands: null, handsFor: where }); // moved: another table's hands
  const summary = document.querySelector("#ledger-panel > summary");
  if (summary && summary.textContent !== "Hands") summary.textContent = "Hands";
  const sig = JSON.stringify(["tournament", kept.hands, where]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.innerHTML = `<p class="muted">The hands of table ${state.tournament.table}, each with its shuffle's seed and deck.</p>`;
  handHistories(box, app, () => { delete box.dataset.sig; renderLedger(app.state || state, box, app); });
}

// The "Hand histories" button and, once pressed, the latest hands, each a JSON (and PHH) download.
function handHistories(into, app, again) {
  const hands = el('<button type="button" class="small" data-action="hands">Hand histories</button>');
  hands.addEventListener("click", async () => {
    try {
      const r = await authFetch(app, "hands");
      const list = await r.json();
      if (!r.ok) throw new Error(typeof list.detail === "string" ? list.detail : `the server answered ${r.status}`);
      kept.hands = list.slice(-30).reverse().map((h) => ({ number: h.number, game: h.game, phh: h.phh === true }));
    } catch (e) {
      app.toast(`Could not list the hands: ${e.message}`);
    }
    again();
  });
  into.append(hands);
  if (kept.hands) {
    if (!kept.hands.length) into.insertAdjacentHTML("beforeend", "<p>No hand has finished yet.</p>");
    else {
      const ul = el('<ul class="hands"></ul>');
      for (const h of kept.hands) {
        const li = el(`<li>Hand ${h.number} · ${escapeHtml(gameTitle(app.games, h.game))} · </li>`);
        li.append(downloadLink(`hands/${h.number}.json`, `hand-${h.number}.json`, "JSON", app));
        // PHH only where the server writes it (the hand list says so per hand)
        if (h.phh) li.append(" · ", downloadLink(`hands/${h.number}.phh`, `hand-${h.number}.phh`, "PHH", app));
        ul.append(li);
      }
      into.append(ul);
    }
  }
}
