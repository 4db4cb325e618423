"""A tournament's stored form: JSON that rebuilds it exactly, a hand in play at any table included
(kept as the hand's start, its deck and the actions so far, and resumed as a table resumes one).

>>> from homegame.tournament.config import Config, Level
>>> from homegame.tournament.core import Tournament
>>> t = Tournament(Config(levels=[Level(5, 10, minutes=5)]), seed=4)
>>> for name in ("Ann", "Bob", "Cy"):
...     _ = t.register(name, kind="bot", bot="random")
>>> t.start(0.0)
>>> _ = t.advance(0.5)
>>> again = load(json.loads(json.dumps(dump(t))), now=0.5)
>>> dump(again) == dump(t)
True
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from homegame.table import HandStart, Table
from homegame.tournament.config import Config
from homegame.tournament.core import Tournament
from homegame.tournament.state import Entry, SeatMove

#: The attributes stored as they are (JSON values already).
_PLAIN = ("next_table", "started", "finished", "final_redraw", "elapsed_base", "running_since", "level_index",
          "level_started", "chips_in_play", "hand_for_hand", "rounds", "deal", "moves", "hands", "payout_shares")


def dump(t: Tournament) -> dict[str, Any]:
    """``t`` as JSON-serialisable data."""
    tables = {}
    for tid, table in t.tables.items():
        stored: dict[str, Any] = {"table": table.to_dict(), "synced": t.synced[tid], "deck": t.decks.get(tid)}
        if table.live and table.start is not None:
            stored["hand"] = {"start": table.start.to_dict(), "actions": [list(a) for a in table.actions]}
        tables[str(tid)] = stored
    version, state, gauss = t.rng.getstate()
    return {"config": t.config.to_dict(), "entries": [asdict(e) for e in t.entries], "tables": tables,
            "breaking": sorted(t.breaking), "round_dealt": sorted(t.round_dealt),
            "eliminated": [[list(b) for b in group] for group in t.eliminated],
            "round_busts": [list(b) for b in t.round_busts], "log": t.log[-50:],
            "moved": [m.to_dict() for m in t.moved], "deal_asked": t.deal_asked, "owed": t.owed,
            "rng": [version, list(state), gauss], "shuffles": t.shuffles_state(), **{k: getattr(t, k) for k in _PLAIN}}


def load(data: dict[str, Any], now: float) -> Tournament:
    """The inverse of :func:`dump`; hands in play resume at ``now`` with fresh turn clocks."""
    t = Tournament(Config.from_dict(data["config"]))
    t.entries = [Entry(**e) for e in data["entries"]]
    for key in _PLAIN:
        setattr(t, key, data[key])
    version, state, gauss = data["rng"]
    t.rng.setstate((version, tuple(state), gauss))
    t.breaking = set(data["breaking"])
    t.round_dealt = set(data["round_dealt"])
    t.eliminated = [[(str(n), int(c)) for n, c in group] for group in data["eliminated"]]
    t.round_busts = [(str(n), int(c)) for n, c in data["round_busts"]]
    t.log = list(data["log"])
    t.moved = [SeatMove.from_dict(m) for m in data.get("moved", [])]  # (stored before the floor kept them: none)
    t.deal_asked = data.get("deal_asked")  # (these two stored since issue 20's dealt leftovers)
    t.owed = {str(n): int(c) for n, c in data.get("owed", {}).items()}
    for key, stored in data["tables"].items():
        tid = int(key)
        table = Table.from_dict(stored["table"], seed=tid)
        table.settings.dead_button = True  # every tournament table plays the dead button (stored before it was kept)
        table.settings.tournament = True  # and speaks tournament (stored before it was kept)
        t.tables[tid] = table
        t.synced[tid] = int(stored["synced"])
        if stored.get("deck") is not None:
            t.decks[tid] = list(stored["deck"])
        hand = stored.get("hand")
        if hand is not None:
            table.resume(HandStart.from_dict(hand["start"]), t.decks[tid],
                         [(int(s), str(a)) for s, a in hand["actions"]], now)
    t.restore_shuffles(data.get("shuffles") or {})  # (stored since the core deals from seed chains)
    return t


def dumps(t: Tournament) -> str:
    """:func:`dump` as JSON text."""
    return json.dumps(dump(t), separators=(",", ":"))


__all__ = ["dump", "dumps", "load"]
