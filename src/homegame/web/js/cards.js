// Cards drawn as cards: rank and suit symbol, four colours so suits read at a glance on a phone.
import { drawLines, wonLines } from "./boardlines.js";

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RANKS = { T: "10" };

export function cardEl(text, { small = false, selectable = false } = {}) {
  const el = document.createElement(selectable ? "button" : "div");
  el.className = `card suit-${text[1]}${small ? " small" : ""}`;
  el.dataset.card = text;
  el.setAttribute("aria-label", text);
  if (!selectable) el.setAttribute("role", "img");
  const rank = RANKS[text[0]] || text[0];
  el.innerHTML = `<span class="rank">${rank}</span><span class="pip">${SUITS[text[1]] || "?"}</span>`;
  if (selectable) el.type = "button";
  return el;
}

export function backEl({ small = false } = {}) {
  const el = document.createElement("div");
  el.className = `card back${small ? " small" : ""}`;
  el.setAttribute("role", "img");
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

// Where each board card sits in a game's layout (GET /api/games `layout`): [row, column] or [row, column,
// rows spanned] (1-based grid cells) per board index, or null for a plain row.
// - `layout.boards` (several boards: double-board hold'em): one row per board, its cards left to right
//   after the board's name in the first column.
// - `layout.lines` (board indices in the order they are turned, one line a hand may use): the card all
//   lines share in the centre with one card each side of it: with two lines the first across and the
//   second down (a cross); with more, one row each (an H, the Elevator). Other lines are paths (Chowaha):
//   a card's column is its place along its lines, its height the middle of the lines that hold it.
export function layoutCells(layout) {
  if (layout && layout.boards) {
    const cells = {};
    layout.boards.forEach((board, k) => board.forEach((i, j) => { cells[i] = [k + 1, j + 2]; }));
    return cells;
  }
  const lines = layout && layout.lines;
  if (!lines || lines.length < 2) return null;
  return crossCells(lines) || pathCells(lines);
}

function crossCells(lines) {
  const centre = lines[0].find((i) => lines.every((l) => l.includes(i)));
  if (centre === undefined || lines.some((l) => l.length !== 3)) return null;
  const cells = {};
  const mid = lines.length === 2 ? 2 : Math.ceil(lines.length / 2);
  cells[centre] = [mid, 2];
  lines.forEach((line, k) => {
    const ends = line.filter((i) => i !== centre);
    ends.forEach((i, j) => {
      cells[i] = lines.length === 2 && k === 1 ? [j === 0 ? 1 : 3, 2] : [lines.length === 2 ? 2 : k + 1, j === 0 ? 1 : 3];
    });
  });
  return cells;
}

// Paths: each card spans two half-rows; line k runs along half-rows 2k+1 and 2k+2, and a card on several
// lines sits at their middle (Chowaha's middle row and river between the second and third paths).
function pathCells(lines) {
  const on = {};
  lines.forEach((line, k) => line.forEach((i, j) => {
    const at = on[i] || (on[i] = { lines: [], column: 0 });
    at.lines.push(k);
    at.column = Math.max(at.column, j);
  }));
  const cells = {};
  for (const [i, at] of Object.entries(on)) {
    const middle = (Math.min(...at.lines) + Math.max(...at.lines)) / 2;
    cells[i] = [Math.round(2 * middle) + 1, at.column + 1, 2];
  }
  return cells;
}

// A board laid out as its game says: a grid with an empty slot where a card is still to come; with several
// boards each card says its board (`data-board`, 1 for the first) and each row is named; with lines, the
// lines are drawn under the cards (boardlines.js). `view` (optional) is the hand the board is of: each card
// is drawn as the felt draws a card (`feltCard`: wild marked, lit when it won, sliding in when first seen)
// and the lines a winning hand used are lit.
export function layoutBoard(cards, layout, { small = false, view = null, hand = null } = {}) {
  const cells = layoutCells(layout);
  if (!cells) return null;
  const grid = document.createElement("div");
  const paths = Object.values(cells).some((cell) => cell[2]);
  grid.className = `board-layout layout-${layout.name}${layout.boards ? " boards" : ""}${layout.lines ? " lines" : ""}${paths ? " paths" : ""}`;
  grid.dataset.layout = layout.name;
  (layout.boards || []).forEach((_b, k) => {
    const name = document.createElement("span");
    name.className = "board-name";
    name.textContent = `Board ${k + 1}`;
    name.style.gridRow = String(k + 1);
    name.style.gridColumn = "1";
    grid.append(name);
  });
  for (const [i, [row, col, span]] of Object.entries(cells)) {
    const card = cards[Number(i)];
    const el = card ? cardEl(card, { small }) : document.createElement("div");
    if (card && view) feltCard(el, card, view, hand, "board");
    if (!card) el.className = `card slot${small ? " small" : ""}`;
    el.style.gridRow = span ? `${row} / span ${span}` : String(row);
    el.style.gridColumn = String(col);
    el.dataset.slot = i;
    if (layout.boards) el.dataset.board = String(layout.boards.findIndex((b) => b.includes(Number(i))) + 1);
    grid.append(el);
  }
  if (layout.lines) drawLines(grid, layout.lines, wonLines(view, cards, layout.lines));
  return grid;
}

// Whether a card is wild for everyone now (`view.wild.now`: ranks like "Q" or cards like "Qh") or in
// my own hand (`view.wild.mine`).
export function isWild(card, wild) {
  if (!wild || !card) return false;
  return (wild.now || []).some((w) => w === card || w === card[0]) || (wild.mine || []).includes(card);
}

// A card marked as wild (a class and a word for screen readers) when it is.
export function markWild(el, card, wild) {
  if (isWild(card, wild)) {
    el.classList.add("wild");
    el.setAttribute("aria-label", `${card}, wild`);
  }
  return el;
}

// The cards that won (each award's best five), lit on the felt once the hand is over.
export function winningCards(view) {
  if (!view || !view.over || !view.results) return new Set();
  return new Set((view.results.awards || []).filter((a) => a.amount > 0).flatMap((a) => a.cards || []));
}

// Whether a card is seen for the first time this hand (it is dealt: it slides in once, not at every redraw).
const sighted = { hand: null, seen: new Set() };
export function firstSight(hand, where, card) {
  if (sighted.hand !== hand) Object.assign(sighted, { hand, seen: new Set() });
  const key = `${where}:${card}`;
  if (sighted.seen.has(key)) return false;
  sighted.seen.add(key);
  return true;
}

// A card as the felt draws it: wild marked, lit when it won, sliding in the first time it is seen.
export function feltCard(el, card, view, hand, where) {
  markWild(el, card, view && view.wild);
  if (winningCards(view).has(card)) el.classList.add("best");
  if (firstSight(hand, where, card)) el.classList.add("dealt");
  return el;
}
