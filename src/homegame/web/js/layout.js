// Where the seats go on the felt: computed from the felt's size and the seat boxes' own sizes, so that
// no seat box covers another or the middle (board, pot), for 2 to 10 seats on a phone or a laptop.
// Seats stand on a rounded rectangle (a superellipse), me at the bottom; rounder or squarer shapes and
// smaller seat boxes are tried in turn, and the first layout where nothing overlaps is kept.

// the superellipse's exponent (2 is an oval, 9 nearly a rectangle), the usual ones first, then those between
const SHAPES = [2, 3, 5, 9, 16, 2.5, 4, 7, 12, 24];
const SIZES = ["", "compact", "tiny"]; // classes on the felt that shrink the seat boxes (style.css)
// the others turned by a part of a seat's share, me staying put: tenths first, then the twentieths between
// (nine tiny seats on a 360 px phone whose felt is short at a decision fit only at some of those)
const TURNS = [0, 0.2, -0.2, 0.4, -0.4, 0.5, 0.1, -0.1, 0.3, -0.3, 0.05, -0.05, 0.15, -0.15, 0.25, -0.25, 0.35, -0.35, 0.45, -0.45];

// The point at parameter `t` (radians) on a superellipse of half-axes a, b and exponent p.
export function superPoint(t, a, b, p) {
  const c = Math.cos(t);
  const s = Math.sin(t);
  return [a * Math.sign(c) * Math.abs(c) ** (2 / p), b * Math.sign(s) * Math.abs(s) ** (2 / p)];
}

// The area two boxes share ({x, y, w, h}; 0 when they only touch).
export function overlap(r, q) {
  const dx = Math.min(r.x + r.w, q.x + q.w) - Math.max(r.x, q.x);
  const dy = Math.min(r.y + r.h, q.y + q.h) - Math.max(r.y, q.y);
  return dx > 0 && dy > 0 ? dx * dy : 0;
}

// `n` points spaced evenly along a superellipse (half-axes a, b, exponent p) by length, the first at
// the bottom, going clockwise on screen.
export function spread(n, a, b, p, turn = 0) {
  return pick(outline(a, b, p), n, turn);
}

// The superellipse walked in 720 steps from the bottom: its points and the length run up to each.
const outlines = new Map(); // by "a,b,p": one layout tries many turns on the same outline
function outline(a, b, p) {
  const key = `${a},${b},${p}`;
  if (outlines.has(key)) return outlines.get(key);
  const steps = 720;
  const pts = [];
  for (let i = 0; i <= steps; i += 1) pts.push(superPoint(Math.PI / 2 + (2 * Math.PI * i) / steps, a, b, p));
  const run = [0];
  for (let i = 1; i < pts.length; i += 1) run.push(run[i - 1] + Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]));
  if (outlines.size > 200) outlines.clear();
  const made = { pts, run, steps };
  outlines.set(key, made);
  return made;
}

function pick(made, n, turn) {
  const total = made.run[made.steps];
  return at(made, [...Array(n).keys()].map((k) => (k === 0 ? 0 : (total * (k + turn)) / n)));
}

// The outline's points at the given lengths along it (each found by halving the walked lengths).
function at({ pts, run, steps }, lengths) {
  return lengths.map((want) => {
    let lo = 0;
    let hi = steps;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (run[mid + 1] < want) lo = mid + 1;
      else hi = mid;
    }
    return pts[lo];
  });
}

// The superellipse the seats of these sizes stand on (half-axes leave a seat box and a gap inside the felt).
function axes(sizes, W, H, gap) {
  const sw = Math.max(...sizes.map((s) => s[0]));
  const sh = Math.max(...sizes.map((s) => s[1]));
  return [Math.max(0, W / 2 - sw / 2 - gap), Math.max(0, H / 2 - sh / 2 - gap)];
}

// How much the seat boxes centred at `centres` overlap each other and the middle (board and pot).
function badness(centres, sizes, W, H, middle) {
  const boxes = centres.map(([x, y], k) => ({ x: x - sizes[k][0] / 2, y: y - sizes[k][1] / 2, w: sizes[k][0], h: sizes[k][1] }));
  const mid = { x: (W - middle[0]) / 2, y: (H - middle[1]) / 2, w: middle[0], h: middle[1] };
  let bad = 0;
  boxes.forEach((r, i) => {
    bad += overlap(r, mid);
    for (let j = i + 1; j < boxes.length; j += 1) bad += overlap(r, boxes[j]);
  });
  return bad;
}

// The seats' centres for `sizes` ([w, h] each, me first) on a felt W x H with exponent p, spaced evenly
// and turned by `turn`, and how much the boxes overlap each other and the middle.
function place(sizes, W, H, p, middle, gap, turn) {
  const [a, b] = axes(sizes, W, H, gap);
  const centres = spread(sizes.length, a, b, p, turn).map(([x, y]) => [W / 2 + x, H / 2 + y]);
  return { centres, bad: badness(centres, sizes, W, H, middle), p, turn };
}

// When no even spacing fits, the others are moved one at a time along the outline (me staying put, the
// order round the table kept), in smaller and smaller steps, while that lessens the overlap: uneven gaps
// between seats of uneven sizes fit where even ones do not.
function relax(best, sizes, W, H, middle, gap) {
  const [a, b] = axes(sizes, W, H, gap);
  const made = outline(a, b, best.p);
  const total = made.run[made.steps];
  const n = sizes.length;
  const centresOf = (lengths) => at(made, lengths).map(([x, y]) => [W / 2 + x, H / 2 + y]);
  let lengths = [...Array(n).keys()].map((k) => (k === 0 ? 0 : (total * (k + best.turn)) / n));
  let bad = badness(centresOf(lengths), sizes, W, H, middle);
  for (const part of [0.25, 0.12, 0.06, 0.03]) {
    const step = (total * part) / n;
    for (let pass = 0, better = true; better && bad > 0 && pass < 8; pass += 1) {
      better = false;
      for (let k = 1; k < n; k += 1) {
        for (const d of [step, -step]) {
          const moved = lengths[k] + d;
          if (moved <= lengths[k - 1] || moved >= (k + 1 < n ? lengths[k + 1] : total)) continue;
          const trial = lengths.slice();
          trial[k] = moved;
          const got = badness(centresOf(trial), sizes, W, H, middle);
          if (got < bad) [lengths, bad, better] = [trial, got, true];
        }
      }
    }
  }
  return bad < best.bad ? { ...best, centres: centresOf(lengths), bad } : best;
}

// Lay the seat elements (me first) out on the felt; `middle` is the element with the board and pot.
export function layoutSeats(felt, seats, middle) {
  const W = felt.clientWidth;
  const H = felt.clientHeight;
  if (!W || !H || !seats.length) return;
  let best = null;
  for (const size of SIZES) {
    felt.classList.toggle("compact", size === "compact");
    felt.classList.toggle("tiny", size === "tiny");
    const sizes = seats.map((el) => [el.offsetWidth, el.offsetHeight]);
    const mid = [middle.offsetWidth, middle.offsetHeight];
    // the best even spacing of each shape
    const byShape = new Map();
    for (const turn of TURNS) {
      for (const p of SHAPES) {
        const tried = { ...place(sizes, W, H, p, mid, 2, turn), size };
        if (!byShape.has(p) || tried.bad < byShape.get(p).bad) byShape.set(p, tried);
        if (tried.bad === 0) break;
      }
      if ([...byShape.values()].some((t) => t.bad === 0)) break;
    }
    const even = [...byShape.values()].sort((x, y) => x.bad - y.bad);
    let bestOfSize = even[0];
    for (const start of even) {
      if (bestOfSize.bad === 0) break;
      const relaxed = relax(start, sizes, W, H, mid, 2);
      if (relaxed.bad < bestOfSize.bad) bestOfSize = relaxed;
    }
    if (!best || bestOfSize.bad < best.bad) best = bestOfSize;
    if (best.bad === 0) break;
  }
  felt.classList.toggle("compact", best.size === "compact");
  felt.classList.toggle("tiny", best.size === "tiny");
  seats.forEach((el, k) => {
    el.style.left = `${best.centres[k][0]}px`;
    el.style.top = `${best.centres[k][1]}px`;
  });
  laid = { felt, seats, middle, sig: sizesOf(felt, seats, middle) };
  felt.dataset.layout = `${best.size || "normal"}:${Math.round(best.bad)}`;
}

// What the last layout was made for: the seats' and the middle's sizes. When they change afterwards (a
// clock starts counting, a name arrives), `relayout` places the seats again.
let laid = null;
function sizesOf(felt, seats, middle) {
  return [felt.clientWidth, felt.clientHeight, middle.offsetWidth, middle.offsetHeight, ...seats.map((el) => `${el.offsetWidth}x${el.offsetHeight}`)].join(",");
}

// Whether the seats stand where the last layout put them for their present sizes (for tests: a page
// measured before the next tick's relayout would be measured mid-move).
export function settled() {
  return Boolean(laid) && laid.seats.every((el) => el.isConnected) && sizesOf(laid.felt, laid.seats, laid.middle) === laid.sig;
}

export function relayout() {
  if (laid && laid.seats.every((el) => el.isConnected) && sizesOf(laid.felt, laid.seats, laid.middle) !== laid.sig) {
    layoutSeats(laid.felt, laid.seats, laid.middle);
  }
}
