"""Small homegame settings solved with OpenSpiel's CFR+.

The game tree of a setting (:mod:`homegame.rl.openspiel` parameters, ``deal="ranks"`` on a research
deck) is walked once through the engine and written as an extensive-form game (Gambit's EFG text,
:func:`tree_to_efg`), which ``pyspiel.load_efg_game`` loads; OpenSpiel's C++ ``CFRPlusSolver`` then
runs on it and ``pyspiel.exploitability`` measures its average policy (in chips per hand; mbb/hand
below are thousandths of the setting's small bet). The engine settles every terminal node, so the
solved game is the engine's game; the walk is the slow part (seconds to minutes).

:data:`SETTINGS` are the settings used in ``docs/rl.md``: heads-up fixed-limit on a deck of two to
four ranks with short stacks, button seat 0 (the ``cfr`` bot plays them from either seat, keyed by
position). Information states are :func:`homegame.bots.abstraction.projection_key` texts.
"""

from __future__ import annotations

import itertools
import json
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pyspiel

from homegame.bots.abstraction import projection_key, strip_suits
from homegame.cards import Card
from homegame.rl.openspiel import HomegameState, load
from homegame.rules.hand import Hand
from homegame.rules.view_types import View

_RANKS = "23456789TJQKA"

#: name -> OpenSpiel parameters of a setting small enough to solve here.
SETTINGS: dict[str, dict[str, Any]] = {
    "three-hole-KA-allin": {"game": "three-hole", "ranks": "KA", "stacks": 1, "ante": 1, "small_bet": 1,
                            "big_bet": 2, "deal": "ranks"},
    "three-hole-KA": {"game": "three-hole", "ranks": "KA", "stacks": 2, "ante": 1, "small_bet": 1,
                      "big_bet": 2, "deal": "ranks"},
    "passem-QKA": {"game": "passem", "ranks": "QKA", "stacks": 2, "ante": 1, "small_bet": 1, "big_bet": 2,
                   "deal": "ranks", "rules": json.dumps({"burn": False})},
    "pass-the-trash-JQKA-allin": {"game": "pass-the-trash", "ranks": "JQKA", "stacks": 1, "ante": 1,
                                  "small_bet": 1, "big_bet": 2, "deal": "ranks",
                                  "rules": json.dumps({"passes": [1], "split": "high"})},
}


@dataclass
class Tree:
    """A walked game tree: its EFG text, and each information state's projection key by (player, infoset
    number), with the action texts (cards by rank) in EFG order."""

    efg: str
    infosets: dict[tuple[int, int], str] = field(default_factory=dict)
    actions: dict[tuple[int, int], list[str]] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0
    collapsed: int = 0


class _Walker:
    """Walks a setting's tree through the engine, writing EFG lines.

    Three reductions keep the tree small and leave the game as it is: the first deal is one chance node
    over the seats' hands as rank multisets (the order of a seat's own cards says nothing); of the legal
    actions that differ only in the suit of a card (two like cards on a research deck) one is kept; and a
    run-out with every seat still in all in and no decision left is one terminal node with its expected
    payoffs (the same expectation for every strategy), memoised on the cards and chips. In a game without
    declarations an arrangement made when every seat still in is all in decides nothing; one order is kept
    (:meth:`_choices`)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.setting = game.setting
        self.numbers: dict[tuple[int, str], int] = {}
        self.count = [0, 0]
        self.outcome = 0
        self.tree = Tree("")
        self.memo: dict[tuple[Any, ...], list[float]] = {}
        self.fixed_order = "declare" not in {s.kind for s in self.setting.game.steps}

    def _name(self) -> int:
        self.outcome += 1
        return self.outcome

    def root(self) -> list[str]:
        """The whole tree: the first deal as one chance node, then :meth:`walk`."""
        lines: list[str] = []
        deals = list(self._first_deals())
        parts = " ".join(f'"d{i}" {p}' for i, (_, p) in enumerate(deals))
        lines.append(f'c "" {self._name()} "" {{ {parts} }} 0')
        self.tree.nodes += 1
        for cards, _ in deals:
            state = self.game.new_initial_state()
            for c in cards:
                state.apply_action(c)
            self.walk(state, lines)
        return lines

    def _first_deals(self) -> Iterator[tuple[list[int], Fraction]]:
        """Every first deal by rank multisets: the cards in deal order, and its probability."""
        state = self.game.new_initial_state()
        needed = 0
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            needed += 1
        deck = list(self.setting.cards)
        hand = self.setting.new_hand(deck[:needed])
        holder = {c: s for s in range(self.setting.players) for c in hand.view(s)["cards"]}
        seats = [holder.get(str(Card(c)), -1) for c in deck[:needed]]
        sizes = [seats.count(s) for s in range(-1, self.setting.players)]
        ranks = sorted({c // 4 for c in deck})
        left = {r: sum(1 for c in deck if c // 4 == r) for r in ranks}

        def hands(k: int, pool: dict[int, int]) -> Iterator[tuple[list[int], Fraction]]:
            for combo in itertools.combinations_with_replacement(ranks, k):
                if all(combo.count(r) <= pool[r] for r in set(combo)):
                    ways = math.prod(math.comb(pool[r], combo.count(r)) for r in set(combo))
                    yield list(combo), Fraction(ways, math.comb(sum(pool.values()), k))

        def deal(who: int, pool: dict[int, int]) -> Iterator[tuple[dict[int, list[int]], Fraction]]:
            if who == self.setting.players:
                yield {}, Fraction(1)
                return
            for combo, p in hands(sizes[who + 1], pool):
                rest = {r: pool[r] - combo.count(r) for r in pool}
                for more, q in deal(who + 1, rest):
                    yield {who: combo, **more}, p * q

        for given, p in deal(-1, left):
            queues = {s: list(v) for s, v in given.items()}
            taken: set[int] = set()
            cards = []
            for s in seats:
                rank = queues[s].pop(0)
                card = min(c for c in deck if c // 4 == rank and c not in taken)
                taken.add(card)
                cards.append(card)
            yield cards, p

    def walk(self, state: HomegameState, lines: list[str], memo_key: tuple[Any, ...] | None = None
             ) -> list[float] | None:
        """Append the subtree's EFG lines; its expected payoffs when it holds no decision, else None."""
        self.tree.nodes += 1
        if state.is_terminal():
            pays = list(state.returns())
            lines.append(f't "" {self._name()} "" {{ {" ".join(f"{r:.1f}" for r in pays)} }}')
            return pays
        if state.is_chance_node():
            return self._chance(state, lines, memo_key)
        player = state.current_player()
        hand = state.hand
        assert hand is not None
        view = hand.view(player)
        key = projection_key(view, [a for s, a in state.actions if s == player])
        number = self.numbers.get((player, key))
        by_text = self._choices(view)
        texts = list(by_text)
        if number is None:
            self.count[player] += 1
            number = self.numbers[(player, key)] = self.count[player]
            self.tree.infosets[(player, number)] = key
            self.tree.actions[(player, number)] = texts
        elif self.tree.actions[(player, number)] != texts:
            raise ValueError(f"information state {key} has actions {texts} and {self.tree.actions[(player, number)]}")
        names = " ".join(f'"{t}"' for t in texts)
        lines.append(f'p "" {player + 1} {number} "" {{ {names} }} 0')
        for text in texts:
            child = state.clone()
            child.actions.append((player, by_text[text]))
            acted = child.hand
            assert acted is not None
            acted.act(player, by_text[text])
            if acted.cards_drawn > len(child.dealt):
                child.hand = None
                self.walk(child, lines, self._runout_key(acted, player, child))
            else:
                self.walk(child, lines)
        return None

    def _choices(self, view: View) -> dict[str, str]:
        """The actions kept at a decision: action text with cards by rank -> a legal text.

        An arrangement when every seat still in is all in and nobody declares decides nothing (no bet is
        left, and the showdown reads the cards whatever their order): one order is kept, by rank."""
        seats = view.get("seats", [])
        if (view.get("step") or {}).get("kind") == "arrange" and self.fixed_order and all(
                s["all_in"] or s["folded"] for s in seats):
            text = "arrange " + " ".join(sorted(view["cards"], key=lambda c: (_RANKS.index(c[0]), c)))
            return {strip_suits(text): text}
        by_text: dict[str, str] = {}
        for text in self.setting.actions.legal(view).values():
            by_text.setdefault(strip_suits(text), text)
        return by_text

    def _runout_key(self, acted: Hand, player: int, state: HomegameState) -> tuple[Any, ...] | None:
        """What a run-out after an action depends on (``acted``: the hand after it), when every seat still in
        is then all in."""
        view = acted.view(player)
        if not all(s["all_in"] or s["folded"] for s in view["seats"]):
            return None
        cards = tuple(tuple(sorted(c[0] for c in acted.view(s)["cards"])) for s in range(self.setting.players))
        chips = tuple((s["in_pot"], s["folded"]) for s in view["seats"])
        return (tuple(sorted(c // 4 for c in state.dealt)), cards, chips, view["street"])

    def _chance(self, state: HomegameState, lines: list[str], memo_key: tuple[Any, ...] | None
                ) -> list[float] | None:
        if memo_key is not None and memo_key in self.memo:
            self.tree.collapsed += 1
            self._terminal(lines, self.memo[memo_key])
            return self.memo[memo_key]
        outcomes = state.chance_outcomes()
        parts = " ".join(f'"c{a}" {Fraction(p).limit_denominator(100000)}' for a, p in outcomes)
        sub = [f'c "" {self._name()} "" {{ {parts} }} 0']
        total: list[float] | None = [0.0] * self.setting.players
        for a, p in outcomes:
            ev = self.walk(state.child(a), sub)
            if ev is None or total is None:
                total = None
            else:
                weight = float(Fraction(p).limit_denominator(100000))
                total = [t + weight * x for t, x in zip(total, ev, strict=True)]
        if total is None:
            lines.extend(sub)
            return None
        if memo_key is not None:
            self.memo[memo_key] = total
        self.tree.collapsed += 1
        self._terminal(lines, total)
        return total

    def _terminal(self, lines: list[str], pays: list[float]) -> None:
        lines.append(f't "" {self._name()} "" {{ {" ".join(repr(round(x, 12)) for x in pays)} }}')


def tree_to_efg(params: dict[str, Any]) -> Tree:
    """Walk the setting's whole game tree through the engine and write it as EFG text."""
    start = time.perf_counter()
    game = load(**params)
    walker = _Walker(game)
    players = " ".join(f'"seat {i}"' for i in range(game.num_players()))
    body = walker.root()
    tree = walker.tree
    tree.efg = f'EFG 2 R "homegame {params.get("game")}" {{ {players} }} ""\n\n' + "\n".join(body) + "\n"
    tree.seconds = time.perf_counter() - start
    return tree


@dataclass
class Solved:
    """A CFR+ run: exploitability (chips/hand) after each checkpoint, and the average policy."""

    iterations: list[int]
    exploitability: list[float]
    seconds: list[float]
    policy: dict[str, dict[str, float]]
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


def _policy(efg: Any, average: Any, tree: Tree) -> dict[str, dict[str, float]]:
    """The average policy keyed by projection key, actions by their text with cards by rank.

    OpenSpiel names an EFG information state ``"{player}-{player}-{infoset number}-{name}"`` and numbers
    the EFG's action names across the whole game; the names are the action texts.
    """
    names = _action_names(efg)
    out: dict[str, dict[str, float]] = {}
    for key, pairs in average.policy_table().items():
        parts = key.split("-", 3)
        where = (int(parts[0]), int(parts[2]))
        out[tree.infosets[where]] = {names[int(a)]: round(float(p), 6) for a, p in pairs}
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
