"""Helpers for the engine's scripted tests (no tests of their own)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import homegame as hg

LIMIT = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4)
NL = hg.Stakes("no-limit", blinds=(1, 2))


def passive(hand: hg.Hand) -> str:
    """Check, else call."""
    seat = hand.to_act[0]
    legal = hand.legal(seat)
    return "check" if "check" in legal else "call"


def play_out(hand: hg.Hand, choices: Mapping[str, Mapping[int, str]] | None = None,
             bet: Callable[[hg.Hand], str] = passive, until: str | None = None) -> hg.Hand:
    """Play to the end (or to the step labelled ``until``): betting by ``bet`` (check/call),
    simultaneous steps from ``choices`` (step label -> seat -> action), else each seat's default."""
    choices = choices or {}
    while not hand.over:
        step = hand.step
        assert step is not None
        if step.label == until:
            break
        if step.kind == "bet":
            hand.act(hand.to_act[0], bet(hand))
            continue
        for seat in hand.to_act:
            hand.act(seat, choices.get(step.label, {}).get(seat) or hand.default_action(seat))
    return hand


def script(hand: hg.Hand, actions: list[tuple[int, str]]) -> hg.Hand:
    """Play the actions in order."""
    for seat, action in actions:
        hand.act(seat, action)
    return hand
