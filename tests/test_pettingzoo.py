"""PettingZoo environments of every game pass PettingZoo's own API tests (issue 13)."""

from __future__ import annotations

import numpy as np
import pytest

import homegame as hg

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

from homegame.rl.pettingzoo_env import HomegameAEC, HomegameParallel  # noqa: E402


@pytest.mark.parametrize("name", hg.game_names())
def test_the_aec_environment_passes_the_api_test(name: str) -> None:
    api_test(HomegameAEC(name), num_cycles=60, verbose_progress=False)


@pytest.mark.parametrize("name", ["passem", "pass-the-trash", "three-hole", "anaconda", "holdem"])
def test_the_parallel_environment_passes_the_api_test(name: str) -> None:
    parallel_api_test(HomegameParallel(name, players=3), num_cycles=60)


def test_a_simultaneous_step_is_one_parallel_step_for_every_seat() -> None:
    env = HomegameParallel("passem", players=3)
    obs, _ = env.reset(seed=2)
    masks = {a: o["action_mask"] for a, o in obs.items()}
    assert all(m.sum() == 3 for m in masks.values())  # each seat chooses one of its three cards to pass
    actions = {a: int(np.flatnonzero(m)[0]) for a, m in masks.items()}
    env.step(actions)
    assert env.hand is not None and env.hand.step is not None and env.hand.step.kind == "bet"


def test_an_illegal_aec_action_is_refused_and_changes_nothing() -> None:
    env = HomegameAEC("three-hole")
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.hand.view(None) if env.hand else None
    with pytest.raises(ValueError, match="legal"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.hand is not None and env.hand.view(None) == before
