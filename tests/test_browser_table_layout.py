"""One screen on a phone (issue 17, "What to build" 1 and "Seen" 5): on two phone sizes and a laptop, for
the four seed games and catalogue games (stud, Follow the Queen with five, hold'em, the draw, a declare),
with 2, 5, 6 and 9 players,
at every decision of the host's first hand: no two of the seat boxes, bets, pot and board overlap, and
the status line, my cards and my action controls are all inside the viewport without scrolling (and
not under the tab bar)."""

from __future__ import annotations

from typing import Any

import pytest

import homegame as hg
from browser_support import ARTIFACTS, LAPTOP, News, Pages, base, browser, pages, state, take_turn, unpause  # noqa: F401 (fixtures)

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
  for (const seat of document.querySelectorAll('#seats .seat')) {
    const owner = `seat ${seat.querySelector('.who').textContent}`;
    items.push({ what: owner, owner, ...box(seat) });
    for (const bet of seat.querySelectorAll('.wager')) items.push({ what: `bet of ${owner}`, owner, inside: true, ...box(bet) });
  }
  const pot = document.getElementById('pot');
  if (pot.textContent.trim()) items.push({ what: 'pot', owner: 'pot', ...box(pot) });
  const board = document.getElementById('board');
  if (board.querySelector('.card')) items.push({ what: 'board', owner: 'board', ...box(board) });
  const overlaps = [];
  const cross = (a, b) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 0.5;
  items.forEach((a, i) => items.slice(i + 1).forEach((b) => {
    if (a.owner !== b.owner && cross(a, b)) overlaps.push(`${a.what} / ${b.what}`);
  }));
  // a bet sits inside its own seat box
  for (const a of items) {
    const seat = items.find((s) => s.what === a.owner);
    if (a.inside && seat && (a.x < seat.x - 1 || a.y < seat.y - 1 || a.x + a.w > seat.x + seat.w + 1 || a.y + a.h > seat.y + seat.h + 1)) overlaps.push(`${a.what} leaves its seat`);
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
            break
        if view and view["legal"]:
            page.wait_for_timeout(450)  # the buttons are armed, the seats laid out
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
