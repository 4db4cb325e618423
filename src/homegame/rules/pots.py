"""Pots: the main pot and side pots from what each seat put in, and sharing chips among winners."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Pot:
    """One pot: its chips and the seats still in that may win it (a pot with one seat is that seat's own
    chips, which nobody matched)."""

    amount: int
    eligible: tuple[int, ...]

    def to_dict(self) -> dict[str, object]:
        """JSON form for views."""
        return {"amount": self.amount, "eligible": list(self.eligible)}


def _with_dead(pots: list[Pot], folded: list[bool], dead: list[int] | None) -> list[Pot]:
    """Dead money (chips paid to the pot outside the betting) joins the main pot, for every seat still in."""
    if not dead or not any(dead):
        return pots
    everyone = tuple(s for s, f in enumerate(folded) if not f)
    if pots and pots[0].eligible == everyone:
        pots[0].amount += sum(dead)
        return pots
    return [Pot(sum(dead), everyone), *pots]


def uncalled(totals: list[int]) -> tuple[int, int] | None:
    """(seat, chips): the part of the largest contribution that no other seat matched, which goes back
    to whoever put it in (RULES.md §1.9), blinds and antes included; None when the two largest are equal.

    >>> uncalled([10, 74 + 10, 4]), uncalled([20, 20, 5]), uncalled([7])
    ((1, 74), None, None)
    """
    if len(totals) < 2:
        return None
    top = max(range(len(totals)), key=totals.__getitem__)
    rest = max(t for s, t in enumerate(totals) if s != top)
    return (top, totals[top] - rest) if totals[top] > rest else None


def folded_uncalled(totals: list[int], folded: list[bool], dead: list[int] | None = None) -> tuple[int, int] | None:
    """(seat, chips) that a folded seat put in beyond what anyone else matched (a blind or an ante
    over a short all-in): in no pot, they go back to that seat. Dead money is never uncalled.

    >>> folded_uncalled([2, 1], [True, False])
    (0, 1)
    >>> folded_uncalled([2, 1], [False, True]) is None  # a live seat's own chips form its own pot
    True
    """
    live = totals if not dead else [t - d for t, d in zip(totals, dead, strict=True)]
    back = uncalled(live)
    return back if back is not None and folded[back[0]] else None


def side_pots(totals: list[int], folded: list[bool], dead: list[int] | None = None) -> list[Pot]:
    """Split what every seat put in into a main pot and side pots (``dead``: the part of each seat's total
    that is dead money, which goes to the main pot).

    Each level of the contributions of seats still in makes a pot eligible to those who reached it;
    folded seats' chips count but they are eligible for nothing, except what a folded seat put in that
    nobody matched (:func:`folded_uncalled`), which is in no pot. Adjacent pots with the same eligible
    seats are merged.

    >>> side_pots([50, 100, 100, 20], [False, False, False, True])
    [Pot(amount=170, eligible=(0, 1, 2)), Pot(amount=100, eligible=(1, 2))]
    >>> side_pots([10, 40], [False, False], dead=[0, 30])  # seat 1 matched the pot: not uncalled
    [Pot(amount=50, eligible=(0, 1))]
    >>> side_pots([3, 5, 3], [False, True, False])  # seat 1's blind over two all-ins: 2 go back
    [Pot(amount=9, eligible=(0, 2))]
    """
    if dead and any(dead):
        return _with_dead(side_pots([t - d for t, d in zip(totals, dead, strict=True)], folded), folded, dead)
    back = folded_uncalled(totals, folded)
    if back is not None:
        totals = [t - back[1] if s == back[0] else t for s, t in enumerate(totals)]
    put_in = [t for t, f in zip(totals, folded, strict=True) if not f]
    if put_in and min(put_in) == max(put_in):  # everyone still in put in the same: one pot
        amount = sum(totals)
        return [Pot(amount, tuple(s for s, f in enumerate(folded) if not f))] if amount else []
    levels = sorted({t for t in put_in if t > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = 0
        for t in totals:
            if t > previous:
                amount += (t if t < level else level) - previous
        eligible = tuple(s for s, t in enumerate(totals) if not folded[s] and t >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1].amount += amount
        elif amount:
            pots.append(Pot(amount, eligible))
        previous = level
    # chips above the last level of any seat still in (cannot happen in play) go to the last pot
    rest = sum(t - previous for t in totals if t > previous)
    if rest:
        if pots:
            pots[-1].amount += rest
        else:
            live = tuple(s for s, f in enumerate(folded) if not f)
            pots.append(Pot(rest, live))
    return pots


def live_pots(totals: list[int], folded: list[bool], stacks: list[int], dead: list[int] | None = None) -> list[Pot]:
    """The pots as they stand during a hand: a side pot is cut only at an all-in player's total; the
    last pot takes everything above (current bets included); ``dead`` as for :func:`side_pots`.

    >>> live_pots([10, 30, 30], [False, False, False], [0, 70, 70])
    [Pot(amount=30, eligible=(0, 1, 2)), Pot(amount=40, eligible=(1, 2))]
    """
    if dead and any(dead):
        live = [t - d for t, d in zip(totals, dead, strict=True)]
        return _with_dead(live_pots(live, folded, stacks), folded, dead)
    caps = sorted({t for t, f, st in zip(totals, folded, stacks, strict=True) if not f and st == 0})
    pots: list[Pot] = []
    previous = 0
    for cap in caps:
        amount = sum(min(t, cap) - min(t, previous) for t in totals)
        eligible = tuple(s for s, t in enumerate(totals) if not folded[s] and t >= cap)
        if amount:
            pots.append(Pot(amount, eligible))
        previous = cap
    rest = sum(t - min(t, previous) for t in totals)
    if rest:
        eligible = tuple(s for s, t in enumerate(totals) if not folded[s] and (t > previous or stacks[s] > 0))
        if pots and pots[-1].eligible == eligible:
            pots[-1].amount += rest
        else:
            pots.append(Pot(rest, eligible))
    return pots


def share(amount: int, winners: list[int], button: int, players: int, chip: int = 1) -> list[tuple[int, int]]:
    """Share ``amount`` equally among ``winners``; odd chips go one at a time from the first winner
    clockwise from the button (RULES.md §1.10). With a ``chip`` above 1 (the smallest chip in play, the
    chip-up) the shares are whole chips of that size, and any remainder smaller than a chip goes with
    the first odd chip (to the first winner when there is no odd chip).

    >>> share(10, [0, 2, 1], button=1, players=3)
    [(2, 4), (0, 3), (1, 3)]
    >>> share(35, [0, 1], button=1, players=2, chip=5)
    [(0, 20), (1, 15)]
    """
    if len(winners) == 1:
        return [(winners[0], amount)]
    order = sorted(winners, key=lambda s: (s - button - 1) % players)
    units, rest = divmod(amount, chip)
    base, odd = divmod(units, len(order))
    out = [(s, (base + (1 if i < odd else 0)) * chip) for i, s in enumerate(order)]
    if rest:
        out[0] = (out[0][0], out[0][1] + rest)
    return out


def halves(amount: int, chip: int = 1) -> tuple[int, int]:
    """A pot split between two runs of the board: half each in whole chips, the odd chip (and any
    remainder smaller than a chip) to the first run.

    >>> halves(101), halves(100, chip=25), halves(130, chip=25)
    ((51, 50), (50, 50), (80, 50))
    """
    units = amount // chip
    second = units // 2 * chip
    return amount - second, second
