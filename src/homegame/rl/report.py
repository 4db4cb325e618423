"""The figures of ``docs/rl.md``: solve the small settings, ship their policies, chart exploitability,
and play the equity and rule bots against the solved policy.

``python -m homegame.rl.report`` (minutes) rewrites ``docs/img/exploitability.png``,
``docs/img/exploitability.json`` and ``homegame/data/cfr-<setting>.json``.
"""

from __future__ import annotations

import dataclasses
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

from homegame.bots import make_bot
from homegame.bots.abstraction import PROJECTION, house_rules
from homegame.bots.cfr_bot import key_of
from homegame.games import game as make_game
from homegame.rl.solve import SETTINGS, Solved, solve
from homegame.rules.stakes import Stakes

ROOT = Path(__file__).resolve().parents[3]


def policy_file(name: str, solved: Solved) -> dict[str, Any]:
    """The ``cfr`` bot's data for one setting: its parameters and the hashed average policy."""
    return {"params": SETTINGS[name], "projection": PROJECTION, "iterations": solved.iterations[-1],
            "exploitability": solved.exploitability[-1],
            "policy": {key_of(k): v for k, v in sorted(solved.policy.items())}}


def chart(results: dict[str, dict[str, Any]], path: Path) -> None:
    """Exploitability (chips/hand, log scale) against CFR+ iterations, one line per setting (``results``:
    the settings' entries of ``exploitability.json``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2))
    for name, r in results.items():
        label = f"{name} ({r['infosets']:,} infosets, {r['iterations'][-1]} it. in {r['seconds'][-1]:.1f} s)"
        ax.loglog(r["iterations"], [max(e, 1e-9) for e in r["exploitability"]], marker="o", ms=3, label=label)
    ax.set_xlabel("CFR+ iterations")
    ax.set_ylabel("exploitability (chips per hand)")
    ax.set_title("OpenSpiel CFR+ on homegame research-deck settings")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def versus(name: str, opponent: str, hands: int, seed: int = 0) -> dict[str, float]:
    """``opponent`` against the ``cfr`` bot in the setting, seats and the button alternating (each bot
    plays every position from either seat): the opponent's mean result in mbb/hand (thousandths of the
    small bet) with a 95% interval."""
    p = SETTINGS[name]
    game = dataclasses.replace(make_game(p["game"], **house_rules(p.get("rules", "{}"))), ranks=p["ranks"])
    stakes = Stakes("fixed-limit", ante=p["ante"], small_bet=p["small_bet"], big_bet=p["big_bet"])
    results: list[float] = []
    cfr = make_bot("cfr", seed=seed)
    other = make_bot(opponent, seed=seed + 1)
    for i in range(hands):
        seat = i % 2  # the opponent's seat
        bots = {seat: other, 1 - seat: cfr}
        hand = game.deal([p["stacks"]] * 2, stakes=stakes, seed=seed * 100003 + i, button=i // 2 % 2)
        while not hand.over:
            s = hand.to_act[0]
            hand.act(s, bots[s].act(hand.view(s)))
        results.append(hand.payoffs[seat] * 1000 / p["small_bet"])
    mean = statistics.fmean(results)
    half = 1.96 * statistics.stdev(results) / math.sqrt(len(results))
    hits = getattr(cfr, "hits", 0)
    share = hits / max(1, hits + getattr(cfr, "misses", 0))
    return {"mean": mean, "low": mean - half, "high": mean + half, "hands": hands, "solved_share": share}


def main(argv: list[str]) -> None:
    """Solve, ship, chart and play (``argv``: the settings to solve again, default all of :data:`SETTINGS`;
    the others keep their entries in ``exploitability.json``)."""
    names = argv or list(SETTINGS)
    path = ROOT / "docs/img/exploitability.json"
    summary: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    for n in names:
        r = solve(SETTINGS[n], iterations=1000)
        summary[n] = {"params": SETTINGS[n], "nodes": r.nodes, "infosets": r.infosets,
                      "walk_seconds": round(r.walk_seconds, 1), "iterations": r.iterations,
                      "exploitability": r.exploitability, "seconds": [round(s, 2) for s in r.seconds]}
        (ROOT / "src/homegame/data" / f"cfr-{n}.json").write_text(json.dumps(policy_file(n, r)))
        print(n, {k: v for k, v in summary[n].items() if k != "params"}, flush=True)
    summary = {n: summary[n] for n in SETTINGS if n in summary}
    chart(summary, ROOT / "docs/img/exploitability.png")
    for n in names:
        summary[n]["versus"] = {b: versus(n, b, 2000) for b in ("random", "rule", "equity")}
        print(n, summary[n]["versus"], flush=True)
        path.write_text(json.dumps(summary, indent=1))
    print(json.dumps({n: {k: v for k, v in s.items() if k != "params"} for n, s in summary.items()}, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
