"""Issue 20 online: every state a dealt tournament's hall stores keeps the balancing rule.

TDA: a table more than one player bigger than the shortest gives a player between hands. The kill
run (``test_scale_tournament_kills.py``) read a stored state ``{1: 4, 2: 4, 3: 1}`` with a full table
between hands (4 runs of 14): the host's late registration opened table 3 for the ninth player and
the hall stored it at once, before the floor balanced (its next step would have), so a process taking
over then would have read an unbalanced floor. These tests drive a hall by hand (no owner task, no
clock) and read what it stored.
"""

from __future__ import annotations

from pathlib import Path

from homegame.server.storage import Store
from homegame.server.tournament_hall import Hall
from homegame.server.tournament_halls import Halls
from homegame.server.tournament_requests import HostAction, LevelSpec, NewTournament
from homegame.server.tournaments import Tournaments
from homegame.tournament.core import Tournament
from homegame.tournament.stored import load


def stored_sizes(hall: Hall) -> dict[int, int]:
    """The players at each open table of the tournament as the hall last stored it."""
    found = hall.store.tournament(hall.id)
    assert found is not None
    t: Tournament = load(found[2]["tournament"], now=0.0)
    return {tid: len(table.seats) for tid, table in t.tables.items() if tid not in t.breaking}


def balanced(sizes: dict[int, int]) -> bool:
    return max(sizes.values()) - min(sizes.values()) <= 1


def started_hall(tmp_path: Path, players: int) -> tuple[Tournaments, str, str, Hall]:
    """A started dealt tournament of ``players`` bots at tables of four, late registration and rebuys
    open, held by a hall not yet running (no hand dealt: every table between hands)."""
    store = Store(f"sqlite:///{tmp_path / 'balance.db'}")
    halls = Halls(store)
    tournaments = Tournaments(store, halls=halls)
    spec = NewTournament(preset="turbo", dealt=True, table_size=4, starting_stack=1000, late_registration_level=1,
                         rebuy_level=1, max_rebuys=3, levels=[LevelSpec(small_blind=10, big_blind=20, ante=10, minutes=30)])
    tid, tokens = tournaments.create(spec)
    host = tokens["host"]
    for i in range(players):
        tournaments.change(tid, host, HostAction(action="enter", name=f"Bot {i}", bot=True))
    tournaments.change(tid, host, HostAction(action="start"))
    hall = halls.live(tid)
    assert hall is not None
    return tournaments, tid, host, hall


def test_a_late_registration_that_opens_a_table_is_stored_balanced(tmp_path: Path) -> None:
    tournaments, tid, host, hall = started_hall(tmp_path, 8)  # two full tables of four
    assert stored_sizes(hall) == {1: 4, 2: 4}
    tournaments.change(tid, host, HostAction(action="enter", name="Late bot", bot=True))  # opens table 3
    sizes = stored_sizes(hall)
    assert sum(sizes.values()) == 9 and balanced(sizes), sizes
    assert hall.t.seat_of("Late bot") is not None


def test_busts_at_a_deal_everyone_is_all_in_on_are_stored_balanced(tmp_path: Path) -> None:
    _tournaments, _tid, _host, hall = started_hall(tmp_path, 7)  # tables of four and three
    t = hall.t
    poor = 1
    assert len(t.tables[poor].seats) == 4
    for pos, seat in t.tables[poor].seats.items():  # each has less than the ante: all in as the hand is dealt
        t.chips_in_play -= seat.stack - 5
        t.tables[poor].adjust_stack(pos, 5)
    hall.step()  # table 1 deals first: its hand is over at the deal, three of four are out, table 2 waits
    sizes = stored_sizes(hall)
    assert sum(sizes.values()) == 4 and balanced(sizes), sizes
