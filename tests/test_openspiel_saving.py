"""Issue 19 §4: OpenSpiel games can be saved. ``pyspiel.load_game(str(game))`` reads the game back (the
default ``bets`` and the JSON ``rules`` used to hold commas, which OpenSpiel's parameter parser splits
on), so OpenSpiel's own serialization checks, ``serialize_game_and_state`` and pickling all work, for
every seed game (and both the sequential and the simultaneous-node game)."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
rl_openspiel = pytest.importorskip("homegame.openspiel")

SEEDS = ["passem", "sameem", "pass-the-trash", "three-hole"]
RULES = {"passem": '{"burn": false, "pass_direction": "right"}', "sameem": '{"burn": false, "split": "high-low"}',
         "pass-the-trash": '{"passes": [3, 2, 1], "keep": 6, "declare_after": 4}', "three-hole": "{}"}


def _game(name: str, simultaneous: bool = False) -> object:
    load = rl_openspiel.load_simultaneous if simultaneous else rl_openspiel.load
    return load(name, players=2, rules=RULES[name], bets="0.5,1,2")


def _partway(game: object, seed: int, moves: int) -> object:
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(game.num_players())])  # type: ignore[attr-defined]
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("simultaneous", [False, True])
@pytest.mark.parametrize("name", SEEDS)
def test_the_game_string_loads_the_same_game(name: str, simultaneous: bool) -> None:
    """Failed on the old code: Unknown parameter '1,big_bet=4,...'."""
    game = _game(name, simultaneous)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.get_parameters() == game.get_parameters()
    assert again.num_distinct_actions() == game.num_distinct_actions()


@pytest.mark.parametrize("name", SEEDS)
def test_a_state_round_trips_through_openspiel_serialization_and_pickle(name: str) -> None:
    game = _game(name)
    for moves in (3, 25, 200):
        state = _partway(game, moves, moves)
        game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert str(game2) == str(game) and str(state2) == str(state)
        assert state2.history() == state.history() and state2.returns() == state.returns()
        pickled = pickle.loads(pickle.dumps(state))
        assert str(pickled) == str(state) and pickled.history() == state.history()
        if not state.is_terminal() and not state.is_chance_node():
            assert pickled.legal_actions() == state.legal_actions()
            assert pickled.information_state_string() == state.information_state_string()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


@pytest.mark.parametrize("name", SEEDS)
def test_openspiel_random_simulations_with_serialization(name: str) -> None:
    """OpenSpiel's own check, serializing and deserializing every state it visits."""
    pyspiel.random_sim_test(_game(name), num_sims=2, serialize=True, verbose=False)


def test_either_separator_and_plain_json_give_the_same_game() -> None:
    a = rl_openspiel.load("pass-the-trash", bets="0.5,1", rules='{"passes": [3, 2, 1], "keep": 6}')
    b = rl_openspiel.load("pass-the-trash", bets="0.5;1", rules='{"keep":6;"passes":[3;2;1]}')
    assert str(a) == str(b)
    parsed = pyspiel.game_parameters_from_string(str(a))
    assert parsed["rules"] == '{"keep":6;"passes":[3;2;1]}' and parsed["bets"] == "0.5;1"
