"""Issue 19 §5: information-state tensors tell apart the information states in which a card-choice id plays
different cards. Card-choice ids name a card by its position among the seat's cards; the tensor now
lays out the seat's cards in that order (the PettingZoo and Gymnasium observations share the encoder).

The check enumerates every information state of a small solved setting (three-hole-KA-allin) and of a
full-deck three-hole deal sample, and compares what each legal id plays."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
rl_openspiel = pytest.importorskip("homegame.openspiel")
from open_spiel.python.algorithms.get_all_states import get_all_states  # noqa: E402

from homegame.rl.solve import SETTINGS  # noqa: E402


def _meaning(state: Any, player: int) -> dict[int, str]:
    """What each legal id plays, in the seat's own words (ranks only in a research deck)."""
    from homegame.rl.encode import strip_suits

    texts = state.legal_texts(player)
    suits = state.setting.deal == "cards"
    return {i: t if suits else strip_suits(t) for i, t in texts.items()}


def _collisions(states: list[Any]) -> tuple[int, int, list[str]]:
    """(information states, tensors shared by several of them, the shared tensors whose ids mean different
    cards, described)."""
    by_tensor: dict[bytes, dict[str, dict[int, str]]] = defaultdict(dict)
    for state in states:
        player = state.current_player()
        tensor = np.asarray(state.information_state_tensor(player), np.float32)
        by_tensor[tensor.tobytes()][state.information_state_string(player)] = _meaning(state, player)
    infos = sum(len(v) for v in by_tensor.values())
    shared = [v for v in by_tensor.values() if len(v) > 1]
    confused = [f"{list(v)}: {list(v.values())}" for v in shared if len({tuple(m.items()) for m in v.values()}) > 1]
    return infos, len(shared), confused


def test_a_small_setting_enumerated() -> None:
    """Failed on the old code: 24 tensors each stood for information states whose ids meant different
    cards (id 7 "expose K" in one, "expose A" in the other)."""
    game = pyspiel.load_game("homegame", SETTINGS["three-hole-KA-allin"])
    states = [s for s in get_all_states(game, -1, False, False).values()
              if not s.is_chance_node() and not s.is_terminal()]
    infos, shared, confused = _collisions(states)
    assert infos == 112
    assert confused == []
    assert shared == 0  # distinct information states, distinct tensors


def test_full_deck_deals_sampled() -> None:
    game = rl_openspiel.load("three-hole", players=2, stacks=1)
    rng = random.Random(5)
    states = []
    for _ in range(150):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    _, _, confused = _collisions(states)
    assert confused == []


def test_gymnasium_pettingzoo_and_openspiel_share_the_vector() -> None:
    from homegame.rl.pettingzoo_env import HomegameAEC

    env = HomegameAEC("three-hole")
    env.reset(seed=4)
    assert env.hand is not None
    game = rl_openspiel.load("three-hole")
    state = game.new_initial_state()
    for card in env.hand.deck_order()[:env.hand.cards_drawn]:
        state.apply_action(int(card))
    seat = env.hand.to_act[0]
    observed = env.observe(env.possible_agents[seat])["observation"]
    assert observed.shape == env.observation_space(env.possible_agents[seat])["observation"].shape
    assert np.array_equal(observed, np.asarray(state.observation_tensor(seat), np.float32))
