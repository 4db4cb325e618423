"""The equity bot beats the random bot clearly in each seed game (issue 4, Evidence).

Heads-up, fixed-limit 2/4 with an ante of 1, button rotating, stacks reset each hand. "Clearly" means
the 95% confidence interval of the equity bot's win rate lies wholly above zero.
"""

from __future__ import annotations

import pytest

import homegame as hg
from homegame.sim import simulate

SEED_GAMES = {
    "passem": "000_4d47a75da2826cb4.txt",
    "sameem": "001_9b4a2539f1ed78a4.txt",
    "pass-the-trash": "003_599930a08deb212e.txt",
    "three-hole": "004_dd2d1f817d061823.txt",
}


@pytest.mark.parametrize("name", list(SEED_GAMES))
def test_equity_bot_beats_random_bot(name: str) -> None:
    result = simulate(hg.game(name), ["equity", "random"], 1000, seed=2026, workers=2)
    equity = result.seats[0].rate
    print(f"{name}: equity bot {equity} over {result.hands} hands")
    assert equity.low > 0, f"{name}: {equity}"
