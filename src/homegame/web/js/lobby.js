// The lobby: open a table and go to it as the host.
const form = document.getElementById("new-table");
const select = document.getElementById("game");
const error = document.getElementById("error");

fetch("/api/games").then((r) => r.json()).then((games) => {
  for (const g of games) {
    const opt = document.createElement("option");
    opt.value = g.name;
    opt.textContent = g.title;
    select.append(opt);
  }
}).catch(() => {});

// the fixed-limit bet sizes only show when the structure is fixed limit
const betsRow = document.getElementById("bets-row");
form.structure.addEventListener("change", () => { betsRow.hidden = form.structure.value !== "fixed-limit"; });

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const f = new FormData(form);
  const n = (k) => Number(f.get(k) || 0);
  const structure = f.get("structure");
  const stakes = { structure, ante: n("ante"), blinds: n("bb") ? [n("sb"), n("bb")] : [] };
  if (structure === "fixed-limit") Object.assign(stakes, { small_bet: n("small_bet"), big_bet: n("big_bet") });
  const body = {
    name: f.get("name"), game: f.get("game"), stakes, buy_in: n("buy_in"), bots: n("bots"),
    bot_kind: f.get("bot_kind"), approve_seats: f.get("approve_seats") === "on", turn_seconds: n("turn_seconds"),
  };
  error.textContent = "";
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    error.textContent = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
    return;
  }
  location.href = data.links.host;
});
