"""Issue 18, seen 14: ``homegame verify`` compares a hand's ``start`` with its own history, and an
ill-typed hand file is unreadable (exit 2, one sentence), never a traceback."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from homegame.cli import _load_commands, app
from homegame.server.room import Connection, Room
from homegame.server.storage import Store
from homegame.server.verify import verify_hand
from test_fairness import hand_file, played  # noqa: F401 - the fixture: four hands of a bots' table
from test_table_support import Clock

Played = tuple[Room, Store, Clock, Connection, list[str]]


def _run(tmp_path: Path, data: Any) -> tuple[int, str]:
    _load_commands()
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["verify", str(path)], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.output


def _raise_stacks(h: dict[str, Any]) -> None:
    h["start"]["stacks"] = [s + 100 for s in h["start"]["stacks"]]


def _omaha(h: dict[str, Any]) -> None:
    h["start"]["game"] = "omaha"


def _button(h: dict[str, Any]) -> None:
    h["start"]["button"] = (h["start"]["button"] + 1) % len(h["start"]["stacks"])


def _stakes(h: dict[str, Any]) -> None:
    h["start"]["stakes"] = {"structure": "no-limit", "blinds": [2, 4]}


def _seats(h: dict[str, Any]) -> None:
    h["start"]["dealt"] = h["start"]["dealt"][:-1]


def _number(h: dict[str, Any]) -> None:
    h["number"] += 1


@pytest.mark.parametrize("forge", [_raise_stacks, _omaha, _button, _stakes, _seats, _number])
def test_a_start_that_contradicts_the_history_is_not_verified(played: Played, tmp_path: Path,  # noqa: F811
                                                               forge: Callable[[dict[str, Any]], None]) -> None:
    hand = hand_file(played[1], 2)
    assert verify_hand(hand).ok
    code, out = _run(tmp_path, hand)
    assert code == 0 and out.strip().endswith("verified"), out
    forged = copy.deepcopy(hand)
    forge(forged)
    verdict = verify_hand(forged)
    assert not verdict.ok, verdict.checks
    code, out = _run(tmp_path, forged)
    assert code == 1 and "NOT verified" in out and "FAIL" in out, out


def test_the_reason_names_what_differs(played: Played) -> None:  # noqa: F811
    hand = hand_file(played[1], 2)
    _raise_stacks(hand)
    failed = [what for what, ok in verify_hand(hand).checks if not ok]
    assert any("differ in: stacks" in what for what in failed), failed


@pytest.mark.parametrize(("forge", "words"), [
    (lambda h: h.update(history=[1, 2]), "history must be an object, not a list"),
    (lambda h: h.update(actions="fold"), "actions must be a list, not text"),
    (lambda h: h.update(actions=[[0]]), "actions must be a list of [seat, action] pairs"),
    (lambda h: h["start"].update(stacks=[100, "x", 3]), "start.stacks must be a list of whole numbers"),
    (lambda h: h["start"].update(game=7), "start.game must be text, not a number"),
    (lambda h: h["start"]["shuffle"].update(chain="one"), "start.shuffle.chain must be a whole number"),
    (lambda h: h["start"]["shuffle"].update(contributions=[1]), "contributions must be a list of objects"),
    (lambda h: h.update(start=[1]), "start must be an object"),
])
def test_an_ill_typed_hand_file_is_unreadable(played: Played, tmp_path: Path,  # noqa: F811
                                             forge: Callable[[dict[str, Any]], None], words: str) -> None:
    hand = hand_file(played[1], 2)
    forge(hand)
    code, out = _run(tmp_path, hand)
    assert code == 2 and words in out and "Traceback" not in out and "Error" not in out, out
