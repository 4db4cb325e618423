"""The dead button at tournament tables (issue 20, item 2; TDA 2004 rule 6: "Tournament play will use a
dead button"; Robert's Rules of Poker, "Button and Blind Use"): the big blind moves forward exactly one
player each hand, the small blind and the button follow it, so a bust leaves a hand with no small blind
or a button on an empty seat, and nobody posts the big blind twice in a row or misses it."""

from __future__ import annotations

import random

from homegame.server.commitment import shuffle
from homegame.table import HandStart, Settings, Table


def tournament_table(players: int, seed: int = 1, **kw: object) -> Table:
    base: dict[str, object] = {"game": "holdem", "stakes": {"structure": "no-limit", "blinds": [5, 10]},
                               "bot_delay": 0.0, "between_hands": 0.0, "approve_seats": False, "bot_rebuys": 0,
                               "max_seats": 9, "dead_button": True}
    base.update(kw)
    table = Table(Settings(**base), seed=seed)  # type: ignore[arg-type]
    for pos in range(players):
        table.sit(f"P{pos}", position=pos, approved=True)
        table.adjust_stack(pos, 100_000)
    return table


def run(table: Table, now: float, hands: int = 1) -> float:
    """Deal and play ``hands`` hands: everyone checks when they may and folds otherwise."""
    for _ in range(hands):
        table.deal(shuffle().deck, now)
        while table.live:
            pos = table.owing()[0]
            seat = table.hand_seat(pos)
            table.act(pos, "check" if "check" in table.hand.legal(seat) else "fold", now)
            now += 1.0
    return now


def bust(table: Table, pos: int) -> None:
    """The player at ``pos`` is knocked out between hands (as the tournament core does it)."""
    table.adjust_stack(pos, 0)
    table.remove(pos)


def big_blind(table: Table) -> int:
    """The table position that posted the big blind in the last hand."""
    assert table.start is not None
    return table.start.dealt[table.hand.bb_seat]


def test_busting_the_next_small_blind_leaves_no_small_blind_and_the_big_blind_moves_one_player() -> None:
    table = tournament_table(6)
    now = run(table, 0.0, 1)
    assert table.start is not None and table.start.blind_seats == (0, 1, 2)
    bust(table, 2)  # the last big blind: the seat that would post the small blind next
    run(table, now, 1)
    start = table.start
    assert start is not None and start.number == 2
    assert start.blind_seats == (1, 2, 3)  # the button on the last small blind, the small blind's seat empty
    assert table.button == 1 and big_blind(table) == 3
    assert start.stakes["blinds"] == [10]  # the big blind alone: no small blind is posted
    assert table.hand.sb_seat == -1 and table.hand.starting == start.stacks
    assert 2 not in start.dealt


def test_busting_the_next_button_leaves_the_button_on_the_empty_seat() -> None:
    table = tournament_table(6)
    now = run(table, 0.0, 1)
    bust(table, 1)  # the last small blind: the seat the button moves to next
    run(table, now, 1)
    start = table.start
    assert start is not None and start.blind_seats == (1, 2, 3)
    assert table.button == 1 and 1 not in table.seats  # a dead button
    assert start.stakes["blinds"] == [5, 10]
    # the engine's button is the player before the dead button, so seat 2 (small blind) acts first after the flop
    assert start.dealt[start.button] == 0
    assert (start.dealt[table.hand.sb_seat], big_blind(table)) == (2, 3)


def test_three_to_two_nobody_takes_the_big_blind_twice_and_the_button_posts_the_small_blind() -> None:
    for out in range(3):
        table = tournament_table(3)
        now = run(table, 0.0, 1)  # button 0, small blind 1, big blind 2
        last_big = big_blind(table)
        bust(table, out)
        run(table, now, 1)
        start = table.start
        assert start is not None and len(start.dealt) == 2
        assert big_blind(table) != last_big or out == last_big
        assert start.dealt[table.hand.sb_seat] == start.dealt[start.button]  # heads-up: the button is the small blind
        assert big_blind(table) != start.dealt[start.button]


def test_a_stored_table_keeps_its_dead_button() -> None:
    table = tournament_table(6)
    now = run(table, 0.0, 1)
    bust(table, 2)
    again = Table.from_dict(table.to_dict(), seed=2)
    assert again.last_blinds == (1, 2)
    run(again, now, 1)
    assert again.start is not None and again.start.blind_seats == (1, 2, 3)
    assert HandStart.from_dict(again.start.to_dict()) == again.start


def test_moving_button_tables_are_unchanged() -> None:
    table = tournament_table(6, dead_button=False)
    now = run(table, 0.0, 1)
    bust(table, 2)
    run(table, now, 1)
    assert table.start is not None and table.start.blind_seats is None and "blind_seats" not in table.start.to_dict()
    assert table.button == 1 and table.start.stakes["blinds"] == [5, 10]
    assert big_blind(table) == 4  # the moving button: seat 3 posts the small blind, seat 4 the big


def test_over_random_busts_every_player_posts_the_big_blind_once_an_orbit_never_twice_in_a_row() -> None:
    hands = dead_buttons = 0
    no_small = [0, 0]  # hands with no small blind: its seat empty, its player out of chips
    for seed in range(40):
        rng = random.Random(seed)
        players = rng.randint(3, 9)
        table = tournament_table(players, seed=seed)
        now = 0.0
        bigs: list[int] = []  # the big blind's table position, hand by hand
        dealt: list[list[int]] = []
        while len(table.eligible()) >= 2:
            now = run(table, now, 1)
            assert table.start is not None
            bigs.append(big_blind(table))
            dealt.append(list(table.start.dealt))
            button, small, big = table.start.blind_seats or (-1, -1, -1)
            assert big == bigs[-1] and table.button == button
            assert (table.start.stakes["blinds"] == [5, 10]) == (small in table.start.dealt)
            if len(bigs) > 1:
                assert bigs[-1] != bigs[-2], f"seed {seed}: seat {bigs[-1]} posted the big blind twice in a row"
            no_small[small in table.seats] += small not in table.start.dealt
            dead_buttons += button not in table.seats
            if rng.random() < 0.15:
                bust(table, rng.choice(table.eligible()))
        hands += len(bigs)
        for i, who in enumerate(bigs):  # between two big blinds of one player, everyone in throughout posts one
            j = next((k for k in range(i + 1, len(bigs)) if bigs[k] == who), None)
            if j is None:
                continue
            stayed = set.intersection(*(set(d) for d in dealt[i:j + 1])) - {who}
            for other in stayed:
                assert bigs[i + 1:j].count(other) == 1, f"seed {seed}: seat {other} between hands {i + 1}, {j + 1}"
    assert hands > 1000 and dead_buttons > 30 and no_small[0] > 20  # the rule was exercised, not just the easy case


def test_a_player_who_sits_between_the_button_and_the_small_blind_waits_for_the_button_to_pass() -> None:
    table = Table(Settings(game="holdem", stakes={"structure": "no-limit", "blinds": [5, 10]}, approve_seats=False,
                           max_seats=9, dead_button=True), seed=1)
    for pos in (0, 2, 4, 6, 8):
        table.sit(f"P{pos}", position=pos, approved=True)
    now = run(table, 0.0)
    assert table.start is not None and table.start.blind_seats == (0, 2, 4)
    table.sit("Moved", position=3, approved=True)  # between the coming button (2) and small blind (4)
    now = run(table, now)
    assert table.start.blind_seats == (2, 4, 6) and 3 not in table.start.dealt
    run(table, now)
    assert table.start.blind_seats == (4, 6, 8) and 3 in table.start.dealt


def test_a_hand_with_no_small_blind_resumes_exactly_mid_hand() -> None:
    table = tournament_table(4)
    now = run(table, 0.0)
    bust(table, 2)  # the last big blind: no small blind next hand
    deck = shuffle().deck
    table.deal(deck, now)
    pos = table.owing()[0]
    table.act(pos, "call", now)
    start = table.start
    assert start is not None and start.stakes["blinds"] == [10]
    again = Table.from_dict(table.to_dict(), seed=3)
    again.resume(HandStart.from_dict(start.to_dict()), deck, list(table.actions), now)
    assert again.hand.bets == table.hand.bets and again.owing() == table.owing() and again.button == table.button
    assert again.last_blinds == table.last_blinds == (2, 3)
