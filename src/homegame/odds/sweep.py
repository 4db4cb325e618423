# mypy: disable-error-code="untyped-decorator"
"""Board sweeps: equity when every player's own cards are known and only board cards are to come,
high hands only, each player using all own cards with the whole board (hold'em-like).

The board's key is built one card per level of the enumeration, so each board costs one addition per
player plus a lookup. :func:`board_sweep5` and :func:`board_sweep5_heads_up` run nested loops for
five cards to come over the remaining cards' own keys; :func:`board_sweep` walks any number of cards
as an odometer from a starting rank (for splitting into chunks).
"""

from __future__ import annotations

from typing import Any

from numba import njit

from homegame.evaluate.kernels import high_of
from homegame.odds.kernels import _opts, _unrank


@njit(**_opts)
def board_sweep(avail: Any, navail: int, k: int, start: int, count: int, board_key: int, board_bits: int,
                 own_key: Any, own_bits: Any, own_n: Any, binom: Any, comb: Any, part_key: Any, part_bits: Any,
                 ck: Any, cb: Any, offsets: Any, high_rank: Any, high_flush: Any, rank_keys: Any, top_keys: Any,
                 straight_keys: Any, top_rank: Any, highs: Any, totals: Any, chunk: int) -> int:
    """Score ``count`` boards from the ``start``-th ``k``-combination of ``avail``, the board's key
    summed level by level so that each step adds one card; returns the boards scored."""
    players = own_key.shape[0]
    _unrank(start, k, navail, binom, comb)
    for level in range(k):
        c = avail[comb[level]]
        prev_key = board_key if level == 0 else part_key[level - 1]
        prev_bits = board_bits if level == 0 else part_bits[level - 1]
        part_key[level] = prev_key + ck[c]
        part_bits[level] = prev_bits | cb[c]
    done = 0
    while done < count:
        key = part_key[k - 1]
        bits = part_bits[k - 1]
        top = 0
        winners = 0
        for p in range(players):
            value = high_of(key + own_key[p], bits | own_bits[p], own_n[p], offsets, high_rank, high_flush,
                            rank_keys, top_keys, straight_keys, top_rank)
            highs[p] = value
            if value > top:
                top = value
                winners = 1
            elif value == top:
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
        for level in range(i, k):
            c = avail[comb[level]]
            prev_key = board_key if level == 0 else part_key[level - 1]
            prev_bits = board_bits if level == 0 else part_bits[level - 1]
            part_key[level] = prev_key + ck[c]
            part_bits[level] = prev_bits | cb[c]
    return done


@njit(inline="always", **_opts)
def _small_high(key: int, bits: int, offsets: Any, high_rank: Any, high_flush: Any) -> int:
    f = (key >> 32) & 0x8888
    if f:
        suit = 0
        if f & 0x80:
            suit = 1
        elif f & 0x800:
            suit = 2
        elif f & 0x8000:
            suit = 3
        return high_flush[(bits >> (16 * suit)) & 0x1FFF]  # type: ignore[no-any-return]
    r = key & 0xFFFFFFFF
    return high_rank[offsets[r >> 12] + (r & 0xFFF)]  # type: ignore[no-any-return]


@njit(**_opts)
def board_sweep5(deck_keys: Any, deck_bits: Any, a_start: int, a_stop: int, own_key: Any, own_bits: Any,
                 offsets: Any, high_rank: Any, high_flush: Any, keys: Any, bits: Any, highs: Any, acc: Any) -> int:
    """Five board cards to come, every player with at most seven cards in all: nested loops over the
    boards whose first card is deck card ``a`` for ``a_start <= a < a_stop``, one card added per level.
    ``deck_keys``/``deck_bits`` are the remaining cards' keys and bits; ``own_key``/``own_bits`` each
    player's known cards (the known board and the suit counters' start included). Shares add up in
    ``acc``; returns the boards scored."""
    n = deck_keys.shape[0]
    players = own_key.shape[0]
    count = 0
    for a in range(a_start, a_stop):
        ka = deck_keys[a]
        ba = deck_bits[a]
        for b in range(a + 1, n - 3):
            kb = ka + deck_keys[b]
            bb = ba | deck_bits[b]
            for c in range(b + 1, n - 2):
                kc = kb + deck_keys[c]
                bc = bb | deck_bits[c]
                for d in range(c + 1, n - 1):
                    kd = kc + deck_keys[d]
                    bd = bc | deck_bits[d]
                    for p in range(players):
                        keys[p] = kd + own_key[p]
                        bits[p] = bd | own_bits[p]
                    for e in range(d + 1, n):
                        top = 0
                        winners = 0
                        for p in range(players):
                            value = _small_high(keys[p] + deck_keys[e], bits[p] | deck_bits[e], offsets,
                                                high_rank, high_flush)
                            highs[p] = value
                            if value > top:
                                top = value
                                winners = 1
                            elif value == top:
                                winners += 1
                        share = 1.0 / winners
                        for p in range(players):
                            if highs[p] == top:
                                acc[p] += share
                        count += 1
    return count


@njit(**_opts)
def board_sweep5_heads_up(deck_keys: Any, deck_bits: Any, a_start: int, a_stop: int, key0: int, bits0: int,
                          key1: int, bits1: int, offsets: Any, high_rank: Any, high_flush: Any, acc: Any) -> int:
    """:func:`board_sweep5` for two players, with wins and ties counted in registers."""
    n = deck_keys.shape[0]
    wins0 = 0
    wins1 = 0
    ties = 0
    for a in range(a_start, a_stop):
        ka = deck_keys[a]
        ba = deck_bits[a]
        for b in range(a + 1, n - 3):
            kb = ka + deck_keys[b]
            bb = ba | deck_bits[b]
            for c in range(b + 1, n - 2):
                kc = kb + deck_keys[c]
                bc = bb | deck_bits[c]
                for d in range(c + 1, n - 1):
                    kd = kc + deck_keys[d]
                    bd = bc | deck_bits[d]
                    k0 = kd + key0
                    b0 = bd | bits0
                    k1 = kd + key1
                    b1 = bd | bits1
                    for e in range(d + 1, n):
                        v0 = _small_high(k0 + deck_keys[e], b0 | deck_bits[e], offsets, high_rank, high_flush)
                        v1 = _small_high(k1 + deck_keys[e], b1 | deck_bits[e], offsets, high_rank, high_flush)
                        if v0 > v1:
                            wins0 += 1
                        elif v1 > v0:
                            wins1 += 1
                        else:
                            ties += 1
    acc[0] += wins0 + 0.5 * ties
    acc[1] += wins1 + 0.5 * ties
    return wins0 + wins1 + ties
