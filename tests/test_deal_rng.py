"""``game.deal(..., rng=random.Random)``: a hand dealt from the caller's generator (issue 12).

The deal takes what it needs from the generator once, at the deal: the same generator state deals the
same hand, nothing read later (the history, the deck order, a rabbit hunt) touches the generator or
changes the cards, a replay is the same hand, and bad input changes nothing.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import homegame as hg
from random_play import play_to_the_end

NL = hg.Stakes("no-limit", blinds=(1, 2))
LIMIT = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4)


def _play(hand: hg.Hand, rng: random.Random) -> None:
    """Random legal records to the end."""
    play_to_the_end(hand, rng)


def test_the_same_generator_state_deals_the_same_hands() -> None:
    game = hg.game("holdem")
    a, b = random.Random(11), random.Random(11)
    for _ in range(20):
        x = game.deal([100] * 6, stakes=NL, rng=a)
        y = game.deal([100] * 6, stakes=NL, rng=b)
        _play(x, a)
        _play(y, b)
        assert x.cards == y.cards and x.board == y.board and x.payoffs == y.payoffs
        assert x.deck_order() == y.deck_order()
    assert a.random() == b.random()


@pytest.mark.parametrize("name", ["holdem", "five-card-draw", "27-triple-draw", "stud", "pass-the-trash"])
def test_reading_the_history_midway_changes_neither_the_cards_nor_the_generator(name: str) -> None:
    game = hg.game(name)
    stakes = LIMIT if name != "stud" else hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4, bring_in=1)
    players = min(6, game.max_players)
    for seed in range(8):
        a, b = random.Random(seed), random.Random(seed)
        x = game.deal([60] * players, stakes=stakes, rng=a)
        y = game.deal([60] * players, stakes=stakes, rng=b)
        y.history.to_json()  # the whole order, read before any card after the deal
        play_x, play_y = random.Random(seed + 100), random.Random(seed + 100)
        _play(x, play_x)
        _play(y, play_y)
        assert x.cards == y.cards and x.board == y.board and x.actions == y.actions
        assert x.deck_order() == y.deck_order()
        assert sorted(x.deck_order()) == sorted(game.cards)
        assert a.getstate() == b.getstate()  # the deal took the same from both, and only at the deal


def test_a_hand_dealt_from_a_generator_replays_exactly() -> None:
    rng = random.Random(5)
    for name in ("holdem", "omaha", "sameem", "five-card-draw"):
        game = hg.game(name)
        for _ in range(5):
            hand = game.deal([80] * min(6, game.max_players), stakes=LIMIT, rng=rng)
            _play(hand, rng)
            again = hg.replay(hand.history.to_json())
            assert again.cards == hand.cards and again.board == hand.board and again.payoffs == hand.payoffs
            assert again.view(None) == hand.view(None)


def test_presets_are_kept_and_the_rest_comes_from_the_generator() -> None:
    hand = hg.game("holdem").deal([100] * 3, stakes=NL, rng=random.Random(2), hole={0: "As Ks"}, board="Qs Js")
    assert [str(hg.Card(c)) for c in hand.cards[0]] == ["As", "Ks"]
    _play(hand, random.Random(3))
    assert hand.board[:2] == [hg.Card("Qs").id, hg.Card("Js").id] or hand.board == []
    assert sorted(hand.deck_order()) == list(range(52))


def test_every_card_comes_first_about_equally_often() -> None:
    rng = random.Random(0)
    game = hg.game("holdem")
    first = Counter(game.deal([100] * 2, stakes=NL, rng=rng).cards[1][0] for _ in range(10400))
    assert len(first) == 52
    assert all(130 <= n <= 270 for n in first.values())  # 200 expected each; about 5 standard deviations


@pytest.mark.parametrize("bad", [{"rng": 7}, {"rng": "r"}, {"rng": random.Random(1), "seed": 3},
                                 {"rng": random.Random(1), "deck": list(range(52))}])
def test_a_bad_generator_is_refused_saying_why(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="rng"):
        hg.game("holdem").deal([100] * 2, stakes=NL, **bad)  # type: ignore[arg-type]


def test_a_refused_deal_takes_nothing_from_the_generator() -> None:
    rng = random.Random(9)
    state = rng.getstate()
    for bad in ({"seed": 3}, {"stacks": [100, 0]}, {"hole": {0: "As As"}}):
        stacks = bad.pop("stacks", [100, 100])
        with pytest.raises(ValueError):
            hg.game("holdem").deal(stacks, stakes=NL, rng=rng, **bad)  # type: ignore[arg-type]
    assert rng.getstate() == state
