"""The deck of one hand, shuffled as it is dealt.

A seeded (or secure) hand draws each card by one step of a Fisher-Yates shuffle, so a hand pays only
for the cards it uses; :meth:`Deck.order` completes the shuffle (deterministically) when the full
order is wanted, for the history. Cards preset by ``hole``/``board`` are skipped when drawn.

>>> import random
>>> d = Deck(list(range(52)), random.Random(1), taken={0})
>>> first = d.draw()
>>> first != 0 and sorted(d.order()) == list(range(52)) and d.order()[0] == first
True
>>> def same(taken):
...     a, b = Deck(list(range(52)), random.Random(5), taken), Deck(list(range(52)), random.Random(5), taken)
...     return a.draw_many(4) == [b.draw() for _ in range(4)] and a.order() == b.order()
>>> same(set()), same({3})
(True, True)

Where a hand's cards come from is one record per hand, :class:`Dealer` (``hand.dealer``), written only by
:mod:`homegame.rules.dealing`; a draw that runs the deck short deals from its :class:`Stub`.

A hand dealt from a caller's generator (``deal(..., rng=)``) is a :class:`StreamDeck`: it takes what it
needs from the generator once, at the deal, so its cards do not depend on when anything is read.
"""

from __future__ import annotations

import hashlib
import random
import sys
from array import array


class Deck:
    """A deck order with a draw position; ``rng`` None means the order is fixed already.

    The order may be any set of cards (a short or research deck has fewer than 52).
    """

    __slots__ = ("_order", "_pos", "_rng", "_taken")

    def __init__(self, order: list[int], rng: random.Random | None, taken: set[int]) -> None:
        self._order = order
        self._rng = rng
        self._taken = taken
        self._pos = 0

    def draw(self) -> int:
        """The next card that is not preset."""
        order, rng, taken = self._order, self._rng, self._taken
        size = len(order)
        while True:
            i = self._pos
            if rng is not None:
                j = i + int(rng.random() * (size - i))
                order[i], order[j] = order[j], order[i]
            self._pos = i + 1
            c = order[i]
            if c not in taken:
                return c

    def draw_many(self, count: int) -> list[int]:
        """The next ``count`` cards that are not preset, in order (as ``count`` calls of :meth:`draw`)."""
        order, rng, taken = self._order, self._rng, self._taken
        size = len(order)
        i = self._pos
        if not taken:  # no preset cards to skip: the next ``count`` places of the shuffle
            if rng is not None:
                for k in range(i, i + count):
                    j = k + int(rng.random() * (size - k))
                    order[k], order[j] = order[j], order[k]
            self._pos = i + count
            return order[i:i + count]
        out: list[int] = []
        while len(out) < count:
            if rng is not None:
                j = i + int(rng.random() * (size - i))
                order[i], order[j] = order[j], order[i]
            c = order[i]
            i += 1
            if c not in taken:
                out.append(c)
        self._pos = i
        return out

    def left(self) -> int:
        """How many cards the deck can still give (preset cards are not counted)."""
        rest = len(self._order) - self._pos
        if self._taken:
            rest -= sum(1 for c in self._order[self._pos:] if c in self._taken)
        return rest

    def order(self) -> list[int]:
        """The full order of the deck's cards (the shuffle completed)."""
        rng = self._rng
        if rng is not None:
            order = self._order
            size = len(order)
            for i in range(self._pos, size - 1):
                j = i + int(rng.random() * (size - i))
                order[i], order[j] = order[j], order[i]
            self._rng = None
        return list(self._order)

    @property
    def drawn(self) -> int:
        """How many places of the order have been dealt (burns and skipped preset cards included)."""
        return self._pos

    def resume(self, drawn: int) -> Deck:
        """A fixed copy of this deck (its full order) that has dealt its first ``drawn`` places."""
        copy = Deck(self.order(), None, self._taken)
        copy._pos = drawn
        return copy

    __call__ = order


_BIG_ENDIAN = sys.byteorder == "big"


class StreamDeck(Deck):
    """A deck shuffled as it is dealt from random words drawn from a caller's generator at the deal.

    The deal takes ``first + 1`` 64-bit words from ``rng`` in one call (``first``: the most places the
    hand is expected to deal, burns included): place ``i`` of the Fisher-Yates shuffle swaps with place
    ``i + (word * (size - i) >> 64)``; the last word seeds the places after them (a draw game's
    replacements, the order completed for the history). So the hand's cards are fixed at the deal, and
    the caller's generator is not touched again, whatever is read later and whenever.

    >>> a = StreamDeck(list(range(52)), random.Random(9), set(), 20)
    >>> b = StreamDeck(list(range(52)), random.Random(9), set(), 20)
    >>> a.draw_many(30) == [b.draw() for _ in range(30)] and a.order() == b.order()
    True
    >>> sorted(a.order()) == list(range(52))
    True
    """

    __slots__ = ("_more", "_words")

    def __init__(self, order: list[int], rng: random.Random, taken: set[int], first: int) -> None:
        super().__init__(order, None, taken)
        k = max(0, min(first, len(order) - 1)) + 1
        words = array("Q", rng.getrandbits(64 * k).to_bytes(8 * k, "little"))
        if _BIG_ENDIAN:  # the words as read on a little-endian machine: the same cards everywhere
            words.byteswap()
        self._words: array[int] | None = words
        self._more: random.Random | None = None

    def _shuffle(self, start: int, stop: int) -> None:
        """Carry the shuffle through places ``start`` to ``stop - 1``."""
        words = self._words
        if words is None:
            return
        order = self._order
        size = len(order)
        k = len(words) - 1
        for i in range(start, stop if stop < k else k):
            j = i + (words[i] * (size - i) >> 64)
            order[i], order[j] = order[j], order[i]
        if stop > k:
            more = self._more
            if more is None:
                more = self._more = random.Random(words[k])
            for i in range(k if start < k else start, stop):
                j = i + int(more.random() * (size - i))
                order[i], order[j] = order[j], order[i]

    def draw(self) -> int:
        """The next card that is not preset."""
        order, taken = self._order, self._taken
        while True:
            i = self._pos
            self._shuffle(i, i + 1)
            self._pos = i + 1
            c = order[i]
            if c not in taken:
                return c

    def draw_many(self, count: int) -> list[int]:
        """The next ``count`` cards that are not preset, in order (as ``count`` calls of :meth:`draw`)."""
        i = self._pos
        if not self._taken:
            stop = i + count
            words = self._words
            if words is not None and stop < len(words):  # the usual case: every place has its word
                order = self._order
                size = len(order)
                for p in range(i, stop):
                    j = p + (words[p] * (size - p) >> 64)
                    order[p], order[j] = order[j], order[p]
            else:
                self._shuffle(i, stop)
            self._pos = stop
            return self._order[i:stop]
        return [self.draw() for _ in range(count)]

    def order(self) -> list[int]:
        """The full order of the deck's cards (the shuffle completed)."""
        if self._words is not None:
            self._shuffle(self._pos, len(self._order) - 1)
            self._words = None
            self._more = None
        return list(self._order)


class Stub:
    """The undealt cards once the deck has run short in a draw: the bottom card shuffled with the
    spent cards (discards and burns), dealt from the front."""

    __slots__ = ("cards", "shuffles")

    def __init__(self) -> None:
        self.cards: list[int] = []
        self.shuffles = 0

    def reshuffle(self, deck_order: list[int], pool: list[int]) -> None:
        """Shuffle ``pool`` into the stub, the order derived from the hand's deck order and the count."""
        self.shuffles += 1
        digest = hashlib.sha256(bytes(deck_order) + bytes([self.shuffles % 256])).digest()
        random.Random(int.from_bytes(digest[:8], "big")).shuffle(pool)
        self.cards = pool + self.cards


class Dealer:
    """Where a hand's cards come from: the ``deck`` (``draw``, its draw), the cards named in advance
    (``hole_preset`` per seat, in the order the seat receives them; ``board_preset``), ``dealt`` (how many
    cards each seat has been dealt, to find its next preset), the draw's ``stub`` once the deck ran
    short (None before) and ``spent`` (discards and burns a draw may shuffle back in)."""

    __slots__ = ("deck", "draw", "hole_preset", "board_preset", "dealt", "stub", "spent")

    def __init__(self, deck: Deck, hole_preset: dict[int, list[int]], board_preset: list[int],
                 players: int) -> None:
        self.deck = deck
        self.draw = deck.draw
        self.hole_preset = hole_preset
        self.board_preset = board_preset
        self.dealt = [0] * players
        self.stub: Stub | None = None
        self.spent: list[int] = []

    def __repr__(self) -> str:
        return f"<Dealer drawn={self.deck.drawn} left={self.deck.left()} dealt={self.dealt}>"
