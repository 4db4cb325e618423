"""Solved small games (issue 13): CFR+ drives exploitability down on the smallest research setting, as
the figure in docs/img/exploitability.json says, and the ``cfr`` bot plays the solved policy."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

import homegame as hg
from homegame.bots import Bot, bot_names, make_bot

pyspiel = pytest.importorskip("pyspiel")
from homegame.rl.solve import SETTINGS, solve  # noqa: E402

FIGURES = Path(__file__).resolve().parents[1] / "docs/img/exploitability.json"
SMALLEST = "three-hole-KA-allin"
SOLVED = [n for n in SETTINGS if (Path(hg.__file__).parent / "data" / f"cfr-{n}.json").exists()]


def test_exploitability_falls_and_reproduces_the_documented_figure() -> None:
    solved = solve(SETTINGS[SMALLEST], iterations=1000, checkpoints=12)  # as python -m homegame.rl.report
    exp = solved.exploitability
    assert exp[0] > 0.1 and exp[-1] < 1e-3
    assert all(b <= a * 1.05 for a, b in zip(exp, exp[1:], strict=False))
    documented = json.loads(FIGURES.read_text())[SMALLEST]
    assert solved.iterations == documented["iterations"]
    assert exp == pytest.approx(documented["exploitability"], rel=1e-6, abs=1e-12)
    assert solved.infosets == documented["infosets"] and solved.nodes == documented["nodes"]


def test_the_cfr_bot_is_made_by_name_but_not_listed() -> None:
    assert "cfr" not in bot_names()
    assert make_bot("cfr").name == "cfr"


def _play(setting: str, cfr: Bot, other: Bot, hands: int, *, button: int | None = None,
          stacks: int | None = None) -> None:
    p = SETTINGS[setting]
    game = dataclasses.replace(hg.game(p["game"], **json.loads(p.get("rules", "{}"))), ranks=p["ranks"])
    stakes = hg.Stakes("fixed-limit", ante=p["ante"], small_bet=p["small_bet"], big_bet=p["big_bet"])
    rng = random.Random(0)
    for i in range(hands):
        at = i // 2 % 2 if button is None else button
        hand = game.deal([stacks or p["stacks"]] * 2, stakes=stakes, seed=rng.randrange(10**9), button=at)
        bots = {i % 2: cfr, 1 - i % 2: other}
        while not hand.over:
            s = hand.to_act[0]
            hand.act(s, bots[s].act(hand.view(s)))


@pytest.mark.parametrize("opponent", ["random", "rule"])
@pytest.mark.parametrize("setting", SOLVED)
def test_the_cfr_bot_plays_its_solved_policy_in_every_spot_of_a_solved_setting(setting: str, opponent: str) -> None:
    cfr = make_bot("cfr", seed=1)
    _play(setting, cfr, make_bot(opponent, seed=2), 40)
    assert cfr.hits > 0 and cfr.misses == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize("button", [0, 1])
@pytest.mark.parametrize("setting", SOLVED)
def test_the_cfr_bot_plays_either_seat_wherever_the_button_is(setting: str, button: int) -> None:
    # the policy was solved with the button at seat 0; it was played only there (issue 13)
    cfr = make_bot("cfr", seed=1)
    _play(setting, cfr, make_bot("random", seed=2), 20, button=button)
    assert cfr.hits > 0 and cfr.misses == 0  # type: ignore[attr-defined]


def test_at_another_table_of_the_same_game_the_cfr_bot_plays_as_the_rule_bot() -> None:
    cfr = make_bot("cfr", seed=1)  # deeper stacks: the same cards and actions, another game
    _play("three-hole-KA", cfr, make_bot("random", seed=2), 10, stacks=SETTINGS["three-hole-KA"]["stacks"] + 3)
    assert cfr.misses > 0 and cfr.hits == 0  # type: ignore[attr-defined]


def test_outside_a_solved_setting_the_cfr_bot_plays_as_the_rule_bot() -> None:
    hand = hg.game("holdem").deal([100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=3)
    bot = make_bot("cfr", seed=1)
    while not hand.over:
        s = hand.to_act[0]
        hand.act(s, bot.act(hand.view(s)))
    assert bot.misses > 0 and bot.hits == 0  # type: ignore[attr-defined]


@pytest.mark.slow  # about 20 s of CPU: the full game's best response is OpenSpiel's Python one
def test_the_reduced_tree_is_the_game() -> None:
    # the solver walks a reduced tree (first deal by rank multisets, like-card actions once, run-outs as one
    # node); a policy on it is worth the same to each seat in the full OpenSpiel game, card by card
    from homegame.bots.abstraction import projection_key, strip_suits
    from homegame.rl.openspiel import load
    from homegame.rl.solve import _policy, tree_to_efg

    params = SETTINGS[SMALLEST]
    tree = tree_to_efg(params)
    efg = pyspiel.load_efg_game(tree.efg)
    solver = pyspiel.CFRPlusSolver(efg)
    for _ in range(5):
        solver.evaluate_and_update_policy()
    table = solver.tabular_average_policy().policy_table()
    for key, pairs in table.items():  # seat 0 plays its first action: the seats differ, the value is not 0
        if key.startswith("0-"):
            table[key] = [(a, float(i == 0)) for i, (a, _) in enumerate(pairs)]
    average = pyspiel.TabularPolicy(table)
    reduced = pyspiel.expected_returns(efg.new_initial_state(), average, -1, True)
    policy = _policy(efg, average, tree)

    def value(state: Any) -> list[float]:
        if state.is_terminal():
            return list(state.returns())
        if state.is_chance_node():
            parts = [(p, value(state.child(a))) for a, p in state.chance_outcomes()]
        else:
            seat = state.current_player()
            probs = policy[projection_key(state.view(seat), [a for s, a in state.actions if s == seat])]
            first: dict[str, int] = {}
            for a, text in state.legal_texts(seat).items():
                first.setdefault(strip_suits(text), a)
            assert set(first) == set(probs)
            parts = [(probs[t], value(state.child(first[t]))) for t in probs]
        return [sum(p * v[i] for p, v in parts) for i in range(2)]

    game = load(**params)
    full = value(game.new_initial_state())
    assert full == pytest.approx(reduced, abs=1e-5)
    assert abs(full[0]) > 1e-3  # not a vacuous zero

    # and a best response in the full game, on the engine's own information states, gains no more than in
    # the reduced one: the projection keeps everything a seat knows
    from open_spiel.python import policy as os_policy
    from open_spiel.python.algorithms import exploitability

    class Projected(os_policy.Policy):  # type: ignore[misc]
        def action_probabilities(self, state: Any, player_id: Any = None) -> dict[int, float]:
            seat = state.current_player()
            probs = policy[projection_key(state.view(seat), [a for s, a in state.actions if s == seat])]
            out = dict.fromkeys(state.legal_actions(), 0.0)
            first: dict[str, int] = {}
            for a, text in state.legal_texts(seat).items():
                first.setdefault(strip_suits(text), a)
            out.update({first[t]: p for t, p in probs.items()})
            return out

    in_full = exploitability.exploitability(game, Projected(game, [0, 1]))
    assert in_full == pytest.approx(pyspiel.exploitability(efg, average), abs=1e-6)
