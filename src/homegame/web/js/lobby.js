// The lobby: open a table and go to it as the host.
import { chosenRules, variantSelect } from "./choose.js";
import { TABLE_NAME_MAX, limitBox, wholeNumber } from "./words.js";
import { openFrom } from "./opening.js";

const form = document.getElementById("new-table");
const select = document.getElementById("game");
const error = document.getElementById("error");

// Each game with what it is (its game file's `about`) and its variants (high, hi-lo, declare) under the picker.
const lobby = { games: [], variant: null };
const DEALERS_CHOICE = "Each hand the dealer picks the game from the list, with its variant.";
function describeGame() {
  const game = lobby.games.find((g) => g.name === select.value);
  document.getElementById("game-about").textContent = game ? game.about || "" : DEALERS_CHOICE;
  lobby.variant = game ? variantSelect(game) : null;
  document.getElementById("variant-box").replaceChildren(...(lobby.variant ? [lobby.variant] : []));
  document.getElementById("variant-label").hidden = !lobby.variant;
}
select.addEventListener("change", describeGame);
fetch("/api/games").then((r) => r.json()).then((games) => {
  lobby.games = games;
  for (const g of games) {
    const opt = document.createElement("option");
    opt.value = g.name;
    opt.textContent = g.title;
    select.append(opt);
  }
  describeGame();
}).catch(() => {});

// The bet sizes that apply: fixed limit has a small and a big bet; no limit and pot limit need a smallest
// bet only when there is no big blind (an ante-only game).
const smallLabel = document.getElementById("small-bet-label");
const smallWords = document.getElementById("small-bet-words");
const bigLabel = document.getElementById("big-bet-label");
function showBets() {
  const fixed = form.structure.value === "fixed-limit";
  const noBlind = !/^[1-9]\d*$/.test(form.bb.value.trim());
  bigLabel.hidden = !fixed;
  smallLabel.hidden = !fixed && !noBlind;
  smallWords.textContent = fixed ? "Small bet" : "Smallest bet (no big blind)";
}
for (const name of ["structure", "bb"]) form[name].addEventListener("input", showBets);
form.structure.addEventListener("change", showBets);
showBets();

const WORDS = { buy_in: "Buy-in", bots: "Bots", turn_seconds: "Turn (s)", name: "Table name", stakes: "Stakes", ante: "Ante",
  blinds: "Blinds", small_bet: "Small bet", big_bet: "Big bet", game: "Game", rules: "House rules" };

// A refusal as sentences: a 400's reason as it is, a 422's list of fields as "Bots: at most 8."
export function errorWords(detail) {
  if (typeof detail === "string") {
    // "bad request: name: String should have at most 40 characters; bots: ..." said with the form's words
    const m = /^bad request: (.*)$/.exec(detail);
    if (!m) return detail;
    return m[1].split("; ").map((part) => {
      const [where, ...rest] = part.split(": ");
      const field = where.split(".").map((x) => WORDS[x] || x).join(" › ");
      const msg = (rest.length ? rest.join(": ") : where).replace(/^String should have /, "must have ").replace(/^Input should be /, "must be ");
      return rest.length ? `${field}: ${msg}.` : `${msg[0].toUpperCase()}${msg.slice(1)}.`;
    }).join(" ");
  }
  if (Array.isArray(detail)) {
    return detail.map((d) => {
      const where = (d.loc || []).filter((x) => x !== "body").map((x) => WORDS[x] || String(x)).join(" › ");
      const msg = String(d.msg || "is not allowed").replace(/^Input should be /, "must be ").replace(/^Value error, /, "");
      return `${where ? `${where}: ` : ""}${msg}.`;
    }).join(" ");
  }
  return "The table could not be opened: the server refused the settings.";
}

openFrom(form, error, "/api/tables", (f) => {
  const n = (k, what, opts) => wholeNumber(f.get(k) || "0", what, opts);
  const structure = f.get("structure");
  const bb = n("bb", "The big blind");
  const stakes = { structure, ante: n("ante", "The ante"), blinds: bb ? [n("sb", "The small blind"), bb] : [] };
  if (structure === "fixed-limit") Object.assign(stakes, { small_bet: n("small_bet", "The small bet"), big_bet: n("big_bet", "The big bet") });
  else if (!bb) stakes.small_bet = n("small_bet", "The smallest bet");
  const body = {
    name: f.get("name"), game: f.get("game"), rules: chosenRules(lobby.games.find((g) => g.name === f.get("game")), lobby.variant), stakes, buy_in: n("buy_in", "The buy-in", { min: 1 }), bots: n("bots", "Bots", { max: 8 }),
    bot_kind: f.get("bot_kind"), approve_seats: f.get("approve_seats") === "on", turn_seconds: n("turn_seconds", "The turn time", { min: 5, max: 3600 }),
    wait_for_host: true, // nothing is dealt until the host starts the night (or sits down)
  };
  return body;
}, errorWords);

limitBox(document.querySelector("#new-table input[name=name]"), TABLE_NAME_MAX, "a table name");
