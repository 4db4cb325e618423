"""Issue 20, a night with real cards: who is out is said by people, and the floor's balancing, breaking
and final-table decisions come back as move instructions; chips never leave play until the end, and
every entry finishes once with one place."""

from __future__ import annotations

import random

import pytest

from homegame.tournament.config import Config, Level, TournamentError
from homegame.tournament.core import Tournament
from homegame.tournament.live import record_bust
from homegame.tournament.stored import dump


def night(players: int, table_size: int, seed: int = 3) -> Tournament:
    t = Tournament(Config(buy_in=10, starting_stack=1000, table_size=table_size, levels=[Level(5, 10)]), seed=seed)
    for i in range(players):
        t.register(f"P{i}")
    t.start(0.0)
    return t


def sizes(t: Tournament) -> dict[int, int]:
    return {tid: len(table.seats) for tid, table in t.tables.items()}


@pytest.mark.parametrize("seed", range(6))
def test_busts_to_the_end_keep_tables_balanced_and_every_move_is_said(seed: int) -> None:
    t = night(20, 6, seed)
    order = list(range(20))
    random.Random(seed).shuffle(order)
    for i in order[:-1]:
        seats_before = {e.name: t.seat_of(e.name) for e in t.playing()}
        moves = record_bust(t, [f"P{i}"])
        if t.finished:
            break
        for move in moves:  # each says where the player was and where they are now
            was = seats_before[move["name"]]
            assert was is not None and move["from"] == [was[0], was[1] + 1]
            where = t.seat_of(move["name"])
            assert where is not None and move["to"] == [where[0], where[1] + 1]
        unsaid = [n for n, was in seats_before.items() if n != f"P{i}" and t.seat_of(n) != was]
        assert sorted(unsaid) == sorted(m["name"] for m in moves)
        counts = sizes(t)
        assert max(counts.values()) - min(counts.values()) <= 1  # the balancing rule
        seated = [s.name for table in t.tables.values() for s in table.seats.values()]
        assert sorted(seated) == sorted(e.name for e in t.playing())  # never seated twice, never nowhere
        assert t.chips_in_play == 20 * 1000
    assert t.finished
    assert sorted(e.place for e in t.entries if e.place) == list(range(1, 21))
    assert sum(e.prize for e in t.entries) == 200


def test_a_balancing_move_goes_from_the_fullest_table_to_the_shortest() -> None:
    t = night(10, 4)  # 4, 3, 3: nine left still need three tables
    assert sorted(sizes(t).values()) == [3, 3, 4]
    full = next(tid for tid, n in sizes(t).items() if n == 4)
    short = next(tid for tid, n in sizes(t).items() if n == 3)
    (move,) = record_bust(t, [next(iter(t.tables[short].seats.values())).name])  # 4, 2, 3: one must move
    assert move["from"][0] == full and move["to"][0] == short
    assert sorted(sizes(t).values()) == [3, 3, 3]


@pytest.mark.parametrize("names", [[], ["Nobody"], ["P0", "P0"], ["P0", "P1", "P2", "P3"]])
def test_a_refused_bust_changes_nothing(names: list[str]) -> None:
    t = night(4, 9)
    before = dump(t)
    with pytest.raises((TournamentError, ValueError)):
        record_bust(t, names)
    assert dump(t) == before


def test_nobody_goes_out_before_the_start() -> None:
    t = Tournament(Config(levels=[Level(5, 10)]))
    t.register("Ann")
    with pytest.raises(TournamentError, match="started"):
        record_bust(t, ["Ann"])
