"""The table an environment deals on: a game, its stakes and stacks, and one :class:`ActionSpace`."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from homegame.games import game as make_game
from homegame.rl.actions import ActionSpace
from homegame.rl.encode import encode_view, observation_size
from homegame.rules.hand import Hand
from homegame.rules.stakes import Stakes


class Table:
    """Deals hands of ``game`` to ``players`` seats of ``stack`` chips and reads their views as vectors.

    >>> t = Table("three-hole")
    >>> hand = t.deal(seed=1)
    >>> t.observe(hand, 0).shape, int(t.mask(hand, 0).sum() + t.mask(hand, 1).sum()) > 0
    ((560,), True)
    """

    def __init__(self, game: str = "three-hole", *, players: int = 2, stack: int = 20,
                 stakes: Stakes | None = None, bets: Sequence[float] = (0.5, 1.0), ranks: str = "",
                 rules: Mapping[str, Any] | None = None) -> None:
        g = make_game(game, **dict(rules or {}))
        self.game = dataclasses.replace(g, ranks=ranks) if ranks else g
        self.players = players
        self.stack = stack
        self.stakes = stakes or Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4)
        self.actions = ActionSpace(self.game, bets)
        self.size = observation_size(players, self.actions.cards)
        self.chips = players * stack
        self.deal(seed=0)  # refuse a bad table now

    def deal(self, seed: int | None, button: int = 0) -> Hand:
        """A new hand."""
        return self.game.deal([self.stack] * self.players, stakes=self.stakes, button=button, seed=seed)

    def observe(self, hand: Hand, seat: int) -> np.ndarray:
        """The seat's view as a vector (:func:`homegame.rl.encode.encode_view`)."""
        return encode_view(hand.view(seat), self.players, self.chips, positions=self.actions.cards)

    def legal(self, hand: Hand, seat: int) -> dict[int, str]:
        """The seat's legal ids now (empty when it owes no decision)."""
        if hand.over or seat not in hand.to_act:
            return {}
        return self.actions.legal(hand.view(seat))

    def mask(self, hand: Hand, seat: int) -> np.ndarray:
        """1 for each id the seat may play now (int8, all 0 when it owes no decision)."""
        out = np.zeros(self.actions.size, np.int8)
        for action in self.legal(hand, seat):
            out[action] = 1
        return out

    def play(self, hand: Hand, seat: int, action: int) -> bool:
        """Play id ``action`` for ``seat``; an id not legal now plays ``hand.default_action`` (False)."""
        text = self.legal(hand, seat).get(int(action))
        hand.act(seat, text if text is not None else hand.default_action(seat))
        return text is not None
