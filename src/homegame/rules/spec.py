"""Games as data: the game itself, and the step primitives it is declared with.

A game is a tuple of :class:`~homegame.rules.step.Step` declarations plus how hands are made and split. The
engine (:mod:`homegame.rules.hand`) plays any such declaration; a new home game is a new declaration. This
module is the top of the engine (a game deals a :class:`~homegame.rules.hand.Hand`); the names a game is
written with (``Step``, ``deal``, ``board``, ``draw``, ``bet``, ``OPENERS``, the kinds by timing) are
defined below it and handed on from here.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from homegame.rules import kinds as _built_in  # noqa: F401  (registers the built-in step kinds)
from homegame.rules.carduse import CardUse
from homegame.rules.hand import Hand
from homegame.rules.state import StepRule
from homegame.rules.step import OPENERS, Step, bet, board, deal, draw
from homegame.rules.steps import AUTOMATIC, SEQUENTIAL, SIMULTANEOUS, rule_for
from homegame.rules.wilds import describe_wild, parse_wild

if TYPE_CHECKING:
    import random
    from collections.abc import Iterable, Mapping

    from homegame.cards import Card
    from homegame.evaluate.usage import Usage
    from homegame.rules.stakes import Stakes

#: How high hands rank (:attr:`Game.ranking`).
RANKINGS = ("standard", "short", "short-trips")


@dataclass(frozen=True)
class Game:
    """A game with its house rules fixed: ``steps`` (data) plus how hands are made and split.

    Build one with :func:`homegame.games.game`; deal a hand with :meth:`deal`.
    """

    name: str
    title: str
    rules: dict[str, Any]
    steps: tuple[Step, ...]
    min_players: int
    max_players: int
    #: which cards make a hand at the showdown (the game file's ``[usage]``): any five of own and board
    #: cards unless the game says otherwise
    use: CardUse = field(default_factory=CardUse)
    split: str = "high"  # high | low | high-low | declare
    low: str = "a5"
    qualifier: int | None = None
    swing_ties: bool = False
    showdown_cards_count: bool = False
    #: Chicago: "high" or "low", the highest or lowest spade in the hole takes half of each pot (None: no)
    spade: str | None = None
    #: the game file's text for a game read by ``load_game`` (a history carries it, so a replay can
    #: rebuild the game); None for the shipped games, found by name
    source: str | None = field(default=None, compare=False, repr=False)
    #: the ranks the deck holds, low to high: all 13 for the 52 cards, ``"6789TJQKA"`` for a short deck
    #: of 36, fewer for a research deck; every suit of each
    ranks: str = "23456789TJQKA"
    #: wild cards (docs/games/wild-cards.md): ranks or cards (``"2"``, ``"Jh Js"``) and the rules
    #: ``lowest`` (each player's lowest rank), ``lowest-hole`` (the lowest rank among a player's face-down
    #: cards) and ``follow-queen``; "" for none
    wild: str = ""
    #: how high hands rank: ``standard``; ``short`` (short deck: a flush beats a full house, A-6-7-8-9 is
    #: the lowest straight); ``short-trips`` (short, and three of a kind beats a straight)
    ranking: str = "standard"
    #: PHH's variant code for each ``"structure split"`` this game is in PHH (the game file's ``phh``)
    phh: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    #: a typical winning hand at this game, as a category index from 0 (high card) to 9 (five of a kind);
    #: the rule bot's yardstick (the game file's ``par``; two pair when it does not say)
    par: float = field(default=2.0, compare=False, repr=False)
    # worked out once from the steps' cards (every deal checks them; :meth:`_count`)
    _hole_cards: int = field(init=False, repr=False, compare=False, default=0)
    _board_cards: int = field(init=False, repr=False, compare=False, default=0)
    _received: int = field(init=False, repr=False, compare=False, default=0)
    _held: tuple[int, int, int] = field(init=False, repr=False, compare=False, default=(0, 0, 0))
    _cards: tuple[int, ...] = field(init=False, repr=False, compare=False, default=())
    _usage: Any = field(init=False, repr=False, compare=False, default=None)
    #: each step's rule (:mod:`homegame.rules.steps`), found by kind when the game is built
    step_rules: tuple[StepRule, ...] = field(init=False, repr=False, compare=False, default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "step_rules", tuple(rule_for(s.kind) for s in self.steps))
        order = "23456789TJQKA"
        if (not self.ranks or any(r not in order for r in self.ranks) or len(set(self.ranks)) != len(self.ranks)
                or list(self.ranks) != sorted(self.ranks, key=order.index)):
            raise ValueError(f"ranks must be distinct ranks from {order}, low to high, not {self.ranks!r}")
        object.__setattr__(self, "_cards", tuple(4 * order.index(r) + s for r in self.ranks for s in range(4)))
        if self.ranking not in RANKINGS:
            raise ValueError(f"ranking must be one of {', '.join(RANKINGS)}, not {self.ranking!r}")
        if self.wild:
            parse_wild(self.wild)
            if self.ranking != "standard":
                raise ValueError(f"wild cards ({self.wild!r}) are not supported with the {self.ranking!r} ranking")
        self._count()

    def _count(self) -> None:
        """Add up the cards each step's rule says its step takes (:meth:`StepRule.cards
        <homegame.rules.state.StepRule.cards>`), in the steps' order: what each player is dealt, holds at
        the showdown and at most at once, may receive over the hand, and the community, burned and reserved
        cards. The engine names no step kind here: a new kind counts its own cards."""
        dealt = held = most = board = taken = drawn = 0
        reserved: dict[str, int] = {}
        for step, rule in zip(self.steps, self.step_rules, strict=True):
            c = rule.cards(step)
            dealt += c.dealt
            held += c.dealt
            most = max(most, held)
            if c.keep is not None:
                held = min(held, c.keep)
            board += c.board
            taken += c.board + c.burned
            drawn += c.drawn
            if c.reserve is not None:
                key, count = c.reserve
                reserved[key] = max(reserved.get(key, 0), count)
        extra = sum(reserved.values())
        object.__setattr__(self, "_hole_cards", dealt)
        object.__setattr__(self, "_board_cards", taken + extra)
        object.__setattr__(self, "_received", dealt + extra + drawn)
        object.__setattr__(self, "_held", (held, most, board))

    def __hash__(self) -> int:
        return hash((self.name, json.dumps(self.rules, sort_keys=True)))

    @property
    def usage(self) -> Usage:
        """How own and shared cards combine (``homegame.evaluate.usage.Usage``), for the own cards a player
        holds at the showdown; within one line of a laid-out board."""
        usage: Usage | None = self._usage
        if usage is None:  # worked out at the first showdown: the evaluator's kernels load only then
            usage = self.use.usage(self.final_counts()[0])
            object.__setattr__(self, "_usage", usage)
        return usage

    def describe(self) -> list[str]:
        """The steps in words."""
        lines = [rule.describe(s) for s, rule in zip(self.steps, self.step_rules, strict=True)]
        lowball = {"a5": "ace-to-five", "a6": "ace-to-six", "27": "deuce-to-seven"}.get(self.low, self.low)
        split = {"high": "high only", "low": f"low only ({lowball} lowball)", "high-low": "high-low split, cards speak",
                 "declare": "high-low split by declaration"}[self.split]
        if self.spade is not None:
            split = ("half to the best hand" if self.split == "high" else f"half {split}") + (
                f", half to the {self.spade}est spade in the hole")
        if self.wild:
            lines.append(f"Wild: {describe_wild(self.wild)}")
        if self.ranking != "standard":
            lines.append("Ranking: short deck (a flush beats a full house; A-6-7-8-9 is the lowest straight"
                         + ("; three of a kind beats a straight)" if self.ranking == "short-trips" else ")"))
        lines.append(f"Hand: {self.use.describe()}")
        lines.append(f"Pot: {split}")
        return lines

    @property
    def file(self) -> str | None:
        """The :func:`file_digest` of the game file this game was read from; None for a shipped game."""
        return None if self.source is None else file_digest(self.source)

    @property
    def cards(self) -> tuple[int, ...]:
        """The card ids of the deck, in id order (all 52 unless ``ranks`` is shorter).

        >>> from dataclasses import replace
        >>> from homegame.games import game
        >>> len(game("holdem").cards), len(replace(game("holdem"), ranks="6789TJQKA").cards)
        (52, 36)
        """
        return self._cards

    def cards_needed(self, players: int) -> int:
        """The most cards a hand with this many players can take from the deck (burns included)."""
        return self._hole_cards * players + self._board_cards

    def hole_count(self) -> int:
        """How many cards the deal gives each player over the whole hand (draws not counted)."""
        return self._hole_cards

    def final_counts(self) -> tuple[int, int]:
        """(cards a player holds, community cards) at the showdown: the deals, less the discards, and
        the board.

        >>> from homegame.games import game
        >>> game("irish").final_counts(), game("stud").final_counts()
        ((2, 5), (7, 0))
        """
        held, _, board = self._held
        return held, board

    def most_held(self) -> int:
        """The most cards a player holds at once over the hand (before a discard takes some away).

        >>> from homegame.games import game
        >>> game("irish").most_held(), game("irish").final_counts()[0]
        (4, 2)
        """
        return self._held[1]

    def most_received(self) -> int:
        """The most cards one player can receive over the hand: the deal plus every draw's replacements
        and every card a buy may deal (how many cards a ``hole=`` preset may give a seat)."""
        return self._received

    def deal(
        self,
        stacks: Iterable[int],
        *,
        stakes: Stakes,
        button: int = 0,
        seed: int | None = None,
        hole: Mapping[int, str | Iterable[str | int | Card]] | None = None,
        board: str | Iterable[str | int | Card] | None = None,
        deck: str | Iterable[str | int | Card] | None = None,
        options: Mapping[str, Any] | None = None,
        rng: random.Random | None = None,
    ) -> Hand:
        """Deal one hand: see ``CONTRACT.md`` (A hand) and ``docs/engine-api.md`` (Dealing; Hand options:
        straddle, bomb pot, run it twice, chip, showdown, rabbit). ``rng`` (instead of ``seed``): a
        ``random.Random`` the shuffle draws from once, at the deal, for callers that deal many hands from
        one generator.

        >>> import random
        >>> from homegame.games import game
        >>> from homegame.rules.stakes import Stakes
        >>> nl = Stakes("no-limit", blinds=(1, 2))
        >>> a = game("holdem").deal([100] * 6, stakes=nl, rng=random.Random(4))
        >>> b = game("holdem").deal([100] * 6, stakes=nl, rng=random.Random(4))
        >>> a.cards == b.cards and a.deck_order() == b.deck_order()
        True
        """
        return Hand(self, list(stacks), stakes=stakes, button=button, seed=seed, hole=hole, board=board,
                    deck=deck, options=options, rng=rng)


__all__ = ["AUTOMATIC", "OPENERS", "RANKINGS", "SEQUENTIAL", "SIMULTANEOUS", "Game", "Step", "bet", "board", "deal",
           "draw", "file_digest"]


def file_digest(text: str) -> str:
    """A game file's fingerprint (16 hex digits of its SHA-256): a view of a hand of a loaded game carries
    it as ``view["file"]``, so that a bot rebuilds exactly that file's game even when two tables in one
    process host different files of the same name.

    >>> file_digest('name = "tiny"')
    'f24e3ce6a6f2a81c'
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
