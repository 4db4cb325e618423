"""Random play with random hand options (straddle, bomb pot, run it twice, chip, showdown, rabbit) in
the board games: the contracts hold after every action, no view shows a card its seat may not know,
payoffs sum to zero, and a replay of the history is the same hand."""

from __future__ import annotations

import json
import random

import pytest

import homegame as hg
from homegame.cards import Card
from test_conformance import CARD, concrete, given_away

GAMES = ("holdem", "omaha", "passem", "sameem")


def allowed_for(hand: hg.Hand, seat: int | None) -> set[str]:
    allowed: set[str] = set()
    if seat is not None:
        allowed.update(str(Card(c)) for c in hand.cards[seat])
        allowed.update(given_away(hand, seat))
        for _, cards in hand.runs or []:
            allowed.update(str(Card(c)) for c in cards[seat])
    for s in range(hand.players):
        allowed.update(str(Card(c)) for c, up in zip(hand.cards[s], hand.faceup[s], strict=True) if up)
    for board, _ in hand.runs or [(hand.board, [])]:
        allowed.update(str(Card(c)) for c in board)
    if hand.results:
        for cards in hand.results["shown"].values():
            allowed.update(cards)
        for run in hand.results.get("runs") or []:
            for cards in run["cards"].values():
                allowed.update(cards)
    if hand.over and hand.options.rabbit:
        allowed.update(hand.rabbit())
    return allowed


def random_options(rng: random.Random, n: int) -> dict[str, object]:
    options: dict[str, object] = {}
    if rng.random() < 0.5:
        options["run_twice"] = [s for s in range(n) if rng.random() < 0.9]
    if n >= 3 and rng.random() < 0.3:
        options["straddle"] = rng.choice(["utg", "button"])
    elif rng.random() < 0.2:
        options["bomb_pot"] = rng.choice([5, 20])
    if rng.random() < 0.5:
        options["showdown"] = "muck-losers"
    if rng.random() < 0.5:
        options["rabbit"] = True
    if rng.random() < 0.2:
        options["chip"] = 5
    return options


@pytest.mark.parametrize("name", GAMES)
def test_random_hands_with_random_options(name: str) -> None:
    rng = random.Random(name)
    twice = mucks = 0
    for _ in range(60):
        n = rng.randint(2, 6)
        options = random_options(rng, n)
        unit = 5 if "chip" in options else 1  # the chip-up needs the stakes and stacks in whole chips
        stacks = [unit * rng.choice([5, 20, 60, 150]) for _ in range(n)]
        structure = rng.choice(["no-limit", "pot-limit", "fixed-limit"])
        st = hg.Stakes(structure, blinds=(unit, 2 * unit), small_bet=2 * unit, big_bet=4 * unit)
        hand = hg.game(name).deal(stacks, stakes=st, button=rng.randrange(n), seed=rng.randrange(10**6),
                                  options=options)
        total = sum(stacks)
        while not hand.over:
            seat = hand.to_act[0]
            hand.act(seat, concrete(rng, hand, seat, rng.choice(hand.legal(seat))))
            assert sum(hand.stacks) + (0 if hand.over else sum(hand.totals)) == total
        if rng.random() < 0.5:
            seat = rng.randrange(n)
            if hand.showable(seat):
                hand.show(seat, rng.sample(hand.showable(seat), 1))
        assert sum(hand.payoffs) == 0 and sum(hand.stacks) == total
        for seat in [None, *range(n)]:
            leaked = set(CARD.findall(json.dumps(hand.view(seat)))) - allowed_for(hand, seat)
            assert not leaked, (seat, leaked, options)
        again = hg.replay(hand.history.to_json())
        assert again.payoffs == hand.payoffs and again.view(None) == hand.view(None)
        twice += hand.runs is not None
        mucks += bool(hand.results and hand.results.get("mucked"))
    assert twice >= 2, twice
