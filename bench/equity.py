"""Benchmark: homegame's odds calculator against pokerfast (OMPEval) and eval7, and on the seed games.

    .venv/bin/python bench/equity.py

1. Exact AsKs against QhQd before the flop (1,712,304 boards): homegame, pokerfast's exact OMPEval,
   and eval7 (its exact call returns 0.0 for this input, so its Monte Carlo with as many samples).
2. Seed games: exact Pass'Em with two community cards known, exact Three-Hole at the last betting
   round, sampled Same'Em after the flop, and sampled outcomes per second for each seed game.
Times are the best of several runs after a warm-up call (kernels compiled or loaded from cache).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

import homegame as hg
from homegame.evaluate.pool import threads


def best_time(fn: Callable[[], Any], repeat: int = 7) -> tuple[float, Any]:
    fn()
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    console = Console(width=150)
    console.print(f"[bold]Equity[/bold] (numba threads: {threads()})")
    holdem = hg.game("holdem")
    rows: list[tuple[str, float, str]] = []
    t_home, r_home = best_time(lambda: hg.equity(holdem, ["As Ks", "Qh Qd"]))
    rows.append(("homegame equity (exact)", t_home, f"{r_home.shares[0] * 100:.4f}% over {r_home.outcomes:,} boards"))
    t_pf = None
    try:
        from pokerfast import equity as pf
        t_pf, r_pf = best_time(lambda: pf.equity(["AsKs", "QhQd"]))
        rows.append(("pokerfast equity (OMPEval, exact)", t_pf, f"{r_pf[0] * 100:.4f}%"))
    except ImportError:
        console.print("pokerfast not installed: skipped")
    try:
        import eval7
        hand = [eval7.Card("As"), eval7.Card("Ks")]
        villain = eval7.HandRange("QhQd")
        exact_e7 = eval7.py_hand_vs_range_exact(hand, villain, [])
        t_e7, r_e7 = best_time(lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, [], 1_712_304), repeat=3)
        rows.append(("eval7 Monte Carlo, 1,712,304 samples", t_e7,
                     f"{r_e7 * 100:.4f}% (its exact call gives {exact_e7})"))
    except ImportError:
        console.print("eval7 not installed: skipped")

    table = Table(title="AsKs vs QhQd, hold'em, before the flop")
    for col in ("calculator", "time", "homegame ÷ it (time)", "result"):
        table.add_column(col, justify="left" if col in ("calculator", "result") else "right")
    for name, seconds, result in rows:
        table.add_row(name, f"{seconds * 1e3:.2f} ms", f"{t_home / seconds:.2f}×", result)
    console.print(table)
    if t_pf:
        console.print(f"homegame time ÷ pokerfast time: {t_home / t_pf:.2f} (target at most 2)")

    seeds = Table(title="Seed games")
    for col in ("case", "method", "outcomes", "time", "outcomes / s", "shares"):
        seeds.add_column(col, justify="left" if col in ("case", "shares", "method") else "right")
    cases: list[tuple[str, Callable[[], Any]]] = [
        ("Pass'Em, two community cards known (exact)",
         lambda: hg.equity(hg.game("passem"), ["As 7d 7c", "Kh Kd 2c", ""], board="7h Ks")),
        ("Pass'Em, heads-up, two known, opponent unknown (exact)",
         lambda: hg.equity(hg.game("passem"), ["As 7d 7c", ""], board="7h Ks")),
        ("Three-Hole, last betting round, 4 players (exact)",
         lambda: hg.equity(hg.game("three-hole"), ["Ks 9d Kc", "Kh 4c", "Qs Jd", "8h 8c"], board="9h",
                           exposed={0: "Ks 9d", 1: "Kh 4c", 2: "Qs Jd", 3: "8h 8c"})),
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
        ("Omaha eight-or-better, flop, 2 players (exact)",
         lambda: hg.equity(hg.game("omaha", split="high-low"), ["Ah 2h Kc Kd", "Qs Qd Jc Jh"], board="3s 4s 9c")),
    ]
    for name, fn in cases:
        seconds, result = best_time(fn, repeat=3)
        seeds.add_row(name, "exact" if result.exact else "sampled", f"{result.outcomes:,}", f"{seconds * 1e3:,.1f} ms",
                      f"{result.outcomes / seconds / 1e6:,.2f} M", " ".join(f"{s:.3f}" for s in result.shares))
    console.print(seeds)


if __name__ == "__main__":
    main()
