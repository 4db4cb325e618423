"""One fixed integer action space per game, and its translation to and from ``hand.act`` texts.

Ids, for a game whose seats hold at most ``M`` cards:

- ``0`` fold, ``1`` check or call;
- ``2 .. 2 + len(bets)``: bet or raise; id ``2 + i`` raises to ``fraction_i`` of the pot after a call
  (``bets`` is the abstraction parameter, pot fractions, default ``(0.5, 1.0)``), the last one the most
  allowed (all in, or the pot-limit maximum); each is clamped into the legal range, and an id whose
  amount an earlier id already gives is not offered. Fixed-limit has one size: only id ``2`` is offered;
- ``C + mask`` (``C = 3 + len(bets)``, ``mask < 2**M``): a card choice, the bit ``i`` set for the
  seat's ``i``-th card (``view["cards"]`` order): a pass, a discard (down to ``keep`` or a draw, ``0``
  stands pat) or an exposure (one face-down card);
- ``A + k`` (``A = C + 2**M``; only games with an arrangement): the ``k``-th permutation of the seat's
  cards (lexicographic, ``itertools.permutations``), the first to roll first;
- ``D + 0/1/2`` (``D`` = after those): declare high, low, both.

>>> import homegame as hg
>>> space = ActionSpace(hg.game("three-hole"))
>>> space.size, space.card_base, space.declare_base
(16, 5, 13)
>>> view = {"cards": ["As", "7d", "7c"], "up": [], "legal": ["fold", "call 2", "raise 4..100"],
...         "seat": 0, "pot": 6, "seats": [{"bet": 2}, {"bet": 4}]}
>>> space.legal(view)
{0: 'fold', 1: 'call', 2: 'raise 8', 3: 'raise 12', 4: 'raise 100'}
>>> space.legal({"cards": ["As", "7d", "7c"], "up": ["7d"], "legal": ["expose"], "seats": []})
{6: 'expose As', 9: 'expose 7c'}
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from homegame.rules.spec import Game

View = Mapping[str, Any]


def max_cards(game: Game) -> int:
    """The most cards a seat of ``game`` can hold at once (7 for seven-card stud and Pass The Trash)."""
    held = most = 0
    for step in game.steps:
        if step.kind == "deal":
            held += len(step.faces)
        elif step.kind == "discard":
            held = min(held, step.keep) if step.keep else held
        most = max(most, held)
    return max(most, 1)


class ActionSpace:
    """The integer actions of ``game`` (see the module's notes); ``bets`` the pot fractions offered."""

    def __init__(self, game: Game, bets: Sequence[float] = (0.5, 1.0)) -> None:
        if any(not 0 < f <= 100 for f in bets):
            raise ValueError(f"bet sizes are pot fractions above 0 (at most 100), not {list(bets)}")
        self.game = game
        self.bets = tuple(float(f) for f in bets)
        self.cards = max_cards(game)
        self.card_base = 3 + len(self.bets)
        kinds = {s.kind for s in game.steps}
        self.arrange_base = self.card_base + 2 ** self.cards
        self.perms = math.factorial(self.cards) if "arrange" in kinds else 0
        self.declare_base = self.arrange_base + self.perms
        self.size = self.declare_base + 3

    def legal(self, view: View) -> dict[int, str]:
        """The legal actions of the seat whose view this is: id -> the text ``hand.act`` takes."""
        out: dict[int, str] = {}
        cards: list[str] = list(view.get("cards", []))
        for text in view.get("legal", []):
            verb, _, rest = text.partition(" ")
            if verb == "fold":
                out[0] = "fold"
            elif verb in ("check", "call"):
                out[1] = verb
            elif verb in ("bet", "raise"):
                self._sizes(view, verb, rest, out)
            elif verb in ("pass", "discard", "expose"):
                self._choices(view, verb, rest, cards, out)
            elif verb == "arrange":
                for k, perm in enumerate(itertools.permutations(range(len(cards)))):
                    out[self.arrange_base + k] = "arrange " + " ".join(cards[i] for i in perm)
            elif verb == "declare":
                out[self.declare_base + ("high", "low", "both").index(rest)] = text
        return dict(sorted(out.items()))

    def _sizes(self, view: View, verb: str, rest: str, out: dict[int, str]) -> None:
        low_text, _, high_text = rest.partition("..")
        low = int(low_text)
        high = int(high_text) if high_text else low
        if low == high:
            out[2] = f"{verb} {low}"
            return
        bets = [int(s.get("bet", 0)) for s in view.get("seats", [])]
        seat = view.get("seat")
        mine = bets[seat] if isinstance(seat, int) and seat < len(bets) else 0
        top = max(bets, default=0)
        after_call = int(view.get("pot", 0)) + top - mine
        given: set[int] = set()
        amounts = [top + round(f * after_call) for f in self.bets] + [high]
        for i, amount in enumerate(amounts):
            amount = min(max(amount, low), high)
            if amount not in given:
                given.add(amount)
                out[2 + i] = f"{verb} {amount}"

    def _choices(self, view: View, verb: str, rest: str, cards: list[str], out: dict[int, str]) -> None:
        if verb == "expose":
            up = set(view.get("up", []))
            for i, card in enumerate(cards):
                if card not in up:
                    out[self.card_base + (1 << i)] = f"expose {card}"
            return
        count = int(rest) if rest else 0
        for combo in itertools.combinations(range(len(cards)), count):
            mask = sum(1 << i for i in combo)
            out[self.card_base + mask] = " ".join([verb, *(cards[i] for i in combo)])

    def describe(self, action: int) -> str:
        """An id in words, without a view (for logs and ``action_to_string``)."""
        if action == 0:
            return "fold"
        if action == 1:
            return "check/call"
        if action < self.card_base:
            i = action - 2
            return "bet max" if i == len(self.bets) else f"bet {self.bets[i]:g} pot"
        if action < self.arrange_base:
            mask = action - self.card_base
            return "cards " + ",".join(str(i) for i in range(self.cards) if mask >> i & 1)
        if action < self.declare_base:
            return f"arrangement {action - self.arrange_base}"
        return "declare " + ("high", "low", "both")[action - self.declare_base]
