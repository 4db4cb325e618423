"""Types on the wire (issue 21, item 3): each view carries its legal actions as records beside the strings
CONTRACT.md fixes, the view has a JSON Schema in ``docs/`` that is current, and real views of every
catalogue game, at every kind of decision, validate against it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

import homegame as hg
from homegame.server.schema import schema_text, validate_view
from random_play import apply_random, choose

ROOT = Path(__file__).resolve().parent.parent
LIMIT = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4)
STUD = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4, bring_in=1)
NL = hg.Stakes("no-limit", blinds=(1, 2))


def _stakes(game: hg.Game, seed: int) -> hg.Stakes:
    if any(step.opener == "bring-in" for step in game.steps):
        return STUD
    return NL if seed % 2 else LIMIT


def _views(name: str, seed: int) -> Iterator[tuple[Any, int | None, dict[str, Any]]]:
    """(hand, seat, view) for every seat and a spectator before every action of a seeded hand, and after."""
    game = hg.game(name)
    players = min(5, game.max_players)
    hand = game.deal([40] * players, stakes=_stakes(game, seed), button=seed % players, seed=seed)
    rng = random.Random(seed)
    while True:
        for seat in [None, *range(players)]:
            yield hand, seat, hand.view(seat)
        if hand.over:
            return
        seat = hand.to_act[0]
        apply_random(hand, seat, choose(hand.legal_actions(seat), rng, fold=False), rng)


@pytest.mark.parametrize("name", hg.game_names())
def test_every_games_views_carry_records_beside_the_strings_and_fit_the_schema(name: str) -> None:
    kinds = set()
    for seed in range(2):
        for hand, seat, view in _views(name, seed):
            records = view["legal_options"]
            assert [r["text"] for r in records] == view["legal"], (name, seat)
            if seat is not None and view["legal"]:
                for record, option in zip(records, hand.legal_actions(seat), strict=True):
                    kinds.add(record["kind"])
                    assert record["kind"] == option.kind
                    if option.kind in ("pass", "discard", "expose", "arrange"):
                        assert record["cards"] == option.min and record["min"] == record["max"] == 0
                    else:
                        assert record["cards"] is None
                    if option.kind in ("call", "bet", "raise"):
                        assert (record["min"], record["max"]) == (option.min, option.max)
                    assert record["choice"] == (option.choice or None)
            validate_view(view)
    assert kinds, name


def test_a_record_says_what_the_string_says() -> None:
    hand = hg.game("five-card-draw").deal([40, 40, 40], stakes=LIMIT, seed=3)
    while hand.step.kind != "draw":
        hand.act(hand.to_act[0], "call" if any(a.startswith("call") for a in hand.legal(hand.to_act[0])) else "check")
    view = hand.view(hand.to_act[0])
    assert [(r["kind"], r["cards"]) for r in view["legal_options"]] == [("discard", k) for k in range(6)]
    h = hg.game("holdem").deal([100, 100], stakes=NL, seed=7)
    assert h.view(0)["legal_options"] == [
        {"kind": "fold", "cards": None, "min": 0, "max": 0, "choice": None, "text": "fold"},
        {"kind": "call", "cards": None, "min": 1, "max": 1, "choice": None, "text": "call 1"},
        {"kind": "raise", "cards": None, "min": 4, "max": 100, "choice": None, "text": "raise 4..100"}]
    assert h.view(1)["legal_options"] == [] and h.view(None)["legal_options"] == []


def test_the_schema_refuses_what_a_view_never_holds() -> None:
    view = hg.game("holdem").deal([100, 100], stakes=NL, seed=7).view(0)
    for bad in ({**view, "secret": 1}, {**view, "legal_options": [{"kind": "dance"}]}, {**view, "pot": "3"},
                {k: v for k, v in view.items() if k != "legal_options"}):
        with pytest.raises(ValidationError):
            validate_view(bad)


def test_the_schema_in_docs_is_current() -> None:
    assert (ROOT / "docs" / "view.schema.json").read_text(encoding="utf-8") == schema_text(), (
        "docs/view.schema.json is out of date: run `python -m homegame.server.schema`")
