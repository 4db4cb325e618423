"""A hand's stakes from its table's: a game opened by a bring-in (stud, razz) antes and brings in at
fixed limit, whatever blinds the table posts for its flop and draw games. The one place this mapping
lives: the table's dealer's choice and the host's "Game from next hand" use :func:`hand_stakes`, the
tournament's levels :func:`bring_in_stakes`.

The convention (docs/protocol.md, "Stakes of a stud hand"): at a table with blinds ``small/big``, a
bring-in game bets ``big`` on the early streets and twice it on the late ones; each seat antes half the
small blind rounded down to the chip (at least 1) unless the table set an ante, and the low card brings
in for the small blind.

>>> hand_stakes(True, {"structure": "no-limit", "blinds": [1, 2]})
{'structure': 'fixed-limit', 'ante': 1, 'bring_in': 1, 'small_bet': 2, 'big_bet': 4}
>>> hand_stakes(True, {"structure": "no-limit", "blinds": [5, 10], "ante": 3})
{'structure': 'fixed-limit', 'ante': 3, 'bring_in': 5, 'small_bet': 10, 'big_bet': 20}
>>> hand_stakes(False, {"structure": "no-limit", "blinds": [1, 2]})
{'structure': 'no-limit', 'blinds': [1, 2]}
"""

from __future__ import annotations

from typing import Any


def opens_with_bring_in(game: Any) -> bool:
    """Whether ``game``'s first betting round is opened by a bring-in (the cards, not the blinds)."""
    first = next((step for step in game.steps if step.kind == "bet"), None)
    return first is not None and first.opener == "bring-in"


def bring_in_stakes(small_blind: int, big_blind: int, *, ante: int, bring_in: int) -> dict[str, Any]:
    """Fixed-limit stakes of a bring-in game at blinds ``small_blind/big_blind``: the small bet is the big
    blind and the big bet twice it, with ``ante`` and ``bring_in`` (no more than the small bet)."""
    return {"structure": "fixed-limit", "ante": ante, "bring_in": min(bring_in, big_blind),
            "small_bet": big_blind, "big_bet": 2 * big_blind}


def hand_stakes(bring_in_game: bool, stakes: dict[str, Any]) -> dict[str, Any]:
    """The stakes a hand is dealt with at a table of ``stakes`` (their JSON form): a copy of the table's,
    or for a game opened by a bring-in at a table that posts blinds, the bring-in stakes derived from
    them (see the module's convention). A table set up for stud already (no blinds) keeps its own."""
    blinds = list(stakes.get("blinds") or ())
    if not bring_in_game or len(blinds) != 2:
        return dict(stakes)
    small, big = int(blinds[0]), int(blinds[1])
    ante = int(stakes.get("ante") or 0) or max(1, small // 2)
    return bring_in_stakes(small, big, ante=ante, bring_in=max(1, small))


__all__ = ["bring_in_stakes", "hand_stakes", "opens_with_bring_in"]
