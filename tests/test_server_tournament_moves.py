"""Issue 20 online: the moves a dealt tournament's clock page lists are the floor's own record.

The hall used to list moves as a diff of seats between two of its looks, so a player moved and then
knocked out before the next look was never listed (nor told). These tests drive a hall by hand (no
owner task, no clock): look, let the floor move a player and knock them out, look again.
"""

from __future__ import annotations

from pathlib import Path

from homegame.server.storage import Store
from homegame.server.tournament_hall import Hall
from homegame.server.tournament_requests import HostAction, LevelSpec, NewTournament
from homegame.server.tournaments import Tournaments
from homegame.tournament.live import record_bust


def opened_hall(tmp_path: Path, players: int) -> Hall:
    """A started dealt tournament of ``players`` bots at tables of three, held by a hall not yet running."""
    store = Store(f"sqlite:///{tmp_path / 'moves.db'}")
    tournaments = Tournaments(store)
    spec = NewTournament(preset="turbo", dealt=True, table_size=3, starting_stack=200,
                         levels=[LevelSpec(small_blind=25, big_blind=50, minutes=30)])
    tid, tokens = tournaments.create(spec)
    for i in range(players):
        tournaments.change(tid, tokens["host"], HostAction(action="enter", name=f"Bot {i}", bot=True))
    tournaments.change(tid, tokens["host"], HostAction(action="start"))
    hall = Hall(tid, store)
    hall.changed(force=True)  # the first look
    return hall


def test_a_player_moved_and_knocked_out_between_two_looks_is_listed(tmp_path: Path) -> None:
    hall = opened_hall(tmp_path, 5)  # tables of three and two
    t = hall.t
    mover = t.by_name(t.tables[1].seats[min(t.tables[1].seats)].name)
    free = next(p for p in range(3) if p not in t.tables[2].seats)
    t.move(mover, 2, free)  # the floor moves them to table 2 ...
    record_bust(t, [mover.name])  # ... and they are out in their first hand there, before the next look
    hall.changed()
    listed = [m for m in hall.state["moves"] if m["name"] == mover.name]
    assert [(m["from"][0], m["to"]) for m in listed] == [(1, [2, free + 1])], hall.state["moves"]
    assert listed[0]["text"] == f"{mover.name} moved from table 1 seat {listed[0]['from'][1]} to table 2 seat {free + 1}"


def test_each_move_is_listed_once_across_looks_and_a_reloaded_hall(tmp_path: Path) -> None:
    hall = opened_hall(tmp_path, 5)
    t = hall.t
    mover = t.by_name(t.tables[1].seats[min(t.tables[1].seats)].name)
    t.move(mover, 2, next(p for p in range(3) if p not in t.tables[2].seats))
    hall.changed()
    hall.changed(force=True)
    again = Hall(hall.id, hall.store)  # another process takes it over: nothing listed twice
    again.changed(force=True)
    assert [m["name"] for m in again.state["moves"]] == [mover.name]
