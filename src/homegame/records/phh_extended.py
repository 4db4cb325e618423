"""Reading homegame's extended PHH (:mod:`homegame.rules.phh_extended` writes it) back into exactly the
same hand: the game is built again by name, so this reader sits above ``games``.
"""

from __future__ import annotations

import json
from typing import Any

from homegame.cards import Card
from homegame.games import game as make_game
from homegame.rules.hand import Hand
from homegame.rules.phh import forced_bets_from_fields
from homegame.rules.phh_extended import OWN_VERBS
from homegame.rules.stakes import Stakes


def from_extended(data: dict[str, Any], bad: type[ValueError]) -> Hand:
    """The hand an extended PHH record holds (``data``: its parsed TOML); ``bad`` is raised on bad text."""
    try:
        game = make_game(str(data["_game"]), **json.loads(str(data.get("_rules", "{}"))))
        stacks_phh = [int(s) for s in data["starting_stacks"]]
        n = len(stacks_phh)
        button = int(data["_button"])
        order = [(button + 1 + i) % n for i in range(n)]
        stacks = [0] * n
        for i, seat in enumerate(order):
            stacks[seat] = stacks_phh[i]
        forced = forced_bets_from_fields([int(a) for a in data.get("antes", [0] * n)],
                                         [int(b) for b in data.get("blinds_or_straddles", [])])
        stakes = Stakes(str(data["_structure"]), **forced,
                        small_bet=int(data.get("small_bet", 0)), big_bet=int(data.get("big_bet", 0)),
                        bring_in=int(data.get("bring_in", 0)))
        deck_text = str(data["_deck"])
        deck = [Card(deck_text[i:i + 2]).id for i in range(0, len(deck_text), 2)]
        options = json.loads(str(data["_options"])) if "_options" in data else None
    except (KeyError, TypeError, ValueError) as exc:
        raise bad(f"extended PHH: a field is missing or wrong ({exc}); needed: _game, _rules, "
                  "_structure, _button, _deck, starting_stacks") from None
    hand = game.deal(stacks, stakes=stakes, button=button, deck=deck, options=options)
    verbs = {v: k for k, v in OWN_VERBS.items()}
    for line in data.get("actions", []):
        parts = str(line).split()
        if not parts or parts[0] == "d":
            continue
        try:
            seat = order[int(parts[0][1:]) - 1]
        except (ValueError, IndexError):
            raise bad(f"extended PHH action {line!r}: the player must be p1 to p{n}") from None
        verb, rest = (parts[1] if len(parts) > 1 else ""), parts[2:]
        if verb == "f":
            action = "fold"
        elif verb == "cc":
            legal = hand.legal(seat)
            action = "check" if "check" in legal else "call"
        elif verb == "cbr" and len(rest) == 1:
            legal = hand.legal(seat)
            kind = next((a.split()[0] for a in legal if a.split()[0] in ("bet", "raise")), "raise")
            action = f"{kind} {rest[0]}"
        elif verb in verbs:
            action = " ".join([verbs[verb], *rest])
        else:
            raise bad(f"extended PHH action {line!r}: homegame reads f, cc, cbr N, "
                      + ", ".join(OWN_VERBS.values()))
        try:
            hand.act(seat, action)
        except ValueError as exc:
            raise bad(f"extended PHH action {line!r}: {exc}") from None
    return hand
