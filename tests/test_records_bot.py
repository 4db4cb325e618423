"""``homegame bot --hands N`` (issue 19, item 12): only hands the bot was dealt into count, and it says so
as it plays."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from homegame.server.client import BotClient
from homegame.server.harness import create_table, server_thread

FAST = {"bot_delay": 0.0, "between_hands": 0.0, "turn_seconds": 60.0, "time_bank": 0.0}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db: Path = tmp_path_factory.mktemp("bot") / "test.db"
    with server_thread(f"sqlite:///{db}") as url:
        yield url


def test_a_bot_counts_only_the_hands_it_was_dealt_into(base: str) -> None:
    """Two house bots are playing when it joins: the hand it sees over on arrival is not one of its three."""
    made = create_table(base, game="holdem", bots=2, approve_seats=False, buy_in=1000,
                        stakes={"structure": "fixed-limit", "blinds": [1, 2], "small_bet": 2, "big_bet": 4}, **FAST)
    log: list[dict[str, Any]] = []
    told: list[int] = []
    bot = BotClient(made["links"]["invite"], name="Late", kind="rule", seed=1, hands=3, on_message=log.append)
    bot.on_hand = lambda b, msg: told.append(msg["hand"])  # type: ignore[misc]

    asyncio.run(asyncio.wait_for(bot.run(), timeout=120))
    mine = {m["hand"] for m in log if m["type"] == "state" and m["you"]["seat"] is not None
            and m["view"] and m["view"].get("seat") == m["you"]["seat"] and not m["view"].get("over")}
    over = [m["hand"] for m in log if m["type"] == "state" and m["view"] and m["view"].get("over")]
    assert bot.finished == 3 and len(told) == 3 and set(told) <= mine
    assert len(set(over) & mine) >= 3  # it saw three of its own hands to their end
