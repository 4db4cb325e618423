// The tournament clock (a TV, a laptop on the side table): the level, blinds, time left and the night's
// figures, read from the server about every second and counted down between reads; the host's link adds
// the controls. The token comes in the link's fragment, is kept for this tab, and goes in a header.
import { wholeNumber } from "./words.js";
import { scheduleRows, readSchedule, addRow } from "./schedule.js";
import { sharesOf } from "./shares.js";
import { handBustAction, handBusts } from "./busts.js";
import { bountiesFact, knockedBy, knockerPicker, myPicker } from "./bounties.js";
import { hostAsks, playerAsks, rebuysFact, seatButtons } from "./rebuys.js";

const tid = location.pathname.split("/").pop();
const key = `homegame.tournament.${tid}`;
if (location.hash.length > 1) {
  sessionStorage.setItem(key, decodeURIComponent(location.hash.slice(1)));
  history.replaceState(null, "", location.pathname + location.search);
}
let token = sessionStorage.getItem(key) || "";
const $ = (id) => document.getElementById(id);
const error = $("clock-error");
let shown = null; // the last answer
let readAt = 0; // performance.now() when it came
let lastLevel = null;
let audio = null;
let armedOut = null; // the name whose Out button was clicked once

const mmss = (s) => {
  const t = Math.max(0, Math.ceil(s));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
};
const blindsOf = (lv) => `${lv.small_blind.toLocaleString()} / ${lv.big_blind.toLocaleString()}${lv.ante ? ` ante ${lv.ante.toLocaleString()}` : ""}`;

// A chime at each level change (Web Audio: two short tones; browsers play sound only after a click, hence the button).
function chime() {
  document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
  if (!audio) return;
  const t0 = audio.currentTime;
  for (const [i, freq] of [880, 660].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t0 + i * 0.35);
    gain.gain.exponentialRampToValueAtTime(0.4, t0 + i * 0.35 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + i * 0.35 + 0.3);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0 + i * 0.35);
    osc.stop(t0 + i * 0.35 + 0.32);
  }
}
$("sound").addEventListener("click", () => {
  if (audio) {
    audio.close();
    audio = null;
  } else {
    audio = new (window.AudioContext || window.webkitAudioContext)();
  }
  $("sound").textContent = audio ? "Sound on" : "Sound off";
  $("sound").setAttribute("aria-pressed", String(Boolean(audio)));
});

function secondsLeft() {
  if (!shown) return 0;
  const c = shown.clock;
  return c.paused ? c.time_left : c.time_left - (performance.now() - readAt) / 1000;
}

function tick() {
  if (!shown) return;
  const left = secondsLeft();
  $("time-left").textContent = mmss(left);
  $("time-left").dataset.seconds = String(Math.max(0, Math.ceil(left)));
  const c = shown.clock;
  if (c.next_break_in !== null && c.next_break_in !== undefined) {
    const gone = c.paused ? 0 : (performance.now() - readAt) / 1000;
    $("next-break").textContent = c.is_break ? "now" : `in ${mmss(c.next_break_in - gone)}`;
  }
}

function render(data) {
  const first = shown === null;
  shown = data;
  readAt = performance.now();
  const c = data.clock;
  if (lastLevel !== null && c.level !== lastLevel) chime();
  lastLevel = c.level;
  document.title = `${c.name}: level ${c.level}`;
  $("t-name").textContent = c.name;
  $("level").textContent = c.is_break ? `Break (level ${c.level})` : `Level ${c.level}`;
  $("blinds").textContent = c.is_break ? "Break" : blindsOf(c);
  $("state").textContent = data.finished ? "Finished" : !data.started ? "Not started" : c.paused ? "Paused" : "";
  document.body.dataset.level = String(c.level);
  document.body.dataset.paused = String(c.paused);
  $("next").textContent = c.next ? `Level ${c.next.level}: ${blindsOf(c.next)}` : "the last level";
  $("next-break").textContent = c.next_break_in === null ? "none" : "";
  $("players").textContent = data.finished ? `${c.entries} entries` : `${c.players_left} of ${c.entries}`;
  $("average").textContent = c.average_bb === null || data.finished ? "–" : `${c.average_bb} BB`;
  $("pool").textContent = c.prize_pool.toLocaleString();
  $("payouts").textContent = c.payouts.map((p, i) => `${i + 1}. ${p.toLocaleString()}`).join("  ");
  rebuysFact(data);
  bountiesFact(data);
  const leaders = c.chip_leaders || [];
  $("leaders-fact").hidden = !leaders.length;
  $("leaders").textContent = leaders.slice(0, 3).map((l) => `${l.name} ${l.chips.toLocaleString()}`).join(", ") +
    (leaders.length && c.counted_level ? ` (counted at level ${c.counted_level})` : "");
  $("draw-box").hidden = !data.seats.length;
  $("draw").replaceChildren(...data.seats.map((s) => {
    const li = document.createElement("li");
    li.textContent = `${s.name}: table ${s.table}, seat ${s.seat}${data.dealt ? ` · ${s.chips.toLocaleString()} chips` : ""}`;
    // dealt online the hands decide who is out: no Out button
    if (data.role === "host" && !data.finished && !data.dealt) {
      const out = document.createElement("button");
      out.type = "button";
      // two clicks: "Out", then "Sure?" (a stray click changes nothing)
      out.textContent = armedOut === s.name ? `${s.name} is out: sure?` : "Out";
      out.className = "out";
      out.dataset.armed = String(armedOut === s.name);
      out.setAttribute("aria-label", armedOut === s.name ? `yes, ${s.name} is out` : `${s.name} is out`);
      out.addEventListener("click", () => {
        if (armedOut !== s.name) {
          armedOut = s.name;
          render(shown);
          return;
        }
        armedOut = null;
        act({ action: "bust", names: [s.name], knocked_by: knockedBy(data, s.name) });
      });
      const picker = armedOut === s.name ? knockerPicker(data, s.name) : null;
      if (picker) li.append(" ", picker);
      li.append(" ", out, ...seatButtons(data, s.name, act).flatMap((b) => [" ", b]));
    }
    return li;
  }));
  $("moves-box").hidden = !data.moves.length || data.finished;
  $("moves").replaceChildren(...data.moves.slice().reverse().map((m) => item(m.text)));
  results(data.results);
  showDeal(data);
  $("register-box").hidden = data.role !== "invite" || !data.registration_open;
  $("me-box").hidden = data.role !== "player";
  if (data.role === "player") player(data);
  if (data.role === "host") host(data, first);
  tick();
  document.body.dataset.ready = "true";
}

function item(text) {
  const li = document.createElement("li");
  li.textContent = text;
  return li;
}

function results(r) {
  $("results-box").hidden = !r;
  if (!r) return;
  $("places").replaceChildren(...r.places.map((p) => item(`${p.place}. ${p.name}${p.prize ? `: ${p.prize.toLocaleString()}` : ""}${p.bounties ? ` (bounties ${p.bounties.toLocaleString()})` : ""}`)));
  // in tournament words: each person's buy-in, rebuys and add-on against their prize and bounties, then
  // who pays whom between people; a bot's prize is its place, never a debt
  $("accounts").replaceChildren(...(r.settle_up.accounts || []).map(item));
  $("settle").replaceChildren(...r.settle_up.lines.map(item));
  // dealt online: a hand history per table, fetched with the link's token in a header (never in a URL)
  const tables = r.tables || [];
  $("histories-box").hidden = !tables.length;
  if ($("histories").dataset.sig === String(tables)) return;
  $("histories").dataset.sig = String(tables);
  $("histories").replaceChildren(...tables.map((n) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "small";
    b.dataset.table = String(n);
    b.textContent = `Table ${n} (JSON)`;
    b.addEventListener("click", () => downloadHistory(n, b));
    li.append(b);
    return li;
  }));
}

async function downloadHistory(n, b) {
  try {
    const hands = await call(`/api/tournaments/${tid}/tables/${n}/hands.json`);
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([JSON.stringify(hands, null, 1)], { type: "application/json" }));
    a.download = `tournament-${tid}-table-${n}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    b.dataset.hands = String(hands.length);
  } catch (e) {
    error.textContent = `Could not download table ${n}'s hands: ${e.message}`;
  }
}

function showDeal(data) {
  const d = data.deal;
  $("deal-box").hidden = !d;
  if (!d) return;
  $("deal-title").textContent = d.made ? `Deal ${d.number} made (${d.kind})` : `Deal ${d.number} proposed (${d.kind}): everyone still in must accept`;
  const alt = d.alternatives || {};
  $("deal-rows").replaceChildren(...Object.keys(d.stacks).map((name) => {
    const tr = document.createElement("tr");
    const cells = [name, d.stacks[name].toLocaleString(), (alt.icm || {})[name] ?? "", (alt["chip-chop"] || {})[name] ?? "",
      d.accepted.includes(name) ? "yes" : "not yet"];
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = String(c);
      tr.append(td);
    }
    return tr;
  }));
  $("deal-answer").hidden = data.role !== "player" || d.made || !(data.you in d.stacks) || d.accepted.includes(data.you);
}

function player(data) {
  $("me").textContent = data.you;
  const seat = data.seats.find((s) => s.name === data.you);
  const entry = data.entries.find((e) => e.name === data.you);
  const placed = data.results && data.results.places.find((p) => p.name === data.you);
  $("my-seat").textContent = placed ? `: place ${placed.place}${placed.prize ? `, wins ${placed.prize.toLocaleString()}` : ""}`
    : seat ? `: table ${seat.table}, seat ${seat.seat}` : entry && entry.status === "out" ? "(out)" : "";
  $("im-out").hidden = !entry || entry.status !== "playing" || data.finished || Boolean(data.dealt);
  // dealt online: the player plays at the table page, which follows them from table to table
  $("my-table").hidden = !data.dealt || !data.started || data.finished;
  $("my-table").href = `/t/${tid}#${encodeURIComponent(token)}`;
  playerAsks(data);
  myPicker(data, $("im-out").dataset.armed === "true");
}

function host(data, first) {
  $("host").hidden = false;
  hostAsks(data, act);
  handBusts(data);
  if (data.dealt) $("hand-busts-box").hidden = true; // dealt online: the hands decide the busts
  $("start").hidden = data.started;
  $("pause").disabled = !data.started || data.finished;
  $("pause").textContent = data.clock.paused && data.started ? "Resume" : "Pause";
  $("entries").textContent = data.entries.map((e) => e.name + (e.bot ? " (bot)" : "")).join(", ") || "none yet";
  $("enter").hidden = !data.registration_open;
  if (data.clock_token) $("tv-link").value = `${location.origin}/c/${tid}#${data.clock_token}`;
  if (data.invite_token) $("invite-link").value = `${location.origin}/c/${tid}#${data.invite_token}`;
  $("player-links").replaceChildren(...Object.entries(data.player_tokens || {}).map(([name, t]) => item(`${name}'s own link: ${location.origin}/c/${tid}#${t}`)));
  const left = data.entries.filter((e) => e.status === "playing").map((e) => e.name);
  const stacksBox = $("deal-stacks");
  if (stacksBox.dataset.names !== left.join("\n")) {
    stacksBox.dataset.names = left.join("\n");
    stacksBox.replaceChildren(...left.map((name) => {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.inputMode = "numeric";
      input.dataset.name = name;
      input.size = 8;
      label.append(`${name}'s chips `, input);
      return label;
    }));
  }
  if (first || !$("schedule-box").open) scheduleRows($("schedule"), data.levels, data.started ? data.level_index + 1 : 0);
}

async function call(path, body) {
  const response = await fetch(path, {
    method: body ? "POST" : "GET",
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(String(data.detail || `the server said ${response.status}`));
  return data;
}

async function poll() {
  try {
    render(await call(`/api/tournaments/${tid}`));
    error.textContent = "";
  } catch (e) {
    error.textContent = e.message;
  }
}

// A change sent to the server; the page shows the answer, or says why not.
async function send(path, body) {
  error.textContent = "";
  try {
    render(await call(`/api/tournaments/${tid}/${path}`, body));
  } catch (e) {
    error.textContent = e.message;
  }
}
const act = (body) => send("host", body);

$("start").addEventListener("click", () => act({ action: "start" }));
$("pause").addEventListener("click", () => act({ action: shown && shown.clock.paused ? "resume" : "pause" }));
$("back").addEventListener("click", () => act({ action: "level", step: -1 }));
$("forward").addEventListener("click", () => act({ action: "level", step: 1 }));
$("minus").addEventListener("click", () => act({ action: "add_time", seconds: -60 }));
$("plus").addEventListener("click", () => act({ action: "add_time", seconds: 60 }));
// The name an entry goes in under: as typed; a bot's left empty is "Bot N", the first not taken; a person's
// left empty is asked for (an Error), and nothing is entered.
function entryName(typed, bot, entries) {
  const name = String(typed || "").trim();
  if (name) return name;
  if (!bot) throw new Error("Type the player's name to enter them (or tick \"a bot\" to enter a bot).");
  const taken = new Set(entries.map((e) => e.name));
  let n = 1;
  while (taken.has(`Bot ${n}`)) n += 1;
  return `Bot ${n}`;
}
$("enter").addEventListener("submit", async (event) => {
  event.preventDefault();
  const f = new FormData(event.target);
  const bot = f.get("bot") === "on";
  let name;
  try {
    name = entryName(f.get("name"), bot, shown ? shown.entries : []);
  } catch (e) {
    error.textContent = e.message;
    return;
  }
  await act({ action: "enter", name, bot });
  if (!error.textContent) event.target.reset();
});
$("payout-form").addEventListener("submit", (event) => {
  event.preventDefault();
  try {
    act({ action: "payouts", payouts: sharesOf(String(new FormData(event.target).get("payouts") || "")) });
  } catch (e) {
    error.textContent = e.message;
  }
});
$("register").addEventListener("submit", async (event) => {
  event.preventDefault();
  error.textContent = "";
  try {
    const data = await call(`/api/tournaments/${tid}/register`, { name: String(new FormData(event.target).get("name") || "").trim() });
    token = data.token; // from now on this tab is the player's own link
    sessionStorage.setItem(key, token);
    render(data);
  } catch (e) {
    error.textContent = e.message;
  }
});
// Two clicks: "I'm out", then "Yes, I'm out" (a stray tap changes nothing).
$("im-out").addEventListener("click", async () => {
  const button = $("im-out");
  if (button.dataset.armed !== "true") {
    button.dataset.armed = "true";
    button.textContent = "Yes, I'm out";
    if (shown) myPicker(shown, true);
    return;
  }
  button.dataset.armed = "false";
  button.textContent = "I'm out";
  const by = $("my-knocker").value;
  await send("out", by ? { by } : {});
});
$("ask-rebuy").addEventListener("click", () => send("ask", { what: "rebuy" }));
$("ask-add-on").addEventListener("click", () => send("ask", { what: "add_on" }));
$("hand-busts-form").addEventListener("submit", (event) => {
  event.preventDefault();
  try {
    act(handBustAction());
  } catch (e) {
    error.textContent = e.message;
  }
});
function countedStacks() {
  const stacks = {};
  for (const input of $("deal-stacks").querySelectorAll("input")) stacks[input.dataset.name] = wholeNumber(input.value, `${input.dataset.name}'s chips`, { min: 1 });
  return stacks;
}
$("deal-form").addEventListener("submit", (event) => {
  event.preventDefault();
  try {
    act({ action: "deal", kind: new FormData(event.target).get("kind"), stacks: countedStacks() });
  } catch (e) {
    error.textContent = e.message;
  }
});
$("save-counts").addEventListener("click", () => {
  try {
    act({ action: "counts", stacks: countedStacks() });
  } catch (e) {
    error.textContent = e.message;
  }
});
$("cancel-deal").addEventListener("click", () => act({ action: "cancel_deal" }));
const answer = (accept) => send("deal", { number: shown.deal.number, accept });
$("accept-deal").addEventListener("click", () => answer(true));
$("decline-deal").addEventListener("click", () => answer(false));
$("add-level").addEventListener("click", () => addRow($("schedule"), false));
$("add-break").addEventListener("click", () => addRow($("schedule"), true));
$("save-schedule").addEventListener("click", () => {
  try {
    act({ action: "levels", levels: readSchedule($("schedule"), wholeNumber) });
  } catch (e) {
    error.textContent = e.message;
  }
});

if (!token) error.textContent = "This link has no token: open the tournament from the link the host was given.";
else {
  poll();
  setInterval(poll, 1000);
  setInterval(tick, 250);
}
