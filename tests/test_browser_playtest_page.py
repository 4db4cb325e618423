"""What a fresh-eyes play-test of a 114-hand night found on the page (issue 17): a host on a laptop, two
friends on phones. Each test is one thing a tester saw:

- "Buy in again for 300" stood next to every broke player on every screen, and did nothing for a friend;
  it shows only where it works (the host, for anyone; a player asks for their own rebuy);
- a new chat line left no sign on a phone's Chat tab: it counts the unread lines, said politely;
- the ledger's hand list said "pass-the-trash": it says the game's title;
- on a laptop, opening the host panel scrolled the whole page and the table went blank: the side panel
  scrolls by itself;
- on a laptop, the 7th card of my Pass The Trash hand was cut off: my cards fit their area;
- the host's "Set game" form said "split", "swing ties", "True or False": it uses the chooser's words.
"""

from __future__ import annotations

import pytest

from browser_support import (  # noqa: F401 (fixtures)
    ARTIFACTS,
    News,
    Pages,
    base,
    browser,
    pages,
    state,
    take_turn,
    unpause,
)
from homegame.server.harness import create_table

pytestmark = pytest.mark.browser


def test_buy_in_again_shows_only_to_the_host_and_the_broke_player_asks_for_their_own(pages: Pages) -> None:
    """Seen: Alice (a guest, broke) saw "Buy in again for 300" by Hank, by Bob and by herself; tapping it by
    Bob did nothing. Only the host may buy a player in again; a broke guest asks for their own rebuy."""
    made, ann = pages.host_seated("laptop", "Ann", game="holdem", approve_seats=False, paused=True, buy_in=300)
    bob = pages.guest_seated(made, "phone", "Bob")
    cat = pages.guest_seated(made, "phone", "Cat")
    for p in (bob, cat):
        seat = state(p)["you"]["seat"]
        ann.evaluate(f"window.homegame.send({{type: 'adjust', seat: {seat}, stack: 0}})")
    both_out = "window.homegame && window.homegame.state && window.homegame.state.table.seats.filter((s) => s.out_of_chips).length === 2"
    for p in (ann, bob, cat):
        p.wait_for_function(both_out)
    cat.reload()  # as Alice did: her page drew the table afresh with two players out
    cat.wait_for_function(both_out)
    cat.wait_for_selector('#sit [data-action="rebuy"]:not([disabled])')  # her own ask
    ann.wait_for_function("document.querySelectorAll('#sit [data-action=\"top-up\"]').length === 2")
    for p in (bob, cat):
        assert p.locator('#sit [data-action="top-up"]').count() == 0, p.inner_text("#sit")
        assert "Buy in again" not in p.inner_text("#sit")
    assert not pages.errors, pages.errors


def test_a_new_chat_line_lights_the_chat_tab_until_it_is_opened(pages: Pages) -> None:
    """Seen: Bob, on the table screen of his phone, had no sign that Ann had written in the chat. The Chat
    tab counts the lines he has not seen, a polite live region says one came, and opening the tab clears it."""
    made, ann = pages.host_seated("laptop", "Ann", game="holdem", approve_seats=False, paused=True)
    bob = pages.guest_seated(made, "phone", "Bob")
    bob.evaluate("window.scrollTo(0, 0)")
    tab = bob.locator('#tabs [data-tab="chat"]')
    assert tab.locator(".unread").count() == 0 or not tab.locator(".unread").inner_text().strip()
    for text in ("nice hand", "who's in for the next one?"):
        ann.evaluate(f"window.homegame.send({{type: 'chat', text: {text!r}}})")
        bob.wait_for_function(f"[...document.querySelectorAll('#chat-lines .chat-text')].some((t) => t.textContent === {text!r})")
    bob.wait_for_function("(document.querySelector('#tabs [data-tab=chat] .unread') || {}).textContent === '2'")
    assert "2 new" in (tab.get_attribute("aria-label") or "")
    said = bob.locator("#said")
    assert said.get_attribute("aria-live") == "polite"
    assert "new chat message" in said.inner_text().lower() and "Ann" in said.inner_text()
    bob.screenshot(path=str(ARTIFACTS / "chat-tab-unread.png"))  # the screen as Bob sees it, unscrolled
    tab.click()
    bob.wait_for_function("!(document.querySelector('#tabs [data-tab=chat] .unread') || {}).textContent")
    assert "new" not in (tab.get_attribute("aria-label") or "")
    assert not pages.errors, pages.errors


def test_the_ledgers_hand_list_names_games_by_their_titles(base: str, pages: Pages) -> None:
    """Seen: the ledger's list of the night's hands said "pass-the-trash" and "passem"."""
    # bots with no delay at all sent the page states faster than it drew them on a loaded machine: it fell
    # 40 s behind the table (this test took 54 s); at a quick pace a person could still follow, it keeps up
    made = create_table(base, game="pass-the-trash", bots=3, bot_delay=0.02, between_hands=0.2)
    host = pages.open(made["links"]["host"], "laptop")
    host.wait_for_function("window.homegame.state.table.hand_number >= 2")
    host.evaluate("window.homegame.send({type: 'pause', value: true})")
    host.wait_for_function("window.homegame.state.table.paused")
    host.click("#ledger-panel summary")
    host.click('#ledger [data-action="settle"]')
    host.click('#ledger [data-action="hands"]')
    host.wait_for_selector("#ledger .hands li")
    text = host.inner_text("#ledger .hands")
    assert "Pass The Trash" in text and "pass-the-trash" not in text, text
    assert not pages.errors, pages.errors


#: Where the page and the felt are, as numbers a test compares.
GEOMETRY = """() => {
  const felt = document.getElementById('felt').getBoundingClientRect();
  const drawers = document.getElementById('drawers');
  return { page: document.documentElement.scrollHeight, screen: window.innerHeight, feltTop: felt.top,
           feltBottom: felt.bottom, drawers: drawers.scrollHeight, drawersShown: drawers.clientHeight };
}"""


def test_on_a_laptop_the_side_panels_scroll_by_themselves_and_the_table_stays(pages: Pages) -> None:
    """Seen: the host opened the host panel, the replays and the ledger on a laptop; the whole page scrolled
    and the left of the screen went blank. The page stays one screen; the side panels scroll inside it."""
    made, ann = pages.host_seated("laptop", "Ann", game="holdem", bots=3, approve_seats=False, paused=True)
    for panel in ("host", "replay", "ledger"):
        ann.evaluate(f"document.getElementById('{panel}-panel').open = true")
    ann.click('#replay-panel [data-action="night"]')
    ann.wait_for_function("document.getElementById('host').children.length > 0")
    g = ann.evaluate(GEOMETRY)
    assert g["drawers"] > g["drawersShown"], g  # there is more than fits: the panel scrolls it
    ann.locator("#drawers").evaluate("(d) => d.scrollTo(0, d.scrollHeight)")
    ann.mouse.wheel(0, 3000)
    ann.wait_for_function("window.scrollY === 0 || document.documentElement.scrollHeight > window.innerHeight + 2")
    g = ann.evaluate(GEOMETRY)
    ann.screenshot(path=str(ARTIFACTS / "laptop-side-panels-open.png"))
    assert g["page"] <= g["screen"] + 2, g
    assert g["feltTop"] >= 0 and g["feltBottom"] <= g["screen"], g
    assert not pages.errors, pages.errors


#: Each of my cards that reaches outside my cards' area (or the screen), as "card: px outside".
CARDS_OUTSIDE = """() => {
  const box = document.getElementById('my-cards').getBoundingClientRect();
  const right = Math.min(box.right, document.documentElement.clientWidth);
  return [...document.querySelectorAll('#my-cards .card')].map((c) => c.getBoundingClientRect())
    .map((r, i) => [i, Math.max(box.left - r.left, r.right - right)]).filter(([, out]) => out > 0.5);
}"""


@pytest.mark.parametrize("count", [5, 7, 9])
def test_my_cards_fit_their_area_on_a_laptop(pages: Pages, count: int) -> None:
    """Seen: the 7th card of my Pass The Trash hand was cut off at the laptop screen's right edge. However
    many cards I hold, every one lies inside my cards' area."""
    # paused until Ann sits: the bots would otherwise deal hands without her (a state every 50 ms while she
    # sits), and her seven cards would come a hand or two later
    _, page = pages.host_seated("laptop", "Ann", game="pass-the-trash", bots=2, approve_seats=False, paused=True,
                                bot_delay=0.05, between_hands=0.5)
    unpause(page)
    page.wait_for_function("document.querySelectorAll('#my-cards .card').length === 7")
    page.evaluate(f"""() => {{
      const box = document.getElementById('my-cards');
      box.style.setProperty('--n', '{count}');
      const card = box.querySelector('.card');
      box.replaceChildren(...Array.from({{length: {count}}}, () => card.cloneNode(true)));
    }}""")
    outside = page.evaluate(CARDS_OUTSIDE)
    page.locator("#me").screenshot(path=str(ARTIFACTS / f"laptop-my-{count}-cards.png"))
    assert outside == []
    assert not pages.errors, pages.errors


#: Engine words the host's "Set game" form must not show (labels, choices or tooltips).
ENGINE_WORDS = ["split", "swing ties", "True or False", "None", "a5/", "'", "_", "high-low", "burn "]


@pytest.mark.parametrize("game", ["passem", "pass-the-trash", "three-hole"])
def test_the_hosts_set_game_form_speaks_as_the_chooser_does(pages: Pages, game: str) -> None:
    """Seen: the host's "Set game" form said "split", "low (a5/a6/27)", "swing ties", "burn", with tooltips
    "True or False", "None", "split='high-low'", while the dealer's chooser says High / Hi-lo / Declare."""
    made, ann = pages.host_seated("laptop", "Ann", game="holdem", bots=1, approve_seats=False, paused=True)
    ann.evaluate("document.getElementById('host-panel').open = true")
    ann.select_option(".game-form select[name=game]", game)
    fields = ann.locator(".game-form .rule-fields")
    words = fields.inner_text() + " " + " ".join(
        fields.locator("[title]").evaluate_all("(els) => els.map((e) => e.title)"))
    found = [w for w in ENGINE_WORDS if w in words]
    fields.screenshot(path=str(ARTIFACTS / f"set-game-form-{game}.png"))
    assert found == [], words
    split = ann.locator(".game-form select[name=rule-split] option").all_inner_texts()
    if game != "three-hole":
        assert split[:1] == ["High"] and set(split) <= {"High", "Hi-lo", "Declare"}, split
    assert not pages.errors, pages.errors


#: Whether a selector's first element lies wholly on the phone's first screen (above the tab bar).
ON_FIRST_SCREEN = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  const tabs = document.getElementById('tabs').getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= Math.min(window.innerHeight, tabs.top) + 1;
}"""


#: What the dealer's page shows at one instant: the game buttons up, and the last hand's result with them.
CHOOSING = """() => ({ choosing: document.querySelectorAll('#actions .choose button').length > 0,
                       result: Boolean(document.querySelector('#results h2')) })"""


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 360, "height": 740}])
def test_the_dealer_sees_the_last_hands_result_and_the_games_on_one_phone_screen(pages: Pages, size: dict[str, int]) -> None:
    """Seen: at the dealer's choice on a phone, the game list pushed "Hand N results" far below the first
    screen. With the chooser up, the last hand's result and the first games are on the first screen.

    Ann never calls a bet on the way (``take_turn(calls=False)``): calling down the bot's bets in the Pass
    The Trash it chose, she was broke after the first hand at 2 of 29 tables (23 of 300 replayed at the
    table level), and the table, one player short, dealt no more: the 120 s stall of two full runs."""
    device = {"viewport": size, "is_mobile": True, "has_touch": True}
    _, page = pages.host_seated(device, "Ann", game="dealers-choice", bots=1, between_hands=0.5, bot_delay=0.05,
                                approve_seats=False, paused=False)
    news = News(page, "never my choice with a hand's result on the page")
    while True:
        s = state(page)
        assert s["table"]["hand_number"] <= 6, "the choice never came to me after a finished hand"
        shown = page.evaluate(CHOOSING)
        if shown["choosing"] and shown["result"]:
            break  # the table waits for my choice: nothing on the page moves from here
        if shown["choosing"]:
            page.locator('#actions .choose button').first.click()
        elif s["view"] and s["view"]["legal"]:
            take_turn(page, calls=False)
        news.wait()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"dealer-choice-results-{size['width']}.png"))
    assert page.evaluate(ON_FIRST_SCREEN, "#results h2"), "the last hand's result is below the first screen"
    assert page.evaluate(ON_FIRST_SCREEN, "#results .award"), "who won it is off screen"
    assert page.evaluate(ON_FIRST_SCREEN, "#actions .choose button"), "the first game is off screen"
    assert not pages.errors, pages.errors
