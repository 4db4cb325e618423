"""What every bot shares: the protocol, reading a view's legal actions, and turning a decision into text.

A bot sees one seat's view (``hand.view(seat)``, a JSON-like dict) and nothing else, and answers with an
action string that ``hand.act`` accepts. The view's legal actions (the records ``view["legal_options"]``,
beside the strings ``view["legal"]``) name only the kind of decision (``pass`` 2 cards, ``expose``, a bet
from 10 to 200); the bot fills in the cards or the amount. :func:`read_legal` reads the records;
:func:`parse_legal` reads the strings, for a view (or a caller) that has only those.

>>> options = parse_legal(["fold", "call 10", "raise 20..100"])
>>> options.call, options.raise_range
(10, ('raise', 20, 100))
>>> parse_legal(["pass 2"]).pass_count
2
>>> parse_legal(["discard 0", "discard 1", "discard 2", "discard 3"]).draw_max  # a draw: up to 3
3
"""

from __future__ import annotations

import copy
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, cast, runtime_checkable

from homegame.odds.shape import made_category
from homegame.rules.view_types import LegalOption

View = Mapping[str, Any]

_RANGE = re.compile(r"(bet|raise) (\d+)(?:\.\.(\d+))?")
_COUNT = re.compile(r"(pass|discard) (\d+)")
_CALL = re.compile(r"call (\d+)")
_DECLARE = re.compile(r"declare (high|low|both)")


class BotError(ValueError):
    """A view a bot cannot act on: no legal action, or a legal string it does not know."""


@runtime_checkable
class Bot(Protocol):
    """Anything with ``act(view) -> str`` is a bot."""

    def act(self, view: View) -> str:
        """The action this seat takes, as text for ``hand.act``."""
        ...


@dataclass(frozen=True, slots=True)
class LegalOptions:
    """A seat's legal actions, parsed from ``view["legal"]``."""

    fold: bool = False
    check: bool = False
    call: int | None = None
    raise_range: tuple[str, int, int] | None = None  # ("bet" | "raise", smallest total, largest total)
    pass_count: int = 0
    discard_count: int = 0
    expose: bool = False
    arrange: bool = False
    declares: tuple[str, ...] = ()
    draw_max: int | None = None  # a draw: several "discard N", from "discard 0" (stand pat) to N

    @property
    def betting(self) -> bool:
        """True when this is a betting decision."""
        return self.fold or self.check or self.call is not None or self.raise_range is not None


def parse_legal(legal: Sequence[str]) -> LegalOptions:
    """Parse the contract's legal-action strings (for a caller that has only those: a view's records are
    read by :func:`read_legal`).

    >>> parse_legal(["check", "bet 4"]).raise_range
    ('bet', 4, 4)
    >>> parse_legal(["declare high", "declare low", "declare both"]).declares
    ('high', 'low', 'both')
    >>> parse_legal(["dance"])
    Traceback (most recent call last):
    ...
    homegame.bots.base.BotError: unknown legal action 'dance': expected fold, check, call N, bet/raise N[..M], pass N, discard N, expose, arrange or declare high|low|both
    """
    return options_of([record_of(text) for text in legal])


def record_of(text: str) -> LegalOption:
    """One legal string as the view's record would give it (``cards`` of an ``arrange`` is unknown here:
    None). The only parser of legal strings among the bots.

    >>> record_of("raise 20..100")
    {'kind': 'raise', 'cards': None, 'min': 20, 'max': 100, 'choice': None, 'text': 'raise 20..100'}
    >>> record_of(" pass 2")["cards"], record_of("expose")["cards"], record_of("declare low")["choice"]
    (2, 1, 'low')
    """
    text = text.strip()
    kind, cards, low, high, choice = text, None, 0, 0, None
    if text in ("fold", "check", "arrange"):
        pass
    elif text == "expose":
        cards = 1
    elif m := _CALL.fullmatch(text):
        kind, low = "call", int(m.group(1))
        high = low
    elif m := _RANGE.fullmatch(text):
        kind, low = m.group(1), int(m.group(2))
        high = int(m.group(3) or low)
    elif m := _COUNT.fullmatch(text):
        kind, cards = m.group(1), int(m.group(2))
    elif m := _DECLARE.fullmatch(text):
        kind, choice = "declare", m.group(1)
    else:
        raise BotError(
            f"unknown legal action {text!r}: expected fold, check, call N, bet/raise N[..M], pass N, "
            "discard N, expose, arrange or declare high|low|both"
        )
    return cast(LegalOption, {"kind": kind, "cards": cards, "min": low, "max": high, "choice": choice, "text": text})


def legal_records(view: View) -> list[LegalOption]:
    """A view's legal actions as records: ``view["legal_options"]``, or for a view written by hand with
    only the strings (``view["legal"]``), those parsed by :func:`record_of`."""
    records = view.get("legal_options")
    if records:
        return list(records)
    return [record_of(text) for text in view.get("legal") or []]


def read_legal(view: View) -> LegalOptions:
    """A view's legal actions, from its records (``view["legal_options"]``) when it has them, else parsed
    from its strings (``view["legal"]``: a view written by hand, or by an older server).

    >>> import homegame as hg
    >>> h = hg.game("holdem").deal([100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=7)
    >>> read_legal(h.view(0)) == parse_legal(h.view(0)["legal"]), read_legal(h.view(0)).raise_range
    (True, ('raise', 4, 100))
    """
    return options_of(legal_records(view))


def options_of(records: Sequence[LegalOption]) -> LegalOptions:
    """:class:`LegalOptions` from a view's option records (the same result as :func:`parse_legal` of their
    texts; nothing is parsed).

    >>> options_of([{"kind": "discard", "cards": k, "min": 0, "max": 0, "choice": None, "text": f"discard {k}"}
    ...             for k in range(4)]).draw_max
    3
    >>> options_of([{"kind": "dance", "cards": None, "min": 0, "max": 0, "choice": None, "text": "dance"}])
    Traceback (most recent call last):
    ...
    homegame.bots.base.BotError: unknown legal action 'dance': expected fold, check, call, bet, raise, pass, discard, expose, arrange or declare
    """
    fields: dict[str, Any] = {}
    declares: list[str] = []
    discards: list[int] = []
    for record in records:
        kind = record["kind"]
        if kind in ("fold", "check", "expose", "arrange"):
            fields[kind] = True
        elif kind == "call":
            fields["call"] = record["min"]
        elif kind in ("bet", "raise"):
            fields["raise_range"] = (kind, record["min"], record["max"])
        elif kind in ("pass", "discard"):
            count = record["cards"] or 0
            fields[f"{kind}_count"] = count
            if kind == "discard":
                discards.append(count)
        elif kind == "declare" and record["choice"]:
            declares.append(record["choice"])
        else:
            raise BotError(f"unknown legal action {record.get('text', kind)!r}: expected fold, check, call, bet, "
                           "raise, pass, discard, expose, arrange or declare")
    if len(discards) > 1:
        fields["discard_count"] = 0
        fields["draw_max"] = max(discards)
    return LegalOptions(declares=tuple(declares), **fields)


def opponents(view: View) -> list[Mapping[str, Any]]:
    """The other seats still in the hand (not folded)."""
    me = view.get("seat")
    return [s for s in view["seats"] if s["seat"] != me and not s["folded"]]


def big_bet(view: View) -> int:
    """The size of a big bet in this hand's stakes (big bet, else big blind, else small bet, else 1)."""
    stakes = view.get("stakes") or {}
    blinds = stakes.get("blinds") or ()
    for value in (stakes.get("big_bet"), blinds[-1] if blinds else 0, stakes.get("small_bet")):
        if value:
            return int(value)
    return 1


class BaseBot(ABC):
    """A bot that answers each kind of decision in its own method.

    Subclasses implement the decisions; :meth:`act` reads the legal actions and writes the text.
    """

    #: The bot's name in the registry.
    name: ClassVar[str] = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __deepcopy__(self, memo: dict[int, Any]) -> BaseBot:
        """A copy that plays on exactly as this bot would from here (its random state included).

        The generator's state is copied whole (``getstate``/``setstate``): ``copy.deepcopy`` would walk its
        625 words one by one, twenty times the cost, which was most of the bot panel's run-out copies."""
        twin = object.__new__(type(self))
        memo[id(self)] = twin
        for key, value in vars(self).items():
            setattr(twin, key, _copy_random(value) if type(value) is random.Random else copy.deepcopy(value, memo))
        return twin

    def reseed(self, seed: int | None) -> None:
        """Restart the bot's own random choices from ``seed``."""
        self.rng = random.Random(seed)

    def act(self, view: View) -> str:
        """The action for this view, as text for ``hand.act``."""
        if not (view.get("legal_options") or view.get("legal")):
            raise BotError(f"seat {view.get('seat')} has no legal action in this view")
        options = read_legal(view)
        if options.draw_max is not None:
            return " ".join(["discard", *self.choose_draw(view, options.draw_max)])
        if options.pass_count:
            return "pass " + " ".join(self.choose_pass(view, options.pass_count))
        if options.discard_count:
            return "discard " + " ".join(self.choose_discard(view, options.discard_count))
        if options.expose:
            return "expose " + self.choose_expose(view)
        if options.arrange:
            return "arrange " + " ".join(self.choose_arrange(view))
        if options.declares:
            return "declare " + self.choose_declare(view, options.declares)
        return self.choose_bet(view, options)

    @abstractmethod
    def choose_pass(self, view: View, count: int) -> list[str]:
        """``count`` of this seat's cards to pass."""

    def choose_discard(self, view: View, count: int) -> list[str]:
        """``count`` of this seat's cards to discard (by default the ones it would pass)."""
        return self.choose_pass(view, count)

    def choose_draw(self, view: View, most: int) -> list[str]:
        """Up to ``most`` of this seat's cards to draw to (none: stand pat). By default: in a high game
        keep pairs and better (stand pat on a straight or better, else keep the highest card); in a
        lowball game keep one card of each rank up to an eight (a seven in deuce-to-seven)."""
        held = list(view["cards"])
        rules = view.get("rules") or {}
        if rules.get("split") == "low":
            deuce = rules.get("low") == "27"
            top = "23457" if deuce else "A2345678"
            seen: set[str] = set()
            keep = []
            for c in sorted(held, key=lambda c: "A23456789TJQK".index(c[0])):
                if c[0] in top and c[0] not in seen:
                    seen.add(c[0])
                    keep.append(c)
        elif len(held) >= 5 and made_category(held) >= 4:
            return []
        else:
            counts: dict[str, int] = {}
            for c in held:
                counts[c[0]] = counts.get(c[0], 0) + 1
            keep = [c for c in held if counts[c[0]] > 1]
            if not keep:
                keep = [max(held, key=lambda c: "23456789TJQKA".index(c[0]))]
        out = [c for c in held if c not in keep]
        return out[:most]

    @abstractmethod
    def choose_expose(self, view: View) -> str:
        """One face-down card to turn up."""

    @abstractmethod
    def choose_arrange(self, view: View) -> list[str]:
        """All this seat's cards, first to turn first."""

    @abstractmethod
    def choose_declare(self, view: View, allowed: Sequence[str]) -> str:
        """``high``, ``low`` or ``both``."""

    @abstractmethod
    def choose_bet(self, view: View, options: LegalOptions) -> str:
        """A betting action: ``fold``, ``check``, ``call``, ``bet N`` or ``raise N``."""


def _copy_random(rng: random.Random) -> random.Random:
    """A generator in ``rng``'s state: made unseeded (seeding it from the system's entropy, only to overwrite
    that, was half a copy's cost), then given the state whole."""
    twin = random.Random.__new__(random.Random)
    twin.setstate(rng.getstate())
    return twin


def sized(options: LegalOptions, total: int) -> str:
    """A bet or raise to ``total``, clamped into the legal range."""
    assert options.raise_range is not None
    verb, low, high = options.raise_range
    return f"{verb} {min(max(total, low), high)}"


def passive(options: LegalOptions) -> str:
    """Check when free, else call, else fold."""
    if options.check:
        return "check"
    if options.call is not None:
        return "call"
    if options.fold:
        return "fold"
    assert options.raise_range is not None
    return f"{options.raise_range[0]} {options.raise_range[1]}"
