"""A hand resumed from its event log keeps each owing seat's clock as it stood at the last write."""

from __future__ import annotations

import random

import pytest

import homegame.table.table as table_module
from homegame.server.commitment import shuffle
from homegame.table import Settings, Table, simple_action

GRACE = 5.0  # the documented grace (docs/deploy.md)


def three_humans(game: str, turn: float = 30.0, bank: float = 0.0) -> tuple[Table, list[str]]:
    table = Table(Settings(game=game, bot_delay=0.0, between_hands=0.0, turn_seconds=turn, time_bank=bank,
                           approve_seats=False), seed=4)
    for name in ("Ann", "Bob", "Cat"):
        table.sit(name, approved=True)
    deck = shuffle().deck
    table.deal(list(deck), 0.0)
    return table, list(deck)


def reloaded(table: Table, deck: list[str], times: list[float], now: float, saved_at: float | None = None) -> Table:
    """What a new owner builds from the stored state and the event log."""
    assert table.start is not None
    again = Table.from_dict(table.to_dict())
    again.resume(table.start, deck, list(table.actions), now, times=times, saved_at=saved_at)
    again.check_invariants(now)
    return again


def test_a_seat_that_used_20_of_30_seconds_gets_10_after_a_takeover() -> None:
    table, deck = three_humans("holdem")
    (pos,) = table.owing()
    again = reloaded(table, deck, [0.0], 1000.0, saved_at=20.0)
    assert again.owing() == [pos]
    assert again.deadlines[pos] == pytest.approx(1010.0)
    assert again.public(1000.0)["seats"][pos]["deadline"] == pytest.approx(1010.0)
    # without times (the old behaviour) the clock starts again in full
    full = Table.from_dict(table.to_dict())
    assert table.start is not None
    full.resume(table.start, deck, list(table.actions), 1000.0)
    assert full.deadlines[pos] == pytest.approx(1030.0)


def test_a_clock_nearly_run_out_still_gets_the_grace() -> None:
    assert getattr(table_module, "RESUME_GRACE", None) == GRACE
    table, deck = three_humans("holdem")
    (pos,) = table.owing()
    for used in (29.5, 30.0, 400.0):
        again = reloaded(table, deck, [0.0], 1000.0, saved_at=used)
        assert again.deadlines[pos] == pytest.approx(1000.0 + GRACE)
        assert not again.advance(1000.0 + GRACE - 0.1)  # nobody is folded the instant it comes back


def test_a_simultaneous_pass_keeps_each_owing_seats_remaining_time() -> None:
    table, deck = three_humans("passem")
    owing = table.owing()
    assert len(owing) == 3
    first = owing[0]
    view = table.view(first)
    assert view is not None
    table.act(first, simple_action(view, random.Random(0)), 12.0)
    rest = table.owing()
    assert first not in rest and len(rest) == 2
    # the pass began at the hand's start (0.0); Ann chose at 12.0; the last write was at 20.0
    again = reloaded(table, deck, [0.0, 12.0], 500.0, saved_at=20.0)
    assert again.owing() == rest
    for pos in rest:
        assert again.deadlines[pos] == pytest.approx(510.0)


def test_the_time_bank_keeps_what_was_used() -> None:
    table, deck = three_humans("holdem", turn=30.0, bank=20.0)
    (pos,) = table.owing()
    again = reloaded(table, deck, [0.0], 1000.0, saved_at=40.0)  # all the turn and 10 s of the bank used
    assert again.deadlines[pos] == pytest.approx(1010.0)
    assert again.public(1000.0)["seats"][pos]["turn_ends"] == pytest.approx(990.0)
    view = again.view(pos)
    assert view is not None
    again.act(pos, "f" if "f" in view["legal"] else view["legal"][0], 1004.0)
    assert again.seats[pos].bank == pytest.approx(20.0 - 14.0)


def test_a_paused_hand_keeps_the_clock_it_had_when_paused() -> None:
    table, deck = three_humans("holdem")
    (pos,) = table.owing()
    table.set_paused(True, 25.0)
    again = reloaded(table, deck, [0.0], 1000.0, saved_at=25.0)
    assert again.paused and again.frozen[pos] == pytest.approx(5.0)
    again.set_paused(False, 2000.0)
    assert again.deadlines[pos] == pytest.approx(2005.0)
    # a write while paused (a chat line at 100.0) does not charge the pause to the seat
    again = reloaded(table, deck, [0.0], 1000.0, saved_at=100.0)
    assert again.paused and again.frozen[pos] == pytest.approx(5.0)


def test_times_must_match_the_actions() -> None:
    table, deck = three_humans("holdem")
    assert table.start is not None
    again = Table.from_dict(table.to_dict())
    with pytest.raises(ValueError, match="one time per action"):
        again.resume(table.start, deck, list(table.actions), 1.0, times=[0.0, 1.0])


def test_bank_spent_on_an_action_changes_the_revision_so_it_is_stored() -> None:
    table, deck = three_humans("holdem", turn=30.0, bank=20.0)
    (pos,) = table.owing()
    before = table.revision
    view = table.view(pos)
    assert view is not None
    table.act(pos, "f" if "f" in view["legal"] else view["legal"][0], 38.0)  # 8 s of the bank spent
    assert table.seats[pos].bank == pytest.approx(12.0)
    assert table.revision != before  # the server writes the state (with the bank) when the revision moves
    assert Table.from_dict(table.to_dict()).seats[pos].bank == pytest.approx(12.0)


def test_a_second_takeover_does_not_charge_the_first_downtime() -> None:
    table, deck = three_humans("holdem")
    (pos,) = table.owing()
    first = reloaded(table, deck, [0.0], 1000.0, saved_at=20.0)  # the new owner writes the state at once
    assert first.deadlines[pos] == pytest.approx(1010.0)
    second = reloaded(first, deck, [0.0], 5000.0, saved_at=1000.0)  # and dies right after that write
    assert second.deadlines[pos] == pytest.approx(5010.0)


def test_a_pause_earlier_in_the_turn_is_not_charged() -> None:
    table, deck = three_humans("holdem")
    (pos,) = table.owing()
    table.set_paused(True, 10.0)
    table.set_paused(False, 50.0)  # the state is written here, with the clock moved on by the pause
    again = reloaded(table, deck, [0.0], 1000.0, saved_at=60.0)  # 10 s before the pause, 10 s after it
    assert again.deadlines[pos] == pytest.approx(1010.0)
