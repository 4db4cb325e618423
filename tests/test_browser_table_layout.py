"""One screen on a phone (issue 17, "What to build" 1 and "Seen" 5): on two phone sizes and a laptop, for
the four seed games and catalogue games (stud, Follow the Queen with five, hold'em, the draw, a declare),
with 2, 5, 6, 7 and 9 players, at every decision of the host's first hand (stud to 7th street) and at its
showdown: no two of the seat boxes, bets, pot, step label and board overlap, every bet and card at a seat
lies inside its seat box and every seat inside the felt and the screen; and the status line, my cards and
my action controls are all inside the viewport without scrolling (and not under the tab bar or a toast).
Watched on every frame of a hand: bet chips stay in their seats, none is left lying on the pot."""

from __future__ import annotations

from typing import Any

import pytest

import homegame as hg
from browser_support import (  # noqa: F401 (fixtures)
    ARTIFACTS,
    LAPTOP,
    News,
    Pages,
    base,
    browser,
    pages,
    play_out,
    state,
    take_turn,
    unpause,
)

pytestmark = pytest.mark.browser

SIZES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "small": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True},
    "laptop": LAPTOP,
}
STUD = {"structure": "fixed-limit", "ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4}
BLINDS = {"structure": "no-limit", "blinds": [1, 2]}

#: (game, house rules, players, screen, the decision kinds the host must meet in the hand). Every game
#: on a phone; each of the three sizes and 2, 6 and 9 players several times.
CASES = [
    ("passem", {}, 9, "small", ()),
    ("passem", {"split": "declare"}, 6, "phone", ("declare",)),
    ("sameem", {}, 6, "phone", ()),
    ("sameem", {}, 2, "laptop", ()),
    ("pass-the-trash", {}, 9, "phone", ("pass", "arrange")),
    ("pass-the-trash", {}, 6, "small", ("pass",)),
    ("three-hole", {}, 6, "phone", ("expose",)),
    ("three-hole", {}, 9, "laptop", ()),
    ("stud", {}, 9, "small", ()),
    ("stud", {}, 6, "phone", ()),
    ("follow-the-queen", {}, 5, "phone", ()),
    ("follow-the-queen", {}, 5, "small", ()),
    ("stud", {}, 7, "small", ()),
    ("three-hole", {}, 6, "small", ("expose",)),
    ("holdem", {}, 9, "phone", ()),
    ("holdem", {}, 2, "small", ()),
    ("five-card-draw", {}, 6, "small", ("discard",)),
    ("five-card-draw", {}, 9, "laptop", ()),
]

#: Measured in the page at scroll 0: the boxes that overlap, and the controls outside the screen.
MEASURE = """() => {
  window.scrollTo(0, 0);
  const box = (el) => { const b = el.getBoundingClientRect(); return { x: b.left, y: b.top, w: b.width, h: b.height }; };
  const items = [];
  const felt = document.getElementById('felt');
  const fb = felt.getBoundingClientRect();
  const inner = { x: fb.left + felt.clientLeft, y: fb.top + felt.clientTop, w: felt.clientWidth, h: felt.clientHeight };
  const seen = (el) => el.getBoundingClientRect().width > 0;
  for (const seat of document.querySelectorAll('#seats .seat')) {
    const owner = `seat ${seat.querySelector('.who').textContent}`;
    items.push({ what: owner, owner, felt: true, ...box(seat) });
    for (const bet of seat.querySelectorAll('.wager')) items.push({ what: `bet of ${owner}`, owner, inside: true, ...box(bet) });
    for (const card of [...seat.querySelectorAll('.seat-cards .card')].filter(seen)) {
      items.push({ what: `card ${card.dataset.card || 'down'} of ${owner}`, owner, inside: true, ...box(card) });
    }
  }
  const step = document.getElementById('step');
  if (step.textContent.trim()) items.push({ what: 'step label', owner: 'step', ...box(step) });
  const pot = document.getElementById('pot');
  if (pot.textContent.trim()) items.push({ what: 'pot', owner: 'pot', ...box(pot) });
  const board = document.getElementById('board');
  if (board.querySelector('.card')) items.push({ what: 'board', owner: 'board', ...box(board) });
  const overlaps = [];
  const cross = (a, b) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0.5;
  items.forEach((a, i) => items.slice(i + 1).forEach((b) => {
    if (a.owner !== b.owner && cross(a, b)) overlaps.push(`${a.what} / ${b.what}`);
  }));
  const within = (a, r) => a.x >= r.x - 1 && a.y >= r.y - 1 && a.x + a.w <= r.x + r.w + 1 && a.y + a.h <= r.y + r.h + 1;
  const screenBox = { x: 0, y: 0, w: innerWidth, h: innerHeight + scrollY + 1e6 };
  for (const a of items) {
    // a bet and the cards at a seat sit inside their own seat box
    const seat = items.find((s) => s.what === a.owner);
    if (a.inside && seat && !within(a, seat)) overlaps.push(`${a.what} leaves its seat`);
    // a seat lies inside the felt and the screen
    if (a.felt && !within(a, inner)) overlaps.push(`${a.what} outside the felt`);
    if (a.felt && !within(a, screenBox)) overlaps.push(`${a.what} outside the screen`);
  }
  const W = innerWidth, H = innerHeight;
  const outside = [];
  // a page wider than the phone is zoomed out by the browser: nothing is where it should be
  if (innerWidth > screen.width || document.documentElement.scrollWidth > innerWidth + 1) outside.push(`page ${document.documentElement.scrollWidth}px wide`);
  const shown = [...document.querySelectorAll('#banner, #felt, #my-cards .card, #actions button, #actions input')].filter((el) => el.offsetParent !== null);
  for (const el of shown) {
    const b = el.getBoundingClientRect();
    const name = el.id || el.dataset.action || el.dataset.card || el.getAttribute('aria-label') || el.tagName;
    if (b.left < -1 || b.top < -1 || b.right > W + 1 || b.bottom > H + 1) { outside.push(name); continue; }
    if (el.id === 'felt') continue;
    // nothing (the tab bar, a toast) lies over the control's middle
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    if (hit && !el.contains(hit) && !hit.contains(el)) outside.push(`${name} under ${hit.className || hit.tagName}`);
  }
  return { overlaps, outside, layout: document.getElementById('felt').dataset.layout };
}"""


#: The page at rest: the buttons armed, the seats laid out for their sizes and moved there, no chip in flight.
SETTLED = """() => !document.getElementById('actions').classList.contains('arming') && window.homegame.settled()
  && !document.querySelector('.chip.flying') && [...document.querySelectorAll('#seats .seat')].every((el) => !el.getAnimations().length)"""


def decision_kind(legal: list[str]) -> str:
    """The kind of decision the legal actions make: "pass", "arrange", "declare", "discard" or "bet"."""
    for kind in ("pass", "arrange", "declare", "discard", "expose"):
        if any(a.startswith(kind) for a in legal):
            return kind
    return "bet"


@pytest.mark.parametrize(("game", "rules", "players", "size", "must_meet"), CASES,
                         ids=[f"{g}{'-declare' if r else ''}-{n}p-{s}" for g, r, n, s, _ in CASES])
def test_every_decision_fits_one_screen_and_nothing_overlaps(pages: Pages, game: str, rules: dict[str, Any], players: int,
                                                           size: str, must_meet: tuple[str, ...]) -> None:
    stud = any(s.kind == "bet" and s.opener == "bring-in" for s in hg.game(game).steps)
    _, page = pages.host_seated(SIZES[size], game=game, rules=rules, bots=players - 1, bot_delay=0.02, between_hands=30,
                                approve_seats=False, paused=True, turn_seconds=120, stakes=STUD if stud else BLINDS)
    unpause(page)
    page.wait_for_function("(s => s.view && s.view.legal.length)(window.homegame.state)")
    met: list[str] = []
    problems: list[str] = []
    news = News(page, "the host's hand did not finish")
    shot = False
    while True:
        s = state(page)
        view = s["view"]
        if view and view["over"]:
            # the showdown: every card shown at the seats (seven at a stud seat) still inside its seat
            page.wait_for_function(SETTLED)
            got = page.evaluate(MEASURE)
            if got["overlaps"]:
                problems.append(f"showdown: overlaps {got['overlaps']} ({got['layout']})")
            page.screenshot(path=str(ARTIFACTS / f"layout-{game}-{players}-{size}-showdown.png"))
            break
        if view and view["legal"]:
            # the buttons are armed, the seats laid out for their sizes and moved there (.3 s), no chip in flight
            page.wait_for_function(SETTLED)
            s = state(page)
            if not s["view"]["legal"] or s["view"]["over"]:
                continue
            kind = decision_kind(s["view"]["legal"])
            got = page.evaluate(MEASURE)
            if got["overlaps"] or got["outside"]:
                problems.append(f"{kind} on {s['view']['street']}: overlaps {got['overlaps']}, off screen {got['outside']} ({got['layout']})")
                page.screenshot(path=str(ARTIFACTS / f"layout-{game}-{players}-{size}-{len(problems)}.png"))
            if not shot and kind != "bet" or len(met) == 2:
                page.screenshot(path=str(ARTIFACTS / f"layout-{game}-{players}-{size}.png"))
                shot = True
            met.append(kind)
            page.wait_for_function("!document.getElementById('actions').classList.contains('arming')")
            if not take_turn(page):
                continue
            page.wait_for_function("(([d]) => window.homegame.state.you.decision !== d || !window.homegame.state.view.legal.length)",
                                   arg=[s["you"]["decision"]])
        else:
            news.wait()
    assert met, "the host was never asked anything"
    assert not problems, problems
    for kind in must_meet:
        assert kind in met, f"no {kind} decision came: {met}"
    assert not pages.errors, pages.errors


#: Watched on every frame: a bet chip (its pop when it is new included) that leaves its seat box, and a
#: chip that flew into the pot and still lies there once its flight has ended.
WATCH_CHIPS = """() => {
  window.__chipProblems = [];
  const note = (text) => { if (window.__chipProblems.length < 20 && !window.__chipProblems.includes(text)) window.__chipProblems.push(text); };
  const inside = (a, r) => a.left >= r.left - 1 && a.top >= r.top - 1 && a.right <= r.right + 1 && a.bottom <= r.bottom + 1;
  const cross = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const look = () => {
    for (const chip of document.querySelectorAll('#seats .chip.wager')) {
      const seat = chip.closest('.seat');
      if (!inside(chip.getBoundingClientRect(), seat.getBoundingClientRect())) note(`bet of ${seat.querySelector('.who').textContent} leaves its seat`);
    }
    const pot = document.getElementById('pot');
    for (const chip of document.querySelectorAll('.chip.flying')) {
      const flying = chip.getAnimations().length > 0 || !chip.classList.contains('landed');
      if (!flying && pot.textContent && cross(chip.getBoundingClientRect(), pot.getBoundingClientRect())) note(`a chip of ${chip.textContent} left lying on the pot`);
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def test_bets_stay_in_their_seats_and_nothing_is_left_on_the_pot(pages: Pages) -> None:
    """Issue 17: on a phone mid-hand a bet chip lay on the pot label or a seat's name. Every frame of a hand
    (bets popping in as they are made, bets flying into the pot as a round ends): each bet chip inside its
    seat box, and no chip left on the pot once it has flown there."""
    _, page = pages.host_seated(SIZES["phone"], game="holdem", bots=2, bot_delay=0.05, between_hands=30,
                                approve_seats=False, paused=True, turn_seconds=120, stakes=BLINDS)
    page.evaluate(WATCH_CHIPS)
    unpause(page)
    flown = page.evaluate("""() => { window.__flown = 0; new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes)
      if (n.classList && n.classList.contains('flying')) window.__flown += 1; }).observe(document.getElementById('felt'), { childList: true }); }""")
    assert flown is None
    play_out(page)
    assert page.evaluate("window.__flown") > 0, "no chip flew into the pot"
    page.wait_for_function("!document.querySelector('.chip.flying')")
    assert page.evaluate("window.__chipProblems") == []
    assert not pages.errors, pages.errors


#: My seven cards on the page as it draws them (plain, face up, wild, wild and face up, new, new and face
#: up, a "10" each), and for each the marks written on it ("new", "up", "W", "W up") that cover its rank's
#: or its suit's text.
MARKS_OVER_RANKS = """() => {
  const box = document.getElementById('my-cards');
  box.style.setProperty('--n', '7');
  const kinds = ['', 'up', 'wild', 'wild up', 'received', 'received up', 'received wild'];
  box.innerHTML = kinds.map((k) => `<button type="button" class="card suit-s ${k}" data-card="Ts"><span class="rank">10</span><span class="pip">♠</span></button>`).join('');
  const covered = [];
  for (const card of box.querySelectorAll('.card')) {
    const c = card.getBoundingClientRect();
    for (const which of ['::before', '::after']) {
      const cs = getComputedStyle(card, which);
      if (cs.content === 'none' || cs.content === 'normal' || cs.display === 'none') continue;
      const [w, h, top, left] = [cs.width, cs.height, cs.top, cs.left].map(parseFloat);
      if ([w, h, top, left].some(Number.isNaN)) { covered.push(`${card.className}${which}: unmeasured`); continue; }
      const shift = cs.transform === 'none' ? new DOMMatrix() : new DOMMatrix(cs.transform);
      const x = c.left + card.clientLeft + left + shift.e;
      const y = c.top + card.clientTop + top + shift.f;
      for (const part of ['.rank', '.pip']) {
        const range = document.createRange();
        range.selectNodeContents(card.querySelector(part));
        const text = range.getBoundingClientRect();
        const dx = Math.min(x + w, text.right) - Math.max(x, text.left);
        const dy = Math.min(y + h, text.bottom) - Math.max(y, text.top);
        if (dx > 0.5 && dy > 0.5) covered.push(`${card.className}${which} ${cs.content} over ${part}`);
      }
    }
  }
  return covered;
}"""


@pytest.mark.parametrize("size", ["phone", "small", "laptop"])
def test_the_marks_on_my_cards_leave_their_ranks_readable(pages: Pages, size: str) -> None:
    """Seen in Follow the Queen on a phone: a wild face-up 10 of mine read "W up" written over the "10"; in
    Pass The Trash, "new" covered a passed card's rank and "up" sat on the suits. On the narrowest cards
    (seven of mine), no mark ("new", "up", "W", "W up") lies over a card's rank or suit."""
    _, page = pages.host_seated(SIZES[size], game="follow-the-queen", bots=1, approve_seats=False, paused=True,
                                turn_seconds=120, stakes=STUD)
    covered = page.evaluate(MARKS_OVER_RANKS)
    page.locator("#me").screenshot(path=str(ARTIFACTS / f"my-card-marks-{size}.png"))  # (a redraw may empty my cards)
    assert covered == []
    assert not pages.errors, pages.errors


#: Nine seat boxes of uneven sizes ([w, h], me first) on a phone's felt, with the middle (board, pot, step
#: label): no even spacing of them fits on any of the shapes and turns tried, an uneven one does (found by
#: searching random sizes around the tiny seats' own; the CI run of 2026-12-07 met such a felt at "Second card").
UNEVEN_FITS = [
    {"W": 343, "H": 266, "sizes": [[83, 41], [86, 59], [83, 39], [87, 45], [80, 40], [83, 57], [58, 57], [76, 38], [74, 53]], "middle": [122, 62]},
    {"W": 334, "H": 308, "sizes": [[84, 43], [81, 57], [84, 58], [68, 52], [76, 40], [82, 41], [71, 56], [68, 54], [73, 50]], "middle": [174, 57]},
    {"W": 331, "H": 271, "sizes": [[72, 61], [77, 57], [61, 62], [87, 47], [68, 60], [82, 62], [59, 51], [84, 43], [63, 48]], "middle": [137, 90]},
]


def test_seats_of_uneven_sizes_are_spaced_unevenly_when_even_spacing_cannot_fit(pages: Pages) -> None:
    made, page = pages.host_seated(SIZES["small"], game="holdem", bots=1, approve_seats=False, paused=True)
    laid = page.evaluate("""async (cases) => { const m = await import('/static/js/layout.js');
        return cases.map(({ W, H, sizes, middle }) => {
          const felt = { clientWidth: W, clientHeight: H, classList: { toggle() {} }, dataset: {} };
          const seats = sizes.map(([w, h]) => ({ offsetWidth: w, offsetHeight: h, style: {}, isConnected: true }));
          m.layoutSeats(felt, seats, { offsetWidth: middle[0], offsetHeight: middle[1] });
          const boxes = seats.map((s, k) => ({ x: parseFloat(s.style.left) - sizes[k][0] / 2, y: parseFloat(s.style.top) - sizes[k][1] / 2,
                                               w: sizes[k][0], h: sizes[k][1] }));
          boxes.push({ x: (W - middle[0]) / 2, y: (H - middle[1]) / 2, w: middle[0], h: middle[1] });
          let shared = 0;
          boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => { shared += m.overlap(a, b); }));
          const inside = boxes.every((b) => b.x >= 0 && b.y >= 0 && b.x + b.w <= W && b.y + b.h <= H);
          return { layout: felt.dataset.layout, shared, inside };
        }); }""", UNEVEN_FITS)
    assert all(one["shared"] == 0 and one["inside"] for one in laid), laid
