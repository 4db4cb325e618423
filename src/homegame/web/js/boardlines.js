// The lines of a laid-out board (GET /api/games `layout.lines`: the board cards one hand may use together,
// Chowaha's paths, the Iron Cross's row and column) drawn under its cards, so a player sees which cards
// combine: one SVG path per line from card centre to card centre, in the line's order. After the hand the
// lines a winning hand was made on are lit (`won`: the lines' indices). Measured from the cards where they
// stand, and drawn again whenever the board changes size (a phone turned, a card dealt into a slot).
const SVG = "http://www.w3.org/2000/svg";

// The centre of each card in `grid` by its board index (`data-slot`), in the grid's own pixels.
function centres(grid) {
  const at = {};
  for (const el of grid.querySelectorAll(":scope > [data-slot]")) {
    at[el.dataset.slot] = [el.offsetLeft + el.offsetWidth / 2, el.offsetTop + el.offsetHeight / 2];
  }
  return at;
}

function draw(grid, svg, lines, won) {
  const at = centres(grid);
  svg.setAttribute("viewBox", `0 0 ${grid.clientWidth} ${grid.clientHeight}`);
  svg.replaceChildren(...lines.map((line, k) => {
    const path = document.createElementNS(SVG, "polyline");
    path.setAttribute("points", line.filter((i) => at[i]).map((i) => at[i].map((x) => x.toFixed(1)).join(",")).join(" "));
    path.dataset.line = String(k);
    if (won.has(k)) path.classList.add("won");
    return path;
  }));
  // a lit line is drawn last, over the others it shares a stretch with
  for (const path of svg.querySelectorAll(".won")) svg.append(path);
}

// Draw `lines` under the cards of `grid` (a `.board-layout`), now and whenever its size changes.
export function drawLines(grid, lines, won = new Set()) {
  const svg = document.createElementNS(SVG, "svg");
  svg.classList.add("board-lines");
  svg.setAttribute("aria-hidden", "true");
  grid.prepend(svg);
  const watch = new ResizeObserver(() => {
    if (!grid.isConnected) {
      watch.disconnect();
      return;
    }
    draw(grid, svg, lines, won);
  });
  watch.observe(grid);
}

// Which lines (their indices) a winning hand was made on: those holding every board card of an award
// that won chips (`view.results.awards[].cards`, its best five), once the hand is over.
export function wonLines(view, board, lines) {
  const won = new Set();
  if (!view || !view.over || !view.results) return won;
  for (const award of view.results.awards || []) {
    if (!(award.amount > 0)) continue;
    const used = (award.cards || []).map((c) => board.indexOf(c)).filter((i) => i >= 0);
    if (!used.length) continue;
    lines.forEach((line, k) => { if (used.every((i) => line.includes(i))) won.add(k); });
  }
  return won;
}
