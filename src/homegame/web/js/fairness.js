// Provably fair shuffles on the page (docs/fairness.md): this page adds its own random value to each
// hand, remembers the chain head and the commitments it saw, and checks every finished hand itself
// with Web Crypto: the seed hashes to the commitment and the chain, the deck is the one the seed and
// the contributions give, and the cards it saw came out of that deck in order.
// Nothing here touches the page at import time, so node can import it to test deriveDeck.

const RANKS = "23456789TJQKA";
const SUITS = "cdhs";
/** The 52 cards in the library's canonical order (2c 2d 2h 2s 3c ... As). */
export const FULL_DECK = [...RANKS].flatMap((r) => [...SUITS].map((s) => r + s));
const HEX64 = /^[0-9a-f]{64}$/;
const KEEP_HANDS = 400;

function hexToBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function bytesToHex(bytes) {
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function digest(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

/** SHA-256 of the bytes written as hex, as lowercase hex. */
export async function sha256Hex(hex) {
  return bytesToHex(await digest(hexToBytes(hex)));
}

/** The deck of a hand from its seed and the contributions (hex strings), as docs/fairness.md says:
 * key = SHA-256(seed || sorted contributions); block j = SHA-256(key || j as 4 bytes big-endian);
 * Fisher-Yates from the last card down with rejection sampling of 32-bit big-endian numbers. */
export async function deriveDeck(seedHex, contributions) {
  for (const v of [seedHex, ...contributions]) if (!HEX64.test(v)) throw new Error(`${v} is not 64 lowercase hex digits`);
  const key = await digest(hexToBytes(seedHex + [...contributions].sort().join("")));
  let counter = 0;
  let block = new Uint8Array(0);
  let pos = 32;
  const next = async () => {
    if (pos >= 32) {
      const buf = new Uint8Array(36);
      buf.set(key);
      new DataView(buf.buffer).setUint32(32, counter++);
      block = await digest(buf);
      pos = 0;
    }
    const x = new DataView(block.buffer).getUint32(pos);
    pos += 4;
    return x;
  };
  const deck = [...FULL_DECK];
  for (let i = deck.length - 1; i > 0; i--) {
    const n = i + 1;
    const limit = Math.floor(4294967296 / n) * n;
    let x = await next();
    while (x >= limit) x = await next();
    const j = x % n;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** Whether the cards a seat saw came out of ``deck`` as dealt: its first cards in order, then the
 * board in order after them. Returns the problems found (none when it matches). */
export function seenProblems(deck, seen) {
  const at = new Map(deck.map((c, i) => [c, i]));
  const problems = [];
  const all = [...(seen.init || []), ...(seen.board || [])];
  if (all.some((c) => !at.has(c))) return ["a card this page saw is not in the derived deck"];
  const rising = (cards) => cards.every((c, i) => i === 0 || at.get(cards[i - 1]) < at.get(c));
  if (!rising(seen.init || [])) problems.push("your first cards are not the next cards of the derived deck in order");
  if (!rising(seen.board || [])) problems.push("the board did not come out of the derived deck in order");
  const init = seen.init || [];
  const board = seen.board || [];
  if (init.length && board.length && at.get(init[init.length - 1]) > at.get(board[0])) {
    problems.push("the board came out of the derived deck before your cards");
  }
  return problems;
}

/** Check one finished hand's shuffle (``sh`` is the state's ``shuffle``) against what this page
 * remembered (``mem``) and saw (``h``): ``{ok, problems, checks}``. */
export async function verifyShuffle(sh, h, mem) {
  const problems = [];
  const checks = [];
  const check = (what, passed) => (passed ? checks.push(what) : problems.push(what));
  if (sh.tampered) problems.push(`the server says this hand's stored shuffle changed: ${sh.tampered}`);
  if (!HEX64.test(sh.seed || "") || !HEX64.test(sh.commitment || "")) {
    problems.push("the revealed seed or the commitment is not 32 bytes of hex");
    return { ok: false, problems, checks };
  }
  check("the seed hashes to the commitment (SHA-256)", (await sha256Hex(sh.seed)) === sh.commitment);
  if (h.commitment && !h.late) check("the commitment is the one shown during the hand", h.commitment === sh.commitment);
  const head = mem.heads[sh.chain];
  if (head) check(`the chain head is the one this page recorded (${head.slice(0, 12)}…)`, head === sh.head);
  const prev = sh.index === 1 ? sh.head : mem.seeds[`${sh.chain}:${sh.index - 1}`];
  if (prev) {
    check("the seed follows the previous link of the chain", sh.commitment === prev);
  } else if (sh.index >= 1 && sh.index <= 20000) {
    let x = sh.seed;
    for (let i = 0; i < sh.index; i++) x = await sha256Hex(x);
    check(`hashing the seed ${sh.index} times gives the chain head`, x === sh.head);
  }
  const values = (sh.contributions || []).map((c) => c.value);
  if (h.mine && h.acked) check("your contribution was used", values.includes(h.mine));
  let deck = [];
  try {
    deck = await deriveDeck(sh.seed, values);
  } catch (err) {
    problems.push(String(err));
  }
  check("the deck is the one the seed and the contributions give", deck.length === 52 && deck.join(" ") === (sh.deck || []).join(" "));
  if (deck.length === 52) {
    const wrong = seenProblems(deck, h);
    if (wrong.length) problems.push(...wrong);
    else checks.push("the cards you saw came out of that deck in order");
  }
  return { ok: problems.length === 0, problems, checks };
}

// ----- the page's memory and hooks ---------------------------------------------------------------
const live = { tableId: null, mem: null, sent: {}, busy: {}, hooks: null };

function key() {
  return `homegame.fair.${live.tableId}`;
}

function memory() {
  // one record per table (a dealt tournament's player moves between tables, each with its own chains)
  if (live.mem && live.mem.table_id === live.tableId) return live.mem;
  let mem = null;
  try {
    mem = JSON.parse(localStorage.getItem(key()) || "null");
  } catch {
    mem = null;
  }
  if (!mem || mem.format !== "homegame-fairness-record") {
    mem = { format: "homegame-fairness-record", version: 1, table_id: live.tableId, heads: {}, hands: {}, seeds: {}, alarms: [] };
  }
  live.mem = mem;
  return mem;
}

function save() {
  const mem = memory();
  const numbers = Object.keys(mem.hands).map(Number).sort((a, b) => a - b);
  for (const n of numbers.slice(0, Math.max(0, numbers.length - KEEP_HANDS))) delete mem.hands[n];
  const seeds = Object.keys(mem.seeds);
  for (const k of seeds.slice(0, Math.max(0, seeds.length - KEEP_HANDS))) delete mem.seeds[k];
  try {
    localStorage.setItem(key(), JSON.stringify(mem));
  } catch {
    // storage full or disabled: the checks still run, they are just not remembered
  }
}

function randomHex() {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
}

function rememberHead(mem, chain, head) {
  if (chain === null || chain === undefined || !head) return;
  if (!mem.heads[chain]) mem.heads[chain] = head;
  else if (mem.heads[chain] !== head && !mem.alarms.includes(`chain ${chain}`)) mem.alarms.push(`chain ${chain}`);
}

function contribute(state, mem) {
  const nx = state.shuffle.next;
  const you = state.you || {};
  if (!nx || you.seat === null || you.seat === undefined || you.role === "watcher") return;
  const h = (mem.hands[nx.hand] ||= {});
  const listed = (nx.contributions || []).find((c) => c.seat === you.seat);
  if (listed) {
    h.mine = listed.value; // ours, or another tab of our seat got there first
    h.acked = true;
    return;
  }
  if (!h.mine) h.mine = randomHex();
  const now = Date.now();
  if (!live.sent[nx.hand] || now - live.sent[nx.hand] > 3000) {
    live.sent[nx.hand] = now;
    live.hooks.send({ type: "entropy", hand: nx.hand, value: h.mine });
  }
}

function watch(state, mem) {
  const sh = state.shuffle;
  const view = state.view;
  const h = (mem.hands[sh.hand] ||= {});
  if (!h.commitment) Object.assign(h, { commitment: sh.commitment, chain: sh.chain, index: sh.index, head: sh.head, late: Boolean(view && view.over) });
  if (view) {
    if (!view.over && state.seq === 0 && !h.init && (view.cards || []).length) h.init = [...new Set([...view.cards, ...(view.up || [])])];
    if ((view.board || []).length >= (h.board || []).length) h.board = [...view.board];
  }
  if (sh.seed && sh.deck && !h.result && !live.busy[sh.hand]) {
    live.busy[sh.hand] = true;
    verifyShuffle(sh, h, mem).then((result) => {
      h.result = result;
      if (result.ok) mem.seeds[`${sh.chain}:${sh.index}`] = sh.seed;
      h.seed = sh.seed;
      delete live.busy[sh.hand];
      save();
      live.hooks.render();
    });
  }
}

/** Feed every server message here first: ``true`` when it was fairness business the page should
 * not show (a refused contribution). ``hooks``: ``{send, render, tableId}``. */
export function fairMessage(msg, hooks) {
  live.hooks = hooks;
  live.tableId = hooks.tableId;
  if (msg.type === "error" && msg.about === "entropy") return true;
  if (msg.type !== "state" || !msg.shuffle) return false;
  const mem = memory();
  const sh = msg.shuffle;
  if (sh.next) rememberHead(mem, sh.next.chain, sh.next.head);
  if (sh.hand) {
    rememberHead(mem, sh.chain, sh.head);
    watch(msg, mem);
  }
  contribute(msg, mem);
  save();
  return false;
}

/** The page's record (for ``homegame verify --recorded FILE``). */
export function fairRecord() {
  return memory();
}

/** Draw the shuffle line of the current hand into ``el``: a real check, or a loud warning. */
export function showFairness(el, state) {
  const sh = state.shuffle;
  const mem = memory();
  const h = sh.hand ? mem.hands[sh.hand] || {} : {};
  const line = document.createElement("span");
  line.className = "fair";
  const loud = (text) => {
    line.textContent = `⚠ ${text}`;
    line.style.cssText = "color:#fff;background:#b00020;font-weight:700;padding:0 .3em;border-radius:3px";
  };
  const mine = h.acked ? " (yours included)" : "";
  const count = `${sh.contributions.length} contribution(s)${mine}`;
  if (!sh.hand) {
    line.textContent = sh.next ? `chain ${sh.next.head.slice(0, 8)}…` : "";
    line.title = sh.next ? `shuffle chain ${sh.next.chain} head ${sh.next.head}: it fixes the server seed of every coming hand` : "";
  } else if (mem.alarms.length) {
    loud(`SHUFFLE CHAIN CHANGED: the server now shows a different head for ${mem.alarms.join(", ")} than this page recorded`);
  } else if (sh.tampered) {
    loud(`SHUFFLE CHANGED: ${sh.tampered}`);
  } else if (h.result && !h.result.ok) {
    loud(`SHUFFLE NOT VERIFIED: ${h.result.problems.join("; ")}`);
  } else if (h.result) {
    line.textContent = h.acked ? "Shuffle checked ✓ — your randomness was used" : "Shuffle checked ✓";
    line.title = [`seed ${sh.seed}`, count, ...h.result.checks].join("\n");
  } else if (sh.seed) {
    line.textContent = "Checking the shuffle…";
  } else {
    line.textContent = `Shuffle sealed before the deal, checked after the hand${h.acked ? " — your randomness is in it" : ""}`;
    line.title = `hand ${sh.hand} uses link ${sh.index} of chain ${sh.chain} (head ${sh.head}); ${count}; the seed is revealed and checked after the hand`;
  }
  el.append(line);
  // the record, readable in the page (a phone has nowhere to put a downloaded file); a download for a laptop
  const box = document.createElement("details");
  box.className = "fair-record";
  box.innerHTML = "<summary>What this page checked</summary><pre></pre>";
  box.open = recordOpen; // the line is drawn again with every state: an open record stays open
  const fill = () => {
    recordOpen = box.open;
    if (!box.open) return;
    box.querySelector("pre").textContent = JSON.stringify(fairRecord(), null, 1);
    if (box.querySelector("a")) return;
    const a = document.createElement("a");
    a.textContent = "Download it (homegame verify --recorded FILE)";
    a.href = "#";
    a.addEventListener("click", (event) => {
      event.preventDefault();
      const blob = new Blob([JSON.stringify(fairRecord(), null, 1)], { type: "application/json" });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = `fairness-${live.tableId}.json`;
      link.click();
    });
    box.append(a);
  };
  box.addEventListener("toggle", fill);
  if (recordOpen) fill();
  el.append(box);
}

let recordOpen = false;
