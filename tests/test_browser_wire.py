"""The page reads a view's legal actions from its records (``view.legal_options``, issue 21 item 3), not by
splitting the strings beside them: a record that says something the strings do not is what the buttons and
the turn banner show."""

from __future__ import annotations

import pytest

from browser_support import Pages, base, browser, pages  # noqa: F401 (fixtures)
from homegame.server.harness import api, create_table

pytestmark = pytest.mark.browser


def _record(kind: str, text: str, *, cards: int | None = None, low: int = 0, high: int = 0,
            choice: str | None = None) -> dict[str, object]:
    return {"kind": kind, "cards": cards, "min": low, "max": high, "choice": choice, "text": text}


def test_the_buttons_and_the_banner_read_the_option_records(base: str, pages: Pages) -> None:
    made = create_table(base, game="holdem", bots=1, approve_seats=False, paused=True)
    page = pages.open(made["links"]["watch"], "phone")
    page.wait_for_function("window.homegame && window.homegame.state")
    # the strings are stale on purpose: only the records say what may be done
    betting = {"seat": 0, "cards": ["As", "Kd"], "up": [], "seats": [{"seat": 0, "stack": 100, "bet": 2}],
               "pot": 3, "step": {"kind": "bet", "label": "Preflop"}, "over": False, "chosen": None,
               "legal": ["fold"],
               "legal_options": [_record("fold", "fold"), _record("call", "call 7", low=7, high=7),
                                 _record("raise", "raise 14..102", low=14, high=102)]}
    passing = {**betting, "cards": ["As", "Kd", "7c"], "step": {"kind": "pass", "label": "Pass"}, "pass_to": None,
               "legal": ["check"], "legal_options": [_record("pass", "pass 2", cards=2)]}
    declaring = {**betting, "step": {"kind": "declare", "label": "Declare"}, "legal": ["check"],
                 "legal_options": [_record("declare", "declare low", choice="low"),
                                   _record("declare", "declare both", choice="both")]}
    seen = page.evaluate("""async ([betting, passing, declaring]) => {
        const actions = await import('/static/js/actions.js');
        const banner = await import('/static/js/banner.js');
        const out = {};
        const draw = (view) => { actions.renderActions(view, {}, () => {}); return [...document.querySelectorAll('#actions button')].map((b) => b.textContent); };
        out.betting = draw(betting);
        const slider = document.querySelector('#actions input[type=range]');
        out.range = slider ? [slider.min, slider.max] : null;
        out.passing = draw(passing);
        out.declaring = draw(declaring);
        out.banners = [betting, passing, declaring].map((v) => banner.myTurnText(v, { ui: {} }));
        actions.renderActions(null, {}, () => {});
        return out; }""", [betting, passing, declaring])
    assert "Call 7" in seen["betting"] and seen["range"] == ["14", "102"], seen
    assert "Pass 2 cards" in seen["passing"], seen
    assert [t for t in seen["declaring"] if t in ("Low", "Both", "High")] == ["Low", "Both"], seen
    assert seen["banners"] == ["Your turn: call 7 or raise", "Pass 2 cards to your neighbour", "Declare: low or both"]
    assert not pages.errors, pages.errors


def test_a_flood_of_states_leaves_the_page_current(base: str, pages: Pages) -> None:
    """Bots that act with no delay send a page tens of states a second, faster than a phone draws them: the
    page draws the newest state, never one long gone. Drawing every state in turn, a test's page was seen
    40 s behind its table; here, by the time it showed hand 20 the table had finished hand 40 or so. Counted
    in the table's hands, not in seconds, so that a busy machine (which slows the table too) decides nothing."""
    made = create_table(base, game="holdem", bots=5, bot_delay=0, between_hands=0, approve_seats=False)
    page = pages.open(made["links"]["watch"], "phone")
    page.wait_for_function("window.homegame.state.hand >= 20")
    token = made["links"]["host"].split("#", 1)[1]
    finished = max(h["number"] for h in api(base, f"/api/tables/{made['table_id']}/hands?token={token}"))
    # read after the table's (the page has had longer, not shorter); a draw or two behind a fast table is
    # current: behind by tens of hands is not
    hand, shown = page.evaluate("[window.homegame.state.hand, document.getElementById('hand-no').textContent]")
    assert hand >= finished - 3, f"the page shows hand {hand} while its table has finished hand {finished}: it fell behind"
    assert shown == f"Hand {hand}"
    assert not pages.errors
