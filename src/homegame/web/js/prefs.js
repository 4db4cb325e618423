// This device's choices, kept in localStorage (not per table): sound, the deck's colours, card size,
// how my cards are sorted. Attention: a beep, a vibration and the tab title when it is my turn or my
// clock runs low.
const KEY = "homegame.prefs";
const DEFAULTS = { mute: false, colours: 4, big: false, sort: "dealt" };

export function prefs() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

export function setPref(name, value) {
  localStorage.setItem(KEY, JSON.stringify({ ...prefs(), [name]: value }));
  applyPrefs();
}

// The deck's colours and the card size are classes on <body>: the style sheet does the rest.
export function applyPrefs() {
  const p = prefs();
  document.body.classList.toggle("two-colour", p.colours === 2);
  document.body.classList.toggle("big-cards", Boolean(p.big));
}

let audio = null;
export const heard = []; // what the page played, for tests: "turn" or "low"

function beep(kind) {
  heard.push(kind);
  if (prefs().mute) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const tones = kind === "low" ? [880, 880] : [660, 990];
    tones.forEach((hz, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const at = audio.currentTime + i * 0.18;
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 0.15);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.16);
    });
  } catch {
    // no sound on this device: the title and the vibration still say it
  }
  if (navigator.vibrate) {
    try {
      navigator.vibrate(kind === "low" ? [120, 80, 120] : 150);
    } catch {
      // not allowed here
    }
  }
}

// Called on every state and every clock tick: `decision` names the decision I owe (null: none),
// `left` is the seconds on my clock.
const seen = { decision: null, low: null };
export function attend(decision, left, tableName) {
  const mine = decision !== null && decision !== undefined;
  if (mine && seen.decision !== decision) {
    seen.decision = decision;
    beep("turn");
  }
  if (!mine) seen.decision = null;
  const low = mine && left !== null && left !== undefined && left > 0 && left < 10;
  if (low && seen.low !== decision) {
    seen.low = decision;
    beep("low");
  }
  document.title = mine ? `● ${low ? "Time is running out" : "Your turn"} — ${tableName}` : `${tableName} · homegame`;
}

// This device's choices, under my cards: sound, deck colours, card size, sorting.
export function renderPrefs(app, render) {
  const box = document.getElementById("prefs");
  const p = prefs();
  const sig = JSON.stringify(p);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  const sorts = { dealt: "as dealt", rank: "by rank", suit: "by suit" };
  const next = { dealt: "rank", rank: "suit", suit: "dealt" };
  const items = [
    ["mute", p.mute ? "Sound: off" : "Sound: on", () => setPref("mute", !p.mute)],
    ["colours", p.colours === 2 ? "2-colour deck" : "4-colour deck", () => setPref("colours", p.colours === 2 ? 4 : 2)],
    ["big", p.big ? "Large cards" : "Normal cards", () => setPref("big", !p.big)],
    ["sort", `Sort ${sorts[p.sort] || "as dealt"}`, () => { app.ui.manual = null; setPref("sort", next[p.sort] || "rank"); }],
  ];
  box.replaceChildren(...items.map(([name, label, click]) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "small pref";
    b.dataset.pref = name;
    b.textContent = label;
    b.setAttribute("aria-pressed", String(name === "mute" ? p.mute : name === "big" ? p.big : name === "colours" ? p.colours === 2 : p.sort !== "dealt"));
    b.addEventListener("click", () => {
      click();
      delete document.getElementById("actions").dataset.sig;
      render();
    });
    return b;
  }));
}
