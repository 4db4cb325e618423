"""The chip race: when the blinds no longer need the smallest chip, it leaves play. At each table every
player's chips of it that do not make a whole larger chip are pooled, the pool is colored up to whole
larger chips (rounded to the nearest), and those go one at most to a player by draw, the players with
the most odd chips drawing more cards; nobody is raced out (TDA rule 2 of 2004). No I/O.

>>> smallest_chip_needed([25, 50, 0], [1, 5, 25, 100])
25
>>> race({"Ann": 137, "Bob": 60, "Cy": 3}, 25, draw=lambda names: sorted(names))
{'Ann': 150, 'Bob': 50, 'Cy': 25}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: The chip values a home set holds.
DENOMINATIONS = (1, 5, 25, 100, 500, 1000, 5000, 25000, 100000)


def smallest_chip_needed(amounts: Sequence[int], denominations: Sequence[int] = DENOMINATIONS) -> int:
    """The largest chip that every positive amount (blinds, ante, bring-in) is a whole number of."""
    wanted = [a for a in amounts if a > 0]
    fits = [d for d in denominations if all(a % d == 0 for a in wanted)]
    return max(fits) if fits else 1


def race(stacks: dict[str, int], chip: int, draw: Callable[[list[str]], list[str]]) -> dict[str, int]:
    """``stacks`` after racing off the chips worth less than ``chip``: ``draw`` orders the players who
    hold odd chips (the winners first; each has one card per odd chip, so more odd chips draw better).
    At most one ``chip`` goes to a player; a player left with nothing gets one."""
    odd = {name: stack % chip for name, stack in stacks.items()}
    pool = sum(odd.values())
    won = set(draw([n for n, o in odd.items() if o])[:(pool + chip // 2) // chip])
    out = {}
    for name, stack in stacks.items():
        whole = stack - odd[name]
        if name in won or (whole == 0 and stack > 0):
            whole += chip
        out[name] = whole
    return out


__all__ = ["DENOMINATIONS", "race", "smallest_chip_needed"]
