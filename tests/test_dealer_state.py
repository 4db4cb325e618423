"""Where a hand's cards come from is one small record owned by rules/dealing.py (issue 21):
``hand.dealer`` holds the deck, the cards named in advance, how many each seat was dealt and the draw's
stub; only dealing.py writes it (the runs, the draws and the buys ask it for cards)."""

from __future__ import annotations

import pathlib

import homegame as hg
from homegame.rules.deck import Dealer
from homegame.rules.hand import Hand
from state_owners import writers

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


def test_only_dealing_writes_where_the_cards_come_from() -> None:
    assert writers(SRC, "dealer", "rules/dealing.py") == {}
