# mypy: disable-error-code="untyped-decorator"
"""Exact hold'em board equity by rank classes: each board's *ranks* scored once, with the number of
boards that share them, and only the boards that can make someone a flush looked at suit by suit.

Applies when every player holds at most two known cards and five community cards are dealt (so each
player has at most seven cards and at most one suit can reach five for anyone). Then:

1. Every multiset of ranks the unknown board cards can take is scored as if no flush were possible
   (the rank tables), weighted by the boards with those ranks (a product of binomials).
2. For each suit ``s``, the boards whose ``s`` cards could complete someone's flush (enough ``s``
   cards among the unknown ones) are walked with their ``s`` cards one by one and the other cards again
   as rank multisets. Each adds its true outcome and takes back the rank-only outcome counted in step 1.
   No board is walked for two suits: a flush needs three board cards of its suit.

Outcomes are counted as whole numbers (boards won alone, boards shared by two, three, ...), so the
shares are exact fractions rounded once. AsKs against QhQd scores about 40,000 rank classes instead of
1,712,304 boards.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

_opts: dict[str, Any] = {"cache": True, "nogil": True}


@njit(**_opts)
def _multisets(avail: Any, m: int, rank_keys: Any, binom: Any, keys: Any, counts: Any, seq: Any) -> int:
    """Every multiset of ``m`` ranks with at most ``avail[r]`` of rank ``r``: its key sum and how many card
    sets have those ranks, into ``keys``/``counts``; returns how many."""
    if m == 0:
        keys[0] = 0
        counts[0] = 1
        return 1
    if m <= 2:  # the flop and the turn: plain loops
        n = 0
        for a in range(13):
            if avail[a] == 0:
                continue
            if m == 1:
                keys[n] = rank_keys[a]
                counts[n] = avail[a]
                n += 1
                continue
            for b in range(a, 13):
                count = binom[avail[a], 2] if a == b else avail[a] * avail[b]
                if count > 0:
                    keys[n] = rank_keys[a] + rank_keys[b]
                    counts[n] = count
                    n += 1
        return n
    for i in range(m):
        seq[i] = 0
    n = 0
    while True:
        count = 1
        key = 0
        i = 0
        while i < m and count > 0:
            j = i
            while j < m and seq[j] == seq[i]:
                j += 1
            count *= binom[avail[seq[i]], j - i]
            key += (j - i) * rank_keys[seq[i]]
            i = j
        if count > 0:
            keys[n] = key
            counts[n] = count
            n += 1
        i = m - 1
        while i >= 0 and seq[i] == 12:
            i -= 1
        if i < 0:
            return n
        seq[i] += 1
        for j in range(i + 1, m):
            seq[j] = seq[i]


@njit(inline="always", **_opts)
def _rank_value(key: int, offsets: Any, high_rank: Any) -> int:
    r = key & 0xFFFFFFFF
    return high_rank[offsets[r >> 12] + (r & 0xFFF)]  # type: ignore[no-any-return]


@njit(inline="always", **_opts)
def _tally(values: Any, players: int, weight: int, tally: Any) -> None:
    top = 0
    winners = 0
    for p in range(players):
        if values[p] > top:
            top = values[p]
            winners = 1
        elif values[p] == top:
            winners += 1
    for p in range(players):
        if values[p] == top:
            tally[winners, p] += weight


@njit(**_opts)
def rank_class_sweep(k: int, avail_bits: int, own_key: Any, own_mask: Any, own_count: Any, rank_keys: Any,
                     offsets: Any, high_rank: Any, high_flush: Any, binom: Any) -> Any:
    """Outcome counts over every way to deal ``k`` cards from ``avail_bits`` (bit ``16 * suit + rank``).

    ``own_key[p]``: the rank key sum of player ``p``'s cards and the known board; ``own_mask[p, s]`` the
    ranks of suit ``s`` among them and ``own_count[p, s]`` how many. Returns ``tally``: ``tally[w, p]`` is
    the number of boards on which ``p`` is one of ``w`` players with the best hand.
    """
    players = own_key.shape[0]
    tally = np.zeros((players + 1, players), dtype=np.int64)
    scratch = np.empty((4, 6188), dtype=np.int64)
    _sweep(k, avail_bits, own_key, own_mask, own_count, rank_keys, offsets, high_rank, high_flush, binom, 1,
           tally, scratch)
    return tally


@njit(**{**_opts, "_nrt": False})
def _sweep(k: int, avail_bits: int, own_key: Any, own_mask: Any, own_count: Any, rank_keys: Any, offsets: Any,
           high_rank: Any, high_flush: Any, binom: Any, weight: int, tally: Any, scratch: Any) -> None:
    """:func:`rank_class_sweep` adding ``weight`` times each count into ``tally``, with ``scratch`` rows
    (4 x 6188) for work space."""
    avail = scratch[2, 64:77]
    for r in range(13):
        avail[r] = 0
        for s in range(4):
            avail[r] += (avail_bits >> (16 * s + r)) & 1
    _sweep_counted(k, avail_bits, own_key, own_mask, own_count, rank_keys, offsets, high_rank, high_flush, binom,
                   weight, tally, scratch, scratch[3, 512:512])


@njit(**{**_opts, "_nrt": False})
def _sweep_counted(k: int, avail_bits: int, own_key: Any, own_mask: Any, own_count: Any, rank_keys: Any,
                   offsets: Any, high_rank: Any, high_flush: Any, binom: Any, weight: int, tally: Any,
                   scratch: Any, fixed: Any) -> None:
    """:func:`_sweep` with the cards left of each rank already in ``scratch[2, 64:77]``. With one card to
    come, ``fixed[13 * p + r]`` (when given) is player ``p``'s rank-only value with rank ``r`` to come, or
    -1 to look it up (a player whose cards change from deal to deal)."""
    players = own_key.shape[0]
    true_values = scratch[2, 0:players]  # players <= 23 (hold'em's deck)
    rank_values = scratch[2, 32:32 + players]
    avail = scratch[2, 64:77]
    others = scratch[2, 80:93]
    suited = scratch[2, 96:109]
    comb = scratch[2, 112:120]
    seq = scratch[2, 128:136]
    keys = scratch[0]
    counts = scratch[1]
    # a suit in which someone already holds five: every board is walked for that suit, no rank pass
    certain = -1
    for s in range(4):
        for p in range(players):
            if own_count[p, s] >= 5:
                certain = s
    if certain < 0 and k == 1 and fixed.shape[0] == 13 * players:
        for a in range(13):
            if avail[a] == 0:
                continue
            for p in range(players):
                value = fixed[13 * p + a]
                rank_values[p] = value if value >= 0 else _rank_value(own_key[p] + rank_keys[a], offsets, high_rank)
            _tally(rank_values, players, weight * avail[a], tally)
    elif certain < 0:
        n = _multisets(avail, k, rank_keys, binom, keys, counts, seq)
        for i in range(n):
            for p in range(players):
                rank_values[p] = _rank_value(own_key[p] + keys[i], offsets, high_rank)
            _tally(rank_values, players, weight * counts[i], tally)
    for s in range(4):
        if certain >= 0 and s != certain:
            continue
        most = 0
        for p in range(players):
            most = max(most, own_count[p, s])
        if 5 - most > k:
            continue  # not enough cards to come for anyone's flush in this suit
        ns = 0
        for r in range(13):
            has = (avail_bits >> (16 * s + r)) & 1
            others[r] = avail[r] - has
            if has:
                suited[ns] = r
                ns += 1
        for j in range(max(5 - most, 0), min(k, ns) + 1):
            m = _multisets(others, k - j, rank_keys, binom, keys, counts, seq)
            for i in range(j):
                comb[i] = i
            while True:
                skey = 0
                smask = 0
                for i in range(j):
                    skey += rank_keys[suited[comb[i]]]
                    smask |= 1 << suited[comb[i]]
                for i in range(m):
                    for p in range(players):
                        value = _rank_value(own_key[p] + skey + keys[i], offsets, high_rank)
                        rank_values[p] = value
                        if own_count[p, s] + j >= 5:
                            value = max(value, high_flush[own_mask[p, s] | smask])
                        true_values[p] = value
                    _tally(true_values, players, weight * counts[i], tally)
                    if certain < 0:
                        _tally(rank_values, players, -weight * counts[i], tally)
                i = j - 1
                while i >= 0 and comb[i] == ns - j + i:
                    i -= 1
                if i < 0:
                    break
                comb[i] += 1
                for q in range(i + 1, j):
                    comb[q] = comb[q - 1] + 1


@njit(**_opts)
def holdem_tally(hands: Any, board: Any, rank_keys: Any, offsets: Any, high_rank: Any, high_flush: Any,
                 binom: Any) -> Any:
    """:func:`rank_class_sweep` for ``hands`` (one row of card ids per player) and the known ``board``
    ids, every other card of the deck possible."""
    players = hands.shape[0]
    tally = np.zeros((players + 1, players), dtype=np.int64)
    scratch = np.empty((4, 6188), dtype=np.int64)
    _deal_sweep(hands, board, rank_keys, offsets, high_rank, high_flush, binom, 1, tally, scratch)
    return tally


@njit(**{**_opts, "_nrt": False})
def _deal_sweep(hands: Any, board: Any, rank_keys: Any, offsets: Any, high_rank: Any, high_flush: Any, binom: Any,
                weight: int, tally: Any, scratch: Any) -> None:
    players = hands.shape[0]
    own_key = scratch[3, 0:players]
    own_mask = scratch[3, 64:64 + 4 * players].reshape((players, 4))
    own_count = scratch[3, 256:256 + 4 * players].reshape((players, 4))
    used = 0
    for i in range(board.shape[0]):
        c = board[i]
        used |= 1 << (16 * (c & 3) + (c >> 2))
    for p in range(players):
        own_key[p] = 0
        for s in range(4):
            own_mask[p, s] = 0
            own_count[p, s] = 0
        for i in range(hands.shape[1] + board.shape[0]):
            c = hands[p, i] if i < hands.shape[1] else board[i - hands.shape[1]]
            used |= 1 << (16 * (c & 3) + (c >> 2))
            own_key[p] += rank_keys[c >> 2]
            own_mask[p, c & 3] |= 1 << (c >> 2)
            own_count[p, c & 3] += 1
    avail = 0
    for s in range(4):
        avail |= 0x1FFF << (16 * s)
    _sweep(5 - board.shape[0], avail & ~used, own_key, own_mask, own_count, rank_keys, offsets, high_rank,
           high_flush, binom, weight, tally, scratch)


@njit(**_opts)
def holdem_open_tally(hands: Any, board: Any, perms: Any, rank_keys: Any, offsets: Any, high_rank: Any,
                      high_flush: Any, binom: Any) -> Any:
    """:func:`holdem_tally` when some hole cards are unknown (``-1`` in ``hands``): every way to deal
    them (player by player, each player's unknown cards as one set), each with every board by rank
    class. The first player's unknown sets are taken once per orbit under the suit permutations
    ``perms`` (which must fix every known card), weighted by the orbit's size."""
    players = hands.shape[0]
    width = hands.shape[1]
    tally = np.zeros((players + 1, players), dtype=np.int64)
    used = 0
    for i in range(board.shape[0]):
        used |= 1 << (4 * (board[i] >> 2) + (board[i] & 3))
    owner = np.zeros(players, dtype=np.int64)  # the players with unknown cards, in order
    need = np.zeros(players, dtype=np.int64)
    groups = 0
    for p in range(players):
        missing = 0
        for i in range(width):
            if hands[p, i] >= 0:
                used |= 1 << hands[p, i]
            else:
                missing += 1
        if missing:
            owner[groups] = p
            need[groups] = missing
            groups += 1
    deck = np.zeros(52, dtype=np.int64)
    n = 0
    for c in range(52):
        if not (used >> c) & 1:
            deck[n] = c
            n += 1
    dealt = hands.copy()
    scratch = np.empty((4, 6188), dtype=np.int64)
    # what every deal shares, worked out once: each player's known cards with the board (key, suit masks
    # and counts), the cards left of each rank and the deck's bits once the known cards are out; a
    # deal then adds only its own cards (issue 12: the turn against a random hand paid this per deal)
    base_key = np.zeros(players, dtype=np.int64)
    base_mask = np.zeros((players, 4), dtype=np.int64)
    base_count = np.zeros((players, 4), dtype=np.int64)
    for p in range(players):
        for i in range(width + board.shape[0]):
            c = hands[p, i] if i < width else board[i - width]
            if c >= 0:
                base_key[p] += rank_keys[c >> 2]
                base_mask[p, c & 3] |= 1 << (c >> 2)
                base_count[p, c & 3] += 1
    base_avail = np.zeros(13, dtype=np.int64)
    base_bits = 0
    for c in range(52):
        if not (used >> c) & 1:
            base_avail[c >> 2] += 1
            base_bits |= 1 << (16 * (c & 3) + (c >> 2))
    own_key = scratch[3, 0:players]
    own_mask = scratch[3, 64:64 + 4 * players].reshape((players, 4))
    own_count = scratch[3, 256:256 + 4 * players].reshape((players, 4))
    for p in range(players):
        own_key[p] = base_key[p]
        for s in range(4):
            own_mask[p, s] = base_mask[p, s]
            own_count[p, s] = base_count[p, s]
    avail_now = scratch[2, 64:77]
    k = 5 - board.shape[0]
    known_values = np.full(13 * players, -1, dtype=np.int64)  # one card to come: known players' rank values
    if k == 1:
        for p in range(players):
            known = True
            for i in range(width):
                known = known and hands[p, i] >= 0
            if known:
                for r in range(13):
                    known_values[13 * p + r] = _rank_value(base_key[p] + rank_keys[r], offsets, high_rank)
    avail = np.zeros((groups + 1, 52), dtype=np.int64)
    avail_len = np.zeros(groups + 1, dtype=np.int64)
    comb = np.zeros((groups, 2), dtype=np.int64)
    first_weight = 1
    for i in range(n):
        avail[0, i] = deck[i]
    avail_len[0] = n
    for j in range(need[0]):
        comb[0, j] = j
    g = 0
    while True:
        # place group g's cards, then lay out group g + 1 from what is left (or score at the last group)
        p = owner[g]
        j = 0
        for i in range(width):
            if hands[p, i] < 0:
                dealt[p, i] = avail[g, comb[g, j]]
                j += 1
        weight = 1
        if g == 0 and perms.shape[0] > 1:
            mask = 0
            for q in range(need[0]):
                c = avail[0, comb[0, q]]
                mask |= 1 << (16 * (c & 3) + (c >> 2))
            fixed = 0
            for e in range(perms.shape[0]):
                image = 0
                for s in range(4):
                    image |= ((mask >> (16 * s)) & 0x1FFF) << (16 * perms[e, s])
                if image < mask:
                    weight = 0
                    break
                if image == mask:
                    fixed += 1
            if weight:
                weight = perms.shape[0] // fixed
        if g == 0:
            first_weight = weight
        if weight and g < groups - 1:
            m = 0
            used_here = 0
            for i in range(avail_len[g]):
                if used_here < need[g] and comb[g, used_here] == i:
                    used_here += 1
                else:
                    avail[g + 1, m] = avail[g, i]
                    m += 1
            avail_len[g + 1] = m
            for q in range(need[g + 1]):
                comb[g + 1, q] = q
            g += 1
            continue
        if weight:
            bits = base_bits
            for r in range(13):
                avail_now[r] = base_avail[r]
            for q in range(groups):
                o = owner[q]
                own_key[o] = base_key[o]
                for s in range(4):
                    own_mask[o, s] = base_mask[o, s]
                    own_count[o, s] = base_count[o, s]
                for i in range(width):
                    if hands[o, i] < 0:
                        c = dealt[o, i]
                        own_key[o] += rank_keys[c >> 2]
                        own_mask[o, c & 3] |= 1 << (c >> 2)
                        own_count[o, c & 3] += 1
                        bits &= ~(1 << (16 * (c & 3) + (c >> 2)))
                        avail_now[c >> 2] -= 1
            _sweep_counted(k, bits, own_key, own_mask, own_count, rank_keys, offsets, high_rank, high_flush, binom,
                           first_weight, tally, scratch, known_values)
        # step to the next set: the deepest group that can still advance
        while g >= 0 and not _advance(comb[g], need[g], avail_len[g]):
            g -= 1
        if g < 0:
            return tally


@njit(inline="always", **_opts)
def _advance(comb: Any, k: int, n: int) -> bool:
    i = k - 1
    while i >= 0 and comb[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    comb[i] += 1
    for j in range(i + 1, k):
        comb[j] = comb[j - 1] + 1
    return True
