"""Straddles and bomb pots, hand options through the engine (issue 10 §4)."""

from __future__ import annotations

import random

import pytest

import homegame as hg
from homegame.rules.errors import IllegalAction
from homegame.table import Settings, Table, TableError

NL = hg.Stakes("no-limit", blinds=(1, 2))
HOLDEM = hg.game("holdem")


def deal(n: int = 4, *, stakes: hg.Stakes = NL, button: int = 0, **options: object) -> hg.Hand:
    return HOLDEM.deal([100] * n, stakes=stakes, button=button, seed=5, options=options)


def test_utg_straddle_is_posted_left_of_the_big_blind_and_acts_last() -> None:
    h = deal(5, straddle="utg")  # button 0, blinds 1 and 2, straddle seat 3
    assert h.bets == [0, 1, 2, 4, 0]
    assert "Seat 3 straddles 4" in h.view(None)["log"]
    assert h.to_act == (4,)
    assert h.legal(4) == ["fold", "call 4", "raise 8..100"]  # a raise is by the straddle at least
    for seat in (4, 0, 1, 2):
        h.act(seat, "call")
    assert h.to_act == (3,)  # the straddler has the option
    assert h.legal(3) == ["check", "raise 8..100"]
    h.act(3, "check")
    assert h.board and h.to_act == (1,)  # after the flop the small blind acts first again


def test_mississippi_straddle_on_the_button_lets_the_small_blind_start() -> None:
    h = deal(4, straddle="button", button=2)  # blinds seats 3 and 0, the button 2 straddles
    assert h.bets == [2, 0, 4, 1]
    assert h.to_act == (3,)
    order = []
    while h.step is not None and h.step.label == "Preflop":
        order.append(h.to_act[0])
        h.act(h.to_act[0], "check" if "check" in h.legal(h.to_act[0]) else "call")
    assert order == [3, 0, 1, 2]


def test_a_raise_over_the_straddle_reopens_it_and_the_min_raise_follows_the_raise() -> None:
    h = deal(4, straddle="utg")  # straddle seat 3, first to act seat 0
    h.act(0, "raise 10")  # a raise of 6 over the straddle of 4
    assert h.legal(1) == ["fold", "call 9", "raise 16..100"]


def test_fixed_limit_straddle_counts_as_the_second_bet() -> None:
    st = hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)
    h = deal(4, stakes=st, straddle="utg")
    assert h.legal(0) == ["fold", "call 4", "raise 6"]
    h.act(0, "raise")
    h.act(1, "raise")  # 8: the fourth bet, the cap
    assert h.legal(2) == ["fold", "call 6"]


def test_a_short_straddle_is_matched_but_reopens_nothing() -> None:
    h = HOLDEM.deal([100, 100, 100, 3], stakes=NL, seed=1, options={"straddle": "utg"})
    assert h.bets == [0, 1, 2, 3]
    assert h.legal(0) == ["fold", "call 3", "raise 5..100"]


def test_straddle_payoffs_and_replay() -> None:
    h = deal(4, straddle="utg")
    for seat in (0, 1, 2):
        h.act(seat, "fold")
    assert h.over and h.payoffs == [0, -1, -2, 3]
    again = hg.replay(h.history.to_json())
    assert again.payoffs == h.payoffs and again.history.options == {"straddle": "utg"}


@pytest.mark.parametrize(("options", "n", "stakes", "words"), [
    ({"straddle": "left"}, 4, NL, "straddle must be"),
    ({"straddle": "utg"}, 2, NL, "three or more players"),
    ({"straddle": "utg"}, 3, hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4), "needs blinds"),
    ({"bomb_pot": -1}, 3, NL, "bomb_pot must be"),
    ({"bomb_pot": 5, "straddle": "utg"}, 3, NL, "no straddle"),
    ({"bomb": 5}, 3, NL, "unknown hand option 'bomb'"),
])
def test_bad_straddle_and_bomb_options_are_refused(options: dict[str, object], n: int, stakes: hg.Stakes,
                                                  words: str) -> None:
    with pytest.raises(ValueError, match=words):
        HOLDEM.deal([100] * n, stakes=stakes, options=options)


def test_bomb_pot_antes_everyone_and_skips_the_preflop_betting() -> None:
    h = deal(4, bomb_pot=10, button=1)
    assert h.totals == [10, 10, 10, 10] and h.bets == [0, 0, 0, 0]
    assert len(h.board) == 3 and h.step is not None and h.step.label == "Flop"
    assert h.to_act == (2,)  # first left of the button
    assert h.legal(2) == ["check", "bet 2..90"]
    log = h.view(None)["log"]
    assert "Seat 0 antes 10 for the bomb pot" in log and "Bomb pot: no betting in Preflop" in log
    assert not any("blind" in line for line in log)
    for seat in (2, 3, 0, 1):
        h.act(seat, "check")
    again = hg.replay(h.history.to_json())
    assert again.view(0) == h.view(0)


def test_bomb_pot_for_more_than_a_stack_is_all_in_and_runs_out() -> None:
    h = HOLDEM.deal([100, 5, 100], stakes=NL, seed=3, options={"bomb_pot": 10})
    assert h.totals == [10, 5, 10] and h.stacks[1] == 0
    assert len(h.board) == 3 and h.to_act == (2,)


# ----- at the table: a straddle is asked, never forced (issue 17 §1) ---------------------------------------

def _table(stacks: tuple[int, ...] = (200, 200, 200, 200), rule: str = "utg") -> Table:
    t = Table(Settings(game="holdem", approve_seats=False, between_hands=0, turn_seconds=20))
    for i, stack in enumerate(stacks):
        t.sit(f"P{i}", approved=True)
        t.seats[i].stack = stack
    t.set_house({"straddle": rule})
    return t


def _deck(seed: int = 1) -> list[str]:
    cards = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    random.Random(seed).shuffle(cards)
    return cards


def test_the_straddling_seat_is_asked_and_the_deal_waits_for_the_answer() -> None:
    t = _table()  # button will be seat 0: blinds 1 and 2, the straddle seat 3
    assert not t.ready_to_deal(0.0)
    ask = t.public(0.0)["straddle_ask"]
    assert ask == {"hand": 1, "position": 3, "amount": 4, "deadline": 20.0}
    assert t.next_wakeup(0.0) == 20.0  # nothing busy-loops while the question is open
    t.check_invariants(0.0)
    with pytest.raises(TableError, match="not asked"):
        t.straddle(2, True)
    t.straddle(3, True)
    assert t.ready_to_deal(1.0)
    start = t.deal(_deck(), 1.0)
    assert start.options == {"straddle": "utg"}
    assert t.hand is not None and t.hand.bets[3] == 4
    assert any("P3 straddles 4 this hand" in n for n in t.notices)


def test_declining_or_timing_out_costs_nothing_and_the_next_hand_asks_again() -> None:
    t = _table()
    assert not t.ready_to_deal(0.0)
    t.straddle(3, False)
    assert t.ready_to_deal(0.0)
    start = t.deal(_deck(), 0.0)
    assert start.options is None and t.hand.bets == [0, 1, 2, 0]
    while t.live:
        t.act(t.owing()[0], "fold", 0.0)
    nxt = t.next_wakeup(0.0)
    assert nxt is not None and not t.ready_to_deal(nxt)  # hand 2: the new straddle seat is asked
    ask = t.public(nxt)["straddle_ask"]
    assert ask["hand"] == 2
    assert not t.ready_to_deal(ask["deadline"] - 0.1)
    assert t.ready_to_deal(ask["deadline"])  # time ran out: no straddle, nothing posted
    start = t.deal(_deck(2), ask["deadline"])
    assert start.options is None
    assert any("does not straddle (time ran out)" in n for n in t.notices)


def test_a_straddle_never_puts_a_player_all_in() -> None:
    for rule in ("utg", "utg-mandatory"):
        t = _table((200, 200, 200, 4), rule)  # seat 3 straddles, but 4 chips is its whole stack
        assert t.ready_to_deal(0.0) and t.public(0.0)["straddle_ask"] is None
        start = t.deal(_deck(), 0.0)
        assert start.options is None and t.hand.stacks[3] == 4


def test_a_mandatory_straddle_is_posted_without_asking() -> None:
    t = _table(rule="utg-mandatory")
    assert t.ready_to_deal(0.0)
    assert t.deal(_deck(), 0.0).options == {"straddle": "utg"}


def test_a_bot_is_not_held_up_asking_and_keeps_to_the_blinds() -> None:
    t = Table(Settings(game="holdem", approve_seats=False, between_hands=0))
    for i in range(3):
        t.sit(f"P{i}", approved=True)
    t.add_bot("rule")
    t.set_house({"straddle": "utg"})
    assert t.ready_to_deal(0.0)
    assert t.deal(_deck(), 0.0).options is None


def test_an_open_question_survives_storing_and_a_pause_stops_its_clock() -> None:
    t = _table()
    assert not t.ready_to_deal(0.0)
    again = Table.from_dict(t.to_dict())
    assert again.public(0.0)["straddle_ask"] == t.public(0.0)["straddle_ask"]
    again.set_paused(True, 5.0)
    again.set_paused(False, 15.0)
    assert again.public(15.0)["straddle_ask"]["deadline"] == 30.0
    again.straddle(3, True)
    assert again.ready_to_deal(15.0)


# ----- only where blinds open the betting (issue 17, the card room in your hand) ---------------------------

STUD_BLINDS = hg.Stakes("no-limit", blinds=(1, 2))  # a dealer's-choice night's stakes when stud comes round


def test_takes_straddle_only_where_blinds_open_the_first_betting_round() -> None:
    from homegame.rules.options import takes_straddle
    assert takes_straddle(HOLDEM, NL) and takes_straddle(hg.game("five-card-draw"), NL)
    assert not takes_straddle(hg.game("stud"), STUD_BLINDS)  # the bring-in opens it
    assert not takes_straddle(hg.game("razz"), STUD_BLINDS)
    assert not takes_straddle(HOLDEM, hg.Stakes("no-limit", blinds=(2,)))  # a single blind
    assert not takes_straddle(HOLDEM, hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4))
    with pytest.raises(ValueError, match="bring-in opens"):
        hg.game("stud").deal([100] * 4, stakes=STUD_BLINDS, seed=1, options={"straddle": "utg"})


@pytest.mark.parametrize("rule", ["utg", "button", "utg-mandatory", "button-mandatory"])
def test_a_stud_table_with_the_straddle_rule_never_asks_nor_posts_one(rule: str) -> None:
    # the play-test: "Ann straddles 4" in seven-card stud, where the bring-in, not the blinds, opens
    t = Table(Settings(game="stud", approve_seats=False, between_hands=0, turn_seconds=20))
    for i in range(4):
        t.sit(f"P{i}", approved=True)
        t.seats[i].stack = 200
    t.set_house({"straddle": rule})
    assert t.straddler() is None and t.public(0.0)["straddle_ask"] is None and t.ready_to_deal(0.0)
    start = t.deal(_deck(), 0.0)
    assert not (start.options or {}).get("straddle") and t.hand is not None and t.hand.straddle_seat == -1
    assert not any("straddles" in n or "may straddle" in n for n in t.notices)
    assert not any("straddle" in line for line in t.hand.view(None)["log"])
    t.set_game("holdem")  # hold'em at the same table still asks
    while t.live:  # the low card brings in (stud at a blinds table is dealt with a bring-in), the rest fold
        seat = t.owing()[0]
        try:
            t.act(seat, "fold", 0.0)
        except IllegalAction:
            t.act(seat, "call", 0.0)
    nxt = t.next_wakeup(0.0) or 0.0
    if rule.endswith("mandatory"):
        assert t.ready_to_deal(nxt) and (t.deal(_deck(2), nxt).options or {}).get("straddle")
    else:
        assert not t.ready_to_deal(nxt) and t.public(nxt)["straddle_ask"] is not None
