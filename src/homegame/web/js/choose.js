// Choosing a game in words people understand: each game with what it is (its game file's `about`) and
// its variants (high, hi-lo, declare, and a seed game's house presets) as choices, for the dealer's
// choice on the table and the lobby's game picker; and the current game's rules card on the felt.
import { SPLITS } from "./rulewords.js";


// House presets a seed game is often played with, beyond its split.
const PRESETS = {
  "pass-the-trash": [["3-2-1, keep 6", { passes: [3, 2, 1], keep: 6, declare_after: 4 }]],
  "three-hole": [["last cards count", { showdown_cards_count: true }]],
};

// A game's title by its engine name ("Pass The Trash", not "pass-the-trash"), for every list that names
// games; the name itself only for a game the server no longer lists.
export function gameTitle(games, name) {
  return (games || []).find((g) => g.name === name)?.title || name || "";
}

// A game's variants as [label, rules]: the game as its file deals it first, then each other split its
// `split` option allows, then its presets. `rules` holds only what differs from the game's defaults.
export function variantsOf(game) {
  const split = (game.options || {}).split;
  const out = [];
  if (split) {
    const dealt = split[1];
    out.push([SPLITS[dealt] || dealt, {}]);
    for (const value of Object.keys(SPLITS)) {
      if (value !== dealt && String(split[0]).includes(`'${value}'`)) out.push([SPLITS[value], { split: value }]);
    }
  } else {
    out.push(["As dealt", {}]);
  }
  for (const preset of PRESETS[game.name] || []) out.push(preset);
  return out;
}

// A <select> of a game's variants (null when it has only one); its value is the variant's index.
export function variantSelect(game, name = "variant") {
  const variants = variantsOf(game);
  if (variants.length < 2) return null;
  const select = document.createElement("select");
  select.name = name;
  select.setAttribute("aria-label", `${game.title}: variant`);
  variants.forEach(([label], i) => {
    const opt = document.createElement("option");
    opt.value = String(i);
    opt.textContent = label;
    select.append(opt);
  });
  return select;
}

// The chosen variant's rules from a select made by variantSelect (none: the game as dealt).
export function chosenRules(game, select) {
  return select ? variantsOf(game)[Number(select.value)]?.[1] || {} : {};
}

// The dealer's choice: one row a game (its title as the button, what it is, its variants), in a list
// that scrolls inside the action area; `pick(game, rules)` is called with the tapped game.
export function gameList(games, pick) {
  const list = document.createElement("ul");
  list.className = "buttons choose game-list";
  list.setAttribute("aria-label", "games to choose from");
  for (const g of games) {
    const li = document.createElement("li");
    li.className = "game-choice";
    const b = document.createElement("button");
    b.type = "button";
    b.className = "act";
    b.dataset.action = `choose-${g.name}`;
    b.textContent = g.title;
    const about = document.createElement("p");
    about.className = "game-about";
    about.textContent = g.about || "";
    const select = variantSelect(g);
    b.addEventListener("click", () => pick(g.name, chosenRules(g, select)));
    li.append(b);
    if (select) li.append(select);
    li.append(about);
    list.append(li);
  }
  return list;
}

// The rules card of the game on the felt: its title, what it is, and the house rules that differ from
// the game's defaults; opened and closed by the Rules button in the top bar.
export function renderRulesCard(app, state, houseWords) {
  const card = document.getElementById("rules-card");
  const button = document.getElementById("rules-button");
  if (!card || !button) return;
  const { view, table } = state;
  const name = view ? view.game : table.next_game ? table.next_game.game : table.settings.game;
  const game = (app.games || []).find((g) => g.name === name);
  button.hidden = !game;
  if (!game) return;
  const rules = view ? view.rules : table.next_game ? table.next_game.rules : table.settings.rules;
  const house = houseWords(app, name, rules);
  const sig = JSON.stringify([name, house]);
  if (card.dataset.sig === sig) return;
  card.dataset.sig = sig;
  card.querySelector(".rules-title").textContent = `${game.title}${house}`;
  card.querySelector(".rules-about").textContent = game.about || "";
  card.querySelector(".rules-players").textContent = `${game.min_players} to ${game.max_players} players.`;
}

// The Rules button opens and closes the card (Escape closes it too).
export function wireRulesCard() {
  const card = document.getElementById("rules-card");
  const button = document.getElementById("rules-button");
  if (!card || !button) return;
  const show = (open) => {
    card.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => show(card.hidden));
  card.querySelector('[data-action="rules-close"]').addEventListener("click", () => { show(false); button.focus(); });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !card.hidden) show(false); });
}
