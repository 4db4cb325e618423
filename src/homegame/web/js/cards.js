// Cards drawn as cards: rank and suit symbol, four colours so suits read at a glance on a phone.
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RANKS = { T: "10" };

export function cardEl(text, { small = false, selectable = false } = {}) {
  const el = document.createElement(selectable ? "button" : "div");
  el.className = `card suit-${text[1]}${small ? " small" : ""}`;
  el.dataset.card = text;
  el.setAttribute("aria-label", text);
  const rank = RANKS[text[0]] || text[0];
  el.innerHTML = `<span class="rank">${rank}</span><span class="pip">${SUITS[text[1]] || "?"}</span>`;
  if (selectable) el.type = "button";
  return el;
}

export function backEl({ small = false } = {}) {
  const el = document.createElement("div");
  el.className = `card back${small ? " small" : ""}`;
  el.setAttribute("aria-label", "face-down card");
  return el;
}

export function cardText(text) {
  return `${RANKS[text[0]] || text[0]}${SUITS[text[1]] || text[1]}`;
}

// Replace two-character cards inside a log line with suit symbols.
export function prettyLine(line) {
  return line.replace(/\b([2-9TJQKA])([cdhs])\b/g, (_m, r, s) => `${RANKS[r] || r}${SUITS[s]}`);
}

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
