"""Replaying a hand's history: the game is built again by name (or from its game file's text), the
same cards are dealt and the actions played in order.
"""

from __future__ import annotations

from typing import Any

from homegame.games import game, load_game
from homegame.rules.hand import Hand
from homegame.rules.history import History
from homegame.rules.stakes import Stakes


def replay(record: str | History | dict[str, Any]) -> Hand:
    """Rebuild a hand from its history (JSON text, dict or :class:`History`).

    >>> import homegame as hg
    >>> h = hg.game("passem").deal([50, 50, 50], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=3)
    >>> for s in h.to_act: h.act(s, h.default_action(s))
    >>> again = hg.replay(h.history.to_json())
    >>> again.view(0) == h.view(0)
    True
    """
    hist = record if isinstance(record, History) else History.from_json(record)
    rules = {k: tuple(v) if isinstance(v, list) else v for k, v in hist.rules.items()}
    g = load_game(hist.file, **rules) if hist.file is not None else game(hist.game, **rules)
    hand = g.deal(hist.stacks, stakes=Stakes.from_dict(hist.stakes), button=hist.button,
                  hole=hist.hole, board=hist.board, deck=hist.deck, options=hist.options or None)
    agreements = sorted(hist.agreements, key=lambda a: a[0])  # stable: same-point agreements keep their order
    k = 0
    for i, (seat, action) in enumerate(hist.actions):
        while k < len(agreements) and agreements[k][0] <= i:
            hand.agree_run_twice(agreements[k][1], agreements[k][2])
            k += 1
        hand.act(seat, action)
    for _, seat, yes in agreements[k:]:
        hand.agree_run_twice(seat, yes)
    for seat, shown in hist.shows:
        hand.show(seat, shown)
    return hand
