"""``range_equity(game, ranges, board=..., trials=..., seed=...)``: each player's share of the pot when
each holds a hand from a weighted range (hold'em and Omaha).

Every way the players' hands can be drawn from their ranges without sharing a card (with each other
or the board) counts in proportion to the product of its weights. A player whose range is ``""`` or
``random`` is a player whose cards are unknown, as in :func:`homegame.equity`. Holdings that differ
only by a renaming of the suits have the same equity and are scored once.

**Exact** when the holdings to score, times the outcomes each needs, fit :data:`RANGE_EXACT_BUDGET` and
each is exact for :func:`homegame.equity`; **sampled** otherwise: holdings drawn by weight, each scored
over sampled boards, with a standard error per player.

>>> r = range_equity("holdem", ["AKs", "QQ+"])
>>> r.exact, [round(s * 100, 1) for s in r.shares]  # PokerKit, sampling: 34.5% / 65.5%
(True, [34.6, 65.4])
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from homegame.cards import Card, cards
from homegame.games import game as make_game
from homegame.odds.calculator import EXACT_BUDGET, BadOdds, CardsLike, Equity, _check_trials, equity
from homegame.odds.ranges import Notation, Range, notation_of, parse_range

#: Exact when (holdings scored) x (outcomes each) is at most this.
RANGE_EXACT_BUDGET: Final = 1_000_000_000
#: What an outcome costs in the general kernel (unknown hole cards, Omaha) next to the board-only sweep.
GENERAL_COST: Final = 250
#: Holding combinations walked at most before giving up on exact enumeration.
MAX_TUPLES: Final = 60_000
#: Default outcomes sampled, and holdings drawn at most, when sampling.
DEFAULT_TRIALS: Final = 200_000
SAMPLED_HOLDINGS: Final = 2_000

_PERMS: Final = list(itertools.permutations(range(4)))

Holding = tuple[tuple[int, ...], ...]


def _canonical(holding: Holding, board: tuple[int, ...]) -> tuple[Holding, tuple[int, ...]]:
    """The same deal with its suits renamed to the smallest form, so suit-isomorphic deals match."""
    best: tuple[Holding, tuple[int, ...]] | None = None
    for p in _PERMS:
        key = (tuple(tuple(sorted(((c >> 2) << 2) | p[c & 3] for c in h)) for h in holding),
               tuple(sorted(((c >> 2) << 2) | p[c & 3] for c in board)))
        if best is None or key < best:
            best = key
    assert best is not None
    return best


def _game_notation(game: Any) -> tuple[Any, Notation]:
    if isinstance(game, str):
        game = make_game(game)
    try:
        notation = notation_of(game)
    except (ValueError, AttributeError) as e:
        raise BadOdds(f"ranges are for hold'em-like and Omaha-like games: {e}") from None
    return game, notation


def _ranges(game: Any, ranges: Sequence[str | Range], board: tuple[Card, ...]) -> list[Range | None]:
    if isinstance(ranges, str) or not isinstance(ranges, Sequence):
        raise BadOdds("ranges must be a list with one entry per player, e.g. ['AKs', 'QQ+']")
    if len(ranges) < 2:
        raise BadOdds(f"equity needs at least two players, got {len(ranges)}")
    out: list[Range | None] = []
    dead = {c.id for c in board}
    for i, text in enumerate(ranges):
        if isinstance(text, str) and text.strip().lower() in ("", "random", "any"):
            out.append(None)
            continue
        try:
            parsed = parse_range(text, game=game)
        except ValueError as exc:
            raise BadOdds(f"player {i}: {exc}") from None
        if parsed.is_random:
            out.append(None)
            continue
        live = tuple((c, w) for c, w in parsed if not dead & {x.id for x in c})
        if not live:
            raise BadOdds(f"player {i}'s range {parsed.text!r} has no hand left that avoids the board")
        out.append(Range(parsed.game, live, parsed.text))
    return out


def _tuples(ranges: list[Range | None]) -> dict[Holding, float] | None:
    """Every draw of one hand per ranged player with no card shared, and its weight; None past MAX_TUPLES."""
    lists = [[(tuple(c.id for c in combo), w) for combo, w in r] for r in ranges if r is not None]
    out: dict[Holding, float] = {}
    steps = 0

    def walk(i: int, used: frozenset[int], held: tuple[tuple[int, ...], ...], weight: float) -> bool:
        nonlocal steps
        if i == len(lists):
            out[held] = out.get(held, 0.0) + weight
            return True
        for combo, w in lists[i]:
            steps += 1
            if steps > MAX_TUPLES:
                return False
            if used.isdisjoint(combo) and not walk(i + 1, used | set(combo), (*held, combo), weight * w):
                return False
        return True

    return out if walk(0, frozenset(), (), 1.0) else None


def _holes(ranges: list[Range | None], holding: Holding) -> list[str]:
    it = iter(holding)
    return ["" if r is None else " ".join(str(Card(c)) for c in next(it)) for r in ranges]


def range_equity(game: Any, ranges: Sequence[str | Range], *, board: CardsLike = "",
                 trials: int | None = None, seed: int | None = None) -> Equity:
    """Each player's expected share of the pot, each holding a hand from their range (module docstring).

    ``ranges``: one per player, range text (``"AKs, QQ+"``, ``"random"``, ``""`` for unknown cards) or
    a :class:`~homegame.odds.ranges.Range`; ``board``, ``trials``, ``seed`` as for :func:`homegame.equity`.

    >>> r = range_equity("holdem", ["AhKh", "QQ"], board="Qh 7h 2c")
    >>> r.exact, [round(s, 4) for s in r.shares]
    (True, [0.2556, 0.7444])
    """
    game, notation = _game_notation(game)
    _check_trials(trials, seed)
    shown = cards(board)
    if len(set(shown)) != len(shown):
        raise BadOdds("a card appears twice on the board")
    parsed = _ranges(game, ranges, shown)
    board_ids = tuple(c.id for c in shown)
    players = len(parsed)
    if all(r is None for r in parsed):
        return equity(game, [""] * players, board=board, trials=trials, seed=seed)
    draws = _tuples(parsed) if trials is None else None
    if draws is not None:
        if not draws:
            raise BadOdds("the ranges leave no way to deal every player a hand without sharing a card")
        classes: dict[tuple[Holding, tuple[int, ...]], float] = {}
        for holding, w in draws.items():
            key = _canonical(holding, board_ids)
            classes[key] = classes.get(key, 0.0) + w
        known = sum(notation.cards for r in parsed if r is not None) + len(shown)
        unknown = notation.cards * sum(1 for r in parsed if r is None) + 5 - len(shown)
        per = math.comb(52 - known, unknown)
        work = per * (60 * players if notation.cards == 4 else 1)  # Omaha's: 60 card groups tried per player
        fast = notation.cards == 2 and all(r is not None for r in parsed)  # the board-only sweep
        cost = len(classes) * per * (1 if fast else GENERAL_COST)
        if cost <= RANGE_EXACT_BUDGET and work <= EXACT_BUDGET:
            result = _exact(game, parsed, classes)
            if result is not None:
                return result
    return _sampled(game, parsed, board, DEFAULT_TRIALS if trials is None else trials, seed)


def _exact(game: Any, parsed: list[Range | None], classes: dict[tuple[Holding, tuple[int, ...]], float]
           ) -> Equity | None:
    total = sum(classes.values())
    shares = np.zeros(len(parsed))
    outcomes = 0
    for (holding, board_ids), w in classes.items():
        r = equity(game, _holes(parsed, holding), board=" ".join(str(Card(c)) for c in board_ids))
        if not r.exact:
            return None
        shares += w / total * np.array(r.shares)
        outcomes += r.outcomes
    return Equity([float(x) for x in shares], True, [0.0] * len(parsed), outcomes, "exact")


def _sampled(game: Any, parsed: list[Range | None], board: CardsLike, trials: int, seed: int | None
             ) -> Equity:
    rng = np.random.default_rng(seed)
    dead = {c.id for c in cards(board)}
    ranged = [r for r in parsed if r is not None]
    ids = [np.array([[c.id for c in combo] for combo, _ in r]) for r in ranged]
    probs = [np.array([w for _, w in r]) / sum(w for _, w in r) for r in ranged]
    want = min(trials, SAMPLED_HOLDINGS)
    drawn: dict[Holding, int] = {}
    got, attempts = 0, 0
    while got < want:
        attempts += 1
        if attempts > 200 * want:
            raise BadOdds("the ranges almost never deal every player a hand without sharing a card")
        picks = [tuple(int(x) for x in a[rng.choice(len(a), p=p)]) for a, p in zip(ids, probs, strict=True)]
        flat = [c for h in picks for c in h]
        if len(set(flat)) != len(flat) or dead & set(flat):
            continue
        holding = tuple(picks)
        drawn[holding] = drawn.get(holding, 0) + 1
        got += 1
    per = max(1, trials // want)
    means = np.zeros(len(parsed))
    squares = np.zeros(len(parsed))
    inner = np.zeros(len(parsed))
    outcomes = 0
    for holding, count in drawn.items():
        r = equity(game, _holes(parsed, holding), board=board, trials=per * count,
                   seed=int(rng.integers(2**31)))
        s = np.array(r.shares)
        means += count * s
        squares += count * s * s
        inner += (count * np.array(r.stderr)) ** 2
        outcomes += r.outcomes
    means /= got
    between = np.maximum(squares / got - means * means, 0.0) / max(got - 1, 1)
    stderr = np.sqrt(between + inner / got**2)
    return Equity([float(x) for x in means], False, [float(x) for x in stderr], outcomes, "sampled")
