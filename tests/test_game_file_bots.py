"""A bot rebuilds the very game file its hand was dealt from, not another file of the same name
(two tables in one server process may host different files called the same)."""

from __future__ import annotations

import homegame as hg
from homegame.bots import make_bot
from homegame.bots.estimate import game_of


def tiny(hole: int) -> str:
    faces = " ".join(["down"] * hole)
    return (f'name = "mine"\n[[steps]]\nkind = "deal"\nfaces = "{faces}"\n[[steps]]\nkind = "bet"\n'
            '[[steps]]\nkind = "board"\ncount = 3\n[[steps]]\nkind = "showdown"\n')


def test_a_view_names_its_file_and_the_bot_rebuilds_that_one() -> None:
    two, three = hg.load_game(tiny(2)), hg.load_game(tiny(3))  # the second file read is the "last"
    assert two.file != three.file and hg.game("holdem").file is None
    hand = two.deal([100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=1)
    view = hand.view(hand.to_act[0])
    assert view["file"] == two.file and "file" not in hg.game("holdem").deal(
        [100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=1).view(0)
    assert game_of(view).hole_count() == 2 and game_of(hand.view(None)).steps == two.steps
    for kind in ("rule", "equity"):
        hand.act(hand.to_act[0], make_bot(kind, seed=3).act(hand.view(hand.to_act[0])))
