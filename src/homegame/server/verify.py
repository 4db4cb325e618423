"""Checks a finished hand's provable shuffle: the commitment, the deck and the replay.

A hand file is what ``GET /api/tables/TABLE/hands/N.json`` returns: the commitment published before
the deal, the deck and salt revealed after it, how the hand started, and its actions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import homegame as hg
from homegame.server.commitment import verify_commitment
from homegame.table import make_stakes


@dataclass
class Verdict:
    """What :func:`verify_hand` found: ``ok`` and one line per check."""

    ok: bool = True
    checks: list[tuple[str, bool]] = field(default_factory=list)

    def add(self, what: str, passed: bool) -> None:
        """Record one check."""
        self.checks.append((what, passed))
        self.ok = self.ok and passed


def verify_hand(data: dict[str, Any]) -> Verdict:
    """Check a hand file: SHA-256(deck + salt) is the commitment, the hand used that deck, and
    replaying the actions on that deck gives the recorded payoffs."""
    v = Verdict()
    deck = list(data.get("deck") or [])
    salt = str(data.get("salt") or "")
    commitment = str(data.get("commitment") or "")
    v.add("the deck is 52 different cards", len(deck) == 52 and len(set(deck)) == 52)
    v.add("SHA-256 of the revealed deck and salt equals the published commitment",
          bool(commitment) and verify_commitment(deck, salt, commitment))
    history = data.get("history") or {}
    used = history.get("deck", "")
    used_cards = used.split() if isinstance(used, str) else [str(c) for c in used]
    v.add("the hand was dealt from the committed deck", used_cards == deck[:len(used_cards)] and bool(used_cards))
    try:
        start = data["start"]
        game = hg.game(start["game"], **start["rules"])
        hand = game.deal(start["stacks"], stakes=make_stakes(start["stakes"]), button=start["button"], deck=deck)
        for seat, action in data["actions"]:
            hand.act(seat, action)
        replayed = [int(x) for x in hand.payoffs]
        v.add("replaying the actions on the committed deck gives the recorded payoffs",
              replayed == list(data.get("payoffs") or []))
        again = hg.replay(json.dumps(history))
        v.add("the engine's own history replays to the same payoffs", list(again.payoffs) == replayed)
    except (KeyError, TypeError, ValueError) as exc:
        v.add(f"the hand replays ({exc})", False)
    return v


__all__ = ["Verdict", "verify_hand"]
