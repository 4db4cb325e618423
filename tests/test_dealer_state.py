"""Where a hand's cards come from is one small record owned by rules/dealing.py (issue 21):
``hand.dealer`` holds the deck, the cards named in advance, how many each seat was dealt and the draw's
stub; only dealing.py writes it (the runs, the draws and the buys ask it for cards)."""

from __future__ import annotations

import ast
import pathlib

import homegame as hg
from homegame.rules.dealing import Dealer
from homegame.rules.hand import Hand

SRC = pathlib.Path(hg.__file__).parent
LIMIT = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4)
DEALER_FIELDS = ("_deck", "_draw", "_hole_preset", "_board_preset", "_dealt", "_stub", "spent")


def test_where_the_cards_come_from_is_a_record_not_the_hands_attributes() -> None:
    h = hg.game("five-card-draw").deal([50, 50], stakes=LIMIT, seed=2, hole={0: "As Ks Qs Js 9d"})
    assert type(h.dealer) is Dealer and not hasattr(h.dealer, "__dict__")
    assert not set(DEALER_FIELDS) & set(Hand.__slots__)
    d = h.dealer
    assert (d.hole_preset, d.dealt, d.stub, d.spent) == ({0: [51, 47, 43, 39, 29]}, [5, 5], None, [])
    assert h.cards[0] == [51, 47, 43, 39, 29] and h.cards_drawn == d.deck.drawn == 5
    assert h.deck_order()[:5] == d.deck.order()[:5]


def _writes(tree: ast.AST, holder: str) -> list[int]:
    """Lines that assign to ``<x>.<holder>.<field>`` (or an item of one)."""
    out = []
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
        for target in targets:
            while isinstance(target, ast.Subscript):
                target = target.value
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Attribute) \
                    and target.value.attr == holder:
                out.append(node.lineno)
    return out


def test_only_dealing_writes_where_the_cards_come_from() -> None:
    outside = {str(p.relative_to(SRC)): _writes(ast.parse(p.read_text()), "dealer")
               for p in SRC.rglob("*.py") if p.relative_to(SRC).as_posix() != "rules/dealing.py"}
    assert {path: lines for path, lines in outside.items() if lines} == {}
