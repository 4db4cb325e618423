"""Facing a bet: call, raise or fold by the pot odds against the bettor's likely range.

This is where a friend's cheap exploits fail. The bot's share of the pot is estimated against each
opponent's range (:mod:`homegame.bots.ranges`; how wide a range a bet stands for comes from
:class:`homegame.bots.reads.Reads`), and the call is judged by its expected chips, counting that an
opponent who raises often will raise again: with probability ``r`` (the most aggressive opponent's
share of bets and raises) the bot faces the rest of its stack (another bet in fixed-limit) and then
either pays it, when that is still worth it, or folds and loses the call.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from homegame.bots.base import LegalOptions, View, big_bet, opponents
from homegame.bots.reads import Reads


@dataclass(frozen=True, slots=True)
class Verdict:
    """What facing a bet comes to: the share against the ranges, and the call's expected chips."""

    share: float
    call_ev: float
    raise_ok: bool


def _me(view: View) -> Mapping[str, Any]:
    return next(s for s in view["seats"] if s["seat"] == view.get("seat"))


def call_value(view: View, options: LegalOptions, share: float, again: float) -> float:
    """The expected chips of calling now, if an opponent raises again with probability ``again``."""
    pot = int(view.get("pot") or 0)
    call = int(options.call or 0)
    now = share * (pot + call) - call
    if again <= 0:
        return now
    me = _me(view)
    live = [s for s in opponents(view) if not s.get("all_in")]
    if ((view.get("stakes") or {}).get("structure")) == "fixed-limit":
        extra = big_bet(view)
        more = share * (pot + call + extra * (1 + len(live))) - (call + extra)
    else:
        mine = int(me.get("in_pot") or 0)
        total = mine + int(me.get("stack") or 0)
        in_hand = [s for s in view["seats"] if not s["folded"]]
        dead = pot - sum(int(s.get("in_pot") or 0) for s in in_hand)
        final = dead + sum(min(int(s.get("in_pot") or 0) + int(s.get("stack") or 0), total) for s in in_hand)
        more = share * final - (total - mine)
    return (1 - again) * now + again * max(-call, more)


def judge(view: View, options: LegalOptions, reads: Reads, share: float) -> Verdict:
    """The verdict on a bet faced with ``share`` of the pot against the opponents' ranges."""
    opps = opponents(view)
    live = [s for s in opps if not s.get("all_in")]
    again = max((reads.aggression(int(s["seat"])) for s in live), default=0.0)
    value = call_value(view, options, share, again)
    return Verdict(share, value, share >= raise_bar(view, reads, 0.4) and bool(live))


def raise_bar(view: View, reads: Reads, push: float) -> float:
    """The share of the pot worth a bet or raise: ``push`` of the way from a fair share to all of it,
    less when an opponent still able to call is seen to fold seldom (it pays a value bet; down to a quarter
    of ``push``)."""
    opps = opponents(view)
    fair = 1.0 / (1 + len(opps))
    # the stickiest opponent still able to call decides whether a value bet gets paid
    folds = min((reads.folding(int(s["seat"])) for s in opps if not s.get("all_in")), default=0.0)
    return fair + (1.0 - fair) * push * min(1.0, max(0.25, folds / 0.3))


def widths(view: View, reads: Reads) -> dict[int, float]:
    """Each opponent's range width now."""
    return {int(s["seat"]): reads.width(view, int(s["seat"])) for s in opponents(view)}
