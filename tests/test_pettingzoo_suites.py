"""Issue 19 §6-7: PettingZoo's own test suites. Every AEC environment that says ``is_parallelizable``
passes ``parallel_api_test`` through ``aec_to_parallel`` (homegame's own AEC environment, whose turns
follow the betting, says it is not); the parallel environment passes ``parallel_api_test`` directly and
through ``parallel_to_aec``/``aec_to_parallel``; ``seed_test``, ``parallel_seed_test`` and
``max_cycles_test`` pass."""

from __future__ import annotations

import types
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402
from pettingzoo.utils.conversions import aec_to_parallel, parallel_to_aec  # noqa: E402

from homegame.rl.pettingzoo_env import HomegameAEC, HomegameParallel  # noqa: E402

SEEDS = ["passem", "sameem", "pass-the-trash", "three-hole"]


def _aec_envs(name: str) -> list[Any]:
    return [HomegameAEC(name, players=3), parallel_to_aec(HomegameParallel(name, players=3))]


@pytest.mark.parametrize("name", [*SEEDS, "holdem"])
def test_every_aec_environment_that_says_parallelizable_converts(name: str) -> None:
    """Failed on the old code: HomegameAEC said is_parallelizable True, and aec_to_parallel of it
    failed ('Parallel environment wrapper expects agents to step in a cycle')."""
    converted = 0
    for env in _aec_envs(name):
        if env.metadata.get("is_parallelizable"):
            parallel_api_test(aec_to_parallel(env), num_cycles=40)
            converted += 1
        else:
            with pytest.raises(AssertionError, match="is_parallelizable"):
                aec_to_parallel(env)
    assert converted == 1  # parallel_to_aec of the parallel environment


@pytest.mark.parametrize("name", SEEDS)
def test_the_api_and_seed_tests_of_both_forms(name: str) -> None:
    api_test(parallel_to_aec(HomegameParallel(name, players=3)), num_cycles=40, verbose_progress=False)
    seed_test(lambda: HomegameAEC(name, players=3), num_cycles=40)
    parallel_seed_test(lambda: HomegameParallel(name, players=3), num_cycles=40)


def _module(**table: Any) -> types.SimpleNamespace:
    """A PettingZoo environment module (``env``, ``parallel_env``) of pass-the-trash with every seat all in
    from the ante: the hand is a long run of simultaneous choices, so no random play ends it in four steps."""
    def parallel_env(**kw: Any) -> HomegameParallel:
        return HomegameParallel("pass-the-trash", players=3, stack=1, **table, **kw)

    def env(**kw: Any) -> Any:
        return parallel_to_aec(parallel_env(**kw))

    return types.SimpleNamespace(env=env, parallel_env=parallel_env)


def test_max_cycles() -> None:
    """Failed on the old code: no max_cycles."""
    max_cycles_test(_module())


def test_max_cycles_cuts_the_aec_hand_when_a_seat_has_decided_that_often() -> None:
    env = HomegameAEC("pass-the-trash", players=3, stack=1, max_cycles=2)
    env.reset(seed=3)
    decided = dict.fromkeys(env.possible_agents, 0)
    for agent in env.agent_iter(max_iter=200):
        _, reward, done, cut, _ = env.last()
        if done or cut:
            assert cut and not done and reward == 0.0
            env.step(None)
            continue
        decided[agent] += 1
        mask = env.observe(agent)["action_mask"]
        env.step(int(mask.nonzero()[0][0]))
    assert max(decided.values()) == 2 and not env.agents
    assert env.hand is not None and not env.hand.over
    api_test(HomegameAEC("three-hole", max_cycles=3), num_cycles=30, verbose_progress=False)


@pytest.mark.parametrize("bad", [0, -1, True, 2.5])
def test_a_bad_max_cycles_is_refused(bad: Any) -> None:
    with pytest.raises(ValueError, match="max_cycles"):
        HomegameParallel("three-hole", max_cycles=bad)
