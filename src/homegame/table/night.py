"""After the hand: a finished hand replayed step by step (as a spectator may see it) and the night's
figures per person, both rebuilt from what is stored (the start, the deck and the actions). No I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from homegame.table.house import agree_at
from homegame.table.start import HandStart, make_game, make_stakes

#: Verbs that put chips in the pot by choice (blinds, antes and bring-ins are forced).
VOLUNTARY = frozenset({"call", "bet", "raise", "complete"})


def _replay(start: HandStart, deck: list[str], actions: Iterable[tuple[int, str]],
            agreements: Iterable[Any] = ()) -> Iterator[tuple[Any, int, str]]:
    """The hand after each action, with who acted and what (the hand object is reused: read it at once);
    ``agreements`` are the run-it-twice agreements (``[actions before it, seat, agrees]``, the history's)."""
    game = make_game(start.game, start.rules, start.file)
    hand = game.deal(start.stacks, stakes=make_stakes(start.stakes, one_blind=True), button=start.button, deck=deck,
                     options=start.options)
    agreed = [list(a) for a in agreements]
    agree_at(hand, agreed, 0)
    yield hand, -1, ""
    for count, (seat, action) in enumerate(actions, start=1):
        hand.act(seat, action)
        agree_at(hand, agreed, count)
        yield hand, seat, action


def spectator_steps(start: dict[str, Any], deck: list[str], actions: list[tuple[int, str]],
                    agreements: Iterable[Any] = (), shows: Iterable[Any] = ()) -> list[dict[str, Any]]:
    """A finished hand as a spectator saw it: ``{"seat", "action", "view"}`` before any action and after
    each one (``seat`` is the hand seat from 0 that acted, ``view`` is ``hand.view(None)``): no card a
    spectator could not see is in it, so folded hands stay hidden."""
    begun = HandStart.from_dict(start)
    steps = []
    hand = None
    for hand, seat, action in _replay(begun, deck, actions, agreements):
        steps.append({"seat": None if seat < 0 else seat, "action": action or None, "view": hand.view(None)})
    for seat, cards in shows:  # cards shown by choice after the hand (the history's), one step each
        if hand is None or not hand.over:
            break
        hand.show(int(seat), cards)
        steps.append({"seat": int(seat), "action": "show", "view": hand.view(None)})
    return steps


def hand_figures(start: dict[str, Any], deck: list[str], actions: list[tuple[int, str]], payoffs: list[int],
                 name_of: Callable[[int, int], str], agreements: Iterable[Any] = ()) -> dict[str, Any]:
    """One finished hand's figures per player: ``name``, ``vpip`` (chips put in by choice in the first
    betting round), ``showdown`` (still in at a showdown), ``won_showdown``, ``net`` and ``stack``
    (after the hand). ``name_of(hand seat, table position)`` names a player when the start has no names."""
    begun = HandStart.from_dict(start)
    game = make_game(begun.game, begun.rules, begun.file)
    first_bet = next((i for i, step in enumerate(game.steps) if step.kind == "bet"), -1)
    vpip = [False] * len(begun.dealt)
    hand: Any = None
    step_before = -1
    for hand, seat, action in _replay(begun, deck, actions, agreements):
        if seat >= 0 and step_before == first_bet and action.split()[0] in VOLUNTARY:
            vpip[seat] = True
        step_before = -2 if hand.over else int(hand.step_index)
    folded = [bool(x) for x in hand.folded]
    awards = (hand.results or {}).get("awards", [])
    winners = {int(a["seat"]) for a in awards if int(a.get("amount", 0)) > 0}
    showdown = sum(not f for f in folded) > 1
    seats = []
    for i, pos in enumerate(begun.dealt):
        name = begun.names[i] if i < len(begun.names) else name_of(i, pos)
        at_showdown = showdown and not folded[i]
        seats.append({"name": name, "position": pos, "vpip": vpip[i], "showdown": at_showdown,
                      "won_showdown": at_showdown and i in winners, "net": int(payoffs[i]),
                      "stack": begun.stacks[i] + int(payoffs[i])})
    return {"number": begun.number, "game": begun.game, "seats": seats}


def night_figures(hands: list[dict[str, Any]]) -> dict[str, Any]:
    """The night from each hand's :func:`hand_figures`, in hand order: per person ``hands``, ``vpip``
    (hands and percent), ``showdowns``, ``won_showdown``, ``net``; and ``stacks``: each person's stack
    after every hand they played (``{"hand", "stack"}``), for a chart.

    >>> h = {"number": 1, "game": "holdem", "seats": [
    ...     {"name": "Ann", "position": 0, "vpip": True, "showdown": True, "won_showdown": True, "net": 4, "stack": 104},
    ...     {"name": "Bob", "position": 1, "vpip": False, "showdown": False, "won_showdown": False, "net": -4,
    ...      "stack": 96}]}
    >>> night_figures([h])["players"][0]["vpip_percent"]
    100.0
    """
    people: dict[str, dict[str, Any]] = {}
    for h in hands:
        for s in h["seats"]:
            p = people.setdefault(s["name"], {"name": s["name"], "hands": 0, "vpip": 0, "showdowns": 0,
                                              "won_showdown": 0, "net": 0, "stacks": []})
            p["hands"] += 1
            p["vpip"] += int(s["vpip"])
            p["showdowns"] += int(s["showdown"])
            p["won_showdown"] += int(s["won_showdown"])
            p["net"] += s["net"]
            p["stacks"].append({"hand": h["number"], "stack": s["stack"]})
    players = []
    for p in people.values():
        p["vpip_percent"] = round(100.0 * p["vpip"] / p["hands"], 1) if p["hands"] else 0.0
        p["won_showdown_percent"] = round(100.0 * p["won_showdown"] / p["showdowns"], 1) if p["showdowns"] else None
        players.append(p)
    return {"hands": len(hands), "players": players}


__all__ = ["VOLUNTARY", "hand_figures", "night_figures", "spectator_steps"]
