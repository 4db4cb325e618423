"""The phone page draws several boards and Chowaha's paths from the game's `layout` (GET /api/games): each
board a row of its own with its name, each card saying its board; Chowaha's three flop rows with the turns
between them and the river beside the middle row. The results say which board each award was played on."""

from __future__ import annotations

import os
from typing import Any

from browser_support import Pages, base, browser, pages, play_until, state  # noqa: F401 (fixtures)

STAKES = {"structure": "fixed-limit", "small_bet": 2, "big_bet": 4, "ante": 1}


def _finished(pages: Pages, game: str) -> Any:
    """Ann's phone page at a two-player table of ``game`` once the first hand is over."""
    made, ann = pages.host_seated("phone", "Ann", game=game, approve_seats=False, between_hands=30, stakes=STAKES)
    bob = pages.guest_seated(made, "phone", "Bob")
    play_until([ann, bob], lambda: bool((state(ann)["view"] or {}).get("over")) and state(ann)["hand"] >= 1,
               what="the hand did not finish")
    return ann


def _boxes(page: Any) -> dict[int, dict[str, float]]:
    """Each board card's box on the felt, by its board index."""
    return {int(el.get_attribute("data-slot")): el.bounding_box()
            for el in page.locator("#board .board-layout [data-slot]").all()}


def _apart(boxes: dict[int, dict[str, float]]) -> None:
    """No two cards overlap."""
    items = list(boxes.items())
    for k, (i, a) in enumerate(items):
        for j, b in items[k + 1:]:
            overlap = (min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"]) > 1
                       and min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]) > 1)
            assert not overlap, (i, a, j, b)


def _shot(page: Any, name: str) -> None:
    """A screenshot of the felt for a person to look at (HOMEGAME_SHOTS: a folder), else nothing."""
    folder = os.environ.get("HOMEGAME_SHOTS")
    if folder:
        page.locator("#board").screenshot(path=os.path.join(folder, f"{name}.png"))
        page.screenshot(path=os.path.join(folder, f"{name}-page.png"))


def test_two_boards_are_two_named_rows(pages: Pages) -> None:
    ann = _finished(pages, "double-board-holdem")
    ann.wait_for_selector('#board .board-layout.boards[data-layout="boards"]')
    view = state(ann)["view"]
    assert len(view["board"]) == 10 and [len(b) for b in view["boards"]] == [5, 5]
    boxes = _boxes(ann)
    assert sorted(boxes) == list(range(10))
    shown = {int(el.get_attribute("data-slot")): (el.get_attribute("data-card"), el.get_attribute("data-board"))
             for el in ann.locator("#board .board-layout [data-slot]").all()}
    for k, board in enumerate([[0, 1, 2, 6, 8], [3, 4, 5, 7, 9]]):
        assert [shown[i] for i in board] == [(c, str(k + 1)) for c in view["boards"][k]]
        assert len({round(boxes[i]["y"]) for i in board}) == 1, board  # one row
        xs = [boxes[i]["x"] for i in board]
        assert xs == sorted(xs), board  # in the order the board's cards were turned
    assert boxes[3]["y"] > boxes[0]["y"] + boxes[0]["height"] / 2  # the second board below the first
    assert ann.locator("#board .board-name").all_inner_texts() == ["Board 1", "Board 2"]
    _apart(boxes)
    felt = ann.locator("#board").bounding_box()
    assert all(b["x"] >= felt["x"] - 1 and b["x"] + b["width"] <= felt["x"] + felt["width"] + 1 for b in boxes.values())
    _shot(ann, "double-board")
    said = ann.inner_text("#results")
    boards = sorted({a["board"] for a in view["results"]["awards"] if a["amount"] > 0})
    assert boards == [1, 2] and all(f"board {b}" in said for b in boards), said
    assert not pages.errors


def test_chowaha_paths_are_a_tree(pages: Pages) -> None:
    ann = _finished(pages, "chowaha")
    ann.wait_for_selector('#board .board-layout.paths[data-layout="chowaha"]')
    boxes = _boxes(ann)
    assert sorted(boxes) == list(range(12))
    mid = {i: b["y"] + b["height"] / 2 for i, b in boxes.items()}
    rows = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    for row in rows:
        assert len({round(mid[i]) for i in row}) == 1, row
    top, middle, bottom = (mid[r[0]] for r in rows)
    assert top < mid[9] < middle < mid[10] < bottom  # each turn between the two rows it joins
    assert round(mid[11]) == round(middle)  # the river beside the middle row
    right = max(boxes[i]["x"] for row in rows for i in row)
    assert right < boxes[9]["x"] == boxes[10]["x"] < boxes[11]["x"]
    _apart(boxes)
    _shot(ann, "chowaha")
    assert not pages.errors
