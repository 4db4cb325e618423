"""Range notation for hold'em and Omaha: the hands a player may hold, each with a weight.

A range is a list of tokens separated by commas, semicolons or spaces; each token may end in
``:W``, a weight between 0 and 1 (the share of those combos the player holds; default 1). When a
combo is named twice, the last mention's weight counts.

**Hold'em** (two cards):

- a pair ``QQ``, ``QQ+`` (QQ, KK, AA), ``QQ-99``;
- two ranks ``AK`` (suited and offsuit, 16 combos), ``AKs`` (4), ``AKo`` (12); ``A2s+`` (the kicker
  rises up to the card below the top one: A2s to AKs; ``T9s+`` is T9s alone); ``A5s-A2s`` (same top
  rank, kickers from one end to the other); ``T9s-54s`` (the same gap, shifted);
- explicit cards ``AhKh``;
- ``random`` (or ``any``): every hand.

**Omaha** (four cards): four ranks ``AAKK`` (every suit combination), ``AAKKds`` (double suited),
``AKQJss`` (single suited: exactly one pair of suited cards), ``AKQJr`` (rainbow), explicit cards
``AhAdKhKd``, ``random``.

Text that is one holding written as cards (``"As Ks"``) is that holding.

>>> r = parse_range("AKs, QQ+")
>>> len(r), r.combos[0]
(22, ((Card('Ac'), Card('Kc')), 1.0))
>>> len(parse_range("A5s-A2s")), len(parse_range("AK:0.5")), len(parse_range("T9s-54s"))
(16, 16, 24)
>>> len(parse_range("AAKKds", game="omaha"))
6
>>> parse_range("AKx")
Traceback (most recent call last):
...
ValueError: range token 'AKx' is not hold'em range notation: write a pair (QQ, QQ+, QQ-99), two ranks (AK, AKs, AKo, A2s+, A5s-A2s, T9s-54s), cards (AhKh) or random, with an optional weight (AKs:0.5), separated by commas
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from homegame.cards import DECK, RANKS, Card, cards
from homegame.games import game as make_game
from homegame.odds.games import kernel_facts

if TYPE_CHECKING:
    from homegame.rules.spec import Game


@dataclass(frozen=True)
class Notation:
    """A range notation, for games whose players hold ``cards`` hole cards and share a five-card board,
    high only: two that combine with the board freely (hold'em's notation), or four of which exactly two
    play (Omaha's). ``words`` names it in messages; ``allowed`` says what it writes."""

    cards: int
    words: str
    allowed: str


#: The notations, by the number of hole cards.
NOTATIONS: Final = {
    2: Notation(2, "hold'em", "a pair (QQ, QQ+, QQ-99), two ranks (AK, AKs, AKo, A2s+, A5s-A2s, T9s-54s), "
                              "cards (AhKh) or random"),
    4: Notation(4, "Omaha", "four ranks (AAKK, AAKKds, AKQJss, AKQJr), cards (AhAdKhKd) or random"),
}
#: How the hole cards combine with the board in each notation's games.
_USAGE_KIND: Final = {2: "any", 4: "split"}


def notation_of(game: str | Game) -> Notation:
    """The range notation of ``game`` (a name or a game), read from its declaration; ValueError when it has
    none (ranges are for hold'em-like and Omaha-like games, high only).

    >>> notation_of("holdem").words, notation_of("omaha").cards
    ("hold'em", 4)
    """
    name = game if isinstance(game, str) else game.name
    try:
        engine = make_game(game) if isinstance(game, str) else game
    except ValueError:
        engine = None
    facts = None if engine is None else kernel_facts(engine)
    if (engine is None or facts is None or facts.board != 5 or facts.table_cards or engine.split != "high"
            or facts.hole not in NOTATIONS or facts.usage.kind != _USAGE_KIND[facts.hole]):
        raise ValueError(f"range notation is for games of two hole cards and a five-card board (hold'em's) or "
                         f"four of which two play (Omaha's), high only, not {name!r}")
    return NOTATIONS[facts.hole]
_TWO: Final = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)$", re.IGNORECASE)
_FOUR: Final = re.compile(r"^([2-9TJQKA]{4})(ds|ss|r)?$", re.IGNORECASE)

Combo = tuple[Card, ...]


@dataclass(frozen=True)
class Range:
    """The holdings a player may have (each a tuple of cards, highest first) with their weights."""

    game: str
    combos: tuple[tuple[Combo, float], ...]
    text: str = ""

    def __len__(self) -> int:
        return len(self.combos)

    def __iter__(self) -> Iterator[tuple[Combo, float]]:
        return iter(self.combos)

    @property
    def is_random(self) -> bool:
        """Every holding, all with the same weight: the same as cards not known at all."""
        size = len(self.combos[0][0]) if self.combos else 0
        return (len(self.combos) == math.comb(52, size)
                and len({w for _, w in self.combos}) == 1)


def _rank(ch: str) -> int:
    return RANKS.index(ch.upper())


def _two(high: int, low: int, kind: str) -> list[Combo]:
    """Hold'em combos of ranks ``high`` and ``low``: kind ``s``, ``o`` or ``""`` (both; pairs: all six)."""
    out: list[Combo] = []
    for a, b in itertools.product(range(4), repeat=2):
        if high == low and a >= b:
            continue
        if high != low and ((kind == "s" and a != b) or (kind == "o" and a == b)):
            continue
        first, second = sorted((high * 4 + a, low * 4 + b), reverse=True)
        out.append((Card(first), Card(second)))
    return out


def _holdem_pattern(token: str, shown: str) -> list[tuple[int, int, str]]:
    """A pattern (no weight) as (high rank, low rank, kind) triples; ValueError when it is not one."""
    parts = token.split("-")
    if len(parts) == 2:
        ends = [_TWO.match(p) for p in parts]
        if not all(ends) or any(m and m.group(4) for m in ends):
            raise ValueError(_bad(shown, NOTATIONS[2]))
        (h1, l1, k1), (h2, l2, k2) = (_ordered(m.group(1), m.group(2), m.group(3), shown)  # type: ignore[union-attr]
                                      for m in ends)
        if k1 != k2 or (h1 == l1) != (h2 == l2):
            raise ValueError(f"range token {shown!r}: both ends of a dash must be the same shape (two pairs, "
                             "or two suited, two offsuit or two plain rank pairs), e.g. QQ-99, A5s-A2s, T9s-54s")
        if h1 == l1:
            lo, hi = sorted((h1, h2))
            return [(r, r, "") for r in range(hi, lo - 1, -1)]
        if h1 == h2:
            lo, hi = sorted((l1, l2))
            return [(h1, r, k1) for r in range(hi, lo - 1, -1)]
        if h1 - l1 == h2 - l2:
            lo, hi = sorted((h1, h2))
            return [(r, r - (h1 - l1), k1) for r in range(hi, lo - 1, -1)]
        raise ValueError(f"range token {shown!r}: a dash joins hands with the same top card (A5s-A2s) or the "
                         "same gap between the cards (T9s-54s)")
    m = _TWO.match(token)
    if m is None:
        raise ValueError(_bad(shown, NOTATIONS[2]))
    high, low, kind = _ordered(m.group(1), m.group(2), m.group(3), shown)
    if not m.group(4):
        return [(high, low, kind)]
    if high == low:
        return [(r, r, "") for r in range(12, high - 1, -1)]
    return [(high, r, kind) for r in range(high - 1, low - 1, -1)]


def _ordered(a: str, b: str, kind: str, shown: str) -> tuple[int, int, str]:
    high, low = sorted((_rank(a), _rank(b)), reverse=True)
    if high == low and kind:
        raise ValueError(f"range token {shown!r}: a pair is neither suited nor offsuit; write {a.upper() * 2}")
    return high, low, kind.lower()


def _omaha_pattern(token: str, shown: str) -> list[Combo]:
    m = _FOUR.match(token)
    if m is None:
        raise ValueError(_bad(shown, NOTATIONS[4]))
    ranks = sorted((_rank(ch) for ch in m.group(1)), reverse=True)
    if max(ranks.count(r) for r in ranks) > 4:
        raise ValueError(f"range token {shown!r}: a rank has only four cards")
    suit_shape = {"ds": [2, 2], "ss": [1, 1, 2], "r": [1, 1, 1, 1]}.get((m.group(2) or "").lower())
    pools = [[c for c in DECK if c.rank == r] for r in sorted(set(ranks), reverse=True)]
    counts = [ranks.count(r) for r in sorted(set(ranks), reverse=True)]
    out: set[Combo] = set()
    for picks in itertools.product(*(itertools.combinations(p, k) for p, k in zip(pools, counts, strict=True))):
        combo = tuple(sorted((c for group in picks for c in group), key=lambda c: -c.id))
        suits = sorted(sum(1 for c in combo if c.suit == s) for s in {c.suit for c in combo})
        if suit_shape is None or suits == suit_shape:
            out.add(combo)
    if not out:
        raise ValueError(f"range token {shown!r} names no hand: those ranks cannot be suited that way")
    return sorted(out, key=lambda c: [-x.id for x in c])


def _bad(shown: str, notation: Notation) -> str:
    return (f"range token {shown!r} is not {notation.words} range notation: write {notation.allowed}, with an "
            "optional weight (AKs:0.5), separated by commas")


def _weight(token: str) -> tuple[str, float]:
    body, sep, text = token.partition(":")
    if not sep:
        return token, 1.0
    try:
        weight = float(text)
    except ValueError:
        weight = math.nan
    if not math.isfinite(weight) or not 0 < weight <= 1 or not body:
        raise ValueError(f"range token {token!r}: a weight follows the hand after ':' and is a number above 0 "
                         "and at most 1, e.g. AKs:0.5")
    return body, weight


def _token(token: str, notation: Notation) -> list[Combo]:
    size = notation.cards
    if token.lower() in ("random", "any"):
        return [tuple(sorted(c, key=lambda x: -x.id)) for c in itertools.combinations(DECK, size)]
    if re.fullmatch(r"(?:[2-9TJQKAtjqka][cdhs])+", token):
        held = cards(token)
        if len(held) != size:
            raise ValueError(f"range token {token!r} holds {len(held)} cards: a {notation.words} hand has {size}")
        if len(set(held)) != size:
            raise ValueError(f"range token {token!r} names a card twice")
        return [tuple(sorted(held, key=lambda x: -x.id))]
    if size == 4:
        return _omaha_pattern(token, token)
    return [combo for high, low, kind in _holdem_pattern(token, token) for combo in _two(high, low, kind)]


def parse_range(text: str | Range, *, game: str | Game = "holdem") -> Range:
    """The weighted holdings ``text`` names (see the module docstring) in the notation of ``game`` (a name
    or a game: :func:`notation_of`); ValueError naming the bad token."""
    name = game if isinstance(game, str) else game.name
    if isinstance(text, Range):
        if text.game != name:
            raise ValueError(f"a {text.game} range cannot be used in {name}")
        return text
    notation = notation_of(game)
    if not isinstance(text, str):
        raise ValueError(f"a range is text such as 'AKs, QQ+', got {text!r}")
    size = notation.cards
    try:
        held = cards(text)
    except ValueError:
        held = ()
    if len(held) == size and len(set(held)) == size:
        return Range(name, ((tuple(sorted(held, key=lambda x: -x.id)), 1.0),), text)
    tokens = [t for t in re.split(r"[,;\s]+", text.strip()) if t]
    if not tokens:
        raise ValueError(f"a range needs at least one hand, e.g. 'AKs, QQ+'; for any hand write random "
                         f"({notation.words} ranges allow {notation.allowed})")
    weights: dict[Combo, float] = {}
    for token in tokens:
        body, weight = _weight(token)
        for combo in _token(body, notation):
            weights.pop(combo, None)
            weights[combo] = weight
    return Range(name, tuple(weights.items()), text)
