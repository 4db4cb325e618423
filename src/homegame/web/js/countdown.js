// Every reading of a turn clock on the page comes from clockText: the seat's countdown on the felt, my
// own clock ("12s to act · bank 30s") and the banner's "(12s)" read the same seconds at the same instant
// (they once counted separately, one with the time bank in it and one without, and disagreed).

// Now on the table's clock: the page's clock corrected by the offset the last state measured.
export function tableNow(app) {
  return Date.now() / 1000 + (app.offset || 0);
}

// A turn clock at `now`, in seconds: `left` in all, `turn` of it to act (until `turnEnds`, when the
// time bank starts) and `bank`; `deadline` is when turn and bank are both spent.
export function clockParts(deadline, now, turnEnds = null) {
  const left = Math.max(0, Number(deadline) - now);
  const ends = turnEnds === null || turnEnds === undefined || turnEnds === "" ? Number(deadline) : Number(turnEnds);
  const turn = Math.max(0, Math.min(ends, Number(deadline)) - now);
  return { left, turn, bank: left - turn };
}

// A turn clock in words: "12s" to act, "bank 8s" once the turn time is spent, "" once it ran out; `mine`
// is my own clock's longer form ("12s to act · bank 30s", "time bank: 8s left").
export function clockText(deadline, now, turnEnds = null, mine = false) {
  const { left, turn, bank } = clockParts(deadline, now, turnEnds);
  if (left <= 0) return "";
  if (turn > 0) return mine ? `${Math.ceil(turn)}s to act · bank ${Math.round(bank)}s` : `${Math.ceil(turn)}s`;
  return mine ? `time bank: ${Math.ceil(left)}s left` : `bank ${Math.ceil(left)}s`;
}
