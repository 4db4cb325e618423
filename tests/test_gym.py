"""The single-agent Gymnasium environment against homegame bots passes Gymnasium's checker (issue 13)."""

from __future__ import annotations

import numpy as np
import pytest

import homegame as hg

pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from homegame.rl.gym_env import HomegameEnv  # noqa: E402


@pytest.mark.parametrize("name", hg.game_names())
def test_check_env_passes_for_every_game(name: str) -> None:
    check_env(HomegameEnv(name, opponents=["random"]), skip_render_check=True)


def test_a_hand_against_two_bots_pays_the_engines_payoff() -> None:
    env = HomegameEnv("pass-the-trash", opponents=["rule", "equity"], seat=1)
    obs, info = env.reset(seed=3)
    done, total = False, 0.0
    while not done:
        assert env.observation_space.contains(obs)
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, done, _, info = env.step(action)
        assert "illegal" not in info
        total += reward
    assert env.hand is not None and total == env.hand.payoffs[1]
