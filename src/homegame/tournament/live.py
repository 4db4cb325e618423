"""A tournament played with real cards and chips: the host (or the player) says who is out, and the
floor's work follows as instructions people carry out at the real tables. No I/O.

Nobody tells the tournament the stacks, so players who go out together (one call) share their places
and split those places' prizes, as the core ranks equal stacks; tables are balanced and broken by the
core's rules (:mod:`homegame.tournament.floor`), and every seat that changed is one instruction.

>>> from homegame.tournament.config import Config, Level
>>> from homegame.tournament.core import Tournament
>>> t = Tournament(Config(buy_in=10, starting_stack=100, table_size=3, levels=[Level(5, 10)]), seed=2)
>>> for name in ("Ann", "Ben", "Cy", "Di"):
...     _ = t.register(name)
>>> t.start(0.0)
>>> len(t.tables)
2
>>> moves = record_bust(t, ["Ann"])
>>> len(t.tables), [m["name"] for m in moves] != []
(1, True)
>>> _ = record_bust(t, ["Ben"]); _ = record_bust(t, ["Cy"])
>>> t.finished, sorted((e.place, e.name, e.prize) for e in t.entries)
(True, [(1, 'Di', 26), (2, 'Cy', 14), (3, 'Ben', 0), (4, 'Ann', 0)])
"""

from __future__ import annotations

from typing import Any

from homegame.tournament.config import TournamentError
from homegame.tournament.core import Tournament


def record_bust(t: Tournament, names: list[str]) -> list[dict[str, Any]]:
    """``names`` went out together (in one hand); the moves the floor makes because of it, each
    ``{"name", "from": [table, seat], "to": [table, seat], "text"}`` (seats count from 1). Refused (a
    :class:`TournamentError`, nothing changed) unless each name is still playing, once, and someone stays."""
    if not t.started or t.finished:
        raise TournamentError("players go out once the tournament has started, and before it is over")
    if not 1 <= len(names) <= len(t.entries) or len(set(names)) != len(names):
        raise TournamentError("names: one or more different players still in")
    out = []
    for name in names:
        entry = t.by_name(name)
        if entry.status != "playing":
            raise TournamentError(f"{entry.name} is not playing")
        out.append(entry)
    if len(out) >= len(t.playing()):
        raise TournamentError("someone must still be in: the last player left wins")
    before = {e.name: t.seat_of(e.name) for e in t.playing()}
    group = []
    for entry in out:
        where = t.seat_of(entry.name)
        if where is not None:
            t.tables[where[0]].remove(where[1])
        entry.status, entry.table = "out", None
        group.append((entry.name, 0))
    t.eliminated.append(group)
    t.log.append(f"{', '.join(e.name for e in out)} out")
    if len(t.playing()) == 1:
        t._finish_if_won()  # the last one left wins: places and prizes
        return []
    t.tidy()
    moves = []
    for name, was in before.items():
        now = t.seat_of(name)
        if was is None or now is None or now == was or name in names:
            continue
        source, target = [was[0], was[1] + 1], [now[0], now[1] + 1]
        moves.append({"name": name, "from": source, "to": target,
                      "text": f"Move {name} from table {source[0]} seat {source[1]} to table {target[0]} seat {target[1]}"})
    return moves


__all__ = ["record_bust"]
