// Words players read: the engine's seat numbers as names, whole numbers checked before anything is sent.

// The engine's own refusals count the seats dealt into the hand from 0 ("it is not seat 1's turn; to act:
// 0", "waiting for seats 0, 2"), where the page counts from 1. Those phrases are said with names; anything
// else is left as the table wrote it (the table itself writes "Ann (seat 2)", counted from 1).
export function seatWords(message, code, table, seatName) {
  if (!table || typeof message !== "string" || code !== "illegal") return message;
  const dealt = table.dealt || [];
  const names = (list) => {
    const all = list.split(/,\s*/).filter(Boolean).map((x) => (dealt[Number(x)] === undefined ? `seat ${Number(x) + 1}` : seatName(table, dealt[Number(x)])));
    return all.length > 1 ? `${all.slice(0, -1).join(", ")} and ${all.at(-1)}` : all[0] || "nobody";
  };
  return message
    .replace(/\bit is not seat \d+'s turn; to act: ((?:\d+(?:, )?)+|nobody)/, (_m, list) => `it is not your turn; the table waits for ${list === "nobody" ? "nobody" : names(list)}`)
    .replace(/\bseat \d+ has already chosen; waiting for seats ((?:\d+(?:, )?)+)/, (_m, list) => `you have already chosen; waiting for ${names(list)}`);
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

// The longest player name and table name the server takes (protocol.Name, NewTable.name).
export const NAME_MAX = 24;
export const TABLE_NAME_MAX = 40;

// A text box with the server's limit as its maxlength and a counter after it ("12/24"), so that a long
// name is never cut without a word: at the limit, or when a paste does not fit, a sentence says so.
export function limitBox(input, max, what) {
  input.maxLength = max;
  const note = document.createElement("small");
  note.className = "limit-note muted";
  note.setAttribute("aria-live", "polite");
  let cut = false;
  const show = () => {
    const n = input.value.length;
    note.textContent = cut ? `${n}/${max}: only the first ${max} characters fit (${what} can be at most ${max} characters).`
      : n >= max ? `${n}/${max}: ${what} can be at most ${max} characters.` : `${n}/${max}`;
  };
  input.addEventListener("paste", (e) => {
    const text = (e.clipboardData && e.clipboardData.getData("text")) || "";
    const room = max - input.value.length + Math.abs((input.selectionEnd || 0) - (input.selectionStart || 0));
    cut = text.length > room;
  });
  input.addEventListener("input", (e) => {
    if (e.inputType !== "insertFromPaste") cut = false;
    show();
  });
  show();
  input.after(note);
  return note;
}

// "the host has paused the game" as a sentence: a capital letter and a full stop.
export function sentence(text) {
  const t = String(text).trim();
  return t ? `${t[0].toUpperCase()}${t.slice(1)}${/[.!?…]$/.test(t) ? "" : "."}` : "";
}

// The hand log as I read it: the engine's public lines, with my own words in their place (what I chose,
// the cards I passed or was passed: the view's `log_mine`, by line index). Only my view holds them.
export function ownLog(view) {
  const mine = view.log_mine || {};
  return view.log.map((line, i) => mine[i] ?? line);
}
