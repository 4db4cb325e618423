"""House rules at the table (issue 10, §3-4): a straddle, bomb pots (called, or every N hands), the chip,
the showdown rule and rabbit hunting become the hand's engine options, are kept in the hand's stored
start (so a replay deals the same hand), and are refused with the reason when out of place; a player
shows cards by choice after the hand."""

from __future__ import annotations

import random

import pytest

from homegame.server import protocol as p
from homegame.table import HandStart, Settings, Table, TableError
from homegame.table.night import spectator_steps


def deck(seed: int) -> list[str]:
    cards = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    random.Random(seed).shuffle(cards)
    return cards


def table(players: int = 3, game: str = "holdem") -> Table:
    t = Table(Settings(game=game, approve_seats=False, between_hands=0))
    for i in range(players):
        t.sit(f"P{i}", approved=True)
    return t


def test_a_straddle_is_dealt_and_kept_in_the_stored_start() -> None:
    t = table()
    t.set_house({"straddle": "utg-mandatory"})
    start = t.deal(deck(1), 0.0)
    assert start.options == {"straddle": "utg"}
    view = t.view(None)
    assert view is not None and view["straddle"] is not None
    assert any("straddles 4" in line for line in view["log"])
    again = HandStart.from_dict(start.to_dict())
    assert again.options == {"straddle": "utg"}
    steps = spectator_steps(start.to_dict(), deck(1), [])
    assert steps[0]["view"]["straddle"] == view["straddle"]


def test_a_bomb_pot_called_now_is_the_next_hand_only_and_every_n_hands() -> None:
    t = table()
    t.set_house({"bomb_ante": 5}, bomb_next=True)
    start = t.deal(deck(2), 0.0)
    assert start.options == {"bomb_pot": 5}
    assert not t.settings.bomb_next
    assert any("bomb pot" in n for n in t.notices)
    t2 = table()
    t2.set_house({"bomb_ante": 3, "bomb_every": 2})
    assert t2.deal(deck(3), 0.0).options is None  # hand 1
    assert t2.settings.house == {"bomb_ante": 3, "bomb_every": 2}


def test_a_straddle_heads_up_is_left_out_and_the_notice_says_why() -> None:
    t = table(players=2)
    t.set_house({"straddle": "utg-mandatory"})
    start = t.deal(deck(4), 0.0)
    assert start.options is None
    assert any("no straddle this hand" in n and "three or more" in n for n in t.notices)


@pytest.mark.parametrize(("changes", "bomb", "why"), [
    ({"straddle": "left"}, None, "straddle must be"),
    ({"chip": 5}, None, "not a whole number of chips"),
    ({}, True, "ante first"),
    ({"bomb_every": -1}, None, "whole number from 0"),
    ({"showdown": "muck-all"}, None, "showdown must be"),
    ({"drinks": 1}, None, "unknown house rule"),
])
def test_house_rules_out_of_place_are_refused_with_the_reason(changes: dict, bomb: bool | None, why: str) -> None:
    t = table()
    before = dict(t.settings.house)
    with pytest.raises(TableError, match=why):
        t.set_house(changes, bomb)
    assert t.settings.house == before and not t.settings.bomb_next


def test_a_straddle_without_blinds_is_refused() -> None:
    t = Table(Settings(game="holdem", stakes={"structure": "fixed-limit", "ante": 1, "small_bet": 2, "big_bet": 4}))
    with pytest.raises(TableError, match="needs blinds"):
        t.set_house({"straddle": "button"})


def test_the_house_message_and_show() -> None:
    m = p.parse_client('{"type": "house", "straddle": "off", "bomb_ante": 4, "bomb_next": true}')
    assert isinstance(m, p.House) and m.straddle == "off" and m.bomb_ante == 4
    assert isinstance(p.parse_client('{"type": "show", "cards": ["Ad"]}'), p.Show)
    with pytest.raises(p.ProtocolError):
        p.parse_client('{"type": "house", "chip": 0}')
    with pytest.raises(p.ProtocolError):
        p.parse_client('{"type": "show", "cards": []}')
    assert "house" in p.HOST_TYPES and "show" not in p.HOST_TYPES


def test_a_winner_nobody_called_shows_one_card_after_the_hand() -> None:
    t = table()
    t.deal(deck(5), 0.0)
    with pytest.raises(TableError, match="once the hand is over"):
        t.show(t.start.dealt[0], None)  # type: ignore[union-attr]
    while not t.hand.over:
        pos = t.owing()[0]
        hs = t.hand_seat(pos)
        legal = t.hand.legal(hs)
        t.act(pos, "fold" if "fold" in legal else legal[0].split("..")[0], 0.0)
    winner = next(i for i, x in enumerate(t.hand.payoffs) if x > 0)
    pos = t.start.dealt[winner]  # type: ignore[union-attr]
    mine = t.view(pos)
    assert mine is not None and len(mine["can_show"]) == 2
    card = mine["can_show"][0]
    assert t.show(pos, [card]) == [card]
    seen = t.view(None)
    assert seen is not None and seen["seats"][winner]["shown"] is None or card in str(seen)
    assert any(f"shows {card}" in line for line in seen["log"])
    with pytest.raises(TableError, match="may show"):
        t.show(pos, [card])


def all_in_heads_up(t: Table) -> tuple[int, int]:
    """Deal hold'em heads-up; the first to act goes all in. Returns (the all-in position, the other)."""
    t.deal(deck(7), 0.0)
    first = t.owing()[0]
    t.act(first, "raise 200", 0.0)
    other = t.owing()[0]
    return first, other


def test_two_players_all_in_agree_and_the_board_is_run_twice_and_replays_so() -> None:
    t = table(players=2)
    first, other = all_in_heads_up(t)
    with pytest.raises(TableError, match="not allowed running it twice"):
        t.agree_run_twice(first, True)
    t.set_house({"run_twice": True})
    t.agree_run_twice(first, True)
    t.agree_run_twice(other, True)
    assert t.view(None)["options"]["run_twice"] == sorted([t.hand_seat(first), t.hand_seat(other)])  # type: ignore[index]
    saved = t.to_dict()
    t.act(other, "call", 0.0)
    assert t.hand.over and t.hand.runs is not None and len(t.hand.runs) == 2
    assert any("run twice" in line for line in t.view(None)["log"])  # type: ignore[index]
    payoffs = list(t.hand.payoffs)
    # a restart before the call: the agreements come back with the table and the hand is run twice again
    again = Table.from_dict(saved)
    again.resume(t.start, deck(7), t.actions[:-1], 0.0)  # type: ignore[arg-type]
    again.act(other, "call", 0.0)
    assert again.hand.runs is not None and list(again.hand.payoffs) == payoffs
    # the spectator replay, rebuilt from what is stored plus the history's agreements, runs twice too
    import json
    agreed = json.loads(t.hand.history.to_json())["agreements"]
    assert [list(a) for a in agreed] == t.agreements
    steps = spectator_steps(t.start.to_dict(), deck(7), t.actions, agreed)  # type: ignore[union-attr]
    assert steps[-1]["view"]["runs"] is not None


def test_running_it_twice_out_of_place_is_refused_with_the_reason() -> None:
    t = table(players=2)
    t.set_house({"run_twice": True})
    with pytest.raises(TableError, match="during a hand"):
        t.agree_run_twice(0, True)
    first, other = all_in_heads_up(t)
    t.act(other, "call", 0.0)
    with pytest.raises(TableError, match="during a hand"):
        t.agree_run_twice(first, True)


def test_the_notices_say_only_what_changed_in_words() -> None:
    t = table()
    t.set_house({"straddle": "utg", "showdown": "show-all", "rabbit": False, "chip": 1})
    assert t.notices[-1] == "house rules from the next hand: a straddle under the gun (asked each hand)"
    count = len(t.notices)
    t.set_house({"straddle": "utg", "rabbit": False})  # the same again: nothing to say
    assert len(t.notices) == count
    t.set_house({"bomb_ante": 5, "run_twice": True}, bomb_next=True)
    assert t.notices[-1] == "house rules from the next hand: bomb pot ante 5, run it twice allowed, a bomb pot next hand"
