// The one loud status line over the felt: what the table is doing and what I must do now ("Your turn:
// call 4 or raise", "Pass 1 card to Ben", "PAUSED by Dave", "Waiting for Ben (12 s)"); the wild cards
// in words; and why my queued pre-action was dropped.
import { seatName } from "./felt.js";
import { sentence } from "./words.js";
import { clockText, tableNow } from "./countdown.js";

const $ = (id) => document.getElementById(id);

export function bannerText(state, app, now) {
  const { table, view, you } = state;
  if (app.offline) return "Connection lost: reconnecting…";
  const halted = table.halted || app.halted;
  if (halted) return sentence(typeof halted === "string" ? halted : halted.message || "the table is stopped: a write to the database failed");
  if ((you.seat === null || you.seat === undefined) && app.hadSeat && you.role !== "watcher") {
    return "You are no longer seated. Sit down again to buy in.";
  }
  if (you.out_of_chips) return sentence(you.out_of_chips.message);  // paused or not, a hand on or not
  if (table.paused) return `PAUSED by ${pausedBy(table)}`;
  if (view && !view.over && view.seat !== null && view.seat !== undefined && view.legal.length) return myTurnText(view, app);
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
    const who = view.to_act.filter((h) => h !== view.seat).map((h) => seatName(app, table, dealt[h]));
    if (who.length) return `Waiting for ${who.length > 2 ? `${who.length} players` : who.join(" and ")}${secondsLeft(table, view, app, now)}`;
  }
  const ready = table.seats.filter((s) => s.status === "active" && !s.sitting_out && s.stack > 0).length;
  if (!table.live && ready < 2) return "Waiting for players to sit…";
  const me = table.seats.find((s) => s.position === you.seat);
  if (me && me.sitting_out) return "You are sitting out. Press “I'm back” to be dealt in again.";
  if (you.seat !== null && view && view.seat === null) return "You are dealt in from the next hand.";
  return "";
}

// Why my queued action was dropped (or refused), until I queue another or the hand ends.
export function renderPreNote(state, app) {
  const d = app.preDropped;
  if (d && (d.hand !== state.hand || state.you.pre_action)) app.preDropped = null;
  $("pre-note").textContent = app.preDropped ? app.preDropped.text : "";
}

// Who paused the table: the table's `paused` may be a name or {name} / {by} (who paused), or merely true.
export function pausedBy(table) {
  const p = table.paused_by ?? table.paused;
  if (typeof p === "string" && p) return p;
  if (p && typeof p === "object") return p.name || p.by || "the host";
  return "the host";
}

// " (12s)": the clock of the one seat the table waits for, when there is one (as its seat shows it).
function secondsLeft(table, view, app, now) {
  const dealt = table.dealt || [];
  const waiting = view.to_act.filter((h) => h !== view.seat).map((h) => table.seats.find((s) => s.position === dealt[h]));
  const clocks = waiting.filter((s) => s && s.deadline);
  if (clocks.length !== 1) return "…";
  const text = clockText(clocks[0].deadline, now ?? tableNow(app), clocks[0].turn_ends);
  return text ? ` (${text})` : "…";
}

function either(words) {
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : words[0] || "";
}

// My decision in a few words, from the legal actions.
export function myTurnText(view, app) {
  const options = view.legal_options || [];  // the records beside view.legal: {kind, cards, min, max, choice, text}
  const verbs = Object.fromEntries(options.map((o) => [o.kind, o]));
  const plural = (n, word) => `${n} ${word}${Number(n) === 1 ? "" : "s"}`;
  if (verbs.pass) {
    const to = view.pass_to !== null && view.pass_to !== undefined && app.ui.nameOf ? app.ui.nameOf(view.pass_to) : "your neighbour";
    return `Pass ${plural(verbs.pass.cards, "card")} to ${to}`;
  }
  const counts = options.filter((o) => o.kind === "discard").map((o) => o.cards);
  if (counts.length > 1) return `Draw: throw away up to ${plural(Math.max(...counts), "card")}${counts.includes(0) ? ", or stand pat" : ""}`;
  if (verbs.discard) return `Discard ${plural(verbs.discard.cards, "card")}`;
  if (verbs.expose) return "Turn one of your cards face up";
  if (verbs.arrange) return "Arrange your cards: the order you will roll them";
  const sides = options.filter((o) => o.kind === "declare").map((o) => o.choice);
  if (sides.length) return `Declare: ${either(sides)}`;
  const words = [];
  if (verbs.check) words.push("check");
  if (verbs.call) words.push(`call ${verbs.call.min}`);
  if (verbs.bet) words.push("bet");
  if (verbs.raise) words.push("raise");
  if (!words.length && verbs.fold) words.push("fold");
  else if (verbs.fold && !verbs.check && words.length === 1) words.push("fold");
  return words.length ? `Your turn: ${either(words)}` : "Your turn";
}

const RANK_WORDS = { A: "aces", K: "kings", Q: "queens", J: "jacks", T: "tens", 9: "nines", 8: "eights", 7: "sevens", 6: "sixes",
  5: "fives", 4: "fours", 3: "threes", 2: "deuces" };
const RULE_WORDS = { "follow-queen": "the card after the last queen", lowest: "each player's lowest card", "lowest-hole": "each player's lowest face-down card" };

// The game's wild cards in words ("Queens and the card after the last queen are wild"), from the view's
// `wild` ({declared, now, mine}; a `words` or `text` field, when the table sends one, is used as it is).
export function wildWords(wild) {
  if (!wild) return "";
  if (typeof wild === "string") return wildWords({ declared: wild });
  if (wild.words || wild.text) return String(wild.words || wild.text);
  const parts = String(wild.declared || "").replace(/,/g, " ").split(/\s+/).filter(Boolean)
    .map((w) => RULE_WORDS[w.toLowerCase()] || RANK_WORDS[w.toUpperCase()] || cardWords(w));
  if (!parts.length) return "";
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  const now = (wild.now || []).map((w) => RANK_WORDS[w] || cardWords(w));
  const extra = now.length && String(wild.declared).match(/follow|lowest/) ? ` (wild now: ${now.join(", ")})` : "";
  return `${list[0].toUpperCase()}${list.slice(1)} ${parts.length > 1 || /s$/.test(list) ? "are" : "is"} wild${extra}`;
}

function cardWords(card) {
  const suits = { c: "♣", d: "♦", h: "♥", s: "♠" };
  return card.length === 2 && suits[card[1]] ? `${card[0] === "T" ? "10" : card[0]}${suits[card[1]]}` : card;
}
