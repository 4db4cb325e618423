"""What a fresh-eyes play-test of a 114-hand dealer's-choice night found at the table (issue 17).

Each test reproduces what a tester saw: stud dealt with hold'em's blinds, bots dealing to each other
while every person was out of chips, the hand log saying a rebuy was approved before the host tapped,
and the waiting banner saying the host starts the game "once everyone is seated".
"""

from __future__ import annotations

from homegame.server.commitment import shuffle
from homegame.table import DEALERS_CHOICE, Settings, Table


def night(**kw: object) -> Settings:
    base = {"game": DEALERS_CHOICE, "bot_delay": 0.5, "between_hands": 1.0, "turn_seconds": 10.0,
            "time_bank": 5.0, "approve_seats": False, "stakes": {"structure": "no-limit", "blinds": [1, 2]}}
    base.update(kw)
    return Settings(**base)  # type: ignore[arg-type]


def dealt(table: Table, game: str, now: float) -> None:
    """The dealer of the coming hand chooses ``game`` and the hand is dealt."""
    for _ in range(50):
        if table.chooser is not None:
            table.choose(table.chooser, game)
            break
        wake = table.next_wakeup(now)
        assert wake is not None, table.waiting()
        now = max(now, wake) + 0.001
        table.advance(now)
    assert table.ready_to_deal(now + 100), table.waiting()
    table.deal(shuffle().deck, now + 100)


def play_out(table: Table, now: float) -> float:
    """Every seat plays its default until the hand is over."""
    while table.live:
        wake = table.next_wakeup(now)
        assert wake is not None
        now = max(now, wake) + 0.001
        table.advance(now)
    return now


# ----- 1. stud and razz at a no-limit 1/2 table ---------------------------------------------------
def test_stud_at_a_dealers_choice_hold_em_table_antes_and_brings_in_at_fixed_limit() -> None:
    for game in ("stud", "razz"):
        table = Table(night(), seed=3)
        for name in ("Ann", "Bob", "Cy"):
            table.sit(name, approved=True)
        dealt(table, game, 0.0)
        assert table.start is not None and table.start.game == game
        stakes = table.hand.stakes
        assert stakes.structure == "fixed-limit"
        assert (stakes.small_bet, stakes.big_bet) == (2, 4)
        assert stakes.ante == 1 and stakes.bring_in == 1 and not stakes.blinds
        assert table.start.stakes == {"structure": "fixed-limit", "ante": 1, "bring_in": 1, "small_bet": 2,
                                      "big_bet": 4}
        log = table.hand.view(None)["log"]
        assert sum("antes" in line.lower() for line in log) == 3, log
        low = table.hand.to_act[0]  # the low card owes the bring-in (1) or completes to the small bet (2)
        assert table.hand.legal(low) == ["call 1", "bet 2"], table.hand.legal(low)
        assert not any("blind" in line.lower() for line in log), log
        assert any(f"hand 1: {table.game_title(game, {})} at fixed limit 2/4, ante 1, bring-in 1" in n
                   for n in table.notices), table.notices


def test_hold_em_at_the_same_table_still_posts_the_blinds() -> None:
    table = Table(night(), seed=3)
    for name in ("Ann", "Bob", "Cy"):
        table.sit(name, approved=True)
    dealt(table, "holdem", 0.0)
    assert table.start is not None and table.start.stakes == {"structure": "no-limit", "blinds": [1, 2]}
    assert table.hand.stakes.blinds == (1, 2) and table.hand.stakes.structure == "no-limit"
    assert not any(n.startswith("hand 1:") for n in table.notices), table.notices


def test_the_host_s_next_game_stud_at_a_hold_em_table_is_dealt_with_stud_stakes() -> None:
    table = Table(night(game="holdem", stakes={"structure": "no-limit", "blinds": [5, 10]}), seed=3)
    for name in ("Ann", "Bob", "Cy"):
        table.sit(name, approved=True)
    table.set_game("stud", {})
    table.deal(shuffle().deck, 0.0)
    assert table.start is not None
    assert table.start.stakes == {"structure": "fixed-limit", "ante": 2, "bring_in": 5, "small_bet": 10,
                                  "big_bet": 20}


# ----- 2. bots alone at a table people sit at ----------------------------------------------------
def test_bots_do_not_deal_alone_while_every_person_is_out_or_sitting_out() -> None:
    table = Table(night(game="holdem"), seed=5)
    ann = table.sit("Ann", approved=True).position
    bob = table.sit("Bob", approved=True).position
    table.add_bot("rule")
    table.add_bot("rule")
    table.seats[ann].stack = 0
    table.set_sitting_out(bob, True)
    assert not table.ready_to_deal(100.0)
    assert table.next_wakeup(100.0) is None
    waiting = table.waiting()
    assert waiting is not None and waiting["code"] == "people", waiting
    assert waiting["message"].startswith("waiting for a player with chips"), waiting
    assert "Ann (seat 1) has no chips" in waiting["message"] and "Bob (seat 2) sits out" in waiting["message"]
    table.check_invariants(100.0)
    table.set_sitting_out(bob, False)
    assert table.ready_to_deal(100.0)


def test_a_dealers_choice_table_does_not_ask_a_bot_to_choose_for_bots_alone() -> None:
    table = Table(night(), seed=5)
    ann = table.sit("Ann", approved=True).position
    table.add_bot("rule")
    table.add_bot("rule")
    table.set_sitting_out(ann, True)
    table.advance(50.0)
    assert table.chooser is None and table.next_wakeup(50.0) is None
    assert table.waiting() is not None and table.waiting()["code"] == "people"  # type: ignore[index]


def test_a_table_of_bots_only_still_deals() -> None:
    table = Table(night(game="holdem"), seed=5)
    table.add_bot("rule")
    table.add_bot("rule")
    assert table.ready_to_deal(0.0) and table.waiting() is None


# ----- 3. the hand log ---------------------------------------------------------------------------
def test_a_rebuy_is_logged_as_asked_when_asked_and_as_approved_when_approved() -> None:
    table = Table(night(game="holdem"), seed=5)
    table.sit("Ann", approved=True)
    bob = table.sit("Bob", approved=True).position
    table.seats[bob].stack = 0
    table.request_rebuy(bob)
    assert table.notices[-1] == f"Bob (seat {bob + 1}) asks to rebuy 200", table.notices
    assert not any("approve" in n for n in table.notices), table.notices
    table.approve(bob)
    assert table.notices[-1] == "the host approves Bob's rebuy: Bob rebuys 200", table.notices


# ----- 4. the host sitting starts the game -------------------------------------------------------
def test_the_waiting_words_say_the_host_s_start_or_seat_starts_the_game() -> None:
    table = Table(night(game="holdem"), seed=5)
    table.started = False
    waiting = table.waiting()
    assert waiting is not None and waiting["code"] == "start"
    assert waiting["message"] == "the game starts when the host taps Start or sits down"


def test_each_timeout_is_one_line_in_the_log_after_the_lines_it_follows() -> None:
    """Pass'Em where nobody answers: every seat times out at the pass and again in the betting. The hand's
    own line says what the table played (marked from ``timeouts``); the table's log says once per seat,
    after the hand's lines of that moment (never above the blinds), that the seat sits out."""
    table = Table(night(game="passem"), seed=11)
    for name in ("Ann", "Bob", "Cy"):
        table.sit(name, approved=True)
    table.deal(shuffle().deck, 0.0)
    before = len(table.notices)
    now = 0.0
    while table.live:
        lines = len(table.hand.events)
        made = len(table.notice_marks)
        now = min(table.deadlines.values()) + 0.01
        table.advance(now)
        for mark in table.notice_marks[made:]:
            assert mark[0] == 1 and mark[1] > lines >= 2, (mark, lines)  # after the blinds and the timed-out line
    assert len(table.timeouts) > 3, table.timeouts  # some seat timed out twice in the hand
    said = table.notices[before:]
    assert not any("timed out and" in n for n in said), said
    for pos, name in ((0, "Ann"), (1, "Bob"), (2, "Cy")):
        assert said.count(f"{name} (seat {pos + 1}) sits out from the next hand: the time ran out") == 1, said
    public = table.public(now)
    assert len(public["notice_marks"]) == len(public["notices"])


def test_a_notice_between_hands_is_marked_after_the_last_hand_s_lines_and_survives_storage() -> None:
    table = Table(night(game="holdem"), seed=11)
    table.sit("Ann", approved=True)
    bob = table.sit("Bob", approved=True).position
    table.deal(shuffle().deck, 0.0)
    play_out(table, 0.0)
    table.set_sitting_out(bob, True)
    assert table.notice_marks[-1] == [1, len(table.hand.events)]
    again = Table.from_dict(table.to_dict())
    assert again.notices == table.notices and again.notice_marks == table.notice_marks
    old = table.to_dict()
    del old["notice_marks"]  # stored before notices were marked: they go before every hand's lines
    assert Table.from_dict(old).notice_marks == [[0, 0]] * len(table.notices)
