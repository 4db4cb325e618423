"""Show or muck (issue 17, "Seen" 9): under "losers may muck" a person whose hand lost at the showdown is
asked to show it or muck it before the table says it was mucked; the next deal waits for the answer, at
most until the clock runs out (which mucks it); a show answers too; bots are never asked."""

from __future__ import annotations

import random

import pytest

from homegame.table import Settings, Table, TableError
from homegame.table.mucking import muck_window

TURN = 20.0
WINDOW = 8.0  # muck_window(0, TURN): no pause between hands, so the floor of 8 s


def deck(seed: int) -> list[str]:
    cards = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    random.Random(seed).shuffle(cards)
    return cards


def a_loser_left_unseen(loser: str = "human", between_hands: float = 0) -> tuple[Table, int]:
    """A heads-up table under "losers may muck" after a checked-down hand whose loser the engine kept
    unseen, and that loser's position (a person's, or with ``loser="bot"`` a bot's, against Ann)."""
    for seed in range(40):
        t = Table(Settings(game="holdem", approve_seats=False, between_hands=between_hands, turn_seconds=TURN))
        if loser == "bot":  # the seat that shows second, the one a beaten hand is kept unseen for
            t.add_bot("rule")
        t.sit("Ann", approved=True)
        if loser != "bot":
            t.sit("Bob", approved=True)
        t.set_house({"showdown": "muck-losers"})
        t.deal(deck(seed), 0.0)
        while not t.hand.over:
            pos = t.owing()[0]
            legal = t.hand.legal(t.hand_seat(pos))
            t.act(pos, "check" if "check" in legal else "call", 0.0)
        mucked = (t.hand.results or {}).get("mucked")
        if mucked and t.seats[t.start.dealt[mucked[0]]].kind == loser:  # type: ignore[union-attr]
            assert t.start is not None
            return t, t.start.dealt[mucked[0]]
    raise AssertionError("no checked-down hand of 40 had a loser to muck")


def test_the_loser_is_asked_before_anything_says_mucked_and_the_deal_waits() -> None:
    t, loser = a_loser_left_unseen()
    name = t.seats[loser].name
    state = t.public(0.0)
    assert state["muck_ask"] == {"hand": t.hand_number, "positions": [loser], "deadline": WINDOW}
    assert not any("mucks" in n for n in state["notices"])
    assert not t.ready_to_deal(1.0)  # the next hand waits for the answer
    assert t.next_wakeup(1.0) == WINDOW
    t.muck(loser)
    assert t.public(1.0)["muck_ask"] is None
    assert t.notices[-1] == f"{name} mucks"
    assert t.ready_to_deal(1.0)
    with pytest.raises(TableError, match="no hand of yours to show or muck"):
        t.muck(loser)


def test_a_clock_run_out_mucks_and_a_show_answers() -> None:
    t, loser = a_loser_left_unseen()
    assert not t.ready_to_deal(WINDOW - 0.1)
    assert t.ready_to_deal(WINDOW)
    assert t.notices[-1].endswith("mucks (time ran out)")
    t, loser = a_loser_left_unseen()
    t.show(loser, None)
    assert t.public(0.0)["muck_ask"] is None and t.ready_to_deal(0.0)
    assert not any("mucks" in n for n in t.notices)


def test_the_question_survives_a_restart_and_a_pause_stops_its_clock() -> None:
    t, loser = a_loser_left_unseen()
    again = Table.from_dict(t.to_dict())
    assert again.muck_ask == t.muck_ask
    t.set_paused(True, 5.0)
    t.set_paused(False, 15.0)
    assert t.public(15.0)["muck_ask"]["deadline"] == WINDOW + 10


def test_a_bot_is_never_asked() -> None:
    t, _ = a_loser_left_unseen("bot")
    assert t.muck_ask is None and t.ready_to_deal(0.0)




def test_the_show_or_muck_window_is_bounded_by_the_pause_between_hands_and_the_turn_clock() -> None:
    # issue 17: a loser was asked for a whole turn clock even at a table that deals again in 2 s
    assert muck_window(0, 20) == 8  # never less than 8 s to read the question and answer it
    assert muck_window(3, 20) == 8
    assert muck_window(12, 20) == 12  # the table's own pause between hands when it is longer
    assert muck_window(45, 20) == 20  # never more than a turn
    assert muck_window(12, 5) == 5  # a turn shorter than 8 s bounds it too
    for between in (0, 12, 45):
        t, loser = a_loser_left_unseen(between_hands=between)
        deadline = t.public(0.0)["muck_ask"]["deadline"]
        assert deadline == muck_window(between, TURN) and t.next_wakeup(0.0) <= deadline
        if between <= deadline:  # the deal waits for the answer, and no longer than the window
            assert not t.ready_to_deal(deadline - 0.1) and t.ready_to_deal(deadline)
