// Words players read: seat numbers as names (counted from 1 when there is no name), whole numbers checked
// before anything is sent.

// An error names seats by number: the engine ("illegal") counts the seats dealt into the hand from 0,
// the table ("refused" and the rest) counts table positions from 0. Players see names, or seats from 1.
export function seatWords(message, code, table, seatName) {
  if (!table || typeof message !== "string") return message;
  const name = (n) => {
    const pos = code === "illegal" ? (table.dealt || [])[n] : n;
    if (pos === undefined) return `seat ${n + 1}`;
    return seatName(table, pos);
  };
  return message.replace(/\b([Ss])eats? (\d+(?:(?:, | and | or )\d+)*)/g, (_m, _s, list) => {
    const names = list.split(/, | and | or /).map((x) => name(Number(x)));
    return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  });
}

// A whole number of chips typed by a person: digits only ("1e9", "2.5", "-3" are refused with a sentence).
export function wholeNumber(text, what, { min = 0, max = 1e9 } = {}) {
  const t = String(text).trim();
  if (!/^\d+$/.test(t)) throw new Error(`${what} must be a whole number (digits only), not “${t || "nothing"}”.`);
  const n = Number(t);
  if (n < min || n > max) throw new Error(`${what} must be from ${min} to ${max}, not ${n}.`);
  return n;
}

// "5/10" as two whole numbers, or "" as none.
export function pairOf(text, what) {
  const t = String(text).trim();
  if (!t) return [];
  const parts = t.split("/");
  if (parts.length !== 2) throw new Error(`${what} are two whole numbers like 1/2, not “${t}”.`);
  return parts.map((x) => wholeNumber(x, what));
}
