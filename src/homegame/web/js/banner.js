// What the banner under the felt tells me now (my turn, whom the table waits for, why nothing moves),
// and why my queued pre-action was dropped.
import { seatName } from "./felt.js";
import { sentence } from "./words.js";

const $ = (id) => document.getElementById(id);

export function bannerText(state, app) {
  const { table, view, you } = state;
  if (app.offline) return "Connection lost: reconnecting…";
  const halted = table.halted || app.halted;
  if (halted) return sentence(typeof halted === "string" ? halted : halted.message || "the table is stopped: a write to the database failed");
  if ((you.seat === null || you.seat === undefined) && app.hadSeat && you.role !== "watcher") {
    return "You are no longer seated. Sit down again to buy in.";
  }
  if (you.out_of_chips) return sentence(you.out_of_chips.message);  // paused or not, a hand on or not
  if (table.paused && !table.live) return "The host has paused the game.";
  if (view && !view.over && view.seat !== null && view.seat !== undefined && view.legal.length) return "";
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
    if (who.length) return `Waiting for ${who.length > 2 ? `${who.length} players` : who.join(" and ")}…`;
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
