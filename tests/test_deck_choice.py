"""A game may deal from fewer than 52 cards (``Game.ranks``): a short deck, a research deck."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import homegame as hg

NL = hg.Stakes("no-limit", blinds=(1, 2))


def play_out(hand: hg.Hand, rng: random.Random) -> None:
    while not hand.over:
        seat = hand.to_act[0]
        hand.act(seat, rng.choice([a for a in hand.legal(seat) if not a.startswith(("bet", "raise"))]))


@pytest.mark.parametrize("ranks", ["6789TJQKA", "TJQKA", "JQKA"])
def test_a_short_deck_deals_only_its_cards_and_replays(ranks: str) -> None:
    game = replace(hg.game("holdem"), ranks=ranks)
    assert len(game.cards) == 4 * len(ranks)
    for seed in range(40):
        hand = game.deal([100, 100], stakes=NL, seed=seed)
        play_out(hand, random.Random(seed))
        seen = [c for cards in hand.cards for c in cards] + list(hand.board)
        assert {str(hg.Card(c))[0] for c in seen} <= set(ranks)
        assert sorted(hand.deck_order()) == list(game.cards) and sum(hand.payoffs) == 0
        again = game.deal([100, 100], stakes=NL, deck=hand.deck_order())
        for seat, action in hand.history.actions:
            again.act(seat, action)
        assert again.payoffs == hand.payoffs


def test_a_whole_deck_order_gives_its_own_cards_in_that_order() -> None:
    game = replace(hg.game("holdem"), ranks="TJQKA")
    order = list(range(52))
    random.Random(3).shuffle(order)
    hand = game.deal([100, 100], stakes=NL, deck=order)
    assert hand.deck_order() == [c for c in order if c >= 32]


def test_what_a_short_deck_cannot_do_is_refused_with_the_reason() -> None:
    game = replace(hg.game("holdem"), ranks="QKA")
    with pytest.raises(ValueError, match="the deck has 12"):
        game.deal([100] * 6, stakes=NL)
    with pytest.raises(ValueError, match="2c is not in holdem's deck"):
        game.deal([100, 100], stakes=NL, hole={0: "2c 3c"})
    with pytest.raises(ValueError, match="order of all 12 cards"):
        game.deal([100, 100], stakes=NL, deck=list(range(40, 51)))
    for bad in ["", "AK", "22", "XYZ"]:
        with pytest.raises(ValueError, match="ranks must be distinct"):
            replace(hg.game("holdem"), ranks=bad)


def test_the_rabbit_hunt_comes_from_the_short_deck() -> None:
    game = replace(hg.game("holdem"), ranks="9TJQKA")
    hand = game.deal([100, 100], stakes=NL, seed=4, options={"rabbit": True})
    hand.act(hand.to_act[0], "fold")
    rest = hand.rabbit()
    assert len(rest) == 5 and all(c[0] in "9TJQKA" for c in rest)
