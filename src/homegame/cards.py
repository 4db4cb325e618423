"""Cards, their text forms and decks.

A card is a value with an ``id`` from 0 to 51: ``4 * rank + suit`` where ranks ``2..A`` are
``0..12`` and suits ``c d h s`` are ``0..3``.

>>> Card("As").id
51
>>> Card("10h")
Card('Th')
>>> str(Card("a♠"))
'As'
>>> cards("A♠7♦7♣") == cards("As 7d 7c")
True
>>> cards("Kd, Qc")
(Card('Kd'), Card('Qc'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_NAMES: Final = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)
RANK_PLURALS: Final = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)

_SUIT_OF: Final = {**{s: i for i, s in enumerate(SUITS)}, **{s: i for i, s in enumerate(SUIT_SYMBOLS)},
                   "♤": 3, "♡": 2, "♢": 1, "♧": 0}
_RANK_OF: Final = {**{r: i for i, r in enumerate(RANKS)}, **{r.lower(): i for i, r in enumerate(RANKS)},
                   "10": 8}
_TOKEN: Final = re.compile(r"(10|[2-9TJQKAtjqka])([cdhsCDHS♣♦♥♠♤♡♢♧])")
_SEPARATORS: Final = re.compile(r"[\s,]+")


class Card:
    """One playing card, immutable and hashable.

    Accepts ``"As"``, ``"as"``, ``"A♠"``, ``"10s"`` (the same as ``"Ts"``), an int id, or a card.

    >>> Card(0), Card("2c") == Card(0)
    (Card('2c'), True)
    >>> Card("Zz")
    Traceback (most recent call last):
    ...
    ValueError: 'Zz' is not a card: write a rank (2-9, T or 10, J, Q, K, A) then a suit (c d h s or ♣ ♦ ♥ ♠)
    """

    __slots__ = ("_id",)
    _id: int

    def __new__(cls, text: str | int | Card) -> Card:
        if type(text) is int and 0 <= text < 52 and _BY_ID:  # the usual id or "As": one look-up
            return _BY_ID[text]
        known = _BY_TEXT.get(text) if type(text) is str else None
        if known is not None:
            return known
        if isinstance(text, Card):
            return text
        if isinstance(text, bool) or not isinstance(text, (int, str)):
            raise ValueError(f"{text!r} is not a card: give card text such as 'As' or an id 0..51")
        if isinstance(text, int):
            if not 0 <= text < 52:
                raise ValueError(f"card id {text} is out of range: ids are 0..51")
            return _BY_ID[text] if _BY_ID else _make(cls, text)
        match = _TOKEN.fullmatch(text.strip())
        if match is None:
            raise ValueError(
                f"{text!r} is not a card: write a rank (2-9, T or 10, J, Q, K, A) "
                "then a suit (c d h s or ♣ ♦ ♥ ♠)"
            )
        rank = _RANK_OF[match.group(1).upper() if match.group(1) != "10" else "10"]
        suit = _SUIT_OF[match.group(2).lower()]
        return _BY_ID[4 * rank + suit]

    @property
    def id(self) -> int:
        """The card's number, ``4 * rank + suit``."""
        return self._id

    @property
    def rank(self) -> int:
        """0 for a two up to 12 for an ace."""
        return self._id >> 2

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return self._id & 3

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``'A♠'``."""
        return RANKS[self.rank] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANKS[self._id >> 2] + SUITS[self._id & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other._id == self._id

    def __hash__(self) -> int:
        return self._id

    def __lt__(self, other: Card) -> bool:
        return self._id < other._id

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self._id,))


def _make(cls: type[Card], card_id: int) -> Card:
    card = object.__new__(cls)
    object.__setattr__(card, "_id", card_id)
    return card


_BY_ID: list[Card] = []
_BY_ID.extend(_make(Card, i) for i in range(52))

#: Each card by its usual text (``"As"``) and, for ids, ``_BY_ID``: the engine makes cards from both
#: hundreds of thousands of times in a bot panel.
_BY_TEXT: dict[str, Card] = {str(card): card for card in _BY_ID}

#: Every card of the deck in id order.
DECK: Final[tuple[Card, ...]] = tuple(_BY_ID)


def cards(text: str | Iterable[str | int | Card]) -> tuple[Card, ...]:
    """Parse several cards: ``"As 7d 7c"``, ``"A♠7♦7♣"``, ``"As,7d"``, or an iterable of cards/text/ids.

    >>> [str(c) for c in cards("10d Jc")]
    ['Td', 'Jc']
    >>> cards("As 7x")
    Traceback (most recent call last):
    ...
    ValueError: '7x' is not a card: write a rank (2-9, T or 10, J, Q, K, A) then a suit (c d h s or ♣ ♦ ♥ ♠)
    """
    if isinstance(text, str):
        out: list[Card] = []
        for chunk in _SEPARATORS.split(text.strip()):
            if not chunk:
                continue
            pos = 0
            while pos < len(chunk):
                match = _TOKEN.match(chunk, pos)
                if match is None:
                    bad = chunk[pos:pos + 3] if pos else chunk
                    raise ValueError(
                        f"{bad!r} is not a card: write a rank (2-9, T or 10, J, Q, K, A) "
                        "then a suit (c d h s or ♣ ♦ ♥ ♠)"
                    )
                out.append(Card(match.group(0)))
                pos = match.end()
        return tuple(out)
    return tuple(Card(c) for c in text)


def card_ids(items: str | Iterable[str | int | Card]) -> list[int]:
    """The ids of some cards, however they are given."""
    return [c.id for c in cards(items)]


def format_cards(items: Iterable[Card]) -> str:
    """Cards as space-separated two-character text.

    >>> format_cards(cards("A♠ 10♥"))
    'As Th'
    """
    return " ".join(str(c) for c in items)
