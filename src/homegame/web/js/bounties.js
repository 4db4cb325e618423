// Knockouts on the clock page: who knocked a player out (the host's Out and the player's "I'm out" ask
// for it when the tournament has bounties), and the bounties won so far on the clock.

const $ = (id) => document.getElementById(id);
const chosen = {}; // busted name -> the knocker picked (kept across the page's redraws)

// The names a knocker may be: players still in, but not `busted`.
function stillIn(data, busted) {
  return data.entries.filter((e) => e.status === "playing" && e.name !== busted).map((e) => e.name);
}

function fill(select, names, picked) {
  if (select.dataset.names === names.join("\n")) return;
  select.dataset.names = names.join("\n");
  const blank = document.createElement("option");
  blank.value = "";
  blank.textContent = "knocked out by…";
  select.replaceChildren(blank, ...names.map((n) => {
    const o = document.createElement("option");
    o.value = n;
    o.textContent = n;
    return o;
  }));
  select.value = names.includes(picked) ? picked : "";
}

// The host's picker next to an armed Out button (null without bounties).
export function knockerPicker(data, busted) {
  if (!data.bounty) return null;
  const select = document.createElement("select");
  select.className = "knocker";
  select.setAttribute("aria-label", `who knocked ${busted} out`);
  fill(select, stillIn(data, busted), chosen[busted]);
  select.addEventListener("change", () => { chosen[busted] = select.value; });
  return select;
}

// The body's knocked_by for the host's bust of `busted`.
export function knockedBy(data, busted) {
  return data.bounty && chosen[busted] ? { [busted]: chosen[busted] } : {};
}

// The player's own picker by "I'm out" (shown once the button is armed, with bounties).
export function myPicker(data, armed) {
  const select = $("my-knocker");
  select.hidden = !data.bounty || !armed;
  if (data.bounty) fill(select, stillIn(data, data.you), select.value);
}

// The clock's fact: the bounty on each player and who has won the most.
export function bountiesFact(data) {
  $("bounties-fact").hidden = !data.bounty;
  if (!data.bounty) return;
  const won = data.entries.filter((e) => e.bounties > 0).sort((a, b) => b.bounties - a.bounties).slice(0, 3);
  $("bounties").textContent = `${data.bounty.toLocaleString()} each${won.length ? ": " : ""}${won.map((e) => `${e.name} ${e.bounties.toLocaleString()}`).join(", ")}`;
}
