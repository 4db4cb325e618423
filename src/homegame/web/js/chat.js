// Table talk: the chat panel (the table's last lines, kept by the server and sent again after a
// reload), quick reactions in one tap, and the reasons a line was refused said kindly beside the box.
// Chat text is always inserted as text (textContent), never as HTML.

export const REACTIONS = ["👍", "👏", "😂", "😮", "😢", "🔥", "🙏", "🤦"];
const MAX_CHARS = 300;
const talk = { lines: [], drawn: 0, unread: 0, host: false, send: null, muted: new Set() };

// The lines the server had when this connection said hello (`welcome.chat`): they replace what the page
// had, so that a reconnect never doubles a line.
export function chatHistory(lines) {
  talk.lines = [...(lines || [])];
  talk.drawn = -1;
  drawLines();
}

export function chatLine(line) {
  if (talk.lines.some((l) => l.id === line.id)) return;
  talk.lines.push(line);
  talk.lines = talk.lines.slice(-200);
  if (!chatInView()) {
    talk.unread += 1;
    const said = document.getElementById("said");
    if (said) said.textContent = `New chat message from ${who(line)}: ${line.text}`;
  }
  drawLines();
}

// Whether the chat's lines are open and on the screen (a phone's table screen hides them below the felt;
// a laptop shows them beside it), so a new line is seen as it comes.
function chatInView() {
  const panel = document.getElementById("chat-panel");
  const list = document.getElementById("chat-lines");
  if (!panel || !list || !panel.open || document.visibilityState === "hidden") return false;
  const r = list.getBoundingClientRect();
  const tabs = document.getElementById("tabs");
  // the panels' own box clips them where it scrolls by itself (a laptop's right column)
  const box = document.getElementById("drawers").getBoundingClientRect();
  const top = Math.max(0, box.top);
  const bottom = Math.min(box.bottom, window.innerHeight - (tabs && tabs.offsetParent ? tabs.offsetHeight : 0));
  return r.height > 0 && r.top < bottom && r.bottom > top;
}

// The lines are seen: the count on the Chat tab (and the panel's title) goes.
function chatSeen() {
  if (!talk.unread) return;
  talk.unread = 0;
  drawUnread();
}

// The unread count beside "Chat" (the phone's Chat tab copies it, see tabs.js).
function drawUnread() {
  const badge = document.getElementById("chat-unread");
  if (!badge) return;
  badge.textContent = talk.unread ? String(talk.unread) : "";
  badge.hidden = !talk.unread;
}

function who(line) {
  return line.role === "player" && line.seat ? line.name : line.role === "host" ? "Host" : line.name || "Spectator";
}

function drawLines() {
  const list = document.getElementById("chat-lines");
  if (!list) return;
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  list.replaceChildren(...talk.lines.map((line) => {
    const li = document.createElement("li");
    li.className = `chat-line ${line.role || ""}`;
    li.dataset.id = String(line.id);
    const name = document.createElement("b");
    name.textContent = who(line);
    if (line.emoji) { // a quick reaction: a short line
      li.classList.add("reaction");
      li.append(name, ` ${line.emoji}`);
      return li;
    }
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = line.text; // as text: "<b>" stays "<b>"
    li.append(name, " ", text);
    return li;
  }));
  if (!talk.lines.length) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = "No one has said anything yet.";
    list.append(li);
  }
  if (atBottom || talk.drawn !== talk.lines.length) list.scrollTop = list.scrollHeight;
  talk.drawn = talk.lines.length;
  drawSpectators();
  drawUnread();
}

// A reaction floats over the seat of whoever sent it for a few seconds (or over the felt for a
// spectator or the host), and is kept in the chat list as a short line (a reload shows it again).
export function showReaction(event) {
  const felt = document.getElementById("felt");
  const bubble = document.createElement("div");
  bubble.className = "reaction-bubble";
  bubble.textContent = event.emoji;
  bubble.setAttribute("aria-label", `${who(event)} reacts ${event.emoji}`);
  const pos = event.seat ? event.seat - 1 : null; // seats count from 1 in talk
  const seatEl = pos === null ? null : felt.querySelector(`.seat[data-position="${pos}"]`);
  if (seatEl) {
    bubble.style.left = seatEl.style.left;
    bubble.style.top = seatEl.style.top;
  } else {
    bubble.style.left = "50%";
    bubble.style.top = "22%";
  }
  felt.append(bubble);
  setTimeout(() => bubble.remove(), 2600);
  chatLine(event);
}

// Why a chat line or reaction was refused, under the box, in words a friend reads at a glance.
export function chatRefused(msg) {
  const note = document.getElementById("chat-note");
  if (!note) return;
  let text = msg.message || "that message was not sent";
  if (msg.code === "rate_limited") {
    const wait = /wait (\d+)/.exec(text);
    text = `Easy there: at most 5 messages and reactions in 10 seconds.${wait ? ` Try again in ${wait[1]} s.` : ""}`;
  }
  note.textContent = text[0].toUpperCase() + text.slice(1);
  note.classList.add("bad");
  clearTimeout(chatRefused.timer);
  chatRefused.timer = setTimeout(() => { note.textContent = ""; note.classList.remove("bad"); }, 6000);
}

// Whether this connection may talk now, and why not: a muted seat, or a spectator the host has not let in.
export function talkBlock(state) {
  const { table, you } = state;
  const me = table.seats.find((s) => s.position === you.seat);
  if (me && me.muted) return "The host has muted you: you can read the chat but not write.";
  if (!me && !you.host && !table.settings.spectator_chat) return "Spectators read the chat; the host has not opened it to them.";
  return "";
}

// The box, the send button and the reactions row: drawn once; the note under them follows the state.
export function setupChat(send) {
  talk.send = send;
  const form = document.getElementById("chat-form");
  const input = form.querySelector("input");
  input.maxLength = MAX_CHARS;
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) {
      chatRefused({ message: "type something first: an empty line is not sent" });
      return;
    }
    send({ type: "chat", text });
    input.value = "";
  });
  const row = document.getElementById("reactions");
  for (const emoji of REACTIONS) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "small react";
    b.dataset.emoji = emoji;
    b.textContent = emoji;
    b.setAttribute("aria-label", `react ${emoji}`);
    b.addEventListener("click", () => send({ type: "react", emoji }));
    row.append(b);
  }
  const panel = document.getElementById("chat-panel");
  panel.addEventListener("toggle", () => {
    if (panel.open) talk.unread = 0;
    drawLines();
  });
  // opened from the tab bar, or scrolled to: seen
  document.getElementById("tabs")?.addEventListener("click", (e) => { if (e.target.closest('[data-tab="chat"]')) chatSeen(); });
  let looking = false;
  document.addEventListener("scroll", () => {
    if (looking || !talk.unread) return;
    looking = true;
    requestAnimationFrame(() => { looking = false; if (chatInView()) chatSeen(); });
  }, { passive: true, capture: true }); // the page's scroll, or the laptop's right column's
  drawLines();
}

// The host panel's spectators: each spectator who has talked ("Spectator 3", as their lines say) with
// a button that mutes them (`mute_spectator`), or unmutes them when tapped again.
function drawSpectators() {
  const box = document.getElementById("host-spectators");
  if (!box) return;
  const numbers = [...new Set(talk.lines.filter((l) => l.role === "spectator")
    .map((l) => /^Spectator (\d+)$/.exec(l.name || "")).filter(Boolean).map((m) => Number(m[1])))];
  box.hidden = !talk.host || !numbers.length;
  const sig = JSON.stringify([talk.host, numbers, [...talk.muted]]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren();
  if (box.hidden) return;
  const h = document.createElement("h3");
  h.textContent = "Spectators who talked";
  box.append(h);
  for (const n of numbers) {
    const muted = talk.muted.has(n);
    const row = document.createElement("div");
    row.className = "host-seat spectator-row";
    row.dataset.spectator = String(n);
    const name = document.createElement("span");
    name.textContent = `Spectator ${n}${muted ? " (muted)" : ""}`;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "small";
    b.dataset.action = muted ? "unmute-spectator" : "mute-spectator";
    b.setAttribute("aria-pressed", String(muted));
    b.textContent = muted ? "Unmute" : "Mute";
    b.addEventListener("click", () => {
      talk.send({ type: "mute_spectator", spectator: n, value: !muted });
      if (muted) talk.muted.delete(n);
      else talk.muted.add(n);
      drawSpectators();
    });
    row.append(name, b);
    box.append(row);
  }
}

export function renderTalk(state) {
  if (talk.host !== Boolean(state.you.host)) {
    talk.host = Boolean(state.you.host);
    drawSpectators();
  }
  const block = talkBlock(state);
  const form = document.getElementById("chat-form");
  for (const x of [...form.querySelectorAll("input, button"), ...document.querySelectorAll("#reactions button")]) x.disabled = Boolean(block);
  const why = document.getElementById("chat-block");
  why.textContent = block;
  why.hidden = !block;
}
