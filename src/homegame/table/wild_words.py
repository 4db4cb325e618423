"""The wild cards of the hand in play as players say them (issue 17 §2), for the table's one status line:
the game's rule in a sentence and what is wild now.

>>> wild_sentence("Q follow-queen")
'Queens and the card after the last queen are wild'
>>> wild_sentence("K lowest")
"Kings and each player's lowest card are wild"
>>> wild_sentence("3 9"), wild_sentence("2"), wild_sentence("Jh Js")
('Threes and nines are wild', 'Deuces are wild', 'The Jh and the Js are wild')
>>> wild_now(["Q", "7"])
'queens and sevens are wild now'
"""

from __future__ import annotations

from typing import Any

from homegame.cards import RANKS
from homegame.rules.wilds import public_wild

_PLURAL = dict(zip(RANKS, ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
                           "jacks", "queens", "kings", "aces"), strict=True))
_RULES = {"follow-queen": "the card after the last queen", "lowest": "each player's lowest card",
          "lowest-hole": "each player's lowest face-down card"}


def _joined(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _named(token: str) -> str:
    return _PLURAL.get(token.upper(), f"the {token}") if len(token) == 1 or token.upper() == "10" else f"the {token}"


def wild_sentence(declared: str) -> str:
    """A game's ``wild`` text (see :mod:`homegame.rules.wilds`) as one sentence."""
    words = declared.replace(",", " ").split()
    parts = [_named(w) for w in words if w.lower() not in _RULES] + [_RULES[w.lower()] for w in words
                                                                       if w.lower() in _RULES]
    if not parts:
        return ""
    text = _joined(parts)
    return text[0].upper() + text[1:] + " are wild"


def wild_now(now: list[str]) -> str:
    """What is wild for everyone at this point of the hand, in words (``""`` when nothing is yet)."""
    return f"{_joined([_named(w) for w in now])} are wild now" if now else ""


def wild_state(hand: Any) -> dict[str, Any] | None:
    """The wild cards of ``hand`` (a :class:`homegame.Hand`) for the table's state: ``{"rule", "now",
    "now_text"}``, or ``None`` in a game without wild cards (or no hand). ``rule`` is
    :func:`wild_sentence`, ``now`` the ranks and cards wild for everyone so far (``"Q"``, ``"7"``,
    ``"Jh"``), ``now_text`` :func:`wild_now`.

    >>> import homegame as hg
    >>> h = hg.game("follow-the-queen").deal([100] * 3, stakes=hg.Stakes("fixed-limit", ante=1, bring_in=1,
    ...     small_bet=2, big_bet=4), seed=1)
    >>> wild_state(h)["rule"]
    'Queens and the card after the last queen are wild'
    """
    if hand is None or not hand.game.wild:
        return None
    now = public_wild(hand)
    return {"rule": wild_sentence(str(hand.game.wild)), "now": now, "now_text": wild_now(now)}


__all__ = ["wild_now", "wild_sentence", "wild_state"]
