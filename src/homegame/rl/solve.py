"""Small homegame settings solved with OpenSpiel's CFR+.

The game tree of a setting (:mod:`homegame.rl.openspiel` parameters, ``deal="ranks"`` on a research
deck) is walked once through the engine and written as an extensive-form game (Gambit's EFG text,
:func:`tree_to_efg`), which ``pyspiel.load_efg_game`` loads; OpenSpiel's C++ ``CFRPlusSolver`` then
runs on it and ``pyspiel.exploitability`` measures its average policy (in chips per hand; mbb/hand
below are thousandths of the setting's small bet). The engine settles every terminal node, so the
solved game is the engine's game; the walk is the slow part (seconds to minutes).

:data:`SETTINGS` are the settings used in ``docs/rl.md``: heads-up fixed-limit on a deck of two or
three ranks with short stacks, button seat 0.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pyspiel

from homegame.rl.openspiel import HomegameState, load

#: name -> OpenSpiel parameters of a setting small enough to solve here.
SETTINGS: dict[str, dict[str, Any]] = {
    "three-hole-KA-allin": {"game": "three-hole", "ranks": "KA", "stacks": 1, "ante": 1, "small_bet": 1,
                            "big_bet": 2, "deal": "ranks"},
    "three-hole-KA": {"game": "three-hole", "ranks": "KA", "stacks": 2, "ante": 1, "small_bet": 1,
                      "big_bet": 2, "deal": "ranks"},
    "passem-QKA": {"game": "passem", "ranks": "QKA", "stacks": 2, "ante": 1, "small_bet": 1, "big_bet": 2,
                   "deal": "ranks", "rules": json.dumps({"burn": False})},
}


@dataclass
class Tree:
    """A walked game tree: its EFG text, and each information state's text by (player, infoset number)."""

    efg: str
    infosets: dict[tuple[int, int], str] = field(default_factory=dict)
    actions: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0


def _walk(state: HomegameState, tree: Tree, numbers: dict[tuple[int, str], int], depth: int,
          outcome: list[int]) -> Iterator[str]:
    pad = "  " * depth
    tree.nodes += 1
    if state.is_terminal():
        outcome[0] += 1
        pays = " ".join(f"{r:.1f}" for r in state.returns())
        yield f'{pad}t "" {outcome[0]} "" {{ {pays} }}'
        return
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        parts = " ".join(f'"c{a}" {Fraction(p).limit_denominator(100000)}' for a, p in outcomes)
        outcome[0] += 1
        yield f'{pad}c "" {outcome[0]} "" {{ {parts} }} 0'
        for a, _ in outcomes:
            yield from _walk(state.child(a), tree, numbers, depth + 1, outcome)
        return
    player = state.current_player()
    key = state.information_state_string(player)
    number = numbers.setdefault((player, key), sum(1 for p, _ in numbers if p == player) + 1)
    tree.infosets[(player, number)] = key
    actions = state.legal_actions()
    tree.actions[(player, number)] = actions
    names = " ".join(f'"a{a}"' for a in actions)
    yield f'{pad}p "" {player + 1} {number} "i{number}" {{ {names} }} 0'
    for a in actions:
        yield from _walk(state.child(a), tree, numbers, depth + 1, outcome)


def tree_to_efg(params: dict[str, Any]) -> Tree:
    """Walk the setting's whole game tree through the engine and write it as EFG text."""
    start = time.perf_counter()
    game = load(**params)
    players = " ".join(f'"seat {i}"' for i in range(game.num_players()))
    tree = Tree("")
    body = list(_walk(game.new_initial_state(), tree, {}, 0, [0]))
    tree.efg = f'EFG 2 R "homegame {params.get("game")}" {{ {players} }} ""\n\n' + "\n".join(body) + "\n"
    tree.seconds = time.perf_counter() - start
    return tree


@dataclass
class Solved:
    """A CFR+ run: exploitability (chips/hand) after each checkpoint, and the average policy."""

    iterations: list[int]
    exploitability: list[float]
    seconds: list[float]
    policy: dict[str, dict[int, float]]
    walk_seconds: float
    nodes: int
    infosets: int


def solve(params: dict[str, Any], iterations: int = 200, checkpoints: int = 12) -> Solved:
    """Run CFR+ for ``iterations`` on the setting, measuring exploitability at ``checkpoints`` points."""
    tree = tree_to_efg(params)
    efg = pyspiel.load_efg_game(tree.efg)
    solver = pyspiel.CFRPlusSolver(efg)
    marks = sorted({max(1, round(iterations ** (k / (checkpoints - 1)))) for k in range(checkpoints)})
    done, its, exps, secs = 0, [], [], []
    start = time.perf_counter()
    for mark in marks:
        while done < mark:
            solver.evaluate_and_update_policy()
            done += 1
        its.append(done)
        exps.append(float(pyspiel.exploitability(efg, solver.tabular_average_policy())))
        secs.append(time.perf_counter() - start)
    return Solved(its, exps, secs, _policy(efg, solver.tabular_average_policy(), tree), tree.seconds, tree.nodes,
                  len(tree.infosets))


def _policy(efg: Any, average: Any, tree: Tree) -> dict[str, dict[int, float]]:
    """The average policy keyed by homegame information-state text, actions by homegame id.

    OpenSpiel names an EFG information state ``"{player}-{player}-{infoset number}-{name}"`` and numbers
    the EFG's action names across the whole game; the names are ``a{homegame id}``.
    """
    names = _action_names(efg)
    out: dict[str, dict[int, float]] = {}
    for key, pairs in average.policy_table().items():
        parts = key.split("-", 3)
        where = (int(parts[0]), int(parts[2]))
        out[tree.infosets[where]] = {int(names[int(a)][1:]): round(float(p), 6) for a, p in pairs}
    return out


def _action_names(efg: Any) -> dict[int, str]:
    names: dict[int, str] = {}
    stack = [efg.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
            continue
        actions = state.legal_actions()
        fresh = [a for a in actions if a not in names]
        for a in fresh:
            names[a] = state.action_to_string(state.current_player(), a)
        if fresh or len(names) < efg.num_distinct_actions():
            stack.extend(state.child(a) for a in actions)
    return names
