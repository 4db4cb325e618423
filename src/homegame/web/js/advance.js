// Acting in advance: while it is not my turn in a betting round, one tap queues check/fold, check,
// call (this amount) or call any; the queued one is shown lit, a second tap on it clears it, and the
// server drops it (and says why) when the bet I face changes or the round ends.

// What I face to call now, as the table counts it: the highest bet less mine, at most my stack.
export function facing(view) {
  const seats = view.seats || [];
  const mine = seats[view.seat] || {};
  const top = Math.max(0, ...seats.map((s) => s.bet || 0));
  return Math.max(0, Math.min(top - (mine.bet || 0), mine.stack || 0));
}

// The choices for this moment, or [] when I cannot queue one (my turn, folded, all in, no betting).
export function preChoices(state) {
  const { view, you } = state;
  if (!view || view.over || view.seat === null || view.seat === undefined || you.role === "watcher") return [];
  if ((view.legal || []).length || view.step?.kind !== "bet") return [];
  const me = (view.seats || [])[view.seat];
  if (!me || me.folded || me.all_in || !me.stack) return [];
  const cost = facing(view);
  return cost > 0
    ? [["check/fold", "Check/fold"], [`call ${cost}`, `Call ${cost}`], ["call any", "Call any"]]
    : [["check/fold", "Check/fold"], ["check", "Check"], ["call any", "Call any"]];
}

// "call 4" as the state names it ({"action": "call", "amount": 4}).
function queuedText(pre) {
  if (!pre) return null;
  return pre.action === "call" && pre.amount ? `call ${pre.amount}` : pre.action;
}

export function renderPreActions(state, send) {
  const box = document.getElementById("pre-actions");
  const choices = preChoices(state);
  const queued = queuedText(state.you.pre_action);
  const sig = JSON.stringify([choices, queued, state.hand]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren();
  if (!choices.length) return;
  const label = document.createElement("span");
  label.className = "pre-label muted";
  label.textContent = queued ? "Queued for your turn:" : "Act in advance:";
  box.append(label);
  for (const [action, text] of choices) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "small pre";
    b.dataset.pre = action.split(" ")[0] === "call" && action !== "call any" ? "call" : action;
    const on = queued === action;
    b.textContent = on ? `✓ ${text}` : text;
    b.setAttribute("aria-pressed", String(on));
    if (on) b.classList.add("queued");
    b.addEventListener("click", () => send({ type: "pre_act", action: on ? null : action }));
    box.append(b);
  }
}

// Run it twice: when the host allows it and a player still in is all in, everyone still in the hand is
// asked, with one tap, before the last call; the view's options say who agrees so far.
export function renderRunTwice(state, send, nameOf) {
  const box = document.getElementById("run-twice");
  const { view, table } = state;
  const allowed = Boolean((table.settings.house || {}).run_twice);
  const me = view && view.seat !== null && view.seat !== undefined ? (view.seats || [])[view.seat] : null;
  const allIn = view && (view.seats || []).some((s) => s.all_in && !s.folded);
  const board = view && Array.isArray(view.board) && view.runs === null;
  const agreed = (view && view.options && view.options.run_twice) || [];
  const show = allowed && view && !view.over && me && !me.folded && allIn && board && state.you.role !== "watcher";
  const sig = JSON.stringify([show, agreed, state.hand]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren();
  if (!show) return;
  const yes = agreed.includes(view.seat);
  const p = document.createElement("p");
  p.className = "prompt";
  const others = (view.seats || []).map((s, i) => (s.folded || i === view.seat ? null : i)).filter((i) => i !== null);
  const waiting = others.filter((i) => !agreed.includes(i)).map(nameOf);
  p.textContent = yes ? (waiting.length ? `You agreed to run it twice; waiting for ${waiting.join(" and ")}.` : "Everyone agreed: the board will be run twice.")
    : "Run it twice? Everyone still in must agree before the last call.";
  const b = document.createElement("button");
  b.type = "button";
  b.className = `small ${yes ? "" : "primary"}`;
  b.dataset.action = yes ? "run-once" : "run-twice";
  b.textContent = yes ? "Changed my mind: run it once" : "Yes, run it twice";
  b.addEventListener("click", () => send({ type: "run_twice", value: !yes }));
  box.append(p, b);
}
