"""Table stakes: the betting structure and the forced bets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

STRUCTURES = ("fixed-limit", "pot-limit", "no-limit")


@dataclass(frozen=True, slots=True)
class Stakes:
    """The structure and forced bets of a hand.

    >>> Stakes("no-limit", blinds=(1, 2)).min_bet
    2

    ``blinds`` is ``()``, ``(small, big)``, or a single blind ``(blind,)`` that the first seat left of
    the button posts (the button heads-up) and everyone must call. ``bb_ante`` is a big-blind ante:
    the big blind's seat posts it alone for the whole table, as dead money before its blind.

    >>> Stakes("no-limit", blinds=(250,)).min_bet
    250
    >>> Stakes("no-limit", blinds=(50, 100), bb_ante=100).to_dict()["bb_ante"]
    100
    >>> Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4).bet_size(big=True)
    4
    >>> Stakes("pot-limit")
    Traceback (most recent call last):
    ...
    ValueError: pot-limit needs blinds=(small, big) or small_bet to set the smallest bet
    """

    structure: str
    ante: int = field(default=0, kw_only=True)
    blinds: tuple[int, ...] = field(default=(), kw_only=True)
    small_bet: int = field(default=0, kw_only=True)
    big_bet: int = field(default=0, kw_only=True)
    bring_in: int = field(default=0, kw_only=True)
    bb_ante: int = field(default=0, kw_only=True)

    def __post_init__(self) -> None:
        if self.structure not in STRUCTURES:
            raise ValueError(f"unknown structure {self.structure!r}: use one of {', '.join(STRUCTURES)}")
        blinds = tuple(self.blinds)
        object.__setattr__(self, "blinds", blinds)
        for name in ("ante", "small_bet", "big_bet", "bring_in", "bb_ante"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a whole number of chips, 0 or more, not {value!r}")
        if len(blinds) not in (0, 1, 2):
            raise ValueError(f"blinds must be (), (blind,) or (small, big), not {blinds!r}")
        for b in blinds:
            if isinstance(b, bool) or not isinstance(b, int) or b < 0:
                raise ValueError(f"blinds must be whole numbers of chips, 0 or more, not {blinds!r}")
        if blinds and (blinds[-1] <= 0 or blinds[0] > blinds[-1]):
            raise ValueError(f"blinds (small, big) need 0 <= small <= big and big > 0, not {blinds!r}")
        if self.bb_ante and not blinds:
            raise ValueError("a big-blind ante (bb_ante) needs blinds: the big blind posts it")
        if self.bb_ante and self.ante:
            raise ValueError("an ante from every player or a big-blind ante (bb_ante), not both")
        if self.structure == "fixed-limit":
            if self.small_bet <= 0 or self.big_bet <= 0:
                raise ValueError("fixed-limit needs small_bet and big_bet, both more than 0")
            if self.big_bet < self.small_bet:
                raise ValueError("fixed-limit needs big_bet >= small_bet")
        elif not blinds and self.small_bet <= 0:
            raise ValueError(f"{self.structure} needs blinds=(small, big) or small_bet to set the smallest bet")
        if self.bring_in and self.small_bet and self.bring_in > self.small_bet:
            raise ValueError("bring_in must not be more than small_bet")

    @property
    def min_bet(self) -> int:
        """The smallest opening bet in pot-limit and no-limit: the big (or single) blind, else the small bet."""
        return self.blinds[-1] if self.blinds else self.small_bet

    def bet_size(self, *, big: bool) -> int:
        """The fixed-limit bet of a round (small or big)."""
        return self.big_bet if big else self.small_bet

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form, the inverse of :meth:`from_dict`."""
        data: dict[str, Any] = {"structure": self.structure, "ante": self.ante, "blinds": list(self.blinds),
                                "small_bet": self.small_bet, "big_bet": self.big_bet, "bring_in": self.bring_in}
        if self.bb_ante:  # only when set, so that records (and their digests) without one are unchanged
            data["bb_ante"] = self.bb_ante
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stakes:
        """Stakes from :meth:`to_dict` output."""
        return cls(data["structure"], ante=data.get("ante", 0), blinds=tuple(data.get("blinds", ())),
                   small_bet=data.get("small_bet", 0), big_bet=data.get("big_bet", 0),
                   bring_in=data.get("bring_in", 0), bb_ante=data.get("bb_ante", 0))
