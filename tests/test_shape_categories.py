"""odds.shape.made_category copes with every category the evaluator can name, five of a kind included."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest

from homegame.odds.shape import CATEGORIES, made_category


@pytest.mark.parametrize("name", ["five of a kind", "a category named later"])
def test_made_category_never_raises_on_a_category_it_does_not_list(monkeypatch: pytest.MonkeyPatch,
                                                                    name: str) -> None:
    monkeypatch.setattr(importlib.import_module("homegame.odds.shape"), "evaluate", lambda _cards: SimpleNamespace(category=name))
    assert made_category(["As", "Ad", "Ac", "Ah", "2s"]) == len(CATEGORIES) - 1
    assert CATEGORIES[-1] == "five of a kind"


def test_made_category_unchanged_for_natural_hands() -> None:
    assert made_category(["Ks", "Kd", "Kc", "2s", "2d"]) == 6
    assert made_category(["As", "Ks", "Qs", "Js", "Ts"]) == 8
