"""A stored hand as the server hands it out: the list of a table's finished hands, each hand's file
(``json``: the record ``homegame verify`` checks, with its deck and seed revealed; ``phh``), and the
spectator's replay, which shows only what was face up or shown.

One code for every kind of table: a cash table's hands are stored under its id, a dealt tournament
table's under :func:`tournament_table_key` (see :mod:`homegame.server.tournament_hall`); the HTTP
routes (``/api/tables/…/hands`` and ``/api/tournaments/…/tables/N/hands``) check the token and call
:func:`hand_listing` and :func:`hand_response`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi import HTTPException
from fastapi.responses import JSONResponse, PlainTextResponse

import homegame as hg
from homegame.rules.views import public_action
from homegame.server import protocol as p
from homegame.server.storage import Store


def tournament_table_key(tournament_id: str, table: int) -> str:
    """The key a dealt tournament's table ``table`` stores its hands under (a cash table's is its id).

    >>> tournament_table_key("abc", 3)
    'abc.3'
    """
    return f"{tournament_id}.{table}"


def hand_listing(store: Store, key: str) -> list[dict[str, Any]]:
    """Each finished hand stored under ``key``: number, game, payoffs, commitment, and whether PHH
    can express it."""
    listing = store.hand_list(key, with_start=True)
    for entry in listing:
        entry["phh"] = phh_available(entry.pop("start"))
    return listing


def hand_response(store: Store, key: str, number: str, fmt: str, view: str | None,
                  seat_name: Callable[[int], str]) -> Any:
    """Hand ``number`` stored under ``key`` as ``fmt`` (``json``, ``json`` with ``view=spectator``, or
    ``phh``); ``seat_name`` names a seat position the hand's start does not name. A clear
    ``HTTPException`` for anything else (a hand not over, an unknown format or view)."""
    if not number.isdigit() or not 1 <= int(number) <= p.MAX_HAND:
        raise HTTPException(404, f"no hand {number[:20]!r}: hands are numbered from 1 to {p.MAX_HAND}")
    if fmt not in ("json", "phh"):
        raise HTTPException(404, f"unknown format {fmt[:20]!r}; use json or phh")
    if view is not None and (fmt != "json" or view != "spectator"):
        raise HTTPException(400, f"unknown view {view[:20]!r}; use view=spectator with json (or leave it out)")
    stored = store.hand(key, int(number))
    if stored is None or not stored.over or stored.history is None:
        raise HTTPException(404, f"hand {number} is not over or does not exist")
    names = {str(i): seat_name(pos) for i, pos in enumerate(stored.start["dealt"])}
    names.update({str(i): str(n) for i, n in enumerate(stored.start.get("names") or [])})
    if view is not None:
        return JSONResponse(spectator_replay(key, stored, names))
    if fmt == "json":
        return JSONResponse({"format": "homegame-hand", "version": 1, "table_id": key,
                             "number": stored.number, "start": stored.start, "names": names,
                             "commitment": stored.commitment, "deck": stored.deck, "salt": stored.salt,
                             "actions": stored.actions, "payoffs": stored.payoffs,
                             "history": json.loads(stored.history)})
    return PlainTextResponse(phh_text(stored.history, stored.start))


def hand_files(store: Store, key: str, seat_name: Callable[[int], str]) -> list[dict[str, Any]]:
    """Every finished hand stored under ``key`` as its ``json`` file, in order: a table's whole
    history in one file (``homegame verify`` checks it as it checks one hand)."""
    return [json.loads(bytes(hand_response(store, key, str(h["number"]), "json", None, seat_name).body))
            for h in store.hand_list(key)]


#: Each finished hand's figures, by (key, number): a finished hand never changes.
_FIGURES: dict[tuple[str, int], dict[str, Any]] = {}


def table_figures(store: Store, key: str, seat_name: Callable[[int], str]) -> dict[str, Any]:
    """The figures of the hands stored under ``key`` (:func:`homegame.table.night.night_figures`:
    per person, hands, VPIP, showdowns won, net, stacks after each hand)."""
    from homegame.table.night import hand_figures, night_figures

    done = []
    for entry in store.hand_list(key):
        at = (key, int(entry["number"]))
        if at not in _FIGURES:
            stored = store.hand(key, at[1])
            if stored is None or stored.payoffs is None:
                continue
            if len(_FIGURES) > 20000:
                _FIGURES.clear()
            _FIGURES[at] = hand_figures(stored.start, stored.deck, stored.actions, stored.payoffs,
                                        lambda _i, pos: seat_name(pos), agreements_of(stored))
        done.append(_FIGURES[at])
    return {"table_id": key, **night_figures(done)}


_PHH: dict[str, bool] = {}


def phh_available(start: dict[str, Any]) -> bool:
    """Whether a hand that started as ``start`` can be written as PHH (its game, rules and structure
    have a PHH variant); ``False`` rather than an error for anything unexpected."""
    from types import SimpleNamespace

    from homegame.rules.phh import variant

    key = json.dumps([start.get("game"), start.get("rules"), (start.get("stakes") or {}).get("structure")],
                     sort_keys=True, default=str)
    if key not in _PHH:
        try:
            game = hg.game(str(start["game"]), **dict(start.get("rules") or {}))
            shim: Any = SimpleNamespace(game=game, stakes=SimpleNamespace(structure=start["stakes"]["structure"]))
            variant(shim)
            _PHH[key] = True
        except Exception:  # noqa: BLE001 - a hand we cannot judge has no PHH link
            _PHH[key] = False
        if len(_PHH) > 1000:
            _PHH.clear()
    return _PHH.get(key, False)


def phh_text(history: str, start: dict[str, Any]) -> str:
    """The hand as PHH; ``HTTPException(404)`` saying why when PHH cannot express it."""
    if not phh_available(start):
        structure = (start.get("stakes") or {}).get("structure", "?")
        raise HTTPException(404, f"PHH cannot express this hand ({structure} {start.get('game')}); PHH has "
                                 "no-limit and fixed-limit hold'em, pot-limit Omaha, fixed-limit Omaha "
                                 "high-low and fixed-limit stud; download the JSON instead")
    try:
        return str(hg.replay(history).phh())
    except Exception:  # noqa: BLE001 - the export's own refusal becomes a 404 that says so
        raise HTTPException(404, f"PHH cannot express this {start.get('game')} hand; download the JSON "
                                 "instead") from None


def agreements_of(stored: Any, key: str = "agreements") -> list[Any]:
    """The run-it-twice agreements in a stored hand's engine history (``[actions before, seat, agrees]``),
    or with ``key="shows"`` the cards shown by choice after the hand (``[seat, cards]``)."""
    try:
        found = json.loads(stored.history or "{}").get(key) or []
    except (TypeError, ValueError, AttributeError):
        return []
    return list(found)


def spectator_replay(table_id: str, stored: Any, names: dict[str, str]) -> dict[str, Any]:
    """A finished hand step by step as a spectator saw it: no deck, no salt, no history, only the cards
    that were face up or shown (see :func:`homegame.table.night.spectator_steps`), and each action in its
    public form (:func:`homegame.rules.views.public_action`: ``"pass 2"``, ``"declare"``)."""
    from homegame.table import HandStart, make_game
    from homegame.table.night import spectator_steps

    steps = spectator_steps(stored.start, stored.deck, stored.actions, agreements_of(stored),
                            agreements_of(stored, "shows"))
    for step in steps:  # each action as anyone may see it (the engine decides: rules.views.public_action)
        if step["action"]:
            step["action"] = public_action(step["action"])
    begun = HandStart.from_dict(stored.start)
    game = make_game(begun.game, begun.rules, begun.file)
    return {"format": "homegame-replay", "version": 1, "table_id": table_id, "number": stored.number,
            "view": "spectator", "start": begun.to_dict(), "names": names, "commitment": stored.commitment,
            "payoffs": stored.payoffs, "steps": steps,
            "has_board": any(step.kind == "board" for step in game.steps)}  # stud, draw: no "no board yet"


__all__ = ["agreements_of", "hand_files", "hand_listing", "hand_response", "phh_available", "phh_text", "spectator_replay",
           "table_figures", "tournament_table_key"]
