"""The ``cfr`` bot's policy key is a defined projection of the view (issue 13): fields of the view it does
not name, the suits and the order of a seat's own cards, and which seat holds the button leave it alone;
and the bots import nothing from ``homegame.rl`` (the layers flow downward)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import homegame as hg
from homegame.bots.abstraction import projection, projection_key

SRC = Path(__file__).resolve().parents[1] / "src/homegame"


def _view(button: int = 0, seed: int = 4, passer_first: bool = True) -> tuple[dict[str, object], list[str]]:
    game = dataclasses.replace(hg.game("passem", burn=False), ranks="QKA")
    stakes = hg.Stakes("fixed-limit", ante=1, small_bet=1, big_bet=2)
    hand = game.deal([3, 3], stakes=stakes, seed=seed, button=button)
    own: list[str] = []
    passer = (button + 1) % 2
    for seat in (passer, 1 - passer) if passer_first else (1 - passer, passer):
        card = hand.view(seat)["cards"][0]
        if seat == passer:
            own.append(f"pass {card}")
        hand.act(seat, f"pass {card}")
    first = hand.to_act[0]
    hand.act(first, "bet 1")
    return hand.view(passer), own


def test_a_new_or_changed_view_field_outside_the_projection_leaves_the_key_alone() -> None:
    view, own = _view()
    key = projection_key(view, own)
    assert projection_key({**view, "weather": "sunny", "wild": None, "file": "ab12"}, own) == key
    assert projection_key({**view, "title": "Passem", "options": {"x": 1}, "pot": 99}, own) == key
    assert projection_key({**view, "log": [*view["log"], "Alice says hello"]}, own) == key  # type: ignore[list-item]


def test_suits_and_the_order_of_the_seats_own_cards_leave_the_key_alone() -> None:
    view, own = _view()
    cards = list(view["cards"])  # type: ignore[call-overload]
    resuited = [c[0] + {"c": "d", "d": "h", "h": "s", "s": "c"}[c[1]] for c in reversed(cards)]
    assert projection_key({**view, "cards": resuited}, own) == projection_key(view, own)


def test_what_the_seat_knows_changes_the_key() -> None:
    view, own = _view()
    key = projection_key(view, own)
    cards = list(view["cards"])  # type: ignore[call-overload]
    other = {"Q": "K", "K": "A", "A": "Q"}[cards[0][0]] + cards[0][1]
    assert projection_key({**view, "cards": [other, *cards[1:]]}, own) != key
    assert projection_key(view, [f"pass {other}"]) != key
    assert projection_key({**view, "log": list(view["log"])[:-1]}, own) != key  # type: ignore[call-overload]


def test_who_committed_a_simultaneous_choice_first_leaves_the_key_alone() -> None:
    first, own = _view(passer_first=True)
    second, own_too = _view(passer_first=False)
    assert first["log"] != second["log"] and own == own_too
    assert projection_key(first, own) == projection_key(second, own)


def test_positions_count_from_the_button() -> None:
    with_button_at_0, own0 = _view(button=0)
    with_button_at_1, own1 = _view(button=1)
    assert projection(with_button_at_0, own0)["pos"] == projection(with_button_at_1, own1)["pos"] == 1
    assert projection(with_button_at_1, own1)["public"] == ["1 bets 1"] == projection(with_button_at_0, own0)["public"]


def test_the_bots_import_nothing_from_rl() -> None:
    for path in sorted((SRC / "bots").glob("*.py")):
        tree = ast.parse(path.read_text())
        names = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        names += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [m for m in names if m.startswith("homegame.rl")], path.name
