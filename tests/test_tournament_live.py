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


def knockout_night(players: int, seed: int) -> Tournament:
    t = Tournament(Config(buy_in=25, bounty=5, starting_stack=1000, table_size=6, rebuy_level=1, max_rebuys=2,
                          levels=[Level(5, 10), Level(10, 20, minutes=5, is_break=True), Level(15, 30)],
                          add_on_price=10, add_on_chips=1500), seed=seed)
    for i in range(players):
        t.register(f"P{i}")
    t.start(0.0)
    return t


@pytest.mark.parametrize("seed", range(8))
def test_random_knockout_nights_pay_out_exactly_what_was_paid_in(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.randint(2, 30)
    t = knockout_night(players, seed)
    now = 0.0
    while not t.finished:
        playing = [e.name for e in t.playing()]
        step = rng.random()
        if step < 0.15 and now == 0.0:  # level 1: rebuys are open
            who = rng.choice(playing)
            if t.by_name(who).rebuys < t.config.max_rebuys:
                t.rebuy(t.by_name(who).id, now)
        elif step < 0.2:
            now = 15 * 60 + 1.0  # the break: rebuys are over, the add-on is on
            who = rng.choice(playing)
            if t.add_on_open() and not t.by_name(who).add_on:
                t.add_on(t.by_name(who).id, now)
        else:
            out = rng.sample(playing, rng.randint(1, min(3, len(playing) - 1)))
            stays = [n for n in playing if n not in out]
            record_bust(t, out, {n: rng.choice(stays) for n in out})
        paid = sum(e.paid for e in t.entries)
        assert t.prize_pool() + t.config.bounty * len(t.entries) == paid
        bought = sum(1000 * e.rebuys + 1500 * e.add_on for e in t.entries)
        assert t.chips_in_play == 1000 * players + bought or t.finished  # rebuys and add-ons are chips in play
    paid = sum(e.paid for e in t.entries)
    assert sum(e.prize + e.bounties for e in t.entries) == paid  # no rake: everything goes back
    assert sum(len(e.knocked_out) for e in t.entries) == players - 1  # every knockout but the winner's
    nets = t.results()["settle_up"]["nets"]
    assert sum(nets.values()) == 0


def test_with_bounties_each_bust_names_a_knocker_still_in_and_a_wrong_one_changes_nothing() -> None:
    t = knockout_night(4, 1)
    before = dump(t)
    for knocked_by in ({}, {"P0": "P0"}, {"P0": "Nobody"}, {"P0": "P1", "P2": "P1"}):
        with pytest.raises((TournamentError, ValueError)):
            record_bust(t, ["P0"], knocked_by)
        assert dump(t) == before
    with pytest.raises(TournamentError):  # going out in the same hand: not the knocker
        record_bust(t, ["P0", "P1"], {"P0": "P1", "P1": "P2"})
    assert dump(t) == before
    record_bust(t, ["P0"], {"P0": "P1"})
    assert t.by_name("P1").bounties == 5 and t.by_name("P1").knocked_out == ["P0"]


def five_paid_three() -> Tournament:
    t = Tournament(Config(buy_in=20, starting_stack=1000, payouts=[50, 30, 20], levels=[Level(5, 10)]), seed=5)
    for name in ("Ann", "Ben", "Cy", "Di", "Ed"):
        t.register(name)
    t.start(0.0)
    record_bust(t, ["Ed"])
    return t


@pytest.mark.parametrize(("started_with", "third", "fourth"), [
    ({"Ann": 1500, "Ben": 400}, "Ann", "Ben"),  # more chips at the start of the hand: the higher place
    ({"Ann": 300, "Ben": 900}, "Ben", "Ann"),
])
def test_players_out_in_one_hand_are_ranked_by_their_stacks_at_its_start(started_with: dict[str, int], third: str,
                                                                          fourth: str) -> None:
    t = five_paid_three()
    record_bust(t, ["Ann", "Ben"], started_with=started_with)
    record_bust(t, ["Cy"])
    assert (t.by_name(third).place, t.by_name(third).prize) == (3, 20)  # 20 % of 100
    assert (t.by_name(fourth).place, t.by_name(fourth).prize) == (4, 0)


@pytest.mark.parametrize("started_with", [{}, {"Ann": 700, "Ben": 700}])
def test_without_stacks_or_with_equal_ones_they_share_the_places_prizes(started_with: dict[str, int]) -> None:
    t = five_paid_three()
    record_bust(t, ["Ann", "Ben"], started_with=started_with)
    record_bust(t, ["Cy"])
    for name in ("Ann", "Ben"):
        assert (t.by_name(name).place, t.by_name(name).places, t.by_name(name).prize) == (3, [3, 4], 10)


@pytest.mark.parametrize("started_with", [{"Ann": 700}, {"Ann": 700, "Ben": 0}, {"Ann": 700, "Cy": 300},
                                          {"Ann": 4000, "Ben": 1500}, {"Ann": True, "Ben": 5}])
def test_wrong_starting_stacks_are_refused_and_change_nothing(started_with: dict[str, int]) -> None:
    t = five_paid_three()
    before = dump(t)
    with pytest.raises(TournamentError, match="started_with"):
        record_bust(t, ["Ann", "Ben"], started_with=started_with)
    assert dump(t) == before
