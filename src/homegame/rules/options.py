"""Options of one hand, set before the deal: straddles, bomb pots, run it twice, the chip, the showdown
rule and rabbit hunting (issue 10; ``docs/engine-api.md``, Hand options).

They go through the engine (``game.deal(..., options={...})``), so a hand's history carries them and a
replay deals the same hand.

>>> HandOptions.from_value({"straddle": "utg", "run_twice": [0, 2]}).to_dict()
{'straddle': 'utg', 'run_twice': [0, 2]}
>>> HandOptions.from_value({"straddle": "left"})
Traceback (most recent call last):
...
ValueError: straddle must be None, 'utg' or 'button', not 'left'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from homegame.rules.stakes import Stakes
    from homegame.rules.step import Step


class _Declared(Protocol):
    """A game as these questions read it: its steps (a :class:`homegame.rules.spec.Game`)."""

    @property
    def steps(self) -> tuple[Step, ...]: ...

STRADDLES = (None, "utg", "button")
SHOWDOWNS = ("show-all", "muck-losers")
_DEFAULTS: dict[str, Any] = {"straddle": None, "bomb_pot": 0, "run_twice": (), "chip": 1, "showdown": None,
                             "rabbit": False}


@dataclass(frozen=True, slots=True)
class HandOptions:
    """The options of one hand.

    - ``straddle``: ``None``, ``"utg"`` (the seat left of the big blind posts a live straddle of twice
      the big blind) or ``"button"`` (the Mississippi straddle: the button posts it). Needs blinds and
      three or more players.
    - ``bomb_pot``: chips every player antes for this hand (0: not a bomb pot); there are no blinds,
      no straddle and no first betting round.
    - ``run_twice``: the seats that agreed to run the board twice; the hand is run twice when the
      players still in are all in before the last community card and every one of them agreed.
    - ``chip``: the smallest chip in play; a pot split between runs or winners is shared in whole
      chips of this size (the odd chip is this size, its remainder goes with it). 1 by default.
    - ``showdown``: ``"show-all"`` or ``"muck-losers"``; ``None`` takes the game's house rule
      ``showdown`` if it has one, else ``"show-all"``.
    - ``rabbit``: the host allows a rabbit hunt (:meth:`Hand.rabbit`).
    """

    straddle: str | None = None
    bomb_pot: int = 0
    run_twice: tuple[int, ...] = field(default=())
    chip: int = 1
    showdown: str | None = None
    rabbit: bool = False

    def __post_init__(self) -> None:
        if self.straddle not in STRADDLES:
            raise ValueError(f"straddle must be None, 'utg' or 'button', not {self.straddle!r}")
        for name in ("bomb_pot", "chip"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < (1 if name == "chip" else 0):
                least = "1 or more" if name == "chip" else "0 or more"
                raise ValueError(f"{name} must be a whole number of chips, {least}, not {value!r}")
        seats = self.run_twice
        if isinstance(seats, str | bytes) or not all(type(s) is int for s in seats):
            raise ValueError(f"run_twice must be a list of the seats that agreed, not {seats!r}")
        object.__setattr__(self, "run_twice", tuple(sorted(set(seats))))
        if self.showdown not in (None, *SHOWDOWNS):
            raise ValueError(f"showdown must be 'show-all' or 'muck-losers', not {self.showdown!r}")
        if type(self.rabbit) is not bool:
            raise ValueError(f"rabbit must be true or false, not {self.rabbit!r}")
        if self.bomb_pot and self.straddle:
            raise ValueError("a bomb pot has no blinds, so no straddle")

    @classmethod
    def from_value(cls, value: HandOptions | Mapping[str, Any] | None) -> HandOptions:
        """Options from a mapping (or None: none); an unknown name is refused with the valid ones."""
        if value is None:
            return NONE
        if isinstance(value, HandOptions):
            return value
        if not isinstance(value, Mapping):
            raise ValueError(f"options must be a mapping such as {{'straddle': 'utg'}}, not {value!r}")
        unknown = sorted(set(value) - set(_DEFAULTS))
        if unknown:
            raise ValueError(f"unknown hand option {unknown[0]!r}; the options are {', '.join(_DEFAULTS)}")
        data = dict(value)
        if "run_twice" in data and data["run_twice"] is not None:
            if isinstance(data["run_twice"], str | bytes | int):
                raise ValueError(f"run_twice must be a list of the seats that agreed, not {data['run_twice']!r}")
            data["run_twice"] = tuple(data["run_twice"])
        elif "run_twice" in data:
            data["run_twice"] = ()
        return cls(**data)

    def check(self, stacks: list[int], stakes: Stakes) -> None:
        """Refuse options that do not fit the table (ValueError saying why)."""
        players, blinds = len(stacks), stakes.blinds
        if self.chip > 1:  # the chip-up: only where every forced bet and stack is whole chips
            amounts = {"ante": stakes.ante, "small_bet": stakes.small_bet, "big_bet": stakes.big_bet,
                       "bring_in": stakes.bring_in, "bomb_pot": self.bomb_pot, "big-blind ante": stakes.bb_ante,
                       **dict(zip(("small blind", "big blind")[-len(blinds):] if blinds else (), blinds, strict=True))}
            for name, amount in amounts.items():
                if amount % self.chip:
                    raise ValueError(f"chip {self.chip}: the {name} {amount} is not a whole number of chips")
            odd = next((s for s in stacks if s % self.chip), None)
            if odd is not None:
                raise ValueError(f"chip {self.chip}: a stack of {odd} is not a whole number of chips")
        if self.straddle and not blinds:
            raise ValueError("a straddle needs blinds in the stakes")
        if self.straddle and len(blinds) == 1:
            raise ValueError("a straddle needs a small and a big blind, not a single blind")
        if self.straddle and players < 3:
            raise ValueError("a straddle needs three or more players (heads-up the button is the small blind)")
        bad = [s for s in self.run_twice if not 0 <= s < players]
        if bad:
            raise ValueError(f"run_twice: {bad[0]} is not a seat from 0 to {players - 1}")

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults, JSON-serialisable (the history's form)."""
        out: dict[str, Any] = {}
        for name, default in _DEFAULTS.items():
            value = getattr(self, name)
            if value != default:
                out[name] = list(value) if isinstance(value, tuple) else value
        return out


NONE = HandOptions()


def first_opener(game: _Declared) -> str | None:
    """Who opens ``game``'s first betting round (:data:`homegame.rules.step.OPENERS`), or ``None``
    for a game without betting."""
    return next((step.opener for step in game.steps if step.kind == "bet"), None)


def takes_straddle(game: _Declared, stakes: Stakes) -> bool:
    """Whether a hand of ``game`` at ``stakes`` can have a straddle: a straddle is a blind raise, so
    only where a small and a big blind open the first betting round (not where the bring-in or the
    best hand showing opens it, as in stud, nor where a jacks-or-better opener is needed). The engine,
    the table's question and the page all ask this.

    >>> import homegame as hg
    >>> nl = hg.Stakes("no-limit", blinds=(1, 2))
    >>> takes_straddle(hg.game("holdem"), nl), takes_straddle(hg.game("stud"), nl)
    (True, False)
    """
    return len(stakes.blinds) == 2 and first_opener(game) == "positional"
