"""What a fresh-eyes play-test of the phone table (390x844, touch) and a laptop (1280x800) left (issue 21's
boards on the page, issue 20's tournament opening), each seen by a user:

- Chowaha's board was drawn without its paths, so nobody could see which cards combine; and after a
  showdown on a laid-out or several-board game no board card of the winning hand was lit: the lines are
  drawn from the game's layout and the winning cards (and lines) lit on each board;
- a box that stays on screen (the top bar) covered the top of the host's player list once the Host tab
  brought it up, on a phone and in a laptop's browser window under 1000 px wide;
- chip badges were left on the felt after a hand: a flight of chips drawn for a page nobody looks at
  stayed where it began;
- Three-Hole said "Tap a face-down card" while the player's own cards look face up to them;
- a tournament bot entered with no name was silently ignored;
- "Pass 2/1" said nothing of what it meant.
"""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import (  # noqa: F401 (fixtures)
    ARTIFACTS,
    LAPTOP,
    Pages,
    base,
    browser,
    pages,
    play_until,
    state,
    unpause,
)

pytestmark = pytest.mark.browser

LIMIT = {"structure": "fixed-limit", "small_bet": 2, "big_bet": 4, "ante": 1}


def _showdown(pages: Pages, device: str, game: str) -> Any:
    """Ann's page at a two-player table of ``game`` once its first hand is over: both call it down (neither
    folds), so it ends at a showdown."""
    made, ann = pages.host_seated(device, "Ann", game=game, approve_seats=False, between_hands=30, stakes=LIMIT)
    bob = pages.guest_seated(made, "phone", "Bob")
    play_until([ann, bob], lambda: bool((state(ann)["view"] or {}).get("over")) and state(ann)["hand"] >= 1,
               what="the hand did not finish")
    awards = state(ann)["view"]["results"]["awards"]
    assert any(a.get("cards") for a in awards), awards
    return ann


#: Each board card's centre and whether it is lit, each drawn line's points, each lit line, in page pixels.
BOARD = """() => {
  const grid = document.querySelector('#board .board-layout');
  const g = grid.getBoundingClientRect();
  const cards = {};
  for (const el of grid.querySelectorAll('[data-slot]')) {
    const b = el.getBoundingClientRect();
    cards[el.dataset.slot] = { x: b.left + b.width / 2 - g.left, y: b.top + b.height / 2 - g.top, card: el.dataset.card || null,
                               best: el.classList.contains('best') };
  }
  const svg = grid.querySelector('svg.board-lines');
  const scale = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
  const lines = svg ? [...svg.querySelectorAll('[data-line]')].map((p) => ({ k: Number(p.dataset.line), won: p.classList.contains('won'),
    points: [...p.points].map((q) => [q.x * scale, q.y * scale]) })) : [];
  return { cards, lines };
}"""


@pytest.mark.parametrize(("game", "device"), [("chowaha", "phone"), ("chowaha", "laptop"), ("iron-cross", "phone"),
                                             ("elevator", "laptop")])
def test_a_board_of_lines_draws_them_and_lights_the_winning_cards(pages: Pages, game: str, device: str) -> None:
    """Seen on Chowaha: the board's cards without the paths between them, and no card lit after the
    showdown (Iron Cross lacked it too). Each of the game's lines (GET /api/games `layout.lines`) is drawn
    through its cards' centres, in its order; the board cards of each winning hand are lit, and the line
    they lie on."""
    ann = _showdown(pages, device, game)
    layout = next(g for g in ann.evaluate("window.homegame.games") if g["name"] == game)["layout"]
    ann.wait_for_function(f"document.querySelectorAll('#board .board-lines [data-line]').length === {len(layout['lines'])}")
    got = ann.evaluate(BOARD)
    cards, lines = got["cards"], got["lines"]
    assert [line["k"] for line in sorted(lines, key=lambda x: x["k"])] == list(range(len(layout["lines"])))
    for line in lines:
        slots = layout["lines"][line["k"]]
        assert len(line["points"]) == len(slots), line
        for (x, y), i in zip(line["points"], slots, strict=True):
            assert abs(x - cards[str(i)]["x"]) < 2 and abs(y - cards[str(i)]["y"]) < 2, (line["k"], i, x, y, cards[str(i)])
    view = state(ann)["view"]
    won = [a for a in view["results"]["awards"] if a["amount"] > 0 and a.get("cards")]
    expected = {c for a in won for c in a["cards"] if c in view["board"]}
    lit = {c["card"] for c in cards.values() if c["best"]}
    assert expected and lit == expected, (lit, expected)
    lit_lines = {line["k"] for line in lines if line["won"]}
    for a in won:
        used = {view["board"].index(c) for c in a["cards"] if c in view["board"]}
        assert any(used <= set(layout["lines"][k]) for k in lit_lines), (a, lit_lines)
    ann.screenshot(path=str(ARTIFACTS / f"{game}-lines-{device}.png"))
    assert not pages.errors, pages.errors


def test_two_boards_light_each_boards_winning_cards(pages: Pages) -> None:
    """Seen: double-board hold'em's showdown lit no card on either board. Each board's winning cards are lit
    on that board, as a single board's are."""
    ann = _showdown(pages, "phone", "double-board-holdem")
    ann.wait_for_selector("#board .board-layout.boards .card.best")
    view = state(ann)["view"]
    lit = {int(el.get_attribute("data-board")): set() for el in ann.locator("#board .board-layout [data-board]").all()}
    for el in ann.locator("#board .board-layout .card.best").all():
        lit[int(el.get_attribute("data-board"))].add(el.get_attribute("data-card"))
    for k, board in enumerate(view["boards"], start=1):
        expected = {c for a in view["results"]["awards"] if a["amount"] > 0 and a.get("board") == k for c in a.get("cards", []) if c in board}
        assert lit[k] == expected, (k, lit[k], expected)
    ann.screenshot(path=str(ARTIFACTS / "double-board-lit-phone.png"))
    assert not pages.errors, pages.errors


#: The smooth scroll has ended: the page stood still over two looks 100 ms apart.
SCROLLED = """() => { const same = window.__lastY === scrollY; window.__lastY = scrollY; return same && scrollY > 0; }"""

#: What lies over the middle and the top edge of the host panel's title and first rows (its links, its
#: player list's first two seats), where something else does: the box that covers them.
COVERED = """() => {
  const panel = document.getElementById('host-panel');
  const parts = [panel.querySelector('summary'), panel.querySelector('.links'), ...panel.querySelectorAll('.host-seat')].slice(0, 4);
  const out = [];
  for (const el of parts) {
    const b = el.getBoundingClientRect();
    for (const y of [b.top + 2, b.top + b.height / 2]) {
      const hit = document.elementFromPoint(b.left + b.width / 2, y);
      if (hit && !el.contains(hit)) out.push(`${el.className || el.tagName} under ${hit.closest('[class]')?.className || hit.tagName}`);
    }
  }
  return out;
}"""

#: A phone, and a laptop's browser window not at full width (under 1000 px wide the page is laid out as
#: on a phone: panels below the table, reached by the tab bar, under a top bar that stays on screen).
NARROW = {"phone": "phone", "laptop window": {"viewport": {"width": 990, "height": 700}}}


@pytest.mark.parametrize("device", list(NARROW))
def test_the_host_tab_shows_the_whole_player_list_clear_of_the_top_bar(pages: Pages, device: str) -> None:
    """Seen: a box that stays on screen covered the top of the host's player list. The Host tab scrolled its
    panel's top to the top of the screen, under the top bar (stuck there). A panel brought up by its tab
    (any scroll into view) stops below the top bar: its title and first rows are uncovered."""
    _, ann = pages.host_seated(NARROW[device], "Ann", game="holdem", bots=3, approve_seats=False, paused=True)
    ann.wait_for_selector("#host .host-seat")
    ann.click('#tabs .tab[data-tab="host"]')
    ann.wait_for_function(SCROLLED, polling=100)
    ann.screenshot(path=str(ARTIFACTS / f"host-tab-{device.replace(' ', '-')}.png"))
    assert ann.evaluate(COVERED) == []
    top = ann.evaluate("document.querySelector('.topbar').getBoundingClientRect().bottom")
    assert ann.evaluate("document.querySelector('#host-panel summary').getBoundingClientRect().top") >= top
    assert not pages.errors, pages.errors


def test_the_host_list_reads_each_player_on_one_line_on_a_phone(pages: Pages) -> None:
    """Seen in the host tab's screenshot on a phone: the seated host's own row read "4." / "Ann" / "·" / "200",
    a word a line, squeezed by its five buttons. A row's words stay on one line; the buttons go below them."""
    _, ann = pages.host_seated("phone", "Ann", game="holdem", bots=3, approve_seats=False, paused=True)
    ann.wait_for_selector('#host .host-seat [data-action="reissue"]')
    lines = ann.evaluate("""() => [...document.querySelectorAll('#host .host-seat > span')].map((el) => {
      const range = document.createRange(); range.selectNodeContents(el);
      return [el.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size]; })""")
    assert lines and all(n == 1 for _, n in lines), lines
    assert not pages.errors, pages.errors


def test_on_a_laptop_nothing_covers_the_host_panel(pages: Pages) -> None:
    """On a full laptop screen the panels are a column of their own beside the table: the host panel's
    title and first rows are uncovered there too, its player list scrolled to."""
    _, ann = pages.host_seated("laptop", "Ann", game="holdem", bots=3, approve_seats=False, paused=True)
    ann.wait_for_selector("#host .host-seat")
    ann.locator("#host .host-seat").first.scroll_into_view_if_needed()
    assert ann.evaluate(COVERED) == []
    ann.screenshot(path=str(ARTIFACTS / "host-panel-laptop.png"))
    assert not pages.errors, pages.errors


#: While the page is hidden (a phone locked, another app in front) the browser draws no frames: every chip
#: flight made then is counted, with the chips still on the felt when it comes back.
HIDE = """() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  window.__frames = window.requestAnimationFrame;
  window.requestAnimationFrame = () => 0;
  window.__flights = 0;
  window.__watch = new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes)
    if (n.classList && n.classList.contains('flying')) window.__flights += 1; });
  window.__watch.observe(document.getElementById('felt'), { childList: true });
}"""


def test_a_page_nobody_looks_at_leaves_no_chips_on_the_felt(pages: Pages) -> None:
    """Seen three times: chip badges left on the felt after a hand. A flight of chips drawn while the page is
    hidden never moves (no frames are drawn) and lay where it began, by a seat, until a timer came round.
    A hidden page draws no flights; the felt then shows only the bets of the street being played."""
    _, ann = pages.host_seated("phone", "Ann", game="holdem", bots=2, bot_delay=0.05, approve_seats=False, paused=True,
                               between_hands=30, stakes={"structure": "no-limit", "blinds": [1, 2]})
    ann.evaluate(HIDE)
    unpause(ann)
    play_until([ann], lambda: bool((state(ann)["view"] or {}).get("over")) and state(ann)["hand"] >= 1,
               what="the hand did not finish")
    assert ann.evaluate("window.__flights") == 0, "chips flew on a page nobody looked at"
    assert ann.locator("#felt .chip.flying").count() == 0
    assert ann.locator("#seats .chip.wager").count() == 0  # the hand is over: no bet by any seat
    assert not pages.errors, pages.errors


def test_three_hole_says_what_exposing_is(pages: Pages) -> None:
    """Seen: "Tap a face-down card to turn face up." while my own cards look face up to me. The prompt says
    what the step is in the game's terms: choose one of my cards to turn face up for the table, everyone at
    once, and that it counts in every hand."""
    _, ann = pages.host_seated("phone", "Ann", game="three-hole", bots=2, bot_delay=0.05, approve_seats=False,
                               paused=True, between_hands=30, stakes=LIMIT)
    unpause(ann)

    def exposing() -> bool:
        assert not (state(ann)["view"] or {}).get("over"), "the hand ended before the exposure"
        return bool(ann.locator('#actions button[data-action="expose"]').count())

    play_until([ann], exposing, what="no exposure came to Ann")
    prompt = ann.inner_text("#actions .prompt")
    assert "face-down" not in prompt, prompt
    assert "face up" in prompt and "everyone" in prompt.lower(), prompt
    assert ann.inner_text('#actions button[data-action="expose"]') == "Turn face up"
    ann.screenshot(path=str(ARTIFACTS / "three-hole-expose-phone.png"))
    assert not pages.errors, pages.errors


def test_a_tournament_bot_with_no_name_gets_one_and_a_person_is_asked_for_theirs(base: str, browser: Any) -> None:  # noqa: F811
    """Seen: "a bot" ticked with the name left empty, Enter did nothing and said nothing. A bot is named for
    the host (Bot 1, Bot 2…); a person with no name is asked for one, and nothing is entered."""
    from homegame.server.harness import api

    made = api(base, "/api/tournaments", {"preset": "turbo", "buy_in": 10})
    ctx = browser.new_context(**LAPTOP)
    try:
        page = ctx.new_page()
        page.goto(made["links"]["host"])
        page.wait_for_selector("body[data-ready=true]")
        page.set_checked("#enter input[name=bot]", True)
        page.click("#enter button[type=submit]")
        page.wait_for_selector("#entries:has-text('Bot 1')")
        page.set_checked("#enter input[name=bot]", True)
        page.click("#enter button[type=submit]")
        page.wait_for_selector("#entries:has-text('Bot 2')")
        page.set_checked("#enter input[name=bot]", False)
        page.click("#enter button[type=submit]")
        page.wait_for_selector("#clock-error:has-text('name')")
        assert page.text_content("#entries") == "Bot 1 (bot), Bot 2 (bot)"
    finally:
        ctx.close()


def test_a_pass_with_too_many_or_too_few_cards_says_what_it_needs(pages: Pages) -> None:
    """Seen: a greyed "Pass 2/1" and no word of what it meant. With more or fewer cards chosen than the pass
    takes, the page says how many to choose; with the right number the button names them."""
    _, ann = pages.host_seated("phone", "Ann", game="passem", bots=2, bot_delay=0.05, approve_seats=False,
                               paused=True, between_hands=30, stakes=LIMIT)
    unpause(ann)
    play_until([ann], lambda: bool(ann.locator('#actions button[data-action="pass"]').count()),
               what="no pass came to Ann")
    need = next(o["cards"] for o in state(ann)["view"]["legal_options"] if o["kind"] == "pass")
    assert need == 1
    note = ann.locator("#actions .pass-note")
    assert note.count() == 0 and ann.inner_text("#actions .prompt").startswith("Tap 1 card to pass")
    assert ann.inner_text('#actions button[data-action="pass"]') == "Pass 1 card"
    cards = ann.locator("#my-cards button.card")
    cards.nth(0).click()
    cards.nth(1).click()
    ann.wait_for_function("document.querySelectorAll('#my-cards .card.selected').length === 2")
    assert note.inner_text() == "Choose 1 card to pass: 2 are chosen, tap one to put it back.", note.inner_text()
    assert ann.locator('#actions button[data-action="pass"]').is_disabled()
    ann.screenshot(path=str(ARTIFACTS / "pass-too-many-phone.png"))
    cards.nth(1).click()
    ann.wait_for_function("document.querySelectorAll('#my-cards .card.selected').length === 1")
    chosen = ann.get_attribute("#my-cards .card.selected", "data-card")
    button = ann.locator('#actions button[data-action="pass"]')
    assert button.is_enabled() and note.count() == 0
    assert chosen and button.inner_text() == "Pass " + ann.inner_text("#my-cards .card.selected").replace("\n", ""), button.inner_text()
    assert not pages.errors, pages.errors
