"""A tournament played with real cards and chips: the host (or the player) says who is out, and the
floor's work follows as instructions people carry out at the real tables. No I/O.

Nobody tells the tournament the stacks unless the host counts them, so players who go out together (one
call) share their places and split those places' prizes, as the core ranks equal stacks, unless their
stacks at the start of that hand are given; tables are balanced and broken by the
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
from homegame.tournament.state import Entry


def record_bust(t: Tournament, names: list[str], knocked_by: dict[str, str] | None = None,
                started_with: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """``names`` went out together (in one hand); the moves the floor makes because of it, each
    ``{"name", "from": [table, seat], "to": [table, seat], "text"}`` (seats count from 1). With bounties
    ``knocked_by`` names, for each of them, the player still in who knocked them out (who wins the
    bounty). Refused (a :class:`TournamentError`, nothing changed) unless each name is still playing,
    once, someone stays, and (with bounties) each names a knocker still in.

    ``started_with`` (optional: each of them, or none) are their stacks at the start of that hand:
    more chips place higher, equal stacks share (see :func:`~homegame.tournament.results.rank_group`);
    without them they share their places."""
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
    knockers = knockers_of(t, names, knocked_by or {})
    stacks = starting_stacks(t, names, started_with or {})
    before = t.moves
    group = []
    for entry in out:
        where = t.seat_of(entry.name)
        if where is not None:
            t.tables[where[0]].remove(where[1])
        entry.status, entry.table = "out", None
        group.append((entry.name, stacks.get(entry.name, 0)))
        if entry.name in knockers:
            t.award_bounty(knockers[entry.name], entry.name)
    t.eliminated.append(group)
    t.log.append(f"{', '.join(e.name for e in out)} out")
    if len(t.playing()) == 1:
        t._finish_if_won()  # the last one left wins: places and prizes
        return []
    t.tidy()
    moves = []
    for m in t.moves_since(before):
        moves.append({"name": m.name, "from": list(m.source), "to": list(m.target),
                      "text": f"Move {m.name} from table {m.source[0]} seat {m.source[1]} "
                              f"to table {m.target[0]} seat {m.target[1]}"})
    return moves


def knockers_of(t: Tournament, names: list[str], knocked_by: dict[str, str]) -> dict[str, Entry]:
    """Who knocked out each of ``names`` (busting together), checked: with bounties each is named and
    still in (and not going out in the same hand); without them the names are not needed."""
    if set(knocked_by) - set(names):
        raise TournamentError("knocked_by: name only players going out now")
    if not t.config.bounty:
        return {}
    out: dict[str, Entry] = {}
    for name in names:
        if name not in knocked_by:
            raise TournamentError(f"knocked_by: who knocked {name} out? The bounty on them is theirs")
        winner = t.by_name(knocked_by[name])
        if winner.status != "playing" or winner.name in names:
            raise TournamentError(f"knocked_by: {winner.name} is not still in")
        out[t.by_name(name).name] = winner
    return out


def starting_stacks(t: Tournament, names: list[str], started_with: dict[str, int]) -> dict[str, int]:
    """``started_with`` checked: none, or each of ``names`` (going out together) with a whole number of
    chips from 1 to every chip in play; by entry name."""
    if not started_with:
        return {}
    if set(started_with) != set(names):
        raise TournamentError("started_with: the stack of each player going out in this hand, or of none")
    if any(isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= t.chips_in_play
           for c in started_with.values()):
        raise TournamentError(f"started_with: each a whole number of chips from 1 to {t.chips_in_play}")
    if sum(started_with.values()) > t.chips_in_play:
        raise TournamentError(f"started_with: they add up to more than the {t.chips_in_play} chips in play")
    return {t.by_name(n).name: c for n, c in started_with.items()}


def record_counts(t: Tournament, stacks: dict[str, int]) -> dict[str, int]:
    """The chips of each player still in, as counted at the tables (adding up to every chip in play,
    rebuys and add-ons included), become their stacks (the clock's chip leaders); the stacks before.
    Refused, nothing changed, when the counts name someone not in, miss someone, or do not add up."""
    playing = {e.name for e in t.playing()}
    if not t.started or t.finished:
        raise TournamentError("chips are counted once the tournament has started, and before it is over")
    if set(stacks) != playing:
        raise TournamentError(f"stacks: the chips of each player still in ({', '.join(sorted(playing))}), no one else")
    if any(isinstance(c, bool) or not isinstance(c, int) or c < 1 for c in stacks.values()):
        raise TournamentError("stacks: each a whole number of chips, at least 1")
    if sum(stacks.values()) != t.chips_in_play:
        raise TournamentError(f"stacks: they add up to {sum(stacks.values())}, but {t.chips_in_play} chips are in "
                              "play; count again")
    seats = {name: t.seat_of(name) for name in playing}
    if any(where is None for where in seats.values()):
        raise TournamentError("counts wait until every player still in has a seat")
    previous = {}
    for name, where in seats.items():
        assert where is not None
        previous[name] = t.tables[where[0]].seats[where[1]].stack
        t.tables[where[0]].adjust_stack(where[1], stacks[name])
    return previous


def propose_live_deal(t: Tournament, kind: str, stacks: dict[str, int], now: float) -> dict[str, Any]:
    """The players still in counted their chips (``stacks``: each one's, adding up to every chip in
    play) and ask for a deal: the proposal (``kind`` ``icm`` or ``chip-chop``) with both splits shown
    (``alternatives``); bots accept at once, each person accepts on their own device
    (:meth:`~homegame.tournament.deals.Deals.accept_deal`). Refused, nothing changed, when the counts
    name someone not in, miss someone, or do not add up."""
    playing = {e.name: e for e in t.playing()}
    previous = record_counts(t, stacks)
    before = {name: t.seat_of(name) for name in playing}
    try:
        return t.offer_deal(kind, now)
    except TournamentError:
        for name, where in before.items():  # refused: the stacks go back as they were
            assert where is not None
            t.tables[where[0]].adjust_stack(where[1], previous[name])
        raise


__all__ = ["knockers_of", "propose_live_deal", "record_bust", "record_counts", "starting_stacks"]
