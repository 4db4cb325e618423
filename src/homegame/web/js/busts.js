// "Out in one hand": the host ticks two or more players who went out together, types (if known) each
// one's stack at the start of that hand, which ranks them (equal or unknown stacks share the places),
// and, with bounties, who knocked each out. The server checks everything again.
import { wholeNumber } from "./words.js";

const $ = (id) => document.getElementById(id);

function row(data, name, others) {
  const div = document.createElement("div");
  div.className = "hand-bust";
  div.dataset.name = name;
  const tick = document.createElement("input");
  tick.type = "checkbox";
  tick.setAttribute("aria-label", `${name} went out in this hand`);
  const label = document.createElement("label");
  label.append(tick, ` ${name}`);
  const chips = document.createElement("input");
  chips.inputMode = "numeric";
  chips.size = 8;
  chips.placeholder = "chips at the start";
  chips.setAttribute("aria-label", `${name}'s chips at the start of the hand`);
  div.append(label, " ", chips);
  if (data.bounty) {
    const by = document.createElement("select");
    by.setAttribute("aria-label", `who knocked ${name} out`);
    by.append(new Option("knocked out by…", ""), ...others.map((n) => new Option(n, n)));
    div.append(" ", by);
  }
  return div;
}

// Draw the rows again only when who is still in changed (typing is kept across the page's redraws).
export function handBusts(data) {
  const box = $("hand-busts");
  const left = data.entries.filter((e) => e.status === "playing").map((e) => e.name);
  $("hand-busts-box").hidden = left.length < 3 || data.finished || !data.started;
  const key = `${left.join("\n")}|${data.bounty}`;
  if (box.dataset.names === key) return;
  box.dataset.names = key;
  box.replaceChildren(...left.map((name) => row(data, name, left.filter((n) => n !== name))));
}

// The host's bust action from the ticked rows; an Error says what to fix.
export function handBustAction() {
  const rows = [...$("hand-busts").querySelectorAll(".hand-bust")].filter((r) => r.querySelector("input[type=checkbox]").checked);
  if (rows.length < 2) throw new Error("Tick two or more players who went out in the same hand.");
  const names = rows.map((r) => r.dataset.name);
  const typed = rows.map((r) => r.querySelector("input[inputmode=numeric]").value.trim());
  if (typed.some(Boolean) && !typed.every(Boolean)) throw new Error("Type the starting stack of each of them, or of none.");
  const started_with = {};
  if (typed.every(Boolean)) rows.forEach((r, i) => { started_with[names[i]] = wholeNumber(typed[i], `${names[i]}'s chips`, { min: 1 }); });
  const knocked_by = {};
  for (const r of rows) {
    const by = r.querySelector("select");
    if (by && by.value) knocked_by[r.dataset.name] = by.value;
  }
  return { action: "bust", names, started_with, knocked_by };
}
