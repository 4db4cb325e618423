"""simulate(): reproducible, zero-sum, histories that replay, settings checked."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import homegame as hg
from homegame.sim import SimulationError, simulate, win_rate


def test_the_same_seed_gives_the_same_run_on_any_number_of_workers() -> None:
    game = hg.game("passem")
    one = simulate(game, ["equity", "rule", "random"], 60, seed=5, workers=1)
    two = simulate(game, ["equity", "rule", "random"], 60, seed=5, workers=2)
    assert np.array_equal(one.payoffs, two.payoffs)
    assert (one.payoffs.sum(axis=1) == 0).all()
    assert [s.chips for s in one.seats] == list(one.payoffs.sum(axis=0))


def test_histories_are_saved_one_hand_a_line_and_replay(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    result = simulate(hg.game("three-hole"), ["rule", "random"], 12, seed=2, workers=1, history=path)
    lines = path.read_text().splitlines()
    assert len(lines) == 12
    for line, payoffs in zip(lines, result.payoffs, strict=True):
        json.loads(line)
        assert list(hg.replay(line).payoffs) == list(payoffs)


def test_the_button_rotates(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    simulate(hg.game("holdem"), ["random"] * 3, 6, seed=1, workers=1, history=path)
    buttons = [hg.replay(line).button for line in path.read_text().splitlines()]
    assert buttons == [0, 1, 2, 0, 1, 2]


def test_carried_stacks_keep_playing_after_a_bust() -> None:
    stakes = hg.Stakes("no-limit", blinds=(1, 2))
    result = simulate(hg.game("holdem"), ["random", "random"], 40, stakes=stakes, stack=10, carry=True,
                      seed=3, workers=1)
    assert (result.payoffs.sum(axis=1) == 0).all()
    assert result.big_bet == 2


def test_progress_is_reported_for_every_hand() -> None:
    seen: list[int] = []
    simulate(hg.game("sameem"), ["rule", "random"], 25, seed=1, workers=1, progress=seen.append)
    assert sum(seen) == 25


@pytest.mark.parametrize(("bots", "hands", "message"), [
    (["random", "shark"], 10, "no bot named 'shark'"),
    (["random"], 10, "takes 2 to 10 players"),
    (["random", "random"], 0, "hands must be"),
])
def test_bad_settings_are_refused(bots: list[str], hands: int, message: str) -> None:
    with pytest.raises(SimulationError, match=message):
        simulate(hg.game("passem"), bots, hands, workers=1)


def test_win_rate_interval() -> None:
    rate = win_rate(np.array([4.0, -4.0] * 50), big_bet=4)
    assert rate.bb100 == 0.0
    assert rate.ci95 == pytest.approx(1.96 * 100.5 / 10, rel=0.01)
    with pytest.raises(ValueError, match="big_bet"):
        win_rate(np.array([1.0]), big_bet=0)
