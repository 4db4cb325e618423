"""``equity(game, hole, board=..., exposed=..., trials=..., seed=...)`` for every game (CONTRACT.md, Odds).

Every card not known is unknown: opponents' face-down cards, community cards to come, Same'Em's
fourth and fifth hole cards, Three-Hole cards not yet turned. The unknown cards are enumerated when
the work (outcomes times the card groups each player's usage rule tries) fits :data:`EXACT_BUDGET`,
and sampled without replacement otherwise, with a standard error per player. Hold'em boards are
enumerated by rank class (:mod:`homegame.odds.ranks`); Omaha-like high games and short-deck hold'em
whose hole cards are all known by a board sweep (:mod:`homegame.odds.fives`, within its own
:data:`homegame.odds.fives.SWEEP_BUDGET`: heads-up Omaha's 1,086,008 boards are exact); everything else
up to suit isomorphism (:mod:`homegame.odds.symmetry`); all give the plain enumeration's sums, counted
exactly.

The pot is split by the game's house rules: ``split="high"``, the best high hand; ``"high-low"``,
cards speak: half to the best high hand, half to the best low that qualifies (the high hand takes it
all when none does). **Declare games** (``split="declare"``, Pass The Trash by default) are valued
as cards speak with the game's low rule and qualifier, a proxy for declaring: it is what every
player gets when each declares the side their cards win, and it ignores bluffs and ``both``.

Holdings are final: cards still to be passed are not modelled; Pass The Trash players hold ``keep``
cards. With ``play_out=True``, and always for the games these kernels do not cover, the rest of the hand
is played out by the engine instead (:func:`played_out`, :mod:`homegame.odds.playout`, docs/odds.md). **Three-Hole**: a player's hand is all their own cards and the best two table cards, the cards
the other players have turned face up; ``exposed`` names them, and each player is taken to have
turned two by the showdown: those in ``exposed``, then their other known cards in the order given,
then unknown ones. ``board`` holds the face-up cards of players who folded (table cards for everyone).
With ``showdown_cards_count=True`` the other players' third cards count as table cards too.

>>> import homegame as hg
>>> r = hg.equity("holdem", ["As Ks", "Qh Qd"])
>>> r.exact, round(r.shares[0] * 100, 4)
(True, 46.2145)
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from homegame.cards import DECK, Card, cards
from homegame.evaluate.classes import LOW_RULES, check_rule, qualifier_threshold
from homegame.evaluate.short import ORDERS as SHORT_ORDERS
from homegame.evaluate.tables import high_tables, tables
from homegame.games import game as make_game
from homegame.odds import fives, run
from homegame.odds.games import GameFacts, kernel_facts
from homegame.odds.playout import card_slots, check, playout_equity
from homegame.odds.symmetry import symmetries

#: Exact enumeration when outcomes x card groups tried per outcome (all players) is at most this.
EXACT_BUDGET: Final = 30_000_000
#: Exact hold'em boards by rank class (:mod:`homegame.odds.ranks`), and the other exact enumerations up
#: to suit isomorphism (:mod:`homegame.odds.symmetry`); off, every outcome is scored one by one (tests).
RANK_CLASSES = True
SUIT_ISOMORPHISM = True
#: Outcomes sampled when enumeration is too big and no ``trials`` is given.
DEFAULT_TRIALS: Final = 200_000
#: Sampling is split into up to this many chunks of at least SAMPLE_CHUNK_MIN outcomes, each seeded from
#: the seed; the split depends only on ``trials``, never on the core count, so a seed reproduces a result.
SAMPLE_CHUNKS: Final = 16
SAMPLE_CHUNK_MIN: Final = 5_000

CardsLike = str | Iterable[str | int | Card]
Ints = npt.NDArray[np.int64]


class BadOdds(ValueError):
    """Input ``equity`` cannot work with: cards used twice, too many players, a bad trial count..."""


@dataclass(frozen=True)
class Equity:
    """Each player's expected share of the pot (summing to 1), whether it is exact, and standard errors."""

    shares: list[float]
    exact: bool
    stderr: list[float]
    outcomes: int = 0
    """Outcomes enumerated or sampled."""
    method: str = field(default="", compare=False)


@dataclass
class Layout:
    """A deal as slots (card ids, -1 unknown), unknown groups, and each player's view of the slots."""

    slots: list[int] = field(default_factory=list)
    groups: list[list[int]] = field(default_factory=list)
    own: list[list[int]] = field(default_factory=list)
    shared: list[list[int]] = field(default_factory=list)
    blocks: list[list[int]] = field(default_factory=list)
    """Slots whose cards play the same part (for suit isomorphism)."""

    def add(self, known: Sequence[Card], size: int) -> tuple[list[int], list[int]]:
        """Add ``size`` slots starting with the ``known`` cards; return their slots and the unknown ones."""
        start = len(self.slots)
        self.slots += [c.id for c in known] + [-1] * (size - len(known))
        ids = list(range(start, start + size))
        return ids, ids[len(known):]


def _engine(game: Any) -> Any:
    """The engine's game: ``game`` itself, one built from its name, or from ``.name`` and ``.rules``."""
    if isinstance(game, str):
        return make_game(game)
    if hasattr(game, "final_counts"):
        return game
    name, rules = getattr(game, "name", None), getattr(game, "rules", None)
    if not isinstance(name, str) or not isinstance(rules, Mapping):
        raise BadOdds(f"game must come from homegame.game(...) (with .name and .rules), got {game!r}")
    return make_game(name, **rules)


def _game(game: Any) -> tuple[str, dict[str, Any], GameFacts]:
    engine = _engine(game)
    facts = kernel_facts(engine)
    if facts is None:
        raise BadOdds(f"no exact odds for {engine.name!r}: its hands are played out (homegame.odds.played_out)")
    return str(engine.name), dict(engine.rules), facts


def _engine_game(game: Any) -> Any:
    """The game, when the calculator's kernels do not cover it: played out (:func:`played_out`)."""
    try:
        engine = _engine(game)
    except ValueError:
        return None
    return engine if kernel_facts(engine) is None else None


def kernels_fit(game: Any) -> bool:
    """Whether the kernels cover this game as its declaration says (a game file may reuse a name such as
    ``holdem`` with other steps, wild cards or another deck: it is then played out)."""
    try:
        return kernel_facts(_engine(game)) is not None
    except ValueError:
        return False


def _check_trials(trials: object, seed: object) -> None:
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int) or trials < 1):
        raise BadOdds(f"trials must be a whole number of outcomes, 1 or more (or None), got {trials!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise BadOdds(f"seed must be an int or None, got {seed!r}")


@lru_cache(maxsize=4096)
def _parse_text(text: str) -> tuple[Card, ...]:
    """Cards in text; ``?`` (a card not known) is left out: to the kernels an unknown card is one not listed."""
    return cards(text.replace("?", " ") if "?" in text else text)


def _parse(items: CardsLike) -> tuple[Card, ...]:
    """:func:`homegame.cards.cards`, remembering text it has parsed (cards are immutable)."""
    return _parse_text(items) if isinstance(items, str) else cards(items)


def _holdings(name: str, facts: GameFacts, rules: dict[str, Any], hole: Any, board: CardsLike,
              exposed: Mapping[int, CardsLike] | None) -> tuple[list[tuple[Card, ...]], tuple[Card, ...],
                                                                  dict[int, tuple[Card, ...]]]:
    if isinstance(hole, str) or not isinstance(hole, Sequence):
        raise BadOdds("hole must be a list with one entry per player, e.g. ['As Ks', 'Qh Qd']")
    if len(hole) < 2:
        raise BadOdds(f"equity needs at least two players, got {len(hole)}")
    size = facts.hole
    held = [_parse(h) for h in hole]
    for i, h in enumerate(held):
        if len(h) > size:
            raise BadOdds(f"player {i} holds {len(h)} cards, but a player holds at most {size} in {name}"
                          " with these house rules")
    shown = _parse(board)
    if not facts.table_cards and len(shown) > facts.board:
        raise BadOdds(f"board has {len(shown)} cards, but {name} has {facts.board} community cards")
    turned: dict[int, tuple[Card, ...]] = {}
    if exposed:
        if not facts.table_cards:
            raise BadOdds(f"exposed cards are for games whose face-up cards are shared; {name} has none")
        for player, items in exposed.items():
            if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(held):
                raise BadOdds(f"exposed names player {player!r}: players are 0 to {len(held) - 1}")
            turned[player] = cards(items)
            missing = [str(c) for c in turned[player] if c not in held[player]]
            if missing:
                raise BadOdds(f"player {player} exposes {' '.join(missing)}, a card they do not hold")
            if len(turned[player]) > facts.exposed:
                raise BadOdds(f"player {player} exposes {len(turned[player])} cards: at most {facts.exposed}")
    every = [c for h in held for c in h] + list(shown)
    if len(set(every)) != len(every):
        seen: set[Card] = set()
        for c in every:
            if c in seen:
                raise BadOdds(f"card {c} is used twice: every card may appear once")
            seen.add(c)
    needed = len(held) * size + (len(shown) if facts.table_cards else facts.board)
    if needed > 52:
        raise BadOdds(f"{len(held)} players need {needed} cards in {name}: too many players for one deck")
    return held, shown, turned


def _layout(facts: GameFacts, rules: dict[str, Any], held: list[tuple[Card, ...]], shown: tuple[Card, ...],
            turned: dict[int, tuple[Card, ...]]) -> Layout:
    size = facts.hole
    lay = Layout()
    if not facts.table_cards:
        board_slots, board_unknown = lay.add(shown, facts.board)
        if board_unknown:
            lay.groups.append(board_unknown)
        for h in held:
            mine, unknown = lay.add(h, size)
            if unknown:
                lay.groups.append(unknown)
            lay.own.append(mine)
            lay.shared.append(board_slots)
        lay.blocks = [board_slots, *lay.own]
        return lay
    table_slots, _ = lay.add(shown, len(shown))
    all_count = bool(rules.get("showdown_cards_count", False))
    ups: list[list[int]] = []
    downs: list[list[int]] = []
    for p, h in enumerate(held):
        up_known = list(turned.get(p, ()))
        ordered = up_known + [c for c in h if c not in up_known]
        mine, unknown = lay.add(ordered, size)
        ups.append(mine[:facts.exposed])
        downs.append(mine[facts.exposed:])
        up_unknown = [s for s in unknown if s in ups[-1]]
        down_unknown = [s for s in unknown if s not in ups[-1]]
        if all_count and unknown:
            lay.groups.append(unknown)
        else:
            lay.groups += [g for g in (up_unknown, down_unknown) if g]
        lay.own.append(mine)
    for p in range(len(held)):
        others = [q for q in range(len(held)) if q != p]
        pool = [s for q in others for s in ups[q]] + table_slots
        if all_count:
            pool += [s for q in others for s in downs[q]]
        lay.shared.append(pool)
    lay.blocks = [table_slots, *ups, *downs]
    return lay


def _pad(rows: list[list[int]], width: int | None = None) -> tuple[Ints, Ints]:
    width = max([len(r) for r in rows] + [1]) if width is None else width
    out = np.zeros((len(rows), width), dtype=np.int64)
    for i, r in enumerate(rows):
        out[i, :len(r)] = r
    return out, np.array([len(r) for r in rows], dtype=np.int64)


def _outcomes(groups: list[list[int]], remaining: int) -> int:
    total = 1
    for g in groups:
        total *= math.comb(remaining, len(g))
        remaining -= len(g)
    return total


def played_out(game: Any, hole: Sequence[CardsLike], *, board: CardsLike = "",
               exposed: Mapping[int, CardsLike] | None = None, trials: int | None = None,
               seed: int | None = None) -> Equity:
    """Each player's share of the pot with the rest of the hand played out by the engine
    (:mod:`homegame.odds.playout`): for any game, the cards listed in the order each player receives
    them (``?`` for a card not known). Exact over every deal when ``trials`` is None and the hand takes few
    cards from the deck (:data:`homegame.odds.playout.PLAYOUT_EXACT` hands at most), sampled otherwise.

    >>> r = played_out("follow-the-queen", ["Ah Ad Qs 7c 7d 9h", "Kh Kd 7s 3c 4c 5c"], trials=200, seed=1)
    >>> r.shares  # player 1's 7s follows the Qs: sevens are wild, and player 0 has five aces
    [1.0, 0.0]
    """
    if isinstance(game, str):
        game = make_game(game)
    if not hasattr(game, "final_counts"):
        raise BadOdds(f"game must come from homegame.game(...), got {game!r}")
    if isinstance(hole, str) or not isinstance(hole, Sequence):
        raise BadOdds("hole must be a list with one entry per player, e.g. ['As Ks', 'Qh Qd']")
    if len(hole) < 2:
        raise BadOdds(f"equity needs at least two players, got {len(hole)}")
    if exposed:
        raise BadOdds("exposed cards are for the three-hole kernels; a played-out hand turns its cards as the "
                      "rules and the policy do")
    _check_trials(trials, seed)
    try:
        slots = [card_slots(h) if isinstance(h, str) else [c.id for c in _parse(h)] for h in hole]
        shares, errors, n, exact = playout_equity(game, slots, [c.id for c in _parse(board)], trials=trials,
                                                  seed=seed)
    except ValueError as e:
        raise BadOdds(str(e)) from None
    return Equity(shares, exact, errors, n, "exact" if exact else "sampled")


def _short_deck(game: Any, hole: Sequence[CardsLike], board: CardsLike) -> Equity | None:
    """Short-deck hold'em with every hole card known, enumerated (:func:`homegame.odds.fives.short_deck_exact`);
    ``None`` for the hands and games it does not cover (they are played out)."""
    if getattr(game, "ranking", None) not in SHORT_ORDERS or isinstance(hole, str) or not isinstance(hole, Sequence) \
            or len(hole) < 2:
        return None
    try:
        slots = [card_slots(h) if isinstance(h, str) else [c.id for c in _parse(h)] for h in hole]
        shown = [c.id for c in _parse(board)]
        check(game, slots, shown)
    except ValueError as e:
        raise BadOdds(str(e)) from None
    result = fives.short_deck_exact(game, slots, shown)
    if result is None:
        return None
    totals, count = result
    return Equity([float(x) / count for x in totals], True, [0.0] * len(hole), count, "exact")


def equity(game: Any, hole: Sequence[CardsLike], *, board: CardsLike = "",
           exposed: Mapping[int, CardsLike] | None = None, trials: int | None = None,
           seed: int | None = None, play_out: bool = False) -> Equity:
    """Each player's expected share of the pot at the showdown (see the module docstring).

    ``game``: from ``homegame.game(...)`` (or its name); ``hole``: one entry per player, the cards
    known to be theirs (``""`` for none); ``board``: community cards turned so far (Three-Hole: the
    face-up cards of folded players); ``exposed``: Three-Hole ``{player: cards}`` turned face up;
    ``trials``: sample this many outcomes instead of enumerating; ``seed``: makes sampling reproducible.
    Games the kernels do not cover are always played out (:func:`played_out`); ``play_out=True`` plays
    out a kernel game too: its listed cards are then the cards dealt so far, and the passes, exposures
    and rolls still to come are made by the odds policy.

    >>> r = equity("passem", ["As 7d 7c", "Kh Kd 2c"], board="7h Ks")
    >>> r.exact, [round(s, 4) for s in r.shares]  # only the last seven (4 of 44 cards) saves player 0
    (True, [0.0909, 0.9091])
    """
    if type(play_out) is not bool:
        raise BadOdds(f"play_out must be True or False, got {play_out!r}")
    if play_out:
        return played_out(game, hole, board=board, exposed=exposed, trials=trials, seed=seed)
    engine = _engine_game(game)
    if engine is not None:  # a game the kernels do not cover: the rest of the hand played out by the engine
        if trials is None and not exposed:
            swept = _short_deck(engine, hole, board)
            if swept is not None:
                return swept
        return played_out(engine, hole, board=board, exposed=exposed, trials=trials, seed=seed)
    name, rules, facts = _game(game)
    _check_trials(trials, seed)
    held, shown, turned = _holdings(name, facts, rules, hole, board, exposed)
    if (RANK_CLASSES and trials is None and facts.board == 5 and not facts.table_cards and facts.usage.kind == "any"
            and rules.get("split", "high") == "high" and facts.hole <= 2):
        # hold'em: boards by rank class (the checks and the exact-or-sampled choice as on the general path)
        max(qualifier_threshold(check_rule(rules.get("low", "a5")), rules.get("qualifier")), 1)
        size = facts.hole

        if all(len(h) == size for h in held):
            totals, count = run.exact_ranks_ids([[c.id for c in h] for h in held], [c.id for c in shown])
            return Equity([float(x) / count for x in totals], True, [0.0] * len(held), count, "exact")
        left = 52 - len(shown) - sum(len(h) for h in held)
        outcomes = math.comb(left, 5 - len(shown))
        left -= 5 - len(shown)
        for h in held:
            outcomes *= math.comb(left, size - len(h))
            left -= size - len(h)
        if outcomes * len(held) <= EXACT_BUDGET:  # one card group per player, high only
            hands = [[c.id for c in h] + [-1] * (size - len(h)) for h in held]
            perms = symmetries([[c.id for c in shown]] + [[c.id for c in h] for h in held]) \
                if SUIT_ISOMORPHISM else None
            totals, count = run.exact_ranks_open(hands, [c.id for c in shown], perms)
            return Equity([float(x) / count for x in totals], True, [0.0] * len(held), count, "exact")
    usage = facts.usage
    size = facts.hole
    if (trials is None and not facts.table_cards and facts.board == 5 and usage.kind != "any"
            and rules.get("split", "high") == "high" and all(len(h) == size for h in held)):
        # Omaha-like: every board, each player's selections scored by the board sweep (homegame.odds.fives)
        left = 52 - len(shown) - size * len(held)
        picks = [fives.selections(size, 5, usage.groups(size, 5))] * len(held)
        if fives.sweep_work(left, 5 - len(shown), sum(len(g) for g in picks)) <= fives.SWEEP_BUDGET:
            known = {c.id for h in held for c in h} | {c.id for c in shown}
            totals, count = fives.exact_fives([[c.id for c in h] for h in held], [c.id for c in shown], 5,
                                              [c.id for c in DECK if c.id not in known], picks)
            return Equity([float(x) / count for x in totals], True, [0.0] * len(held), count, "exact")
    lay = _layout(facts, rules, held, shown, turned)
    sel_own_rows, sel_sh_rows = [], []
    for mine, pool in zip(lay.own, lay.shared, strict=True):
        groups = usage.groups(len(mine), len(pool))
        sel_own_rows.append([sum(1 << i for i in m) for m, _ in groups])
        sel_sh_rows.append([sum(1 << j for j in t) for _, t in groups])
    sel_own, sel_len = _pad(sel_own_rows)
    split_rule = rules.get("split", "high")
    split = 0 if split_rule == "high" else 1
    work_per_outcome = int(sel_len.sum()) * (2 if split else 1)
    if split == 0 and usage.kind == "any" and all(pool == lay.shared[0] for pool in lay.shared):
        sel_len[:] = 0  # the kernels' shortcut: own + shared, the shared cards summed once per outcome
    sel_sh, _ = _pad(sel_sh_rows)
    own_idx, own_len = _pad(lay.own)
    sh_idx, sh_len = _pad(lay.shared)

    low_rule = check_rule(rules.get("low", "a5"))
    threshold = max(qualifier_threshold(low_rule, rules.get("qualifier")), 1)
    known = {s for s in lay.slots if s >= 0}
    deck = np.array([c.id for c in DECK if c.id not in known], dtype=np.int64)
    slots = np.array(lay.slots, dtype=np.int64)
    t = tables()
    common = (own_idx, own_len, sh_idx, sh_len, sel_own, sel_sh, sel_len, split, LOW_RULES.index(low_rule),
              threshold, t.card_keys, t.card_bits, *high_tables(), t.low_rank, t.low_flush)
    players = len(held)
    outcomes = _outcomes(lay.groups, len(deck))

    if trials is None and outcomes * work_per_outcome <= EXACT_BUDGET:
        board_only = (split == 0 and usage.kind == "any" and len(lay.groups) == 1 and not facts.table_cards
                      and set(lay.groups[0]) <= set(lay.shared[0]))
        if board_only:
            board_known = np.array([lay.slots[s] for s in lay.shared[0] if lay.slots[s] >= 0], dtype=np.int64)
            total_n = (own_len + len(lay.shared[0])).astype(np.int64)
            totals, count = run.exact_board(slots, board_known, len(lay.groups[0]), deck, own_idx, own_len,
                                            total_n)
            return Equity([float(x) / count for x in totals], True, [0.0] * players, count, "exact")
        if not lay.groups:
            totals, _ = run.sample(slots, np.zeros(0, dtype=np.int64), deck, common, 1, 0, 1)
            return Equity([float(x) for x in totals], True, [0.0] * players, 1, "exact")
        group_slots, group_len = _pad(lay.groups)
        first_total = math.comb(len(deck), len(lay.groups[0]))
        perms = symmetries([[lay.slots[s] for s in b if lay.slots[s] >= 0] for b in lay.blocks]) \
            if SUIT_ISOMORPHISM else None
        totals, count = run.exact(slots, group_slots, group_len, deck, common, first_total, perms)
        return Equity([float(x) / count for x in totals], True, [0.0] * players, count, "exact")

    n = DEFAULT_TRIALS if trials is None else trials
    unknown = np.array([s for g in lay.groups for s in g], dtype=np.int64)
    base = secrets.randbits(31) if seed is None else seed % (2**31)
    chunks = max(1, min(SAMPLE_CHUNKS, n // SAMPLE_CHUNK_MIN))
    totals, squares = run.sample(slots, unknown, deck, common, n, base, chunks)
    means = totals / n
    variance = np.maximum(squares / n - means * means, 0.0) * (n / max(n - 1, 1))
    stderr = np.sqrt(variance / n)
    return Equity([float(x) for x in means], False, [float(x) for x in stderr], n, "sampled")
