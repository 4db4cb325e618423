// Motion that explains: when a betting round ends, each seat's bet flies into the pot; when the hand
// ends, the pot flies to each winner. Nothing moves when the device asks for reduced motion, nor on a
// page nobody looks at: a hidden page draws no frames, so a flight made then never moved and lay by its
// seat as a chip badge after the hand (the play-test saw it three times); those in the air are dropped.
import { realAwards } from "./results.js";

const seen = { hand: null, bets: {}, over: false };
const flights = new Set();

// Every chip in the air gone at once.
function land() {
  for (const chip of flights) chip.remove();
  flights.clear();
}
document.addEventListener("visibilitychange", () => { if (document.visibilityState !== "visible") land(); });

function centreOf(el, felt) {
  const b = el.getBoundingClientRect();
  const f = felt.getBoundingClientRect();
  return [b.left + b.width / 2 - f.left, b.top + b.height / 2 - f.top];
}

function fly(felt, from, to, amount) {
  const chip = document.createElement("span");
  chip.className = "chip flying";
  chip.setAttribute("aria-hidden", "true");
  chip.textContent = String(amount);
  chip.style.left = `${from[0]}px`;
  chip.style.top = `${from[1]}px`;
  felt.append(chip);
  flights.add(chip);
  const gone = () => {
    chip.remove();
    flights.delete(chip);
  };
  requestAnimationFrame(() => requestAnimationFrame(() => {
    chip.style.left = `${to[0]}px`;
    chip.style.top = `${to[1]}px`;
    chip.classList.add("landed");
  }));
  // gone the moment it lands (the fade ends with the flight), or soon after if no transition runs
  chip.addEventListener("transitionend", gone);
  setTimeout(gone, 900);
}

// Called after the seats are drawn: compares this state's bets and end with the last one's.
export function moveChips(state) {
  const { view, table } = state;
  const felt = document.getElementById("felt");
  const pot = document.getElementById("pot");
  const bets = {};
  for (const s of table.seats) {
    const h = view && s.hand_seat !== null && s.hand_seat !== undefined ? view.seats[s.hand_seat] : null;
    if (h) bets[s.position] = h.bet || 0;
  }
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches || document.visibilityState !== "visible";
  if (still || seen.hand !== state.hand) land(); // a new hand starts with nothing in the air
  if (view && seen.hand === state.hand && !still) {
    const seatEl = (pos) => felt.querySelector(`.seat[data-position="${pos}"]`);
    // the round's bets gathered into the pot
    for (const [pos, before] of Object.entries(seen.bets)) {
      const el = seatEl(pos);
      if (before > 0 && !bets[pos] && el) fly(felt, centreOf(el, felt), centreOf(pot, felt), before);
    }
    // the pot to its winners
    if (view.over && !seen.over && view.results) {
      const { won } = realAwards(view);
      for (const s of table.seats) {
        const el = seatEl(s.position);
        const amount = s.hand_seat !== null && s.hand_seat !== undefined ? won[s.hand_seat] || 0 : 0;
        if (amount > 0 && el) fly(felt, centreOf(pot.textContent ? pot : document.getElementById("center"), felt), centreOf(el, felt), amount);
      }
    }
  }
  Object.assign(seen, { hand: state.hand, bets, over: Boolean(view && view.over) });
}
