"""Every homegame game as an OpenSpiel game passes OpenSpiel's own random-simulation checks (issue 13)."""

from __future__ import annotations

import random

import pytest

import homegame as hg

pyspiel = pytest.importorskip("pyspiel")
rl_openspiel = pytest.importorskip("homegame.openspiel")


@pytest.mark.parametrize("name", hg.game_names())
def test_random_simulations_pass_openspiel_checks_heads_up_fixed_limit(name: str) -> None:
    game = rl_openspiel.load(name, players=2)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name", ["passem", "sameem", "pass-the-trash", "three-hole", "holdem", "stud"])
def test_random_simulations_pass_at_a_no_limit_table_of_four(name: str) -> None:
    game = rl_openspiel.load(name, players=4, structure="no-limit", ante=0, small_blind=1, big_blind=2,
                             stacks=30, bets="0.5,1,2")
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def _play(game: object, seed: int) -> object:
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", ["three-hole", "passem", "pass-the-trash"])
def test_information_states_hold_exactly_the_seats_view(name: str) -> None:
    game = rl_openspiel.load(name, players=3)
    rng = random.Random(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        hand = state.hand
        for seat in range(3):
            view = hand.view(seat)
            text = state.observation_string(seat)
            assert text == rl_openspiel.view_text(view)
            hidden = {c for other in range(3) if other != seat for c in hand.view(other)["cards"]}
            hidden -= {c for s in view["seats"] for c in s["up"] + (s["shown"] or [])}
            assert not any(f'"{c}"' in state.information_state_string(seat) for c in hidden)
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_deal_is_chance_and_a_stacked_deal_is_the_engines_hand() -> None:
    game = rl_openspiel.load("three-hole", players=2)
    state = game.new_initial_state()
    order = [hg.Card(c).id for c in ["As", "Kd", "Qh", "Jc", "Ts", "9d"]]
    for card in order:
        assert state.is_chance_node() and len(state.chance_outcomes()) == 52 - order.index(card)
        state.apply_action(card)
    assert not state.is_chance_node()
    same = hg.game("three-hole").deal([20, 20], stakes=hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4),
                                      deck=order + [c for c in range(52) if c not in order])
    assert state.hand.view(0)["cards"] == same.view(0)["cards"]


def test_bet_sizes_come_from_the_abstraction_parameter() -> None:
    game = rl_openspiel.load("holdem", structure="no-limit", ante=0, small_blind=1, big_blind=2, stacks=100,
                             bets="1")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    texts = state.legal_texts(state.current_player())
    assert texts == {0: "fold", 1: "call", 2: "raise 6", 3: "raise 100"}


def test_a_bad_parameter_is_refused_with_what_is_allowed() -> None:
    with pytest.raises((ValueError, pyspiel.SpielError), match="[Aa]vailable parameters are: ante"):
        rl_openspiel.load("holdem", colour="red")
    with pytest.raises(ValueError, match="at most four ranks"):
        rl_openspiel.load("holdem", deal="ranks")


@pytest.mark.parametrize("name", hg.game_names())
def test_the_simultaneous_form_passes_openspiel_checks_three_handed(name: str) -> None:
    from homegame.rl.openspiel_simultaneous import load_simultaneous

    game = load_simultaneous(name, players=3)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_a_simultaneous_step_is_one_simultaneous_node_and_converts_to_turn_based() -> None:
    from homegame.rl.openspiel_simultaneous import NO_DECISION, load_simultaneous

    game = load_simultaneous("three-hole", players=3)
    state = game.new_initial_state()
    rng = random.Random(4)
    seen = False
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        elif state.is_simultaneous_node():
            seen = True
            hand = state.hand
            for p in range(3):
                legal = state.legal_actions(p)
                assert legal == [NO_DECISION] if p not in hand.to_act else len(legal) == len(hand.view(p)["cards"]) - len(hand.view(p)["up"])
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(3)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen
    pyspiel.random_sim_test(pyspiel.convert_to_turn_based(game), num_sims=2, serialize=False, verbose=False)
