# mypy: disable-error-code="untyped-decorator,no-any-return,call-arg"
"""numba kernels for wild cards (compiled on first use, cached), over :mod:`homegame.evaluate.wildtables`.

Each row carries a 52-bit mask of the cards that are wild (one mask for all rows, or one per row). High
values are on the wild scale (:mod:`homegame.evaluate.wildscale`): the callers pass the natural tables
``high_rank`` and ``high_flush`` read on that scale, and the wild flush table holds flushes that repeat
a rank (a wild card copying a suited card the hand holds). A row with no wild card is evaluated as
:mod:`homegame.evaluate.kernels` does, on those tables. Otherwise the natural
cards are summed into a key and a mask of ids, and with ``j`` wild cards (at most five are ever used):

- five or six natural cards with one wild card, or five with two (seven cards at most): one read of the
  wild rank table at the natural key's hash slot (one table row for all seven-card hands), and, when a suit has ``5 - j`` natural cards, one
  read of the wild flush table (the fast path);
- anything else: the best hand is reasoned from the masks of ranks held once, twice, three and four
  times: five of a kind, then quads (with ``j`` wild cards some rank reaches four unless every rank
  is held at most ``3 - j`` times), a full house (one wild card and two pairs), then flushes from the
  flush table, straights from the straight table, trips or a pair.

A low never needs a flush: a wild card can copy any natural card's rank in another suit. It uses the
wild low table on the fast path, else scans the five-rank sets best first for the first that needs no more wild
cards than the row has; when the natural cards have too few ranks for that, it tries each set of
natural cards, the wild cards taking the lowest ranks the set lacks.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit
from numba.core.extending import intrinsic

from homegame.evaluate.kernels import (
    BAD,
    SUIT_START,
    _finish,
    _hash,
    _high_large,
    _popcount,
    _suit_ranks,
    low_of,
)
from homegame.evaluate.wildscale import FIVE_OF_A_KIND

_opts: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}
_inline: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False, "inline": "always"}

#: Written for a row whose wild mask names an id above 51 (or is negative).
BAD_WILD = -2
_EVERY_FOURTH = np.uint64(0x1111111111111)
_ONE = np.uint64(1)
_LOW13 = np.uint64(0x1FFF)


@njit(**_inline)
def _count_masks(nat: Any) -> tuple[int, int, int, int]:
    """The rank masks of ranks held at least once, twice, three and four times in the id mask ``nat``."""
    n = ((nat & _EVERY_FOURTH) + ((nat >> np.uint64(1)) & _EVERY_FOURTH) + ((nat >> np.uint64(2)) & _EVERY_FOURTH)
         + ((nat >> np.uint64(3)) & _EVERY_FOURTH))
    n1 = n >> np.uint64(1)
    n2 = n >> np.uint64(2)
    m1 = _suit_ranks(n | n1 | n2, 0)
    m2 = _suit_ranks(n1 | n2, 0)
    m3 = _suit_ranks(n2 | (n1 & n), 0)
    m4 = _suit_ranks(n2, 0)
    return np.int64(m1), np.int64(m2), np.int64(m3), np.int64(m4)  # type: ignore[return-value]


@njit(**_inline)
def _rank_value(five: int, offsets: Any, high_rank: Any) -> int:
    return high_rank[_hash(five, offsets)]


@njit(**_opts)
def wild_high_any(nat: Any, n_nat: int, j: int, offsets: Any, high_rank: Any, rank_keys: Any, top_keys: Any,
                  top_rank: Any, w_flush: Any, w_straight: Any) -> int:
    """The best high strength of the natural cards in the id mask ``nat`` (``n_nat`` of them) with
    ``j`` (1..5) wild cards, any number of natural cards."""
    if j >= 5 or n_nat == 0:
        return FIVE_OF_A_KIND + 12
    m1, m2, m3, m4 = _count_masks(nat)
    need = 5 - j
    five = m1 if need == 1 else (m2 if need == 2 else (m3 if need == 3 else m4))
    if five:
        return FIVE_OF_A_KIND + top_rank[five]
    flush = 0
    for suit in range(4):
        ranks = np.int64(_suit_ranks(nat, suit))
        if _popcount(np.uint64(ranks)) + j >= 5:
            flush = max(flush, np.int64(w_flush[j - 1, ranks]))
    need = 4 - j
    quads = m1 if need == 1 else (m2 if need == 2 else m3)
    if quads:
        q = top_rank[quads]
        kicker = top_rank[m1 & ~(1 << q)]
        return max(flush, _rank_value(4 * rank_keys[q] + rank_keys[kicker], offsets, high_rank))
    # here j is 1 (every rank at most twice) or 2 (every rank once)
    if j == 1 and m2 & (m2 - 1):
        t = top_rank[m2]
        p = top_rank[m2 & ~(1 << t)]
        return max(flush, _rank_value(3 * rank_keys[t] + 2 * rank_keys[p], offsets, high_rank))
    if flush:
        return flush
    straight = w_straight[j - 1, m1]
    if straight:
        return _rank_value(straight, offsets, high_rank)
    if j == 2:
        t = top_rank[m1]
        return _rank_value(3 * rank_keys[t] + top_keys[2, m1 & ~(1 << t)], offsets, high_rank)
    if m2:
        p = top_rank[m2]
        return _rank_value(3 * rank_keys[p] + top_keys[2, m1 & ~(1 << p)], offsets, high_rank)
    t = top_rank[m1]
    return _rank_value(2 * rank_keys[t] + top_keys[3, m1 & ~(1 << t)], offsets, high_rank)


@njit(**_inline)
def _wild_rest(k: int, key: int, seen: Any, wild: Any, wm: Any, offsets: Any, high_rank: Any, rank_keys: Any,
               top_keys: Any, top_rank: Any, w_high: Any, w_flush: Any, w_straight: Any) -> int:
    """A checked row of five to seven cards holding wild cards (``wild``, a mask of ids); ``key`` sums
    the natural cards alone."""
    w = np.int64(_popcount(wild))
    nat = seen & ~wm
    n_nat = k - w
    if n_nat >= 5 and w <= 2:
        # at most one suit can reach five with the wild cards; the flush table holds 0 for a suit that
        # cannot, so the read needs no branch (suit 0 when none can)
        s = (((key >> 32) + w * 0x1111) & 0x8888) >> 3
        suit = ((s >> 4) & 1) | ((s >> 7) & 2) | (((s >> 12) & 1) * 3)
        return max(np.int64(w_high[7 - k, _hash(key, offsets)]), np.int64(w_flush[w - 1, _suit_ranks(nat, suit)]))
    return wild_high_any(nat, n_nat, min(w, 5), offsets, high_rank, rank_keys, top_keys, top_rank, w_flush,
                         w_straight)


@intrinsic
def _cttz(typingctx: Any, src: Any) -> Any:
    """The index of the lowest set bit of a non-zero integer (LLVM's cttz)."""
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))
    return src(src), codegen


@njit(**_inline)
def _wild_row(flat: Any, base: Any, k: int, wm: Any, ck: Any, offsets: Any, high_rank: Any, high_flush: Any,
              rank_keys: Any, top_keys: Any, top_rank: Any, w_high: Any, w_flush: Any, w_straight: Any) -> int:
    """Five to seven cards at ``flat[base:base + k]``, ``wm`` the mask of wild ids; read and checked as
    :func:`homegame.evaluate.kernels._one7` does, unrolled."""
    c0 = np.uint64(flat[base])
    c1 = np.uint64(flat[base + np.uint64(1)])
    c2 = np.uint64(flat[base + np.uint64(2)])
    c3 = np.uint64(flat[base + np.uint64(3)])
    c4 = np.uint64(flat[base + np.uint64(4)])
    c5 = np.uint64(flat[base + np.uint64(5)]) if k > 5 else c4
    c6 = np.uint64(flat[base + np.uint64(6)]) if k > 6 else c4
    key = SUIT_START + ck[c0 & 255] + ck[c1 & 255] + ck[c2 & 255] + ck[c3 & 255] + ck[c4 & 255]
    if k > 5:
        key += ck[c5 & 255]
    if k > 6:
        key += ck[c6 & 255]
    seen = ((_ONE << (c0 & 63)) | (_ONE << (c1 & 63)) | (_ONE << (c2 & 63)) | (_ONE << (c3 & 63))
            | (_ONE << (c4 & 63)) | (_ONE << (c5 & 63)) | (_ONE << (c6 & 63)))
    bad = (((c0 | c1 | c2 | c3 | c4 | c5 | c6) >> 8) | np.uint64(key >> 56)
           | (_popcount(seen) ^ np.uint64(k)))
    wild = seen & wm
    if wild == 0 or bad:
        return _finish(key, seen, bad, offsets, high_rank, high_flush)
    x = wild
    while x:  # one or two turns for one or two wild cards
        key -= ck[_cttz(x)]
        x &= x - _ONE
    return _wild_rest(k, key, seen, wild, wm, offsets, high_rank, rank_keys, top_keys, top_rank, w_high, w_flush,
                      w_straight)


def _wild_high_span(ids: Any, flat: Any, start: int, stop: int, masks: Any, stride: int, ck: Any, cb: Any,
                    offsets: Any, high_rank: Any, high_flush: Any, rank_keys: Any, top_keys: Any,
                    straight_keys: Any, top_rank: Any, w_high: Any, w_flush: Any, w_straight: Any, out: Any) -> None:
    k = ids.shape[1]
    if k == 7:
        for i in range(start, stop):
            wm = np.uint64(masks[i * stride])
            out[i] = BAD_WILD if wm >> np.uint64(52) else _wild_row(
                flat, np.uint64(7 * i), 7, wm, ck, offsets, high_rank, high_flush, rank_keys, top_keys, top_rank,
                w_high, w_flush, w_straight)
        return
    if k <= 6:
        for i in range(start, stop):
            wm = np.uint64(masks[i * stride])
            out[i] = BAD_WILD if wm >> np.uint64(52) else _wild_row(
                flat, np.uint64(k * i), k, wm, ck, offsets, high_rank, high_flush, rank_keys, top_keys, top_rank,
                w_high, w_flush, w_straight)
        return
    for i in range(start, stop):
        wm = np.uint64(masks[i * stride])
        if wm >> np.uint64(52):
            out[i] = BAD_WILD
            continue
        key = SUIT_START
        bits = 0
        seen = np.uint64(0)
        ok = True
        for j in range(k):
            c = np.int64(ids[i, j])
            if c < 0 or c > 51 or seen & (_ONE << np.uint64(c)):
                ok = False
                break
            seen |= _ONE << np.uint64(c)
            key += ck[c]
            bits |= cb[c]
        if not ok:
            out[i] = BAD
            continue
        wild = seen & wm
        if wild == 0:
            out[i] = _high_large(key, bits, offsets, high_rank, high_flush, rank_keys, top_keys, straight_keys,
                                 top_rank)
            continue
        w = np.int64(_popcount(wild))
        out[i] = wild_high_any(seen & ~wm, k - w, min(w, 5), offsets, high_rank, rank_keys, top_keys, top_rank,
                               w_flush, w_straight)


_wild_high_span_jit = njit(**_opts)(_wild_high_span)


@njit(**_opts)
def wild_high_rows(ids: Any, masks: Any, stride: int, ck: Any, cb: Any, offsets: Any, high_rank: Any,
                   high_flush: Any, rank_keys: Any, top_keys: Any, straight_keys: Any, top_rank: Any, w_high: Any,
                   w_flush: Any, w_straight: Any, out: Any) -> None:
    """High strength of every row of ``ids`` (C-contiguous) into ``out``; row ``i``'s wild cards are
    ``masks[i * stride]``."""
    _wild_high_span_jit(ids, ids.reshape(ids.size), 0, ids.shape[0], masks, stride, ck, cb, offsets, high_rank,
                        high_flush, rank_keys, top_keys, straight_keys, top_rank, w_high, w_flush, w_straight, out)


@njit(**_opts)
def wild_low_any(nat: Any, n_nat: int, j: int, rule: int, offsets: Any, low_rank: Any, rank_keys: Any,
                 order: Any, order_strength: Any, nat_ids: Any) -> int:
    """The best low (rule 0 ``a5``, 1 ``a6``, 2 ``27``) of the natural cards in the id mask ``nat`` with
    ``j`` (1..5) wild cards; ``nat_ids`` is scratch space of ten ids."""
    m1 = np.int64(_suit_ranks(nat | (nat >> np.uint64(1)) | (nat >> np.uint64(2)) | (nat >> np.uint64(3)), 0))
    if _popcount(np.uint64(m1)) + j >= 5:
        for i in range(order.shape[1]):
            if _popcount(np.uint64(order[rule, i] & ~m1)) <= j:
                return order_strength[rule, i]
    # too few natural ranks: some natural card pairs; try each set of 5 - j natural cards
    n = 0
    x = nat
    for c in range(52):
        if (x >> np.uint64(c)) & _ONE:
            nat_ids[n] = c
            n += 1
    best = 0
    size = 5 - j
    for pick in range(1 << n):
        if _popcount(np.uint64(pick)) != size:
            continue
        key = 0
        ranks = 0
        for i in range(n):
            if (pick >> i) & 1:
                r = nat_ids[i] >> 2
                key += rank_keys[r]
                ranks |= 1 << r
        added = 0
        for step in range(13):
            r = step if rule == 2 else (step + 12) % 13  # lowest first: the ace first unless 2-7
            if added < j and not (ranks >> r) & 1:
                key += rank_keys[r]
                added += 1
        best = max(best, np.int64(low_rank[rule, _hash(key, offsets)]))
    return best


def _wild_low_span(ids: Any, start: int, stop: int, masks: Any, stride: int, rule: int, threshold: int, ck: Any,
                   cb: Any, offsets: Any, low_rank: Any, low_flush: Any, rank_keys: Any, w_low: Any, order: Any,
                   order_strength: Any, nat_ids: Any, out: Any) -> None:
    k = ids.shape[1]
    for i in range(start, stop):
        wm = np.uint64(masks[i * stride])
        if wm >> np.uint64(52):
            out[i] = BAD_WILD
            continue
        key = SUIT_START
        seen = np.uint64(0)
        ok = True
        for j in range(k):
            c = np.int64(ids[i, j])
            if c < 0 or c > 51 or seen & (_ONE << np.uint64(c)):
                ok = False
                break
            seen |= _ONE << np.uint64(c)
            if not (wm >> np.uint64(c)) & _ONE:
                key += ck[c]
        if not ok:
            out[i] = BAD
            continue
        wild = seen & wm
        if wild == 0:
            value = low_of(ids[i], k, rule, ck, cb, offsets, low_rank, low_flush)
        else:
            w = np.int64(_popcount(wild))
            n_nat = k - w
            if n_nat >= 5 and w <= 2 and k <= 7:
                value = w_low[rule, 7 - k, _hash(key, offsets)]
            else:
                value = wild_low_any(seen & ~wm, n_nat, min(w, 5), rule, offsets, low_rank, rank_keys, order,
                                     order_strength, nat_ids)
        out[i] = value if value >= threshold else 0


_wild_low_span_jit = njit(**_opts)(_wild_low_span)


@njit(cache=True, nogil=True)
def wild_low_rows(ids: Any, masks: Any, stride: int, rule: int, threshold: int, ck: Any, cb: Any, offsets: Any,
                  low_rank: Any, low_flush: Any, rank_keys: Any, w_low: Any, order: Any, order_strength: Any,
                  out: Any) -> None:
    """Low strength of every row (0 below ``threshold``) into ``out``; wild cards as in :func:`wild_high_rows`."""
    nat_ids = np.empty(16, dtype=np.int64)
    _wild_low_span_jit(ids, 0, ids.shape[0], masks, stride, rule, threshold, ck, cb, offsets, low_rank, low_flush,
                       rank_keys, w_low, order, order_strength, nat_ids, out)
