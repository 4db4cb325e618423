"""Benchmark: homegame's exact equity raced against pokerfast (OMPEval's enumeration), and on the seed games.

    .venv/bin/python bench/equity.py [--rounds N]

1. Exact hold'em spots raced by turns: heads-up before the flop (suited and not), three-way before
   the flop, flop and turn spots, a hand against a random one. Each round runs, one after the other,
   homegame as it is, homegame with its shortcuts off (``RANK_CLASSES`` and ``SUIT_ISOMORPHISM``: every
   outcome scored one by one, the enumeration before issue 12), and pokerfast on one thread (its
   default) and on every core; each keeps its best round, so load from other processes falls on all
   alike. Every homegame answer is checked against pokerfast's and against the plain enumeration.
2. Exact Omaha (high, high-low) and the seed games, no peer: homegame as it is and with the shortcuts
   off, and sampled outcomes per second.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

import homegame as hg
from homegame.evaluate.pool import threads
from homegame.odds import calculator

RACES: list[tuple[str, list[str], str]] = [
    ("heads-up, suited v pair", ["As Ks", "Qh Qd"], ""),
    ("heads-up, offsuit v pair", ["Ah Kd", "7c 7s"], ""),
    ("heads-up, suited connector v aces", ["8s 7s", "Ac Ad"], ""),
    ("heads-up, pair v suited", ["2c 2d", "Ah Kh"], ""),
    ("heads-up, dominated offsuit", ["As Kd", "Ah Qc"], ""),
    ("three-way", ["As Ks", "Qh Qd", "Jc Tc"], ""),
    ("three-way, offsuit", ["Ah Kd", "7c 7s", "9h 8d"], ""),
    ("flop, heads-up", ["As Ks", "Qh Qd"], "2c 7d 9h"),
    ("flop, flush draw", ["Ah Kh", "7c 7s"], "Qh 8h 2c"),
    ("flop, three-way", ["Ah Kd", "7c 7s", "Qs Js"], "2c 7d 9h"),
    ("turn, heads-up", ["As Ks", "Qh Qd"], "2c 7d 9h Tc"),
    ("turn, three-way", ["Ah Kh", "7c 7s", "Qs Js"], "Qh 8h 2c 5d"),
    ("flop, against a random hand", ["As Ks", ""], "Qs Js 3s"),
    ("flop, against a random hand, no suit symmetry", ["As Ks", ""], "Qh Jd 3c"),
    ("turn, against a random hand", ["Ah Kd", ""], "Qh Jd 3c 7s"),
]


def best_time(fn: Callable[[], Any], repeat: int = 7) -> tuple[float, Any]:
    fn()
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def plain(fn: Callable[[], Any]) -> Callable[[], Any]:
    """``fn`` with homegame's exact shortcuts off: every outcome scored one by one."""
    def run() -> Any:
        saved = calculator.RANK_CLASSES, calculator.SUIT_ISOMORPHISM
        calculator.RANK_CLASSES = calculator.SUIT_ISOMORPHISM = False
        try:
            return fn()
        finally:
            calculator.RANK_CLASSES, calculator.SUIT_ISOMORPHISM = saved
    return run


def race(fns: list[Callable[[], Any]], rounds: int) -> tuple[list[float], list[Any]]:
    """Best time of each function over ``rounds`` rounds, the functions run by turns in each round."""
    results = [fn() for fn in fns]  # warm-up: kernels compiled or loaded from cache
    best = [float("inf")] * len(fns)
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            start = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - start)
    return best, results


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f} ms" if seconds < 0.01 else f"{seconds * 1e3:.1f} ms"


def races(console: Console, rounds: int) -> None:
    from pokerfast import equity as pf

    holdem = hg.game("holdem")
    table = Table(title=f"Exact hold'em equity, raced by turns (best of {rounds})")
    for col in ("spot", "outcomes", "plain (before)", "homegame", "pokerfast 1 thread", "pokerfast all cores",
                "homegame ÷ pokerfast", "plain ÷ pokerfast", "same answer"):
        table.add_column(col, justify="left" if col == "spot" else "right")
    worst = 0.0
    for name, hole, board in RACES:
        def home(hole: list[str] = hole, board: str = board) -> Any:
            return hg.equity(holdem, hole, board=board)

        ranges = [h.replace(" ", "") or "random" for h in hole]
        compact = board.replace(" ", "")
        times, results = race([plain(home), home, lambda r=ranges, b=compact: pf.equity(r, b),
                               lambda r=ranges, b=compact: pf.equity(r, b, threads=0)], rounds)
        before, new, pf1, pfall = times
        same = (max(abs(a - b) for a, b in zip(results[1].shares, results[2], strict=True)) < 1e-9
                and max(abs(a - b) for a, b in zip(results[1].shares, results[0].shares, strict=True)) < 1e-12)
        ratio = new / min(pf1, pfall)
        worst = max(worst, ratio)
        table.add_row(f"{name}: {' v '.join(h or 'random' for h in hole)}" + (f" on {board}" if board else ""),
                      f"{results[1].outcomes:,}", _ms(before), _ms(new), _ms(pf1), _ms(pfall),
                      f"{ratio:.2f}", f"{before / min(pf1, pfall):.2f}", "yes" if same else "[red]NO[/red]")
    console.print(table)
    console.print(f"ratios are time ÷ the faster pokerfast run (target at most 0.8); the worst: {worst:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="rounds of the race (default 15)")
    args = parser.parse_args()
    console = Console(width=190)
    console.print(f"[bold]Equity[/bold] (numba threads: {threads()})")
    try:
        races(console, args.rounds)
    except ImportError:
        console.print("pokerfast not installed: the races are skipped")

    exact = Table(title="Exact Omaha and seed games (no peer computes them): as it is and with the shortcuts off")
    for col in ("case", "outcomes", "plain (before)", "homegame", "plain ÷ homegame", "same answer"):
        exact.add_column(col, justify="left" if col == "case" else "right")
    exact_cases: list[tuple[str, Callable[[], Any]]] = [
        ("Omaha, flop, 2 players", lambda: hg.equity(hg.game("omaha"), ["As Ks Qd Jd", "Ah Kh Tc 9c"],
                                                      board="2s 7h 8c")),
        ("Omaha eight-or-better, flop, 2 players",
         lambda: hg.equity(hg.game("omaha", split="high-low"), ["Ah 2h Kc Kd", "Qs Qd Jc Jh"], board="3s 4s 9c")),
        ("Omaha eight-or-better, flop, two suits in play (clubs and diamonds swap)",
         lambda: hg.equity(hg.game("omaha", split="high-low"), ["As 2s 3h 4h", "Js Ts Jh Th"], board="Ks 7s 8h")),
        ("Big O, flop, 2 players",
         lambda: hg.equity(hg.game("big-o"), ["As Ks Qs Js Ts", "Ah Kh Qh 2h 3h"], board="4s 5h 9s")),
        ("Stud eight-or-better, two cards to come, 2 players",
         lambda: hg.equity(hg.game("stud-hi-lo"), ["As 2s 3s 4d 5d", "Ks Kd 7d 8d 9s"])),
        ("Pass'Em, two community cards known (exact)",
         lambda: hg.equity(hg.game("passem"), ["As 7d 7c", "Kh Kd 2c", ""], board="7h Ks")),
        ("Three-Hole, last betting round, 4 players (exact)",
         lambda: hg.equity(hg.game("three-hole"), ["Ks 9d Kc", "Kh 4c", "Qs Jd", "8h 8c"], board="9h",
                           exposed={0: "Ks 9d", 1: "Kh 4c", 2: "Qs Jd", 3: "8h 8c"})),
        ("Same'Em, turn and river to come, 2 players (exact)",
         lambda: hg.equity(hg.game("sameem"), ["As Ks 2c 3c", "Qh Qd 3d 5h"], board="Kd 4s 4c")),
    ]
    for name, fn in exact_cases:
        (before, new), (r_before, r_new) = race([plain(fn), fn], 5)
        same = max(abs(a - b) for a, b in zip(r_before.shares, r_new.shares, strict=True)) < 1e-12
        exact.add_row(name + ("" if r_new.exact else " [red](sampled)[/red]"), f"{r_new.outcomes:,}", _ms(before),
                      _ms(new), f"{before / new:.2f}", "yes" if same else "[red]NO[/red]")
    console.print(exact)

    seeds = Table(title="Seed games")
    for col in ("case", "method", "outcomes", "time", "outcomes / s", "shares"):
        seeds.add_column(col, justify="left" if col in ("case", "shares", "method") else "right")
    cases: list[tuple[str, Callable[[], Any]]] = [
        ("Pass'Em, heads-up, two known, opponent unknown (exact)",
         lambda: hg.equity(hg.game("passem"), ["As 7d 7c", ""], board="7h Ks")),
        ("Same'Em after the flop, 3 players (sampled 1,000,000)",
         lambda: hg.equity(hg.game("sameem"), ["As Ks 2c", "Qh Qd 3d", "7h 8h 9h"], board="Kd 4s 4c",
                           trials=1_000_000, seed=1)),
        ("Same'Em before the flop, 6 players (sampled 1,000,000)",
         lambda: hg.equity(hg.game("sameem"), ["As Ks 2c", "", "", "", "", ""], trials=1_000_000, seed=1)),
        ("Pass'Em, 6 players, nothing known but one hand (sampled 1,000,000)",
         lambda: hg.equity(hg.game("passem"), ["As 7d 7c", "", "", "", "", ""], trials=1_000_000, seed=1)),
        ("Pass The Trash, declare as cards speak, 4 players (sampled 1,000,000)",
         lambda: hg.equity(hg.game("trash"), ["As 2s 3d 4c 9h 9d Kc", "", "", ""], trials=1_000_000, seed=1)),
        ("Three-Hole, first round, 5 players (sampled 1,000,000)",
         lambda: hg.equity(hg.game("three-hole"), ["Ks 9d Kc", "", "", "", ""], trials=1_000_000, seed=1)),
    ]
    for name, fn in cases:
        seconds, result = best_time(fn, repeat=3)
        seeds.add_row(name, "exact" if result.exact else "sampled", f"{result.outcomes:,}", f"{seconds * 1e3:,.1f} ms",
                      f"{result.outcomes / seconds / 1e6:,.2f} M", " ".join(f"{s:.3f}" for s in result.shares))
    console.print(seeds)


if __name__ == "__main__":
    main()
