"""The ledger: nets balance to zero, CSV export, settle-up with the fewest payments."""

from __future__ import annotations

import itertools
import random

import pytest

from homegame.table import Ledger, LedgerError, settle_up


def apply(nets: dict[str, int], payments: list) -> dict[str, int]:
    out = dict(nets)
    for p in payments:
        assert p.amount > 0
        out[p.payer] += p.amount
        out[p.payee] -= p.amount
    return out


def brute_force_minimum(nets: dict[str, int]) -> int:
    """Fewest payments by trying every split into zero-sum groups (small inputs only)."""
    people = [v for v in nets.values() if v]
    n = len(people)
    best = n
    # the answer is n - (most zero-sum groups); enumerate set partitions via labels
    for labels in itertools.product(range(n), repeat=n):
        if labels[0] != 0:
            continue
        groups: dict[int, int] = {}
        for lab, v in zip(labels, people, strict=True):
            groups[lab] = groups.get(lab, 0) + v
        if all(s == 0 for s in groups.values()):
            best = min(best, n - len(groups))
    return best


def test_nets_balance_and_csv() -> None:
    ledger = Ledger()
    ledger.buy_in("Ann", 200)
    ledger.buy_in("Bob", 200)
    ledger.buy_in("Bob", 100)
    ledger.cash_out("Ann", 320)
    stacks = {"Bob": 180}
    nets = ledger.nets(stacks)
    assert nets == {"Ann": 120, "Bob": -120}
    assert sum(nets.values()) == 0
    csv = ledger.to_csv(stacks).splitlines()
    assert csv[0] == "name,bought_in,cashed_out,stack,net"
    assert csv[1] == "Ann,200,320,0,120"
    assert csv[2] == "Bob,300,0,180,-120"
    assert csv[-1] == "TOTAL,500,320,180,0"


def test_round_trip_and_bad_amounts() -> None:
    ledger = Ledger()
    ledger.buy_in("Ann", 50, hand=3)
    assert Ledger.from_list(ledger.to_list()).entries == ledger.entries
    with pytest.raises(LedgerError, match="zero or more"):
        ledger.buy_in("Ann", -5)


@pytest.mark.parametrize("seed", range(40))
def test_settle_up_is_minimal(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 7)
    values = [rng.choice([-30, -20, -10, 10, 20, 30, rng.randint(-50, 50)]) for _ in range(n - 1)]
    values.append(-sum(values))
    nets = {f"p{i}": v for i, v in enumerate(values)}
    payments = settle_up(nets)
    assert all(v == 0 for v in apply(nets, payments).values())
    assert len(payments) == brute_force_minimum(nets)


def test_settle_up_pairs_equal_amounts() -> None:
    # a with b settle in one payment, c d e in two: three in all
    nets = {"a": 7, "b": -7, "c": 5, "d": 3, "e": -8}
    payments = settle_up(nets)
    assert len(payments) == 3
    assert all(v == 0 for v in apply(nets, payments).values())


def test_settle_up_refuses_unbalanced() -> None:
    with pytest.raises(LedgerError, match="sum to zero"):
        settle_up({"a": 5, "b": -4})


def test_settle_up_many_players_falls_back_to_greedy() -> None:
    rng = random.Random(5)
    values = [rng.randint(-100, 100) for _ in range(30)]
    values.append(-sum(values))
    nets = {f"p{i}": v for i, v in enumerate(values)}
    payments = settle_up(nets)
    assert all(v == 0 for v in apply(nets, payments).values())
    assert len(payments) <= len([v for v in values if v]) - 1
