"""The best hand with wild cards, found by reasoning over ranks and suits (plain Python, exact).

A wild card stands for any card at all, even one the hand already holds. Using a wild card in place of
a natural card never hurts (it can copy that card), so with ``w`` wild cards the best five use
``j = min(w, 5)`` of them. A high hand is the better of the best flush-or-straight-flush of each suit and
the best hand of the ranks alone, tried category by category from five of a kind down; a flush may
repeat a rank (a wild card copying a suited card the hand holds: the "double-ace flush"), valued on the
wild scale of :mod:`homegame.evaluate.wildscale`. A low is the best set of five ranks that needs no
more wild cards than there are, the wild cards never in a natural card's suit, so a low with a wild
card is never a flush; when the natural cards have too few ranks, a pair is forced and each choice of
natural cards is tried.

Each search returns ``(strength, naturals used, what each used wild card stands for)``.

>>> from homegame.cards import cards
>>> s, used, stands = best_high(cards("As Ah Ad Ac"), 1)
>>> s == FIVE_OF_A_KIND + 12, [str(c) for c in stands]
(True, ['As'])
>>> s, used, stands = best_high(cards("As Ks Qs 9s"), 1)
>>> [str(c) for c in used + stands]
['As', 'Ks', 'Qs', '9s', 'As']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from homegame.cards import Card
from homegame.evaluate.classes import LowRule, low_strength
from homegame.evaluate.wildscale import FIVE_OF_A_KIND, wild_strength
from homegame.evaluate.wildtables import STRAIGHT_MASKS

Found = tuple[int, tuple[Card, ...], tuple[Card, ...]]
#: High shapes tried on ranks alone after five of a kind, best first, with whether they outrank a flush.
_SHAPES: tuple[tuple[tuple[int, ...], bool], ...] = (
    ((4, 1), True), ((3, 2), True), ((3, 1, 1), False), ((2, 2, 1), False), ((2, 1, 1, 1), False),
    ((1, 1, 1, 1, 1), False),
)


def _window(mask: int) -> list[int]:
    return [r for r in range(12, -1, -1) if mask >> r & 1]


def _card(rank: int, suit: int) -> Card:
    return Card(4 * rank + suit)


def _stand_in(rank: int, taken: set[Card], avoid_suit: int = -1) -> Card:
    """A card of ``rank`` for a wild card: one not already in the hand if there is one."""
    for suit in (3, 2, 1, 0):
        card = _card(rank, suit)
        if suit != avoid_suit and card not in taken:
            return card
    return _card(rank, 3 if avoid_suit != 3 else 2)


def _flush_ranks(mine: set[int], j: int) -> list[int] | None:
    """The best five ranks (highest first, repeats allowed: a wild card copies a held card) of a flush
    that is not a straight flush, from the suit's ranks ``mine`` and ``j`` wild cards; ``None`` if none."""
    def go(prefix: list[int], last: int) -> list[int] | None:
        if len(prefix) == 5:
            shape = sorted((prefix.count(r) for r in set(prefix)), reverse=True)
            return prefix if shape[0] <= 3 and shape[:2] != [3, 2] else None
        for rank in range(last, -1, -1):
            ranks = [*prefix, rank]
            if ranks.count(rank) > 3:
                continue
            covered = len(mine & set(ranks))
            fresh = sum(1 for r in mine if r < rank and r not in ranks)
            if covered + min(5 - len(ranks), fresh) + j >= 5:
                found = go(ranks, rank)
                if found is not None:
                    return found
        return None
    return go([], 12)


def _best_flush(naturals: Sequence[Card], j: int) -> Found | None:
    best: Found | None = None
    for suit in range(4):
        mine = {c.rank: c for c in naturals if c.suit == suit}
        if len(mine) + j < 5:
            continue
        found: Found | None = None
        for straight in STRAIGHT_MASKS:
            ranks = _window(straight)
            missing = [r for r in ranks if r not in mine]
            if len(missing) <= j:
                found = (wild_strength(tuple(ranks), True), tuple(mine[r] for r in ranks if r in mine),
                         tuple(_card(r, suit) for r in missing))
                break
        if found is None:  # the best flush, a natural card where the suit has one, else a (copying) wild card
            flush = _flush_ranks(set(mine), j)
            assert flush is not None
            used = [mine[r] for r in sorted(set(flush), reverse=True) if r in mine]
            held = {c.rank for c in used}
            stands = [_card(r, suit) for i, r in enumerate(flush) if r not in held or flush.index(r) != i]
            found = (wild_strength(tuple(flush), True), tuple(used), tuple(stands))
        if best is None or found[0] > best[0]:
            best = found
    return best


def _fill(shape: tuple[int, ...], counts: list[int], j: int) -> list[int] | None:
    """The best ranks for the groups of ``shape`` (largest group first), different ranks, natural cards
    where held and wild cards for the rest, at most ``j`` wild cards; ``None`` if impossible."""
    def go(group: int, used: frozenset[int], budget: int) -> list[int] | None:
        if group == len(shape):
            return []
        for rank in range(12, -1, -1):
            need = max(0, shape[group] - counts[rank])
            if rank not in used and need <= budget:
                rest = go(group + 1, used | {rank}, budget - need)
                if rest is not None:
                    return [rank, *rest]
        return None
    return go(0, frozenset(), j)


def _straight(counts: list[int], j: int) -> list[int] | None:
    for straight in STRAIGHT_MASKS:
        ranks = _window(straight)
        if sum(1 for r in ranks if counts[r] == 0) <= j:
            return ranks
    return None


def best_high(naturals: Sequence[Card], w: int) -> Found:
    """The best high hand of ``naturals`` with ``w`` (at least one) wild cards."""
    j = min(w, 5)
    taken = set(naturals)
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(naturals, reverse=True):
        by_rank.setdefault(card.rank, []).append(card)
    counts = [len(by_rank.get(r, ())) for r in range(13)]

    def build(groups: list[tuple[int, int]], strength: int) -> Found:
        used: list[Card] = []
        stands: list[Card] = []
        for rank, size in groups:
            mine = by_rank.get(rank, [])[:size]
            used += mine
            for _ in range(size - len(mine)):
                stands.append(_stand_in(rank, taken | set(stands)))
        if len({c.suit for c in used + stands}) == 1 and stands:  # keep a ranks-only hand off a flush
            stands[-1] = _stand_in(stands[-1].rank, taken, avoid_suit=stands[-1].suit)
        return strength, tuple(used), tuple(stands)

    for rank in range(12, -1, -1):
        if counts[rank] + j >= 5:
            return build([(rank, 5)], FIVE_OF_A_KIND + rank)
    flush = _best_flush(naturals, j)
    for shape, above_flush in _SHAPES:
        if not above_flush:
            if flush is not None:
                return flush
            ranks = _straight(counts, j)
            if ranks is not None:
                return build([(r, 1) for r in ranks], wild_strength(tuple(ranks), False))
        filled = _fill(shape, counts, j)
        if filled is not None:
            groups = list(zip(filled, shape, strict=True))
            found = build(groups, wild_strength(tuple(r for r, size in groups for _ in range(size)), False))
            return found if flush is None or found[0] > flush[0] else flush
    raise AssertionError("a hand always has a high card")  # pragma: no cover


@cache
def low_order(rule: LowRule) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every set of five different ranks with its low strength under ``rule``, the best low first."""
    return tuple(sorted(((low_strength(five, False, rule), five) for five in combinations(range(13), 5)),
                        reverse=True))


def _lowest_first(rule: LowRule) -> list[int]:
    return list(range(13)) if rule == "27" else [12, *range(12)]


def best_low(naturals: Sequence[Card], w: int, rule: LowRule) -> Found:
    """The best low of ``naturals`` with ``w`` (at least one) wild cards under ``rule``."""
    j = min(w, 5)
    taken = set(naturals)
    by_rank: dict[int, Card] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, card)
    if len(by_rank) + j >= 5:
        for strength, ranks in low_order(rule):
            if sum(1 for r in ranks if r not in by_rank) <= j:
                used = [by_rank[r] for r in ranks if r in by_rank]
                stands = [_stand_in(r, taken) for r in ranks if r not in by_rank]
                return strength, tuple(used), tuple(_off_suit(used, stands, taken))
    # a pair is forced: try each set of natural cards, the wild cards as the lowest ranks it lacks
    best: Found | None = None
    for chosen in combinations(naturals, 5 - j):
        have = {c.rank for c in chosen}
        extra = [r for r in _lowest_first(rule) if r not in have][:j]
        strength = low_strength(tuple(c.rank for c in chosen) + tuple(extra), False, rule)
        if best is None or strength > best[0]:
            best = strength, tuple(chosen), tuple(_stand_in(r, taken) for r in extra)
    assert best is not None
    return best


def _off_suit(used: list[Card], stands: list[Card], taken: set[Card]) -> list[Card]:
    """Stand-ins with the last one moved out of the suit if the five would be a flush."""
    if stands and len({c.suit for c in used + stands}) == 1:
        stands = [*stands[:-1], _stand_in(stands[-1].rank, taken, avoid_suit=stands[-1].suit)]
    return stands
