"""Export a hand to PHH, PokerKit's hand-history format (holdem, omaha, stud)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from homegame.rules.hand import Hand


def to_phh(h: Hand) -> str:
    """The hand as PHH text."""
    raise NotImplementedError("PHH export is not written yet")
