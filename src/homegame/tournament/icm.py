"""Prize shares for a deal: the independent chip model (Malmuth-Harville) and the chip chop.

Under Malmuth-Harville a player's chance of finishing first is their share of the chips, and each
later place is drawn the same way among the players not yet placed. ``icm`` sums, over every set of
players that may hold the places above, the chance of that set times the player's chance of taking
the next place, so the work is one step per (set of players already placed, player) and not one per
finishing order: ten players with ten paid places take 1,024 sets.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The most sets of already-placed players ``icm`` will walk; 2**17 is 17 players with every place paid
#: and 60 players with four places paid, and takes about a second.
MAX_ICM_SETS = 1 << 17


def _stacks(stacks: Sequence[int]) -> list[int]:
    chips = list(stacks)
    if not chips:
        raise ValueError("stacks: no players")
    for chip in chips:
        if isinstance(chip, bool) or not isinstance(chip, int):
            raise ValueError(f"stacks: {chip!r} is not a whole number of chips")
        if chip <= 0:
            raise ValueError(f"stacks: {chip} is not a positive number of chips")
    return chips


def _payouts(payouts: Sequence[float], players: int) -> list[float]:
    prizes = list(payouts)
    for prize in prizes:
        if isinstance(prize, bool) or not isinstance(prize, (int, float)) or not math.isfinite(prize):
            raise ValueError(f"payouts: {prize!r} is not a prize")
        if prize < 0:
            raise ValueError(f"payouts: {prize} is a negative prize")
    return (prizes + [0.0] * players)[:players]


def icm(stacks: Sequence[int], payouts: Sequence[float]) -> list[float]:
    """Each player's expected prize under the independent chip model (Malmuth-Harville).

    ``stacks`` are the players' chips (positive whole numbers), ``payouts`` the prizes for 1st, 2nd, …;
    fewer places than players is fine and more are dropped (nobody can win them). The results sum to the
    prizes that can be won. Bad input raises ``ValueError`` naming it.

    >>> [round(x, 2) for x in icm([5000, 3000, 1500, 500], [500, 300, 200])]
    [377.78, 312.89, 225.6, 83.73]
    >>> icm([100, 100], [70, 30])
    [50.0, 50.0]
    >>> icm([100, -5], [10])
    Traceback (most recent call last):
    ...
    ValueError: stacks: -5 is not a positive number of chips
    """
    chips = _stacks(stacks)
    prizes = _payouts(payouts, len(chips))
    paid = max((place + 1 for place, prize in enumerate(prizes) if prize > 0), default=0)
    sets = sum(math.comb(len(chips), placed) for placed in range(paid))
    if sets > MAX_ICM_SETS:
        raise ValueError(f"stacks: {len(chips)} players with {paid} places paid is too many for exact ICM")
    total = sum(chips)
    values = [0.0] * len(chips)
    # chance[placed] = (the chance that exactly the players in the bit set `placed` hold the top places,
    # the chips of the players not in it).
    chance: dict[int, tuple[float, int]] = {0: (1.0, total)}
    for place in range(paid):
        following: dict[int, tuple[float, int]] = {}
        for placed, (p, left) in chance.items():
            for i, chip in enumerate(chips):
                if placed >> i & 1:
                    continue
                takes = p * chip / left
                values[i] += takes * prizes[place]
                before = following.get(placed | 1 << i, (0.0, left - chip))[0]
                following[placed | 1 << i] = (before + takes, left - chip)
        chance = following
    return values


def chip_chop(stacks: Sequence[int], payouts: Sequence[float]) -> list[float]:
    """A chip-chop split of what is left to pay: everyone is sure of the smallest prize still to be won,
    and the rest is shared in proportion to chips.

    ``stacks`` and ``payouts`` are as for ``icm``; the results sum to the prizes that can be won.

    >>> chip_chop([6000, 3000, 1000], [50, 30, 20])
    [44.0, 32.0, 24.0]
    >>> chip_chop([6000, 3000, 1000], [60])
    [36.0, 18.0, 6.0]
    """
    chips = _stacks(stacks)
    prizes = _payouts(payouts, len(chips))
    floor = min(prizes)
    rest = sum(prizes) - floor * len(chips)
    total = sum(chips)
    return [floor + rest * chip / total for chip in chips]
