// Rebuys and the add-on on the clock page: the host's buttons by each seat and the players' asks to
// approve with one tap; a player's own phone asks for them. The server checks everything again.

const $ = (id) => document.getElementById(id);

function button(text, label, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.setAttribute("aria-label", label);
  b.addEventListener("click", onClick);
  return b;
}

// What the player may buy now: "rebuy", "add_on", both or neither.
function buyable(data, name) {
  const entry = data.entries.find((e) => e.name === name);
  if (!entry || entry.status !== "playing" || data.finished) return [];
  const out = [];
  if (data.rebuys_open && entry.rebuys < data.max_rebuys) out.push("rebuy");
  if (data.add_on_open && !entry.add_on) out.push("add_on");
  return out;
}

const WORDS = { rebuy: "Rebuy", add_on: "Add-on" };

// The host's Rebuy / Add-on buttons next to a seated player.
export function seatButtons(data, name, act) {
  return buyable(data, name).map((what) => button(WORDS[what], `${WORDS[what]} for ${name}`, () => act({ action: what, name })));
}

// The host's list of players asking, each approved (or declined) with one tap.
export function hostAsks(data, act) {
  const asks = data.asks || [];
  $("asks-box").hidden = !asks.length;
  $("asks").replaceChildren(...asks.map((a) => {
    const li = document.createElement("li");
    li.textContent = `${a.name} asks for ${a.what === "rebuy" ? "a rebuy" : "the add-on"} `;
    li.append(button("Approve", `approve ${a.name}'s ${WORDS[a.what].toLowerCase()}`, () => act({ action: a.what, name: a.name })),
      " ", button("Decline", `decline ${a.name}'s ask`, () => act({ action: "decline_ask", name: a.name })));
    return li;
  }));
}

// The player's own phone: the ask buttons, or what they asked and wait for.
export function playerAsks(data) {
  const may = buyable(data, data.you);
  $("ask-rebuy").hidden = !may.includes("rebuy") || Boolean(data.asked);
  $("ask-add-on").hidden = !may.includes("add_on") || Boolean(data.asked);
  $("my-ask").hidden = !data.asked;
  $("my-ask").textContent = data.asked ? `You asked for ${data.asked === "rebuy" ? "a rebuy" : "the add-on"}: the host approves it.` : "";
}

// The clock's fact: rebuys open until which level, or the add-on now.
export function rebuysFact(data) {
  const on = data.rebuy_level > 0 || data.add_on_price > 0;
  $("rebuys-fact").hidden = !on || data.finished;
  const parts = [];
  if (data.rebuys_open) parts.push(`open until level ${data.rebuy_level} (${data.rebuy_price.toLocaleString()})`);
  else if (data.rebuy_level > 0) parts.push("closed");
  if (data.add_on_open) parts.push(`add-on now (${data.add_on_price.toLocaleString()})`);
  $("rebuys").textContent = parts.join(", ") || "–";
}
