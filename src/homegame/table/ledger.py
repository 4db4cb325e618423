"""The chips that came to a table and left it: buy-ins, cash-outs, each player's net, a settle-up.

Chips on the table are conserved: what was bought in is what was cashed out plus what still sits in
front of the players, so the nets always sum to zero.

>>> ledger = Ledger()
>>> ledger.buy_in("Ann", 200); ledger.buy_in("Bob", 200); ledger.buy_in("Cy", 200)
>>> ledger.cash_out("Ann", 350)
>>> nets = ledger.nets({"Bob": 100, "Cy": 150})
>>> nets
{'Ann': 150, 'Bob': -100, 'Cy': -50}
>>> settle_up(nets)
[Payment(payer='Bob', payee='Ann', amount=100), Payment(payer='Cy', payee='Ann', amount=50)]
"""

from __future__ import annotations

import csv
import io
from dataclasses import asdict, dataclass
from typing import Any, Literal

EntryKind = Literal["buy-in", "cash-out"]


class LedgerError(ValueError):
    """A ledger entry that makes no sense (a negative amount, an unknown kind)."""


@dataclass(frozen=True)
class Entry:
    """One movement of chips between a player's pocket and the table."""

    name: str
    kind: EntryKind
    amount: int
    hand: int = 0  # the number of hands dealt at the table when it happened

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form."""
        return asdict(self)


@dataclass(frozen=True)
class Payment:
    """One transfer of the settle-up: ``payer`` gives ``amount`` to ``payee``."""

    payer: str
    payee: str
    amount: int


@dataclass(frozen=True)
class Line:
    """One player's totals."""

    name: str
    bought_in: int
    cashed_out: int
    stack: int
    net: int


class Ledger:
    """The list of entries of one table, in order."""

    def __init__(self, entries: list[Entry] | None = None) -> None:
        self.entries: list[Entry] = list(entries or [])

    def _add(self, name: str, kind: EntryKind, amount: int, hand: int) -> None:
        if amount < 0:
            raise LedgerError(f"a {kind} of {amount} chips: amounts must be zero or more")
        if amount:
            self.entries.append(Entry(name, kind, amount, hand))

    def buy_in(self, name: str, amount: int, hand: int = 0) -> None:
        """``name`` puts ``amount`` chips on the table."""
        self._add(name, "buy-in", amount, hand)

    def cash_out(self, name: str, amount: int, hand: int = 0) -> None:
        """``name`` takes ``amount`` chips off the table."""
        self._add(name, "cash-out", amount, hand)

    def lines(self, stacks: dict[str, int] | None = None) -> list[Line]:
        """Each player's totals; ``stacks`` are the chips still in front of players by name."""
        stacks = stacks or {}
        names = list(dict.fromkeys([e.name for e in self.entries] + list(stacks)))
        out = []
        for name in names:
            bought = sum(e.amount for e in self.entries if e.name == name and e.kind == "buy-in")
            cashed = sum(e.amount for e in self.entries if e.name == name and e.kind == "cash-out")
            stack = stacks.get(name, 0)
            out.append(Line(name, bought, cashed, stack, cashed + stack - bought))
        return out

    def nets(self, stacks: dict[str, int] | None = None) -> dict[str, int]:
        """Net chips won (+) or lost (-) by each player, counting ``stacks`` still on the table."""
        return {line.name: line.net for line in self.lines(stacks)}

    def to_csv(self, stacks: dict[str, int] | None = None) -> str:
        """The totals as CSV: ``name,bought_in,cashed_out,stack,net`` and a total line."""
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(["name", "bought_in", "cashed_out", "stack", "net"])
        lines = self.lines(stacks)
        for line in lines:
            writer.writerow([line.name, line.bought_in, line.cashed_out, line.stack, line.net])
        writer.writerow(["TOTAL", sum(x.bought_in for x in lines), sum(x.cashed_out for x in lines),
                         sum(x.stack for x in lines), sum(x.net for x in lines)])
        return buf.getvalue()

    def to_list(self) -> list[dict[str, Any]]:
        """The entries in a JSON-serialisable form."""
        return [e.to_dict() for e in self.entries]

    @classmethod
    def from_list(cls, items: list[dict[str, Any]]) -> Ledger:
        """The inverse of :meth:`to_list`."""
        return cls([Entry(str(i["name"]), i["kind"], int(i["amount"]), int(i.get("hand", 0))) for i in items])


#: Above this many players with a non-zero net, the settle-up is greedy instead of exact.
EXACT_LIMIT = 14


def settle_up(nets: dict[str, int]) -> list[Payment]:
    """The fewest payments that bring every net to zero (losers pay winners).

    With up to :data:`EXACT_LIMIT` players it is exact: the fewest payments are the number of players
    minus the largest number of groups, each summing to zero, they can be split into; each group then
    settles by matching its largest debtor with its largest creditor. Beyond that, it is greedy.

    >>> settle_up({"a": 5, "b": -5, "c": 3, "d": -3, "e": 0})
    [Payment(payer='b', payee='a', amount=5), Payment(payer='d', payee='c', amount=3)]
    >>> settle_up({"a": 1, "b": 2})
    Traceback (most recent call last):
    ...
    homegame.table.ledger.LedgerError: nets must sum to zero to settle up, they sum to 3
    """
    total = sum(nets.values())
    if total:
        raise LedgerError(f"nets must sum to zero to settle up, they sum to {total}")
    people = [(name, net) for name, net in nets.items() if net]
    if len(people) > EXACT_LIMIT:
        return _greedy(people)
    payments: list[Payment] = []
    for group in _zero_groups(people):
        payments.extend(_greedy(group))
    return payments


def _greedy(people: list[tuple[str, int]]) -> list[Payment]:
    debtors = sorted(((-net, name) for name, net in people if net < 0), key=lambda x: (-x[0], x[1]))
    creditors = sorted(((net, name) for name, net in people if net > 0), key=lambda x: (-x[0], x[1]))
    payments = []
    d = c = 0
    owe = [x[0] for x in debtors]
    due = [x[0] for x in creditors]
    while d < len(debtors) and c < len(creditors):
        amount = min(owe[d], due[c])
        payments.append(Payment(debtors[d][1], creditors[c][1], amount))
        owe[d] -= amount
        due[c] -= amount
        if owe[d] == 0:
            d += 1
        if due[c] == 0:
            c += 1
    return payments


def _zero_groups(people: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """Split into the largest number of zero-sum groups (dynamic programming over subsets)."""
    n = len(people)
    if n == 0:
        return []
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + people[low][1]
    # best[mask]: most zero-sum groups that a zero-sum mask splits into; choice[mask]: its first group
    best = [0] * (1 << n)
    choice = [0] * (1 << n)
    for mask in range(1, full + 1):
        if sums[mask] != 0:
            continue
        low = mask & -mask
        rest = mask ^ low
        best[mask] = 1
        choice[mask] = mask
        sub = rest
        while sub:
            group = sub | low
            if group != mask and sums[group] == 0 and 1 + best[mask ^ group] > best[mask]:
                best[mask] = 1 + best[mask ^ group]
                choice[mask] = group
            sub = (sub - 1) & rest
    groups = []
    mask = full
    while mask:
        group = choice[mask]
        groups.append([p for i, p in enumerate(people) if group >> i & 1])
        mask ^= group
    return groups


__all__ = ["EXACT_LIMIT", "Entry", "Ledger", "LedgerError", "Line", "Payment", "settle_up"]
