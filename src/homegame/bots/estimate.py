"""A seat's share of the pot at the showdown, estimated from its view alone.

The known cards are the seat's own, the board, and every face-up card on the table; everything else
(opponents' face-down cards, cards still to come) is unknown. :func:`homegame.odds.equity` does the
work in high and high-low games when it is available; otherwise, in declare games and when a folded
seat left cards face up, :func:`sides` samples the unknown cards in one batch over the evaluator's batch
kernels.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from numba import njit

from homegame.bots.base import View, opponents
from homegame.cards import Card, card_ids
from homegame.evaluate.usage import best_high_many, best_low_many
from homegame.games import known_game
from homegame.odds import equity
from homegame.odds.games import kernel_facts

if TYPE_CHECKING:
    from homegame.rules.spec import Game


@lru_cache(maxsize=64)
def _game(name: str, rules_json: str, file: str | None) -> Game:
    rules = {k: tuple(v) if isinstance(v, list) else v for k, v in json.loads(rules_json).items()}
    return known_game(name, file, **rules)


def game_of(view: View) -> Game:
    """The game object a view is about (its house rules included, and for a game read from a file,
    that very file: ``view["file"]``), cached."""
    return _game(str(view["game"]), json.dumps(view.get("rules") or {}, sort_keys=True), view.get("file"))


Known = Mapping[int, Sequence[str]]


def _extra(known: Known | None, seat: Mapping[str, Any]) -> list[str]:
    up = set(seat.get("up") or ())
    return [c for c in (known or {}).get(int(seat["seat"]), ()) if c not in up]


def share(view: View, trials: int = 300, seed: int | None = None, known: Known | None = None) -> float:
    """This seat's expected share of the pot at the showdown against the seats still in (0..1).

    ``known`` adds cards this seat knows another seat holds face down (``{seat: cards}``), such as the
    card it passed to its neighbour in Pass'Em.

    In declare games the seat is taken to declare the side it is likelier to win, and its share is its
    chance of winning that side (:func:`declared_share`).
    """
    opps = opponents(view)
    if not opps:
        return 1.0
    game = game_of(view)
    if game.rules.get("split") == "declare":
        return declared_share(view, trials, seed, known)
    if any(s["folded"] and s.get("up") for s in view["seats"]):
        return sampled_share(view, trials, seed, known)  # folded seats' upcards: dead, or table cards in Three-Hole
    facts = kernel_facts(game)
    if facts is None:  # no exact odds for it: sample the hands as they stand
        return sampled_share(view, trials, seed, known)
    hole = [" ".join(view["cards"])] + [" ".join([*(s.get("up") or ()), *_extra(known, s)]) for s in opps]
    board = " ".join(view.get("board") or ())
    exposed: dict[int, str] | None = None
    if facts.table_cards:
        exposed = {0: " ".join(view.get("up") or ())}
        exposed.update({i + 1: " ".join(s.get("up") or ()) for i, s in enumerate(opps)})
        exposed = {k: v for k, v in exposed.items() if v}
    result = equity(game, hole, board=board, exposed=exposed or None, trials=trials, seed=seed)
    return float(result.shares[0])


def sampled_share(view: View, trials: int, seed: int | None, known: Known | None = None) -> float:
    """The share by sampling: the high pot, or in a high-low game half of each pot (cards speak)."""
    high, low = sides(view, trials, seed, known)
    if low is None:
        return float(high.mean())
    if game_of(view).rules.get("split") == "low":  # lowball: the best low takes the pot
        return float(np.clip(low, 0, 1).mean())
    return float(np.where(low >= 0, 0.5 * high + 0.5 * low, high).mean())


def declared_share(view: View, trials: int, seed: int | None, known: Known | None = None) -> float:
    """In a declare game: the chance of winning the side (high or low) the seat is likelier to win."""
    high, low = sides(view, trials, seed, known)
    return max(float(high.mean()), float(np.clip(low, 0, 1).mean()) if low is not None else 0.0)


def side_chances(view: View, trials: int = 300, seed: int | None = None,
                 known: Known | None = None) -> tuple[float, float]:
    """The chances (ties shared) of holding the best high hand and the best low among the seats still in."""
    high, low = sides(view, trials, seed, known)
    return float(high.mean()), float(np.clip(low, 0, 1).mean()) if low is not None else 0.0


@dataclass(frozen=True)
class Sampled:
    """Sampled completions of a view: per seat still in (this seat first) its final cards, trials × cards,
    the final board, and the dead face-up cards of folded seats."""

    game: Any
    seats: tuple[int, ...]
    rows: tuple[npt.NDArray[np.int64], ...]
    board: npt.NDArray[np.int64]
    dead: npt.NDArray[np.int64]

    @property
    def trials(self) -> int:
        """How many completions."""
        return int(self.board.shape[0])


def sample(view: View, trials: int, seed: int | None, known: Known | None = None) -> Sampled:
    """Deal the cards this seat cannot see, ``trials`` times: opponents' face-down cards and what is to come."""
    game = game_of(view)
    own_final, board_final = game.final_counts()  # what its steps deal by the showdown
    own_final = max(own_final, len(view["cards"]))  # (at least what the seat holds now: a discard to come)
    me = view.get("seat")
    up_mine = list(view.get("up") or ())
    down_mine = [c for c in view["cards"] if c not in up_mine]
    if game.use.shared == "face-up":  # the cards it will turn up next first (the lowest, as the bots expose)
        down_mine.sort(key=lambda c: Card(c).rank)
    holdings = [card_ids(up_mine + down_mine)]
    opps = opponents(view)
    holdings += [card_ids([*(s.get("up") or ()), *_extra(known, s)]) for s in opps]
    dead_up = card_ids([c for s in view["seats"] if s["seat"] != me and s["folded"] for c in s.get("up") or ()])
    board = card_ids(view.get("board") or ())
    free = np.ones(52, dtype=np.bool_)
    for ids in (board, dead_up, *holdings):
        free[ids] = False
    rest = np.flatnonzero(free)
    missing = [max(0, own_final - len(h)) for h in holdings]
    board_missing = max(0, board_final - len(board))
    rng = np.random.default_rng(seed)
    drawn = rest[smallest_first(rng.random((trials, len(rest))), board_missing + sum(missing))]
    full_board = _completed(board, drawn[:, :board_missing])
    rows, at = [], board_missing
    for held, need in zip(holdings, missing, strict=True):
        rows.append(_completed(held, drawn[:, at:at + need]))
        at += need
    seats = (int(me) if me is not None else -1, *(int(s["seat"]) for s in opps))
    return Sampled(game, seats, tuple(rows), full_board, _completed(dead_up, drawn[:, :0]))


def _completed(fixed: list[int], drawn: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    """Rows of the ``fixed`` card ids followed by each row of ``drawn``."""
    out = np.empty((drawn.shape[0], len(fixed) + drawn.shape[1]), dtype=np.int64)
    out[:, :len(fixed)] = fixed
    out[:, len(fixed):] = drawn
    return out


#: Up to this many places, :func:`smallest_first` keeps them in one pass rather than sorting every row.
PICK_IN_ONE_PASS = 16


def smallest_first(keys: npt.NDArray[np.float64], k: int) -> npt.NDArray[np.intp]:
    """The places of each row's ``k`` smallest keys, smallest first: ``keys.argsort(axis=1)[:, :k]`` (a
    random draw of ``k`` of the row's cards, in order), for a few places found by one compiled pass over each row
    that keeps the ``k`` smallest so far in order, faster than sorting every row (random keys never
    tie in practice; equal keys keep the row's order).

    >>> keys = np.array([[0.5, 0.1, 0.9, 0.3], [0.2, 0.8, 0.6, 0.4]])
    >>> smallest_first(keys, 2).tolist(), keys.argsort(axis=1)[:, :2].tolist()
    ([[1, 3], [0, 3]], [[1, 3], [0, 3]])
    """
    if not 0 <= k <= keys.shape[1]:
        raise ValueError(f"cannot take {k} places of rows of {keys.shape[1]}")
    if k > PICK_IN_ONE_PASS:
        return keys.argsort(axis=1)[:, :k]
    out = np.empty((keys.shape[0], k), dtype=np.intp)
    if k:
        _smallest_rows(np.ascontiguousarray(keys, dtype=np.float64), out, _cut(k, keys.shape[1]))
    return out


def _cut(k: int, n: int) -> float:
    """A key under which a row of ``n`` uniform random keys (0 to 1) nearly always holds its ``k`` smallest:
    two standard deviations above their expected count (a row with fewer under it is looked at whole)."""
    return (k + 2.0 * math.sqrt(k) + 2.0) / n


@njit(cache=True, nogil=True)
def _smallest_rows(keys: Any, out: Any, cut: float) -> None:  # pragma: no cover - jit
    """Per row: the places of the keys under ``cut`` (every place when fewer than ``k`` are), then the
    ``k`` smallest of those kept in order by insertion (the largest dropped when full)."""
    k = out.shape[1]
    n = keys.shape[1]
    best = np.empty(k, dtype=np.float64)
    under = np.empty(n, dtype=np.intp)
    for i in range(keys.shape[0]):
        row = keys[i]
        count = 0
        for j in range(n):  # no branch: the place is written, and kept when its key is under the cut
            under[count] = j
            count += row[j] < cut
        if count < k:  # too few under the cut: every place
            for j in range(n):
                under[j] = j
            count = n
        held = 0
        for c in range(count):
            j = under[c]
            key = row[j]
            if held == k and key >= best[k - 1]:
                continue
            at = held if held < k else k - 1  # insert, dropping the largest when full
            while at > 0 and best[at - 1] > key:
                best[at] = best[at - 1]
                out[i, at] = out[i, at - 1]
                at -= 1
            best[at] = key
            out[i, at] = j
            if held < k:
                held += 1


def parts(dealt: Sampled) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64] | None]:
    """Per completion: this seat's part of the high side and of the low side (``None`` in a high game;
    ``-1`` where nobody has a qualifying low), ties shared. With several boards (``usage.boards``): the
    seat's share of the pot, the average over the boards of its share of each board's part (a high-low
    game's halves within each board included), as the high side and no low side."""
    boards = dealt.game.use.boards
    if not boards:
        return _board_parts(dealt)
    shares = []
    for positions in boards:
        high, low = _board_parts(replace(dealt, board=dealt.board[:, list(positions)]))
        shares.append(high if low is None else np.where(low >= 0, 0.5 * high + 0.5 * low, high))
    return np.mean(shares, axis=0), None


def _board_parts(dealt: Sampled) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64] | None]:
    """:func:`parts` on one board (the whole of ``dealt.board``)."""
    game = dealt.game
    rules = game.rules
    split = rules.get("split", "high")
    qualifier = rules.get("qualifier")
    low_rule, low_q = str(rules.get("low", "a5")), qualifier if isinstance(qualifier, int) else None
    if game.use.shared == "face-up":  # the others' face-up cards are shared
        shared = [np.hstack([r[:, :2] for j, r in enumerate(dealt.rows) if j != i] + [dealt.dead])
                  for i in range(len(dealt.rows))]
    else:
        shared = [dealt.board] * len(dealt.rows)
    high = _per_seat(list(dealt.rows), shared, lambda own, common: best_high_many(own, common, game.usage),
                     game.use.lines)
    best = high.max(axis=0)
    high_part = (high[0] == best) / (high == best).sum(axis=0)
    if split == "high":
        return high_part, None
    low = _per_seat(list(dealt.rows), shared,
                    lambda own, common: best_low_many(own, common, game.usage, low_rule, low_q), game.use.lines)
    best_low = low.max(axis=0)
    low_part = np.where(best_low > 0, (low[0] == best_low) / np.maximum((low == best_low).sum(axis=0), 1), -1.0)
    return high_part, low_part


Strengths = npt.NDArray[np.int32]


def _per_seat(own: list[npt.NDArray[np.int64]], shared: list[npt.NDArray[np.int64]],
              strengths: Callable[[npt.NDArray[np.int64], npt.NDArray[np.int64]], Strengths],
              lines: tuple[tuple[int, ...], ...] = ()) -> Strengths:
    """Each seat's strength per completion (seats × trials) from its own and its shared cards; with a
    board layout (``lines``), the best of its lines. The seats go to the evaluator in one batch when their
    rows are alike (each call costs far more than a few hundred rows)."""
    seats = len(own)
    if len({o.shape for o in own}) == 1 and len({s.shape for s in shared}) == 1:
        own, shared = [np.vstack(own)], [np.vstack(shared)]
    out = []
    for mine, common in zip(own, shared, strict=True):
        if lines:
            out.append(np.max([strengths(mine, common[:, list(line)]) for line in lines], axis=0))
        else:
            out.append(strengths(mine, common))
    return np.vstack(out).reshape(seats, -1)


def sides(view: View, trials: int, seed: int | None,
          known: Known | None = None) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64] | None]:
    """Per sampled outcome: this seat's part of the high side and of the low side (``None`` in a high
    game; ``-1`` where nobody has a qualifying low), ties shared."""
    return parts(sample(view, trials, seed, known))
