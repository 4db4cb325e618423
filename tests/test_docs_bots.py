"""The example bot in docs/bots.md runs as written and plays whole hands (issue 13, part 6)."""

from __future__ import annotations

import re
from pathlib import Path

import homegame as hg

DOC = Path(__file__).resolve().parents[1] / "docs" / "bots.md"


def test_the_documented_bot_plays_a_hand() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    example = next(b for b in blocks if "class PairCaller" in b)
    namespace: dict[str, object] = {}
    exec(compile(example, str(DOC), "exec"), namespace)  # noqa: S102
    hand = namespace["hand"]
    assert isinstance(hand, hg.Hand) and hand.over and sum(hand.payoffs) == 0
