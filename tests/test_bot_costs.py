"""What a bot's decision costs, counted rather than timed (issue 21, item 5: the bot panel took 489 of a full
run's 4,034 test-seconds). Each test counts the calls a wasteful path repeated; the bots' decisions stay
the same (the panel's rates and the decisions' fingerprint were checked before and after each change).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

import homegame as hg
from homegame.bots import make_bot


def hand_views(name: str, players: int, seat: int, hands: int) -> list[list[dict[str, Any]]]:
    """Per hand, every view ``seat`` was shown (rule bots against pot-raisers, the button moving)."""
    game = hg.game(name)
    stakes = hg.Stakes("no-limit", blinds=(1, 2))
    bots = [make_bot("rule" if s % 2 else "raiser", seed=s) for s in range(players)]
    out = []
    for number in range(hands):
        hand = game.deal([200] * players, stakes=stakes, button=number % players, seed=number)
        views = []
        while not hand.over:
            acting = hand.to_act[0]
            view = hand.view(acting)
            if acting == seat:
                views.append(view)
            hand.act(acting, bots[acting].act(view))
        out.append(views)
    return [v for v in out if v]


def test_a_bot_reads_only_the_log_lines_it_has_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seen: Reads.read looked up every line of the hand's log again at every turn (a Pass The Trash hand's
    # log runs to a hundred lines and more, read at each of its decisions)
    import homegame.bots.reads as reads_module

    views = max(hand_views("pass-the-trash", 2, 1, 4), key=len)
    looked: list[str] = []
    real = reads_module._decision
    monkeypatch.setattr(reads_module, "_decision", lambda line: looked.append(line) or real(line))
    reads = reads_module.Reads()
    for view in views:
        reads.read(view)
    assert len(views) > 5 and len(looked) == len(views[-1]["log"])


def test_reading_a_hand_turn_by_turn_counts_what_reading_it_once_counts() -> None:
    from homegame.bots.reads import Reads

    hands = hand_views("holdem", 3, 1, 12)
    every, last = Reads(), Reads()
    for views in hands:
        for view in views:
            every.read(view)
        last.read(views[-1])
    fresh = hand_views("holdem", 3, 1, 13)[-1][0]  # a hand neither has seen: the last one's counts join
    every.read(fresh)
    last.read(fresh)
    assert every.stats == last.stats and sum(s.decisions for s in every.stats.values()) > 12


def six_handed_view() -> dict[str, Any]:
    hand = hg.game("holdem").deal([200] * 6, stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=3)
    return hand.view(hand.to_act[0])


def test_the_seats_sampled_hands_go_to_the_evaluator_in_one_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seen: six-handed, a decision called the evaluator once per seat still in and scored each opponent's
    # range in a call of its own (six and five calls of 800 rows, each call's fixed cost more than its rows')
    import homegame.bots.estimate as estimate
    import homegame.bots.ranges as ranges

    calls = {"best_high_many": 0, "strength_now": 0}

    def counted(module: Any, name: str) -> None:
        real = getattr(module, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)

    counted(estimate, "best_high_many")
    counted(ranges, "strength_now")
    share = ranges.ranged_share(six_handed_view(), {seat: 0.4 for seat in range(6)}, 800, seed=1)
    assert calls == {"best_high_many": 1, "strength_now": 1} and 0 < share < 1


def test_a_batch_of_seats_scores_each_seat_as_alone() -> None:
    from homegame.bots.estimate import parts, sample
    from homegame.bots.ranges import strength_now, weights
    from homegame.evaluate.usage import best_high_many

    view = six_handed_view()
    dealt = sample(view, 300, seed=2)
    high = np.vstack([best_high_many(row, dealt.board, dealt.game.usage) for row in dealt.rows])
    best = high.max(axis=0)
    assert np.array_equal(parts(dealt)[0], (high[0] == best) / (high == best).sum(axis=0))
    alone = np.ones(300)
    for row in dealt.rows[1:]:
        score = strength_now(row[:, :2], dealt.board[:, :0])
        alone *= np.where(score >= np.quantile(score, 0.6), 1.0, 0.02 * 0.4)
    assert np.array_equal(weights(view, dealt, {seat: 0.4 for seat in range(6)}), alone)


def test_copying_a_bot_seeds_no_generator_only_to_overwrite_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seen: each copy of a bot before a run-out seeded a new generator from the system's entropy, then
    # replaced its state with the original's (half of a copy's cost)
    bots = [make_bot("equity", seed=1), make_bot("allin", seed=2)]

    def seeded(self: random.Random, *args: Any, **kwargs: Any) -> None:
        raise AssertionError("a copy seeded a generator")

    monkeypatch.setattr(random.Random, "seed", seeded)
    twins = copy.deepcopy(bots)
    assert [t.rng.random() for t in twins] == [b.rng.random() for b in bots]


def test_the_kernels_facts_of_a_game_are_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seen: kernel_facts hashed the game (its rules written out as JSON) at every estimate
    from homegame.odds.games import kernel_facts
    from homegame.rules.spec import Game

    game = hg.game("three-hole")
    facts = kernel_facts(game)

    def hashed(self: Game) -> int:
        raise AssertionError("the game was hashed again")

    monkeypatch.setattr(Game, "__hash__", hashed)
    assert kernel_facts(game) is facts and facts is not None and facts.table_cards


@pytest.mark.parametrize("n", [17, 36, 45, 52])
def test_the_first_places_under_a_cut_are_still_argsorts(n: int) -> None:
    # smallest_first looks only at the keys under a cut (the few rows with too few under it, at every key):
    # the draw must stay argsort's for every number of places it takes in one pass, ties kept in order
    from homegame.bots.estimate import PICK_IN_ONE_PASS, smallest_first

    rng = np.random.default_rng(n)
    for k in range(PICK_IN_ONE_PASS + 1):
        keys = rng.random((400, n))
        assert np.array_equal(smallest_first(keys, k), keys.argsort(axis=1, kind="stable")[:, :k]), k
        tied = np.floor(keys * 3) / 3
        assert np.array_equal(smallest_first(tied, k), tied.argsort(axis=1, kind="stable")[:, :k]), k
