"""Random legal play through the engine's records, for the tests that need hands nobody chose: a uniform
choice of option, a uniform total for a bet or raise, random cards for a pass, discard, arrangement or
exposure. Seeded by the caller's ``random.Random``, so a test's hands are the same on every run.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


def choose(options: Sequence[Any], rng: random.Random, *, fold: bool = True) -> Any:
    """One of ``options`` at random; never a fold unless ``fold`` (or a fold is all there is)."""
    return rng.choice([o for o in options if fold or o.kind != "fold"] or list(options))


def apply_random(hand: Any, seat: int, option: Any, rng: random.Random) -> None:
    """Take ``option`` for ``seat`` with a random amount or random cards where it asks for them."""
    if option.kind in ("bet", "raise"):
        hand.apply(seat, option, rng.randint(option.min, option.max))
    elif option.kind in ("pass", "discard", "arrange"):
        hand.apply(seat, option, cards=rng.sample(hand.cards[seat], option.min))
    elif option.kind == "expose":
        down = [c for c, up in zip(hand.cards[seat], hand.faceup[seat], strict=True) if not up]
        hand.apply(seat, option, cards=[rng.choice(down)])
    else:
        hand.apply(seat, option)


def play_to_the_end(hand: Any, rng: random.Random, *, fold: bool = True) -> None:
    """Random legal records until the hand is over."""
    while not hand.over:
        seat = hand.to_act[0]
        apply_random(hand, seat, choose(hand.legal_actions(seat), rng, fold=fold), rng)
