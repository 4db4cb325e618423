# mypy: disable-error-code="untyped-decorator"
"""numba kernels for equity: every outcome enumerated (exact) or sampled, each scored over the batch
evaluator's tables.

A deal is laid out as *slots*: card ids, ``-1`` where the card is unknown. Unknown slots come in
*groups* whose cards play the same part (the board still to come, one player's unknown cards), so a
group takes each set of cards once, not each order. Players read their own and shared slots through
index arrays, and try each card group their usage rule allows (bit masks over those slots).

Exact enumeration walks the groups like an odometer: each group steps through the combinations of
the cards the earlier groups left (:mod:`homegame.odds.sweep` has the shortcuts for hands that are
all known but the board). Sampling draws every unknown slot without replacement (a
partial Fisher-Yates shuffle), seeded per chunk so that a seed reproduces the result. Chunks run on a
thread pool (:mod:`homegame.odds.run`); these functions release the GIL.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from homegame.evaluate.kernels import SUIT_START, high_of, low_of

# Per-outcome work runs without numba's reference counting (see homegame.evaluate.kernels); the
# parallel drivers allocate each chunk's buffers and call the chunk functions once per chunk.
_opts: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}
_driver: dict[str, Any] = {"cache": True, "nogil": True}


@njit(**_driver)
def binomials() -> Any:
    """``C(n, k)`` for n, k <= 52."""
    table = np.zeros((53, 53), dtype=np.int64)
    for n in range(53):
        table[n, 0] = 1
        for k in range(1, n + 1):
            table[n, k] = table[n - 1, k - 1] + table[n - 1, k]
    return table


@njit(inline="always", **_opts)
def _next_comb(comb: Any, k: int, n: int) -> bool:
    i = k - 1
    while i >= 0 and comb[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    comb[i] += 1
    for j in range(i + 1, k):
        comb[j] = comb[j - 1] + 1
    return True


@njit(**_opts)
def _unrank(rank: int, k: int, n: int, binom: Any, comb: Any) -> None:
    """The ``rank``-th ``k``-combination of ``range(n)`` in lexicographic order, into ``comb``."""
    x = 0
    for i in range(k):
        while binom[n - x - 1, k - i - 1] <= rank:
            rank -= binom[n - x - 1, k - i - 1]
            x += 1
        comb[i] = x
        x += 1


@njit(inline="always", **_opts)
def _score(buf: Any, own_idx: Any, own_len: Any, sh_idx: Any, sh_len: Any, sel_own: Any, sel_sh: Any,
           sel_len: Any, split: int, rule: int, threshold: int, ck: Any, cb: Any, offsets: Any, high_rank: Any, high_flush: Any, rank_keys: Any, top_keys: Any,
           straight_keys: Any, top_rank: Any, low_rank: Any, low_flush: Any,
           hand: Any, highs: Any, lows: Any, shares: Any) -> None:
    """Each player's share of this deal (``split`` 0: high only; 1: high-low, cards speak)."""
    players = own_len.shape[0]
    if split == 0 and sel_len[0] == 0:
        # every player: all own cards with all the shared ones (the same for all), high only
        shared_key = 0
        shared_bits = 0
        for j in range(sh_len[0]):
            c = buf[sh_idx[0, j]]
            shared_key += ck[c]
            shared_bits |= cb[c]
        for p in range(players):
            key = SUIT_START + shared_key
            bits = shared_bits
            for j in range(own_len[p]):
                c = buf[own_idx[p, j]]
                key += ck[c]
                bits |= cb[c]
            highs[p] = high_of(key, bits, own_len[p] + sh_len[0], offsets, high_rank, high_flush, rank_keys,
                               top_keys, straight_keys, top_rank)
    for p in range(players):
        if split == 0 and sel_len[0] == 0:
            break
        best_high = 0
        best_low = 0
        for s in range(sel_len[p]):
            key = SUIT_START
            bits = 0
            m = 0
            mask = sel_own[p, s]
            for j in range(own_len[p]):
                if (mask >> j) & 1:
                    c = buf[own_idx[p, j]]
                    key += ck[c]
                    bits |= cb[c]
                    hand[m] = c
                    m += 1
            mask = sel_sh[p, s]
            for j in range(sh_len[p]):
                if (mask >> j) & 1:
                    c = buf[sh_idx[p, j]]
                    key += ck[c]
                    bits |= cb[c]
                    hand[m] = c
                    m += 1
            value = high_of(key, bits, m, offsets, high_rank, high_flush, rank_keys, top_keys, straight_keys,
                            top_rank)
            if value > best_high:
                best_high = value
            if split == 1:
                low = low_of(hand, m, rule, ck, cb, offsets, low_rank, low_flush)
                if low > best_low:
                    best_low = low
        highs[p] = best_high
        lows[p] = best_low if best_low >= threshold else 0
    top = 0
    winners = 0
    for p in range(players):
        if highs[p] > top:
            top = highs[p]
            winners = 1
        elif highs[p] == top:
            winners += 1
    low_top = 0
    low_winners = 0
    if split == 1:
        for p in range(players):
            if lows[p] > low_top:
                low_top = lows[p]
                low_winners = 1
            elif lows[p] == low_top and low_top > 0:
                low_winners += 1
    high_part = 1.0 if low_top == 0 else 0.5
    for p in range(players):
        share = 0.0
        if highs[p] == top:
            share += high_part / winners
        if low_top > 0 and lows[p] == low_top:
            share += 0.5 / low_winners
        shares[p] = share


def _exact_chunk(chunk: int, chunks: int, slots: Any, group_slots: Any, group_len: Any, deck: Any,
                 own_idx: Any, own_len: Any, sh_idx: Any, sh_len: Any, sel_own: Any, sel_sh: Any,
                 sel_len: Any, split: int, rule: int, threshold: int, ck: Any, cb: Any, offsets: Any,
                 high_rank: Any, high_flush: Any, rank_keys: Any, top_keys: Any, straight_keys: Any, top_rank: Any,
                 low_rank: Any, low_flush: Any, binom: Any, totals: Any, counts: Any, buf: Any, hand: Any,
                 highs: Any, lows: Any, shares: Any, avail: Any, avail_len: Any, comb: Any, perms: Any) -> None:
    groups = group_len.shape[0]
    order = perms.shape[0]
    players = own_len.shape[0]
    for i in range(slots.shape[0]):
        buf[i] = slots[i]
    for i in range(deck.shape[0]):
        avail[0, i] = deck[i]
    avail_len[0] = deck.shape[0]
    first_total = binom[avail_len[0], group_len[0]]
    size = (first_total + chunks - 1) // chunks
    start = chunk * size
    stop = min(first_total, start + size)
    if start >= stop:
        return
    _unrank(start, group_len[0], avail_len[0], binom, comb[0])
    done = start
    while True:
        weight = 1
        if order > 1:
            weight = _orbit(comb[0], group_len[0], avail, cb, perms)
        if weight > 0:
            _exact_rest(groups, players, chunk, weight, group_slots, group_len, buf, own_idx, own_len, sh_idx,
                        sh_len, sel_own, sel_sh, sel_len, split, rule, threshold, ck, cb, offsets, high_rank,
                        high_flush, rank_keys, top_keys, straight_keys, top_rank, low_rank, low_flush, totals,
                        counts, hand, highs, lows, shares, avail, avail_len, comb)
        done += 1
        if done >= stop or not _next_comb(comb[0], group_len[0], avail_len[0]):
            break


@njit(inline="always", **_opts)
def _orbit(comb: Any, k: int, avail: Any, cb: Any, perms: Any) -> int:
    """The orbit size of the first group's card set under ``perms`` if it is the orbit's smallest
    (as a mask of bits ``16 * suit + rank``), else 0."""
    mask = 0
    for j in range(k):
        mask |= cb[avail[0, comb[j]]]
    fixed = 0
    for g in range(perms.shape[0]):
        image = 0
        for s in range(4):
            image |= ((mask >> (16 * s)) & 0x1FFF) << (16 * perms[g, s])
        if image < mask:
            return 0
        if image == mask:
            fixed += 1
    return perms.shape[0] // fixed  # type: ignore[no-any-return]


@njit(**_opts)
def _exact_rest(groups: int, players: int, chunk: int, weight: int, group_slots: Any, group_len: Any, buf: Any,
                own_idx: Any, own_len: Any, sh_idx: Any, sh_len: Any, sel_own: Any, sel_sh: Any, sel_len: Any,
                split: int, rule: int, threshold: int, ck: Any, cb: Any, offsets: Any, high_rank: Any,
                high_flush: Any, rank_keys: Any, top_keys: Any, straight_keys: Any, top_rank: Any, low_rank: Any,
                low_flush: Any, totals: Any, counts: Any, hand: Any, highs: Any, lows: Any, shares: Any,
                avail: Any, avail_len: Any, comb: Any) -> None:
    """Every outcome of the groups after the first, for the first group's current cards, ``weight``
    times each."""
    # lay out the groups after the first from the cards it leaves
    for g in range(1, groups):
        used = 0
        n_prev = group_len[g - 1]
        m = 0
        for i in range(avail_len[g - 1]):
            if used < n_prev and comb[g - 1, used] == i:
                used += 1
            else:
                avail[g, m] = avail[g - 1, i]
                m += 1
        avail_len[g] = m
        for j in range(group_len[g]):
            comb[g, j] = j
    while True:
        for g in range(groups):
            for j in range(group_len[g]):
                buf[group_slots[g, j]] = avail[g, comb[g, j]]
        _score(buf, own_idx, own_len, sh_idx, sh_len, sel_own, sel_sh, sel_len, split, rule, threshold,
               ck, cb, offsets, high_rank, high_flush, rank_keys, top_keys, straight_keys, top_rank, low_rank, low_flush, hand, highs, lows, shares)
        for p in range(players):
            totals[chunk, p] += weight * shares[p]
        counts[chunk] += weight
        g = groups - 1
        while g >= 1 and not _next_comb(comb[g], group_len[g], avail_len[g]):
            g -= 1
        if g < 1:
            break
        for h in range(g + 1, groups):
            used = 0
            m = 0
            for i in range(avail_len[h - 1]):
                if used < group_len[h - 1] and comb[h - 1, used] == i:
                    used += 1
                else:
                    avail[h, m] = avail[h - 1, i]
                    m += 1
            avail_len[h] = m
            for j in range(group_len[h]):
                comb[h, j] = j


exact_chunk = njit(**_opts)(_exact_chunk)


def _sample_chunk(chunk: int, trials: int, seed: int, slots: Any, unknown: Any, deck: Any, own_idx: Any,
                  own_len: Any, sh_idx: Any, sh_len: Any, sel_own: Any, sel_sh: Any, sel_len: Any, split: int,
                  rule: int, threshold: int, ck: Any, cb: Any, offsets: Any, high_rank: Any, high_flush: Any,
                  rank_keys: Any, top_keys: Any, straight_keys: Any, top_rank: Any, low_rank: Any, low_flush: Any,
                  totals: Any, squares: Any, buf: Any, pool: Any, hand: Any, highs: Any, lows: Any,
                  shares: Any) -> None:
    np.random.seed(seed)
    players = own_len.shape[0]
    for i in range(slots.shape[0]):
        buf[i] = slots[i]
    for i in range(deck.shape[0]):
        pool[i] = deck[i]
    n = pool.shape[0]
    k = unknown.shape[0]
    for _ in range(trials):
        for j in range(k):
            r = j + np.random.randint(0, n - j)
            c = pool[r]
            pool[r] = pool[j]
            pool[j] = c
            buf[unknown[j]] = c
        _score(buf, own_idx, own_len, sh_idx, sh_len, sel_own, sel_sh, sel_len, split, rule, threshold,
               ck, cb, offsets, high_rank, high_flush, rank_keys, top_keys, straight_keys, top_rank, low_rank, low_flush, hand, highs, lows, shares)
        for p in range(players):
            totals[chunk, p] += shares[p]
            squares[chunk, p] += shares[p] * shares[p]


sample_chunk = njit(**_opts)(_sample_chunk)
