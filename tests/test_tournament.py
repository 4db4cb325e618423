"""Tournament rules one at a time (issue 20): simultaneous busts ranked by the hand's starting stacks
with equal stacks sharing, the balancing move (next big blind into the worst seat), the clock, deals,
results and the settle-up, and bad settings refused by name."""

from __future__ import annotations

from typing import Any

import pytest

from homegame.table import Settings, Table
from homegame.tournament.config import Config, Level, TournamentError, preset
from homegame.tournament.core import Tournament
from homegame.tournament.positions import next_big_blind, worst_free_seat
from homegame.tournament.results import prize_amounts, rank_group, share


def test_the_tda_simultaneous_elimination_example() -> None:
    # Six left, two knocked out in one hand having started it with equal stacks: each gets
    # (prize 5 + prize 6) / 2 (PokerStars' and the TDA's worked example).
    ranked = rank_group([("Ann", 800), ("Bob", 800)], first_place=5)
    assert ranked == [("Ann", 5, [5, 6]), ("Bob", 5, [5, 6])]
    prizes = prize_amounts(1000, [30, 20, 15, 13, 12, 10])
    assert share(prizes[4:6], 2) == [110, 110]
    # unequal stacks: the bigger stack at the start of the hand finishes higher
    assert [p for _, p, _ in rank_group([("Cy", 100), ("Dee", 2500), ("Eve", 100)], first_place=3)] == [3, 4, 4]


def shove_to_the_end(seed: int) -> Tournament:
    """Four players with unequal stacks all in every hand until one has everything."""
    t = Tournament(Config(buy_in=10, starting_stack=1000, levels=[Level(5, 10, minutes=60)], table_size=6,
                          payouts=[50, 30, 20], between_hands=0.0), seed=seed)
    for name in ("Ann", "Bob", "Cy", "Dee"):
        t.register(name)
    t.start(0.0)
    (table,) = t.tables.values()
    wanted = {"Ann": 1000, "Bob": 300, "Cy": 300, "Dee": 500}
    for pos, seat in list(table.seats.items()):
        table.adjust_stack(pos, wanted[seat.name])
    t.chips_in_play = sum(wanted.values())
    now = 0.0
    while not t.finished:
        now += 1.0
        t.advance(now)
        for tb in t.tables.values():
            while tb.live:
                pos = tb.owing()[0]
                legal = tb.hand.legal(tb.hand_seat(pos))
                shove = next((a for a in legal if a.startswith(("raise", "bet"))), None)
                tb.act(pos, f"{shove.split()[0]} {shove.split('..')[-1].split()[-1]}" if shove else
                       "call" if any(a.startswith("call") for a in legal) else "check", now)
    return t


def test_players_busted_in_one_hand_ranked_by_their_starting_stacks() -> None:
    runs = (shove_to_the_end(seed) for seed in range(40))
    t = next(t for t in runs if any(len(g) > 1 for g in t.eliminated))
    places = {e.name: (e.place, e.prize) for e in t.entries}
    for group in t.eliminated:
        ranked = sorted(group, key=lambda g: -g[1])
        for (hi, hi_chips), (lo, lo_chips) in zip(ranked, ranked[1:], strict=False):
            if hi_chips > lo_chips:
                assert places[hi][0] < places[lo][0]  # more chips at the start of the hand: higher
            else:
                assert places[hi] == places[lo]  # equal: the same place and an equal share
    assert sum(prize for _, prize in places.values()) == 40


def test_balancing_moves_the_next_big_blind_into_the_worst_seat() -> None:
    table = Table(Settings(game="holdem", approve_seats=False, max_seats=9, bot_rebuys=0))
    for pos in (0, 3, 6):
        table.sit(f"P{pos}", position=pos, approved=True)
    table.button = 0  # the last hand's button: next hand the button is 3, the small blind 6, the big blind 0
    assert next_big_blind(table) == 0
    import random

    # seats 7 and 8 sit between the small and the big blind: a player there is big blind at once; seats 4
    # and 5 would be the small blind (never); seats 1 and 2 would take the button and wait two hands
    assert worst_free_seat(table, random.Random(1)) == 7


def test_tables_are_balanced_and_broken_as_players_bust() -> None:
    t = Tournament(Config(buy_in=10, starting_stack=1000, levels=[Level(5, 10, minutes=60)], table_size=6), seed=3)
    for i in range(12):
        t.register(f"Bot {i}", kind="bot", bot="random")
    t.start(0.0)
    assert sorted(len(tb.seats) for tb in t.tables.values()) == [6, 6]
    first, second = sorted(t.tables)
    for pos in list(t.tables[second].seats)[:2]:  # two bust at the second table
        name = t.tables[second].seats[pos].name
        t.chips_in_play -= t.tables[second].seats[pos].stack
        t.tables[second].adjust_stack(pos, 0)
        t.tables[second].remove(pos)
        t.by_name(name).status = "out"
        t.eliminated.append([(name, 0)])
    mover = t.tables[first].seats[next_big_blind(t.tables[first])].name
    seat = worst_free_seat(t.tables[second], t.rng)
    t.tidy()
    assert t.seat_of(mover) == (second, seat)
    assert sorted(len(tb.seats) for tb in t.tables.values()) == [5, 5]
    # down to what one table holds: the highest-numbered table breaks... and the final table is redrawn
    for tb in t.tables.values():
        for pos in list(tb.seats)[:2]:
            name = tb.seats[pos].name
            t.chips_in_play -= tb.seats[pos].stack
            tb.adjust_stack(pos, 0)
            tb.remove(pos)
            t.by_name(name).status = "out"
    t.tidy()
    assert len(t.tables) == 1 and t.moves >= 7
    assert t.chips_on_tables() == t.chips_in_play


def test_the_clock_pauses_adds_time_and_moves_levels() -> None:
    t = Tournament(preset("turbo", buy_in=20), seed=1)
    for name in ("Ann", "Bob"):
        t.register(name, kind="bot")
    t.start(100.0)
    assert t.clock(100.0)["time_left"] == 360
    t.set_paused(True, 160.0)
    assert t.clock(1000.0)["time_left"] == 300 and t.clock(1000.0)["paused"]
    assert all(tb.paused for tb in t.tables.values())
    t.set_paused(False, 1000.0)
    t.add_time(60, 1000.0)
    assert t.clock(1000.0)["time_left"] == 360
    t.change_level(1, 1010.0)
    clock = t.clock(1010.0)
    assert clock["level"] == 2 and clock["big_blind"] == 30 and clock["time_left"] == 360
    t.change_level(-1, 1010.0)
    assert t.clock(1400.0)["level"] == 2  # 390 s on: level 1's six minutes are over
    assert clock["players_left"] == 2 and clock["prize_pool"] == 40 and clock["payouts"] == [40]
    with pytest.raises(TournamentError, match="seconds"):
        t.add_time(10**6, 1400.0)


def test_a_deal_needs_everyone_and_is_written_into_the_results() -> None:
    t = Tournament(Config(buy_in=50, starting_stack=1000, levels=[Level(5, 10, minutes=60)], payouts=[50, 30, 20],
                          bounty=10), seed=2)
    ids = [t.register(name, kind="bot" if name == "Bot" else "human") for name in ("Ann", "Bob", "Cy", "Bot")]
    t.start(0.0)
    with pytest.raises(TournamentError, match="kind"):
        t.propose_deal("coin-flip", 0.0)
    deal = t.propose_deal("icm", 0.0)
    assert sum(deal["amounts"].values()) == 160  # 4 x 40 after the bounties
    assert all(v == 40 for v in deal["amounts"].values())
    assert not t.accept_deal(ids[0], deal["number"])
    t.decline_deal(ids[1])
    with pytest.raises(TournamentError, match="not on the table|not in deal"):
        t.accept_deal(ids[1], deal["number"] + 1)
    deal = t.propose_deal("chip-chop", 0.0)
    made = [t.accept_deal(i, deal["number"]) for i in ids]
    assert made == [False, False, False, True] and t.finished
    results = t.results()
    assert results["deal"]["kind"] == "chip-chop"
    assert sum(r["prize"] + r["bounties"] for r in results["places"]) == 200
    assert {r["place"] for r in results["places"]} == {1}  # equal stacks share the places
    settle = results["settle_up"]
    assert "Bot" in settle["bots"] and all("Bot" not in (p["payer"], p["payee"]) for p in settle["payments"])


@pytest.mark.parametrize(("changes", "named"), [
    ({"buy_in": -1}, "buy_in"), ({"bounty": 30, "buy_in": 20}, "bounty"), ({"table_size": 2}, "table_size"),
    ({"game": "chess"}, "game"), ({"payouts": [60, 30]}, "payouts"), ({"structure": "spread"}, "structure"),
    ({"levels": []}, "levels"), ({"levels": [Level(10, 5)]}, "levels"), ({"rotate_by": "hour"}, "rotate_by"),
])
def test_bad_settings_are_refused_by_name(changes: dict[str, object], named: str) -> None:
    with pytest.raises(TournamentError, match=named):
        Config(**changes).check()  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match="unknown settings"):
        Config.from_dict({"rake": 5})


def test_registration_rules() -> None:
    t = Tournament(Config(late_registration_level=1, levels=[Level(5, 10, minutes=1), Level(10, 20, minutes=1)]))
    t.register("Ann")
    with pytest.raises(TournamentError, match="already registered"):
        t.register("ann\u200b")
    with pytest.raises(TournamentError, match="two entries"):
        t.start(0.0)
    t.register("Bob", kind="bot")
    t.start(0.0)
    t.register("Cy", now=30.0)  # late, during level 1
    assert t.seat_of("Cy") is not None and t.chips_on_tables() == t.chips_in_play == 9000
    with pytest.raises(TournamentError, match="closed"):
        t.register("Dee", now=61.0)


def test_the_host_edits_payouts_and_the_schedule() -> None:
    t = Tournament(Config(buy_in=10, levels=[Level(5, 10, minutes=1), Level(10, 20, minutes=1)]), seed=1)
    for i in range(12):
        t.register(f"Bot {i}", kind="bot", bot="random")
    assert t.prizes() == [55, 32, 21, 12]  # 45/27/18/10 per cent of 120, floored, the odd unit to first
    t.set_payouts([70, 30])
    assert t.prizes() == [84, 36]
    with pytest.raises(TournamentError, match="payouts"):
        t.set_payouts([70, 20])
    t.set_payouts(None)
    assert len(t.prizes()) == 4
    t.start(0.0)
    t.set_levels([Level(50, 100, ante=10, minutes=5)], 30.0)
    assert [lv.big_blind for lv in t.config.levels] == [10, 100]
    with pytest.raises(TournamentError, match="levels"):
        t.set_levels([Level(100, 50)], 30.0)
    assert t.clock(61.0)["big_blind"] == 100


def test_a_rotation_changes_the_game_each_level_with_its_own_stakes() -> None:
    from homegame.tournament.config import HORSE, stakes_for

    levels = [Level(10 * k, 20 * k, ante=5 * k, bring_in=5 * k, minutes=0.5) for k in range(1, 7)]
    t = Tournament(Config(game=list(HORSE), structure="fixed-limit", levels=levels, starting_stack=10**6), seed=2)
    for i in range(4):
        t.register(f"Bot {i}", kind="bot", bot="random")
    t.start(0.0)
    (table,) = t.tables.values()
    seen: dict[int, tuple[str, dict[str, object]]] = {}
    now, last = 0.0, 0
    while t.level_number() < 6 and not t.finished:
        now += 0.5
        t.advance(now)
        if table.live and table.start is not None and table.start.number > last:  # a hand dealt just now
            last = table.start.number
            seen.setdefault(t.level_index, (table.start.game, table.start.stakes))
    assert len(seen) >= 5
    for index, (game, stakes) in seen.items():
        assert game == HORSE[index % len(HORSE)]
        assert stakes == stakes_for(levels[index], game, "fixed-limit")
    assert seen[2][1] == {"structure": "fixed-limit", "ante": 15, "bring_in": 15, "small_bet": 60, "big_bet": 120}


def test_the_next_big_blind_and_the_worst_seat_follow_the_dead_button() -> None:
    table = Table(Settings(game="holdem", approve_seats=False, max_seats=9, bot_rebuys=0, dead_button=True))
    for pos in (0, 2, 4, 6):
        table.sit(f"P{pos}", position=pos, approved=True)
    table.last_blinds = (2, 4)  # the last hand: small blind 2, big blind 4 (button 0)
    table.adjust_stack(4, 0)
    table.remove(4)  # the big blind busted: next hand the button is on 2, no small blind, big blind 6
    assert next_big_blind(table) == 6
    assert table.next_blind_seats() == (2, 4, 6)
    import random

    # seat 5 sits between the last big blind and the next: big blind at once; seat 4, the small blind's
    # seat, never; seat 3 would wait for the button to pass
    assert worst_free_seat(table, random.Random(1)) == 5
    table.sit("Moved", position=5, approved=True)
    assert next_big_blind(table) == 5


def test_a_player_who_rebuys_as_they_bust_keeps_their_seat() -> None:
    """A bot out of chips leaves its seat as the hand ends; buying in again at once (auto-rebuy), it sits
    back in that seat, as a player who rebuys keeps theirs: it drew a new one, and could land in the big
    blind it had just posted (the conformance test saw 'Bot 35: big blind twice')."""
    t = Tournament(Config(buy_in=10, starting_stack=100, table_size=6, rebuy_level=1, max_rebuys=100,
                          levels=[Level(25, 50, minutes=60)]), seed=8)
    for i in range(6):
        t.register(f"Bot {i}", kind="bot", bot="random", auto_rebuy=True)
    seats: dict[str, tuple[int, int]] = {}

    def hand_over(tid: int, table: Any) -> None:
        seats.update({name: (tid, pos) for name, pos in zip(table.start.names, table.start.dealt, strict=True)})

    t.hand_ends = hand_over
    t.start(0.0)
    rebought = 0
    for step in range(1, 400):
        before = {e.name: e.rebuys for e in t.entries}
        t.advance(float(step))
        for e in t.entries:
            if e.rebuys > before[e.name]:
                rebought += 1
                assert t.seat_of(e.name) == seats[e.name], f"{e.name} rebought into another seat"
    assert rebought >= 3
