"""The chips that came to a table and left it: buy-ins, cash-outs, each player's net, a settle-up.

Chips on the table are conserved: what was bought in is what was cashed out plus what still sits in
front of the players, so the nets always sum to zero. The ledger knows which names are bots
(``bot=True`` on their entries); the settle-up is between people only (:func:`settle`).

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
from collections.abc import Iterable
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
    bot: bool = False  # the chips are a bot's

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form (built by hand: every state write stores every entry, and
        ``dataclasses.asdict`` deep-copies each field)."""
        return {"name": self.name, "kind": self.kind, "amount": self.amount, "hand": self.hand, "bot": self.bot}


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
    bot: bool = False


class Ledger:
    """The list of entries of one table, in order."""

    def __init__(self, entries: list[Entry] | None = None) -> None:
        self.entries: list[Entry] = list(entries or [])

    def _add(self, name: str, kind: EntryKind, amount: int, hand: int, bot: bool) -> None:
        if amount < 0:
            raise LedgerError(f"a {kind} of {amount} chips: amounts must be zero or more")
        if amount:
            self.entries.append(Entry(name, kind, amount, hand, bool(bot)))

    def buy_in(self, name: str, amount: int, hand: int = 0, *, bot: bool = False) -> None:
        """``name`` puts ``amount`` chips on the table; ``bot=True`` when ``name`` is a bot."""
        self._add(name, "buy-in", amount, hand, bot)

    def cash_out(self, name: str, amount: int, hand: int = 0, *, bot: bool = False) -> None:
        """``name`` takes ``amount`` chips off the table; ``bot=True`` when ``name`` is a bot."""
        self._add(name, "cash-out", amount, hand, bot)

    @property
    def bots(self) -> set[str]:
        """The names whose entries are a bot's."""
        return {e.name for e in self.entries if e.bot}

    def lines(self, stacks: dict[str, int] | None = None) -> list[Line]:
        """Each player's totals; ``stacks`` are the chips still in front of players by name."""
        stacks = stacks or {}
        bought: dict[str, int] = {}
        cashed: dict[str, int] = {}
        bots: set[str] = set()
        for e in self.entries:  # one pass over the entries, however many names (the nets are read every step)
            if e.kind == "buy-in":
                bought[e.name] = bought.get(e.name, 0) + e.amount
            elif e.kind == "cash-out":
                cashed[e.name] = cashed.get(e.name, 0) + e.amount
            if e.bot:
                bots.add(e.name)
        names = dict.fromkeys([e.name for e in self.entries] + list(stacks))
        out = []
        for name in names:
            b, c, stack = bought.get(name, 0), cashed.get(name, 0), stacks.get(name, 0)
            out.append(Line(name, b, c, stack, c + stack - b, name in bots))
        return out

    def nets(self, stacks: dict[str, int] | None = None) -> dict[str, int]:
        """Net chips won (+) or lost (-) by each player, counting ``stacks`` still on the table."""
        return {line.name: line.net for line in self.lines(stacks)}

    def settlement(self, stacks: dict[str, int] | None = None) -> Settlement:
        """The settle-up between the people at the table (:func:`settle`), counting ``stacks``."""
        return settle(self.nets(stacks), self.bots)

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
        """The entries in a JSON-serialisable form (``bot`` only on a bot's entries)."""
        out = []
        for e in self.entries:
            item = e.to_dict()
            if not e.bot:
                del item["bot"]
            out.append(item)
        return out

    @classmethod
    def from_list(cls, items: list[dict[str, Any]]) -> Ledger:
        """The inverse of :meth:`to_list`; entries stored before bots were marked load as people's."""
        return cls([Entry(str(i["name"]), i["kind"], int(i["amount"]), int(i.get("hand", 0)), bool(i.get("bot", False)))
                    for i in items])


@dataclass(frozen=True)
class Settlement:
    """The settle-up between people: who pays whom, each person's result against the bots, the bots' nets.

    ``nets`` are the people's nets; ``against_bots`` the part of each person's net won from (+) or lost
    to (-) the bots as a group; ``payments`` settle the rest (``nets - against_bots``, which sums to
    zero) between people; ``bots`` are the bots' nets, reported and never paid.
    """

    payments: list[Payment]
    nets: dict[str, int]
    against_bots: dict[str, int]
    bots: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form."""
        return {"payments": [asdict(p) for p in self.payments], "nets": dict(self.nets),
                "against_bots": dict(self.against_bots), "bots": dict(self.bots), "lines": self.lines()}

    def lines(self) -> list[str]:
        """The settle-up in plain sentences about people: who pays whom, then what each person won from (or
        lost to) the bots, which nobody pays, then the bots' results apart.

        >>> settle({"Ann": 60, "Bob": -20, "RuleBot 1": -40}, bots={"RuleBot 1"}).lines()
        ['Bob pays Ann 20', 'Ann won 40 from the bots: nobody pays that', 'The bots (never paid, never paying): RuleBot 1 lost 40']
        >>> settle({"Ann": 0, "EquityBot": 0}, bots={"EquityBot"}).lines()
        ['Nobody owes anybody', 'The bots (never paid, never paying): EquityBot broke even']
        """
        out = [f"{p.payer} pays {p.payee} {p.amount}" for p in self.payments]
        out += [f"{name} {'won' if amount > 0 else 'lost'} {abs(amount)} {'from' if amount > 0 else 'to'} the bots: "
                f"nobody pays that" for name, amount in self.against_bots.items() if amount]
        if not out:
            out.append("Nobody owes anybody")
        if self.bots:
            said = [f"{name} {'won' if net > 0 else 'lost' if net < 0 else 'broke even'}" + (f" {abs(net)}" if net else "")
                    for name, net in self.bots.items()]
            out.append("The bots (never paid, never paying): " + ", ".join(said))
        return out


def settle(nets: dict[str, int], bots: Iterable[str] = ()) -> Settlement:
    """Settle up between people only; the names in ``bots`` are bots, which are never paid nor pay.

    The model: the bots play with the house's chips. What the people won from the bots as a group (or
    lost to them), ``-sum(bots' nets)``, is nobody's debt. When the people are up against the bots, that
    amount is taken from the people who won, in proportion to their wins ("Ann is +40 against the
    bots"): they collect the rest of their wins from the people who lost, who pay all of their losses.
    When the people are down, it is taken from the people who lost, in proportion to their losses:
    they pay the rest to the people who won, who collect all of their wins. So the people's payments
    always balance, and nobody pays more than they lost or collects more than they won. Shares are
    whole chips (largest remainders, ties by name).

    >>> s = settle({"Ann": 60, "Bob": -20, "Cy": 0, "RuleBot 1": -40}, bots=["RuleBot 1"])
    >>> s.payments, s.against_bots, s.bots
    ([Payment(payer='Bob', payee='Ann', amount=20)], {'Ann': 40, 'Bob': 0, 'Cy': 0}, {'RuleBot 1': -40})
    >>> settle({"Ann": 30, "Bob": -50, "EquityBot": 20}, bots=["EquityBot"]).payments
    [Payment(payer='Bob', payee='Ann', amount=30)]
    """
    total = sum(nets.values())
    if total:
        raise LedgerError(f"nets must sum to zero to settle up, they sum to {total}")
    robots = set(bots)
    people = {name: net for name, net in nets.items() if name not in robots}
    against = dict.fromkeys(people, 0)
    up = sum(people.values())  # what the people won from the bots (negative: lost to them)
    if up:
        side = {name: abs(net) for name, net in people.items() if (net > 0) == (up > 0) and net}
        for name, share in _apportion(abs(up), side).items():
            against[name] = share if up > 0 else -share
    between = {name: net - against[name] for name, net in people.items()}
    return Settlement(settle_up(between), people, against,
                      {name: net for name, net in nets.items() if name in robots})


def _apportion(amount: int, weights: dict[str, int]) -> dict[str, int]:
    """``amount`` split in proportion to ``weights`` in whole units (largest remainders; ties by name)."""
    total = sum(weights.values())
    floors = {name: amount * w // total for name, w in weights.items()}
    left = amount - sum(floors.values())
    order = sorted(weights, key=lambda n: (-(amount * weights[n] % total), n))
    for name in order[:left]:
        floors[name] += 1
    return floors


#: Above this many players with a non-zero net, the settle-up is greedy instead of exact.
EXACT_LIMIT = 14


def settle_up(nets: dict[str, int], bots: Iterable[str] = ()) -> list[Payment]:
    """The fewest payments that bring every net to zero (losers pay winners); with ``bots``, only the
    people's payments of :func:`settle` (no bot ever pays or is paid).

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
    if bots:
        return settle(nets, bots).payments
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


__all__ = ["EXACT_LIMIT", "Entry", "Ledger", "LedgerError", "Line", "Payment", "Settlement", "settle", "settle_up"]
