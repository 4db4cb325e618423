# mypy: disable-error-code="untyped-decorator"
"""Board sweeps over five-card selections: exact equity when every player's own cards are known and
only board cards are to come, high only, each player's hand the best of a fixed list of *selections*
(which own cards with which board cards). Omaha takes two own cards with three board cards (60
selections from four cards); short-deck hold'em takes any five of its seven cards (21), scored in the
short deck's order (:mod:`homegame.evaluate.short`: A-6-7-8-9 the lowest straight, a flush over a full
house, under ``short-trips`` three of a kind over a straight).

Each board's subsets are summed once (one addition per subset), so a selection costs one addition
and one table lookup: heads-up Omaha's 1,086,008 boards are 130 million five-card hands.

>>> import homegame as hg
>>> r = hg.equity("omaha", ["As Ks Qd Jd", "Ah Ad 7c 8c"], board="2c 3d 9h")
>>> r.exact, r.outcomes, [round(s, 4) for s in r.shares]
(True, 820, [0.1366, 0.8634])
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from functools import cache, reduce
from itertools import combinations
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from numba import njit

from homegame.evaluate.kernels import SUIT_START, _high_small
from homegame.evaluate.pool import run_all, threads
from homegame.evaluate.short import LOW_STRAIGHT, ORDERS, STEEL, WHEEL, remap
from homegame.evaluate.tables import tables
from homegame.odds.kernels import _opts, _unrank
from homegame.odds.run import _binom

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
#: one way to make a hand: (places among the player's own cards, places on the board)
Selection = tuple[tuple[int, ...], tuple[int, ...]]

#: Exact board sweeps when boards x selections scored per board (all players) is at most this
#: (about a second of one core per 100 million).
SWEEP_BUDGET: Final = 250_000_000
#: Deals of unknown hole cards the short-deck sweep walks one by one (each a board sweep, about 0.2 ms
#: apart from the boards) at most.
HOLE_DEALS: Final = 2_000


@njit(inline="always", **_opts)
def _short(value: int, bits: int, remap: Any) -> int:
    """A standard five-card strength in the short order: A-6-7-8-9 moved to the lowest straight (flush)."""
    ranks = (bits | (bits >> 16) | (bits >> 32) | (bits >> 48)) & 0x1FFF
    if ranks == LOW_STRAIGHT:
        suited = False
        for s in range(4):
            if ((bits >> (16 * s)) & 0x1FFF) == LOW_STRAIGHT:
                suited = True
        value = STEEL if suited else WHEEL
    return remap[value]  # type: ignore[no-any-return]


@njit(**_opts)
def fives_sweep(avail: Any, k: int, start: int, count: int, board: Any, own_key: Any, own_bits: Any,
                sel_board: Any, sel_len: Any, short: int, remap: Any, ck: Any, cb: Any, offsets: Any,
                high_rank: Any, high_flush: Any, binom: Any, comb: Any, sub_key: Any, sub_bits: Any,
                highs: Any, totals: Any, chunk: int) -> int:
    """Score ``count`` boards from the ``start``-th ``k``-combination of ``avail`` (the board's last ``k``
    places; the first ones hold the known board cards); returns the boards scored. Player ``p``'s
    selection ``s`` is its own cards summed in ``own_key[p, s]``/``own_bits[p, s]`` with the board
    places in the mask ``sel_board[p, s]``."""
    players = sel_len.shape[0]
    n = board.shape[0]
    known = n - k
    navail = avail.shape[0]
    _unrank(start, k, navail, binom, comb)
    done = 0
    while done < count:
        for j in range(k):
            board[known + j] = avail[comb[j]]
        sub_key[0] = SUIT_START
        sub_bits[0] = 0
        for m in range(1, 1 << n):
            low = m & -m
            i = 0
            while (1 << i) != low:
                i += 1
            sub_key[m] = sub_key[m ^ low] + ck[board[i]]
            sub_bits[m] = sub_bits[m ^ low] | cb[board[i]]
        top = 0
        winners = 0
        for p in range(players):
            best = 0
            for s in range(sel_len[p]):
                m = sel_board[p, s]
                bits = sub_bits[m] | own_bits[p, s]
                value = _high_small(sub_key[m] + own_key[p, s], bits, offsets, high_rank, high_flush)
                if short:
                    value = _short(value, bits, remap)
                if value > best:
                    best = value
            highs[p] = best
            if best > top:
                top = best
                winners = 1
            elif best == top:
                winners += 1
        share = 1.0 / winners
        for p in range(players):
            if highs[p] == top:
                totals[chunk, p] += share
        done += 1
        i = k - 1
        while i >= 0 and comb[i] == navail - k + i:
            i -= 1
        if i < 0:
            break
        comb[i] += 1
        for j in range(i + 1, k):
            comb[j] = comb[j - 1] + 1
    return done


def selections(own: int, board: int, groups: Sequence[Selection] | None = None) -> list[Selection]:
    """(own places, board places) pairs: ``groups`` as given, else every five of the ``own + board`` cards.

    >>> len(selections(2, 5)), selections(2, 5)[0]
    (21, ((0, 1), (0, 1, 2)))
    """
    if groups is not None:
        return list(groups)
    out = []
    for five in combinations(range(own + board), 5):
        out.append((tuple(i for i in five if i < own), tuple(i - own for i in five if i >= own)))
    return out


def sweep_work(deck_left: int, board_left: int, players_selections: int) -> int:
    """Five-card hands a sweep scores: boards times the selections of every player."""
    return math.comb(deck_left, board_left) * players_selections


def exact_fives(hands: list[list[int]], board: list[int], board_size: int, deck: list[int],
                groups: Sequence[Sequence[Selection]],
                remap: npt.NDArray[Any] | None = None) -> tuple[Floats, int]:
    """Sum of shares over every completion of ``board`` (known ids) to ``board_size`` cards from ``deck``
    (the ids left), each player's hand the best of its ``groups`` (selections); ``remap``: short-deck
    order (standard strength -> short strength), ``None`` for the standard ranking. Returns the sums and
    the number of boards."""
    t = tables()
    players = len(hands)
    width = max(len(g) for g in groups)
    own_key = np.zeros((players, width), dtype=np.int64)
    own_bits = np.zeros((players, width), dtype=np.int64)
    sel_board = np.zeros((players, width), dtype=np.int64)
    ck, cb = _card_lists()
    for p, (hand, sels) in enumerate(zip(hands, groups, strict=True)):
        for s, (mine, shared) in enumerate(sels):
            own_key[p, s] = sum(ck[hand[i]] for i in mine)
            own_bits[p, s] = reduce(operator.or_, (cb[hand[i]] for i in mine), 0)
            sel_board[p, s] = sum(1 << j for j in shared)
    sel_len = np.array([len(g) for g in groups], dtype=np.int64)
    avail = np.array(deck, dtype=np.int64)
    k = board_size - len(board)
    binom = _binom()
    total = int(binom[len(avail), k])
    chunks = max(1, min(4 * threads(), total // 20_000))
    size = -(-total // chunks)
    totals = np.zeros((chunks, players), dtype=np.float64)
    counts = np.zeros(chunks, dtype=np.int64)
    table = np.zeros(1, dtype=np.int64) if remap is None else np.asarray(remap, dtype=np.int64)

    def job(chunk: int) -> Any:
        def run() -> None:
            begin = chunk * size
            if begin < total:
                counts[chunk] = fives_sweep(
                    avail, k, begin, min(size, total - begin), np.array(board + [0] * k, dtype=np.int64),
                    own_key, own_bits, sel_board, sel_len, int(remap is not None), table, t.card_keys,
                    t.card_bits, t.offsets, t.high_rank, t.high_flush, binom, np.zeros(8, dtype=np.int64),
                    np.zeros(1 << board_size, dtype=np.int64), np.zeros(1 << board_size, dtype=np.int64),
                    np.zeros(players, dtype=np.int64), totals, chunk)
        return run

    if chunks == 1:
        job(0)()
    else:
        run_all([job(c) for c in range(chunks)])
    return totals.sum(axis=0), int(counts.sum())


@cache
def _card_lists() -> tuple[list[int], list[int]]:
    """The evaluator's card keys and bits as Python ints (for sums outside the kernels)."""
    t = tables()
    return [int(x) for x in t.card_keys], [int(x) for x in t.card_bits]


def short_deck_exact(game: Any, hole: list[list[int]], board: list[int]) -> tuple[Floats, int] | None:
    """Every deal of the unknown hole cards (``-1`` or missing) and every board for a short-deck hold'em
    hand (ids, checked by the caller), high only, when the sweeps fit :data:`SWEEP_BUDGET` and the deals
    :data:`HOLE_DEALS`; ``None`` when this game or hand is not one the sweep covers (another deck,
    ranking, usage or split, wild cards, too much work)."""
    ranking = getattr(game, "ranking", None)
    try:
        fits = (ranking in ORDERS and game.usage.kind == "any" and not game.wild
                and game.final_counts() == (2, 5) and game.hole_count() == 2 and game.most_received() == 2
                and getattr(game, "spade", None) is None and dict(game.rules).get("split", "high") == "high")
    except (AttributeError, TypeError, ValueError):
        return None
    known = [[c for c in h if c >= 0] for h in hole]
    if not fits or any(len(h) > 2 for h in known) or len(board) > 5:
        return None
    used = {c for h in known for c in h} | set(board)
    deck = [c for c in game.cards if c not in used]
    missing = [2 - len(h) for h in known]
    deals = 1
    left = len(deck)
    for m in missing:
        deals *= math.comb(left, m)
        left -= m
    if deals > HOLE_DEALS or deals * sweep_work(left, 5 - len(board), 21 * len(hole)) > SWEEP_BUDGET:
        return None
    groups = [selections(2, 5)] * len(hole)
    order = remap(str(ranking))
    totals = np.zeros(len(hole), dtype=np.float64)
    count = 0
    for hands, rest in _hole_deals(known, missing, deck):
        sums, boards = exact_fives(hands, board, 5, rest, groups, order)
        totals += sums
        count += boards
    return totals, count



def _hole_deals(known: list[list[int]], missing: list[int], deck: list[int]) -> Any:
    """Every way to complete each player's ``known`` cards with ``missing`` more from ``deck``:
    (hands, the cards left)."""
    if not known:
        yield [], deck
        return
    for extra in combinations(deck, missing[0]):
        rest = [c for c in deck if c not in extra]
        for hands, left in _hole_deals(known[1:], missing[1:], rest):
            yield [known[0] + list(extra), *hands], left
