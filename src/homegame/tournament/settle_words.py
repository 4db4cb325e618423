"""The night's settle-up in tournament words: what each person paid in (buy-in, rebuys, add-on) against
what they won (their place's prize or the deal, bounties), who pays whom, and the bots apart.

A bot's prize is its place, not a debt: nobody pays a bot, and nobody is paid from a bot's buy-in. The
money is :func:`homegame.table.settle`'s (bots apart), only said as a host reads a tournament's end:
when the bots won prizes, the people's money that went to them stays with the people who paid it in;
when the people won more than the people paid in, the part that was the bots' buy-ins is paid by nobody.

>>> from homegame.table import settle
>>> rows = [{"name": "Ann", "bot": False, "place": 1, "prize": 70, "bounties": 0, "paid": 40, "rebuys": 1, "add_on": False},
...         {"name": "Bot 1", "bot": True, "place": 2, "prize": 30, "bounties": 0, "paid": 20, "rebuys": 0, "add_on": False},
...         {"name": "Ben", "bot": False, "place": 3, "prize": 0, "bounties": 0, "paid": 20, "rebuys": 0, "add_on": False},
...         {"name": "Bot 2", "bot": True, "place": 4, "prize": 0, "bounties": 0, "paid": 20, "rebuys": 0, "add_on": False}]
>>> s = settle({"Ann": 30, "Bot 1": 10, "Ben": -20, "Bot 2": -20}, bots={"Bot 1", "Bot 2"})
>>> for line in accounts(rows, buy_in=20, add_on_price=0, deal=None): print(line)
Ann finished 1st: paid 40 (buy-in 20, 1 rebuy 20), won 70 (1st place's prize): up 30
Ben finished 3rd: paid 20 (buy-in 20), won nothing: down 20
>>> for line in settle_lines(rows, s): print(line)
Ben pays Ann 20
Ann's winnings count 10 of the bots' buy-ins, which nobody paid in: nobody pays Ann that 10
The bots' places (a bot is never paid and never pays): Bot 1 2nd (a prize of 30, paid to nobody), Bot 2 4th
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from homegame.table import Settlement


def ordinal(n: int) -> str:
    """``1`` -> ``"1st"``, ``12`` -> ``"12th"``, ``22`` -> ``"22nd"``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def finish(row: dict[str, Any]) -> str:
    """Where a row of the results finished: ``"2nd"``, or ``"5th-6th (shared)"`` for places shared."""
    places = row.get("places") or [row["place"]]
    if len(places) > 1:
        return f"{ordinal(places[0])}-{ordinal(places[-1])} (shared)"
    return ordinal(row["place"])


def accounts(rows: Sequence[dict[str, Any]], *, buy_in: int, add_on_price: int,
             deal: dict[str, Any] | None) -> list[str]:
    """One line a person (bots apart), in finishing order: where they finished, what they paid in (the
    buy-in, their rebuys, the add-on) and what they won (their place's prize or their part of the deal,
    bounties), and how that leaves them."""
    dealt = dict(deal.get("amounts") or {}) if deal else {}
    out = []
    for row in rows:
        if row["bot"]:
            continue
        name, paid, place = row["name"], int(row["paid"]), row["place"]
        add_on = add_on_price if row["add_on"] else 0
        rebought = paid - buy_in - add_on
        parts = [f"buy-in {buy_in}"]
        if row["rebuys"]:
            parts.append(f"{row['rebuys']} rebuy{'s' if row['rebuys'] > 1 else ''} {rebought}")
        if row["add_on"]:
            parts.append(f"add-on {add_on}")
        won = int(row["prize"]) + int(row["bounties"])
        gains = []
        if row["prize"]:
            gains.append("the deal" if name in dealt else f"{ordinal(place)} place's prize" if place else "a prize")
        if row["bounties"]:
            gains.append(f"bounties {row['bounties']}")
        if len(gains) == 2:
            gains[0] += f" {row['prize']}"
        net = won - paid
        where = f"{name}, in the deal" if name in dealt else f"{name} finished {finish(row)}" if place else name
        result = f"up {net}" if net > 0 else f"down {-net}" if net < 0 else "even"
        winnings = f"won {won} ({', '.join(gains)})" if won else "won nothing"
        out.append(f"{where}: paid {paid} ({', '.join(parts)}), {winnings}: {result}")
    return out


def settle_lines(rows: Sequence[dict[str, Any]], settlement: Settlement, deal: dict[str, Any] | None = None) -> list[str]:
    """Who pays whom between people; the part of a person's result that was the bots' (paid by nobody);
    the bots' places (or their part of the ``deal``)."""
    out = [f"{p.payer} pays {p.payee} {p.amount}" for p in settlement.payments]
    for name, amount in settlement.against_bots.items():
        if amount > 0:
            out.append(f"{name}'s winnings count {amount} of the bots' buy-ins, which nobody paid in: "
                       f"nobody pays {name} that {amount}")
        elif amount < 0:
            out.append(f"{-amount} of what {name} paid in went to the bots' prizes, which nobody collects: "
                       f"{name} keeps that {-amount}")
    if not settlement.payments:
        out.insert(0, "Nobody owes anybody")
    bots = [row for row in rows if row["bot"]]
    if bots:
        said = []
        for row in bots:
            won = int(row["prize"]) + int(row["bounties"])
            in_deal = deal is not None and row["name"] in (deal.get("amounts") or {})
            where = f"{row['name']} in the deal" if in_deal else f"{row['name']} {finish(row)}" if row["place"] else row["name"]
            said.append(where + (f" (a prize of {won}, paid to nobody)" if won else ""))
        out.append("The bots' places (a bot is never paid and never pays): " + ", ".join(said))
    return out


__all__ = ["accounts", "finish", "ordinal", "settle_lines"]
