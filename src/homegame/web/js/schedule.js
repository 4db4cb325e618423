// The host's level schedule as a table of inputs: levels already played (and the current one) are shown,
// not edited; the rest are edited, added (a level or a break) and removed, then sent as a whole.
const FIELDS = ["small_blind", "big_blind", "ante", "minutes"];
const WORDS = { small_blind: "the small blind", big_blind: "the big blind", ante: "the ante", minutes: "the minutes" };

function cell(child) {
  const td = document.createElement("td");
  if (child instanceof Node) td.append(child);
  else td.textContent = String(child);
  return td;
}

function row(level, fixed) {
  const tr = document.createElement("tr");
  tr.dataset.break = String(Boolean(level.is_break));
  tr.dataset.bringIn = String(level.bring_in || 0);
  tr.dataset.fixed = String(fixed);
  tr.append(cell(""));
  for (const name of FIELDS) {
    if (fixed) {
      tr.append(cell(level[name]));
      continue;
    }
    const input = document.createElement("input");
    input.name = name;
    input.value = String(level[name]);
    input.inputMode = name === "minutes" ? "decimal" : "numeric";
    input.size = 6;
    input.setAttribute("aria-label", WORDS[name]);
    tr.append(cell(input));
  }
  tr.append(cell(level.is_break ? "break" : ""));
  const remove = document.createElement("button");
  remove.type = "button";
  remove.textContent = "✕";
  remove.setAttribute("aria-label", "remove this level");
  remove.addEventListener("click", () => { const body = tr.parentElement; tr.remove(); number(body); });
  tr.append(cell(fixed ? "" : remove));
  return tr;
}

function number(tbody) {
  [...tbody.rows].forEach((tr, i) => { tr.cells[0].textContent = String(i + 1); });
}

export function scheduleRows(tbody, levels, fixedCount) {
  tbody.replaceChildren(...levels.map((lv, i) => row(lv, i < fixedCount)));
  number(tbody);
}

export function addRow(tbody, isBreak) {
  const last = [...tbody.rows].pop();
  const value = (name, fallback) => {
    if (!last) return fallback;
    const input = last.querySelector(`input[name=${name}]`);
    return input ? input.value : last.cells[FIELDS.indexOf(name) + 1].textContent;
  };
  const big = Number(value("big_blind", 20)) || 20;
  const level = isBreak
    ? { small_blind: Number(value("small_blind", 10)) || 10, big_blind: big, ante: Number(value("ante", 0)) || 0, minutes: 10, is_break: true }
    : { small_blind: big, big_blind: big * 2, ante: Math.floor(big / 4), minutes: Number(value("minutes", 15)) || 15, is_break: false };
  tbody.append(row(level, false));
  number(tbody);
}

// The edited levels (those after the fixed ones) as the server takes them; an Error names a bad cell.
export function readSchedule(tbody, wholeNumber) {
  return [...tbody.rows].filter((tr) => tr.dataset.fixed !== "true").map((tr, i) => {
    const level = { is_break: tr.dataset.break === "true", bring_in: Number(tr.dataset.bringIn) || 0 };
    for (const name of FIELDS) {
      const text = tr.querySelector(`input[name=${name}]`).value;
      const what = `Level ${tr.cells[0].textContent || i + 1}: ${WORDS[name]}`;
      if (name === "minutes") {
        const m = Number(String(text).trim());
        if (!(m >= 0.05 && m <= 240)) throw new Error(`${what} must be from 0.05 to 240, not “${text}”.`);
        level.minutes = m;
      } else {
        level[name] = wholeNumber(text, what, { min: name === "ante" ? 0 : 1 });
      }
    }
    return level;
  });
}
