// Host: upload a game file (docs/games/game-files.md) to this table, from a file picker or pasted. The
// server checks it as `homegame games --file` does; once added it is one more game in the host's game
// choice and in the dealer's choice. A refusal (the file's line and what is allowed) is said here.
import { escapeHtml } from "./cards.js";

//: the most a game file may be, in bytes (the schema's limit)
const MAX_BYTES = 64000;

function el(html) {
  const t = document.createElement("template");
  t.innerHTML = html.trim();
  return t.content.firstElementChild;
}

// The table's uploaded games join the catalogue's (from /api/games) wherever the page lists games.
export function mergeUploaded(app, table) {
  const uploaded = (table && table.game_files) || [];
  app.games = [...(app.games || []).filter((g) => !g.uploaded), ...uploaded.map((g) => ({ ...g, uploaded: true }))];
}

// The server added (or replaced) a file: say so, and pick it in the host's game form.
export function gameFileAdded(msg, app) {
  app.uploadedPick = msg.name;
  app.toast(`Game file added: ${msg.title}. It is picked under “Game from next hand”: press Set game to deal it.`, "news");
}

export function renderGameFiles(state, app, send) {
  const box = document.getElementById("host");
  if (!box || !state.you.host) return;
  let part = box.querySelector(":scope > .gamefile-part");
  if (!part) {
    part = el(`<div class="gamefile-part"><form class="gamefile-form"><fieldset><legend>Upload a game file (.toml, data only)</legend>
      <label>File <input type="file" name="file" accept=".toml,text/plain,application/toml"></label>
      <label class="wide">or paste it <textarea name="text" rows="4" spellcheck="false" placeholder='name = "my-game"&#10;[[steps]]&#10;kind = "deal"…'></textarea></label>
      <button type="submit" class="small" data-action="upload-game">Upload game</button>
      <p class="form-error error" role="alert"></p></fieldset></form><div class="gamefile-list"></div></div>`);
    const form = part.querySelector("form");
    form.file.addEventListener("change", async () => {
      const f = form.file.files[0];
      if (!f) return;
      form.dataset.filename = f.name;
      if (f.size > MAX_BYTES) {
        say(form, `${f.name} is ${f.size} bytes; a game file may be at most ${MAX_BYTES} bytes`);
        return;
      }
      form.text.value = await f.text();
      say(form, "");
    });
    form.text.addEventListener("input", () => { delete form.dataset.filename; });
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = form.text.value;
      if (!text.trim()) return say(form, "choose a .toml file or paste a game file first");
      if (new TextEncoder().encode(text).length > MAX_BYTES) return say(form, `a game file may be at most ${MAX_BYTES} bytes`);
      say(form, "");
      form.sent = true;
      send({ type: "game_file", text, ...(form.dataset.filename ? { filename: form.dataset.filename } : {}) });
    });
    box.append(part);
  }
  const form = part.querySelector("form");
  const err = app.lastError;
  if (err && err.about === "game_file" && err !== form.seenError) {
    form.seenError = err;
    say(form, err.message);
  }
  const list = part.querySelector(".gamefile-list");
  const files = state.table.game_files || [];
  const sig = JSON.stringify(files.map((g) => [g.name, g.title, g.min_players, g.max_players]));
  if (list.dataset.sig !== sig) {
    list.dataset.sig = sig;
    list.replaceChildren(...files.map((g) => {
      const row = el(`<div class="host-seat gamefile" data-game="${escapeHtml(g.name)}"><span>${escapeHtml(g.title)} <span class="muted">(${escapeHtml(g.name)}, ${g.min_players}–${g.max_players} players)</span></span>
        <button type="button" class="small danger" data-action="remove-game">Remove</button></div>`);
      row.querySelector("button").addEventListener("click", () => {
        if (confirm(`Take ${g.title} off this table?`)) send({ type: "game_file", remove: g.name });
      });
      return row;
    }));
    if (form.sent && app.uploadedPick) {
      form.sent = false;
      form.reset();
      delete form.dataset.filename;
    }
  }
  const pick = app.uploadedPick;
  const select = box.querySelector(".game-form select[name=game]");
  if (pick && select && [...select.options].some((o) => o.value === pick)) {
    app.uploadedPick = null;
    select.value = pick;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

function say(form, text) {
  form.querySelector(".form-error").textContent = text;
}
