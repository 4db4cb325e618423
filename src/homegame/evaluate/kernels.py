# mypy: disable-error-code="untyped-decorator"
"""numba kernels over the tables of :mod:`homegame.evaluate.tables` (compiled on first use, cached).

Each hand is summed card by card into a 64-bit key (rank key below bit 32, suit counts above) and a
64-bit mask of its cards (bit ``16 * suit + rank``). Five to seven cards: a flush is read from the
suit's rank mask, anything else from the perfect hash of the rank key. Eight to ten cards: the
non-flush hand is found from the masks of ranks held once, twice, three and four times, then looked up
by the key of its five ranks. Lows use the rank tables, and every five-card subset where a flush may
matter (``a6``, ``27``) or beyond seven cards.

The batch path for five to seven cards (:func:`high_rows`, the bulk of ``evaluate_many``) reads each
row once: the key from one table read per card, the mask as ``1 << id`` (no table), which checks
repeats by its popcount and gives a flush's ranks by gathering every fourth bit. It reaches about twice
OMPEval's speed on one thread (``bench/evaluator.py``); the per-card loads are what bound it.

Kernels write ``-1`` for a row holding an id outside 0..51 or a card twice; callers raise on it.
Large batches run as several spans on a thread pool (:mod:`homegame.evaluate.pool`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit
from numba.core.extending import intrinsic

SUIT_START = 0x3333 << 32
BAD = -1
# Everything that runs per hand is compiled without numba's reference counting (``_nrt=False``): with it,
# every call passing arrays, inlined or not, pays atomic increments that cost more than the evaluation.
# Only the drivers, which allocate and split work across threads, keep it; they call the spans once per chunk.
_opts: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}
_inline: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False, "inline": "always"}
_driver: dict[str, Any] = {"cache": True, "nogil": True}


@njit(**_inline)
def _hash(key: int, offsets: Any) -> int:
    r = key & 0xFFFFFFFF
    return offsets[r >> 12] + (r & 0xFFF)  # type: ignore[no-any-return]


@njit(**_inline)
def _flush_suit(key: int) -> int:
    f = (key >> 32) & 0x8888
    if f == 0:
        return -1
    if f & 0x8:
        return 0
    if f & 0x80:
        return 1
    if f & 0x800:
        return 2
    return 3


@njit(**_inline)
def _high_small(key: int, bits: int, offsets: Any, high_rank: Any, high_flush: Any) -> int:
    suit = _flush_suit(key)
    if suit >= 0:
        return high_flush[(bits >> (16 * suit)) & 0x1FFF]  # type: ignore[no-any-return]
    return high_rank[_hash(key, offsets)]  # type: ignore[no-any-return]


@njit(**_opts)
def _high_large(key: int, bits: int, offsets: Any, high_rank: Any, high_flush: Any, rank_keys: Any,
                top_keys: Any, straight_keys: Any, top_rank: Any) -> int:
    """Eight to ten cards."""
    best = 0
    counts = key >> 32
    for suit in range(4):
        if (counts >> (4 * suit + 3)) & 1:
            best = max(best, high_flush[(bits >> (16 * suit)) & 0x1FFF])
    s0 = bits & 0x1FFF
    s1 = (bits >> 16) & 0x1FFF
    s2 = (bits >> 32) & 0x1FFF
    s3 = (bits >> 48) & 0x1FFF
    m1 = s0 | s1 | s2 | s3
    m2 = (s0 & s1) | (s2 & s3) | ((s0 | s1) & (s2 | s3))
    m3 = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    m4 = s0 & s1 & s2 & s3
    if m4:
        q = top_rank[m4]
        five = 4 * rank_keys[q] + top_keys[1, m1 & ~(1 << q)]
    elif m3 and (m2 & ~(1 << top_rank[m3])):
        t3 = top_rank[m3]
        five = 3 * rank_keys[t3] + 2 * rank_keys[top_rank[m2 & ~(1 << t3)]]
    elif straight_keys[m1]:
        five = straight_keys[m1]
    elif m3:
        t3 = top_rank[m3]
        five = 3 * rank_keys[t3] + top_keys[2, m1 & ~(1 << t3)]
    elif m2:
        p1 = top_rank[m2]
        rest = m2 & ~(1 << p1)
        if rest:
            p2 = top_rank[rest]
            five = 2 * rank_keys[p1] + 2 * rank_keys[p2] + top_keys[1, m1 & ~((1 << p1) | (1 << p2))]
        else:
            five = 2 * rank_keys[p1] + top_keys[3, m1 & ~(1 << p1)]
    else:
        five = top_keys[5, m1]
    return max(best, high_rank[_hash(five, offsets)])  # type: ignore[no-any-return]


@njit(**_inline)
def high_of(key: int, bits: int, n: int, offsets: Any, high_rank: Any, high_flush: Any, rank_keys: Any,
            top_keys: Any, straight_keys: Any, top_rank: Any) -> int:
    """The high strength of ``n`` (5..10) cards summed into ``key`` and ``bits``."""
    if n <= 7:
        return _high_small(key, bits, offsets, high_rank, high_flush)  # type: ignore[no-any-return]
    return _high_large(key, bits, offsets, high_rank, high_flush, rank_keys, top_keys, straight_keys,  # type: ignore[no-any-return]
                       top_rank)


@njit(**_opts)
def low_of(hand: Any, n: int, rule: int, card_keys: Any, card_bits: Any, offsets: Any, low_rank: Any,
           low_flush: Any) -> int:
    """The low strength (rule 0 ``a5``, 1 ``a6``, 2 ``27``) of the first ``n`` ids of ``hand``."""
    key = SUIT_START
    for j in range(n):
        key += card_keys[hand[j]]
    if n <= 7 and (rule == 0 or _flush_suit(key) < 0):
        return low_rank[rule, _hash(key, offsets)]  # type: ignore[no-any-return]
    best = 0
    for a in range(n - 4):
        ka = SUIT_START + card_keys[hand[a]]
        for b in range(a + 1, n - 3):
            kb = ka + card_keys[hand[b]]
            for c in range(b + 1, n - 2):
                kc = kb + card_keys[hand[c]]
                for d in range(c + 1, n - 1):
                    kd = kc + card_keys[hand[d]]
                    for e in range(d + 1, n):
                        k5 = kd + card_keys[hand[e]]
                        suit = _flush_suit(k5)
                        if suit >= 0:
                            b5 = (card_bits[hand[a]] | card_bits[hand[b]] | card_bits[hand[c]]
                                  | card_bits[hand[d]] | card_bits[hand[e]])
                            value = low_flush[rule, (b5 >> (16 * suit)) & 0x1FFF]
                        else:
                            value = low_rank[rule, _hash(k5, offsets)]
                        best = max(best, value)
    return best


@njit(**_inline)
def _sum_row(ids: Any, i: int, k: int, card_keys: Any, card_bits: Any) -> tuple[int, int, bool]:
    key = SUIT_START
    bits = 0
    dup = 0
    for j in range(k):
        c = np.int64(ids[i, j])
        if c < 0 or c > 51:
            return key, bits, False
        b = card_bits[c]
        dup |= bits & b
        key += card_keys[c]
        bits |= b
    return key, bits, dup == 0


@intrinsic
def _popcount(typingctx: Any, src: Any) -> Any:
    """The number of set bits of an integer (LLVM's ctpop)."""
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])
    return src(src), codegen


_ONE = np.uint64(1)
_LOW32 = np.uint64(0xFFFFFFFF)
_LOW12 = np.uint64(0xFFF)
_TWELVE = np.uint64(12)
_EVERY_FOURTH = np.uint64(0x1111111111111)  # bit 4 * rank for the 13 ranks


@njit(**_inline)
def _suit_ranks(seen: Any, suit: int) -> Any:
    """The 13-bit rank mask of ``suit`` from a mask of card ids (bit ``4 * rank + suit``): every fourth bit
    gathered in four shift-and-mask steps."""
    x = (seen >> np.uint64(suit)) & _EVERY_FOURTH
    x = (x | (x >> np.uint64(3))) & np.uint64(0x0303030303030303)
    x = (x | (x >> np.uint64(6))) & np.uint64(0x000F000F000F000F)
    x = (x | (x >> np.uint64(12))) & np.uint64(0x000000FF000000FF)
    return (x | (x >> np.uint64(24))) & np.uint64(0xFFFF)


@njit(**_inline)
def _finish(key: int, seen: Any, bad: Any, offsets: Any, high_rank: Any, high_flush: Any) -> int:
    """The strength of a row of up to seven cards summed into ``key``, ``seen`` the mask of its ids;
    :data:`BAD` if ``bad`` is not zero."""
    if bad:
        return BAD
    f = (key >> 32) & 0x8888
    if f:
        # rare (3% of seven-card hands): the flush suit's ranks, read from the mask of ids
        suit = 0
        if f & 0x80:
            suit = 1
        elif f & 0x800:
            suit = 2
        elif f & 0x8000:
            suit = 3
        return high_flush[_suit_ranks(seen, suit)]  # type: ignore[no-any-return]
    r = np.uint64(key) & _LOW32
    return high_rank[np.uint64(offsets[r >> _TWELVE]) + (r & _LOW12)]  # type: ignore[no-any-return]


@njit(**_inline)
def _one7(flat: Any, base: Any, ck: Any, offsets: Any, high_rank: Any, high_flush: Any) -> int:
    """Seven cards at ``flat[base:base + 7]``, unrolled, checked in the same pass.

    Ids are read as unsigned (a negative id becomes huge) and the key table is read at ``id & 255``,
    where ids 52..255 carry :data:`~homegame.evaluate.tables.BAD_KEY`: an id outside 0..51 shows in bit 56
    of the key or, above 255, in the OR of all ids. A repeated card shows in the mask of ``1 << id``:
    seven different ids set seven bits. No table read beyond the keys, and the cards' registers are
    free once summed (a flush reads its ranks from the mask).
    """
    c0 = np.uint64(flat[np.uint64(base)])
    c1 = np.uint64(flat[np.uint64(base + 1)])
    c2 = np.uint64(flat[np.uint64(base + 2)])
    c3 = np.uint64(flat[np.uint64(base + 3)])
    c4 = np.uint64(flat[np.uint64(base + 4)])
    c5 = np.uint64(flat[np.uint64(base + 5)])
    c6 = np.uint64(flat[np.uint64(base + 6)])
    key = (SUIT_START + ck[c0 & 255] + ck[c1 & 255] + ck[c2 & 255] + ck[c3 & 255] + ck[c4 & 255]
           + ck[c5 & 255] + ck[c6 & 255])
    seen = ((_ONE << (c0 & 63)) | (_ONE << (c1 & 63)) | (_ONE << (c2 & 63)) | (_ONE << (c3 & 63))
            | (_ONE << (c4 & 63)) | (_ONE << (c5 & 63)) | (_ONE << (c6 & 63)))
    bad = (((c0 | c1 | c2 | c3 | c4 | c5 | c6) >> 8) | np.uint64(key >> 56)
           | (_popcount(seen) ^ np.uint64(7)))  # type: ignore[call-arg]
    return _finish(key, seen, bad, offsets, high_rank, high_flush)


@njit(**_inline)
def _one_small(flat: Any, base: Any, k: int, ck: Any, offsets: Any, high_rank: Any, high_flush: Any) -> int:
    """Five or six cards at ``flat[base:base + k]``, checked as in :func:`_one7`."""
    c0 = np.uint64(flat[np.uint64(base)])
    c1 = np.uint64(flat[np.uint64(base + 1)])
    c2 = np.uint64(flat[np.uint64(base + 2)])
    c3 = np.uint64(flat[np.uint64(base + 3)])
    c4 = np.uint64(flat[np.uint64(base + 4)])
    c5 = np.uint64(flat[np.uint64(base + 5)]) if k > 5 else c4
    key = SUIT_START + ck[c0 & 255] + ck[c1 & 255] + ck[c2 & 255] + ck[c3 & 255] + ck[c4 & 255]
    if k > 5:
        key += ck[c5 & 255]
    seen = ((_ONE << (c0 & 63)) | (_ONE << (c1 & 63)) | (_ONE << (c2 & 63)) | (_ONE << (c3 & 63))
            | (_ONE << (c4 & 63)) | (_ONE << (c5 & 63)))
    bad = (((c0 | c1 | c2 | c3 | c4 | c5) >> 8) | np.uint64(key >> 56)
           | (_popcount(seen) ^ np.uint64(k)))  # type: ignore[call-arg]
    return _finish(key, seen, bad, offsets, high_rank, high_flush)


def _high_span(ids: Any, flat: Any, start: int, stop: int, ck: Any, cb: Any, offsets: Any, high_rank: Any,
               high_flush: Any, rank_keys: Any, top_keys: Any, straight_keys: Any, top_rank: Any,
               out: Any) -> None:
    k = ids.shape[1]
    if k > 7:
        for i in range(start, stop):
            key, bits, ok = _sum_row(ids, i, k, ck, cb)
            out[i] = _high_large(key, bits, offsets, high_rank, high_flush, rank_keys, top_keys,
                                 straight_keys, top_rank) if ok else BAD
        return
    # rows of five to seven cards are read from the flat array: a constant stride, unsigned indices
    if k == 7:
        for i in range(start, stop):
            out[i] = _one7(flat, 7 * i, ck, offsets, high_rank, high_flush)
        return
    for i in range(start, stop):
        out[i] = _one_small(flat, k * i, k, ck, offsets, high_rank, high_flush)


_high_span_jit = njit(**_opts)(_high_span)


@njit(**_opts)
def high_rows(ids: Any, ck: Any, cb: Any, offsets: Any, high_rank: Any, high_flush: Any, rank_keys: Any,
              top_keys: Any, straight_keys: Any, top_rank: Any, out: Any, chunks: int) -> None:
    """High strength of every row of ``ids`` (C-contiguous) into ``out`` (one thread)."""
    _high_span_jit(ids, ids.reshape(ids.size), 0, ids.shape[0], ck, cb, offsets, high_rank, high_flush,
                   rank_keys, top_keys, straight_keys, top_rank, out)


def _low_span(ids: Any, start: int, stop: int, rule: int, threshold: int, ck: Any, cb: Any,
              offsets: Any, low_rank: Any, low_flush: Any, out: Any) -> None:
    k = ids.shape[1]
    for i in range(start, stop):
        _, _, ok = _sum_row(ids, i, k, ck, cb)
        if not ok:
            out[i] = BAD
        else:
            value = low_of(ids[i], k, rule, ck, cb, offsets, low_rank, low_flush)
            out[i] = value if value >= threshold else 0


_low_span_jit = njit(**_opts)(_low_span)


@njit(**_opts)
def low_rows(ids: Any, rule: int, threshold: int, ck: Any, cb: Any, offsets: Any, low_rank: Any, low_flush: Any,
             out: Any, chunks: int) -> None:
    """Low strength of every row (0 below ``threshold``) into ``out``."""
    _low_span_jit(ids, 0, ids.shape[0], rule, threshold, ck, cb, offsets, low_rank, low_flush, out)


def _group_span(own: Any, shared: Any, start: int, stop: int, own_sel: Any, shared_sel: Any,
                rule: int, threshold: int, ck: Any, cb: Any, offsets: Any, high_rank: Any, high_flush: Any,
                rank_keys: Any, top_keys: Any, straight_keys: Any, top_rank: Any, low_rank: Any, low_flush: Any,
                out: Any, hand: Any, own_masks: Any, own_of: Any, shared_masks: Any, shared_of: Any, sizes: Any,
                sums: Any) -> None:
    h = own.shape[1]
    b = shared.shape[1]
    n_own = own_masks.shape[0]
    for i in range(start, stop):
        bits = 0
        ok = True
        for j in range(h + b):
            c = np.int64(own[i, j]) if j < h else np.int64(shared[i, j - h])
            if c < 0 or c > 51 or bits & cb[c]:
                ok = False
                break
            bits |= cb[c]
        if not ok:
            out[i] = BAD
            continue
        best = 0
        if rule < 0:
            # high: each distinct own part and shared part of the groups is summed once per row, and a
            # group is the sum of its two parts (Omaha: 6 + 10 part sums for 60 groups, not 60 of 5 cards)
            for u in range(n_own + shared_masks.shape[0]):
                mask = own_masks[u] if u < n_own else shared_masks[u - n_own]
                key = 0
                gbits = 0
                for j in range(h if u < n_own else b):
                    if (mask >> j) & 1:
                        c = np.int64(own[i, j]) if u < n_own else np.int64(shared[i, j])
                        key += ck[c]
                        gbits |= cb[c]
                sums[2 * u] = key
                sums[2 * u + 1] = gbits
            for g in range(len(own_sel)):
                a = 2 * own_of[g]
                s = 2 * (n_own + shared_of[g])
                value = high_of(SUIT_START + sums[a] + sums[s], sums[a + 1] | sums[s + 1], sizes[g], offsets,
                                high_rank, high_flush, rank_keys, top_keys, straight_keys, top_rank)
                best = max(best, value)
            out[i] = best if best >= threshold else 0
            continue
        for g in range(len(own_sel)):
            m = 0
            for j in range(h):
                if (own_sel[g] >> j) & 1:
                    hand[m] = np.int64(own[i, j])
                    m += 1
            for j in range(b):
                if (shared_sel[g] >> j) & 1:
                    hand[m] = np.int64(shared[i, j])
                    m += 1
            value = low_of(hand, m, rule, ck, cb, offsets, low_rank, low_flush)
            best = max(best, value)
        out[i] = best if best >= threshold else 0


_group_span_jit = njit(**_opts)(_group_span)


@njit(**_driver)
def _distinct(sel: Any) -> tuple[Any, Any]:
    """The distinct masks of ``sel`` in first-seen order, and each entry's index among them."""
    masks = np.empty(len(sel), dtype=np.int64)
    of = np.empty(len(sel), dtype=np.int64)
    n = 0
    for g in range(len(sel)):
        k = 0
        while k < n and masks[k] != sel[g]:
            k += 1
        if k == n:
            masks[n] = sel[g]
            n += 1
        of[g] = k
    return masks[:n].copy(), of


@njit(**_driver)
def group_rows(own: Any, shared: Any, own_sel: Any, shared_sel: Any, rule: int, threshold: int, ck: Any,
               cb: Any, offsets: Any, high_rank: Any, high_flush: Any, rank_keys: Any, top_keys: Any,
               straight_keys: Any, top_rank: Any, low_rank: Any, low_flush: Any, out: Any, chunks: int) -> None:
    """Best hand of each row over the card groups ``own_sel[g]``/``shared_sel[g]`` (position bit masks);
    ``rule < 0`` for high, else that low rule (0 below ``threshold``)."""
    hand = np.empty(10, dtype=np.int64)
    own_masks, own_of = _distinct(own_sel)
    shared_masks, shared_of = _distinct(shared_sel)
    sizes = np.empty(len(own_sel), dtype=np.int64)
    for g in range(len(own_sel)):
        m = 0
        for j in range(own.shape[1]):
            m += (own_sel[g] >> j) & 1
        for j in range(shared.shape[1]):
            m += (shared_sel[g] >> j) & 1
        sizes[g] = m
    sums = np.empty(2 * (len(own_masks) + len(shared_masks)), dtype=np.int64)
    _group_span_jit(own, shared, 0, own.shape[0], own_sel, shared_sel, rule, threshold, ck, cb, offsets,
                    high_rank, high_flush, rank_keys, top_keys, straight_keys, top_rank, low_rank, low_flush, out,
                    hand, own_masks, own_of, shared_masks, shared_of, sizes, sums)


