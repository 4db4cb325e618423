"""PHH export of every game with homegame's ``_`` fields round-trips exactly through hg.from_phh (issue 13)."""

from __future__ import annotations

import random

import pytest

import homegame as hg
from homegame.bots import make_bot
from homegame.records.phh_import import BadHistory
from homegame.rules.phh_extended import to_phh_extended

FL = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4)
NL = hg.Stakes("no-limit", blinds=(1, 2))
STUD = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4, bring_in=1)


def _same(a: hg.Hand, b: hg.Hand) -> None:
    assert b.history.actions == a.history.actions and b.history.deck == a.history.deck
    assert b.button == a.button and b.to_act == a.to_act and b.over == a.over
    for seat in [None, *range(a.players)]:
        assert b.view(seat) == a.view(seat)
    if a.over:
        assert b.payoffs == a.payoffs


@pytest.mark.parametrize("name", hg.game_names())
def test_every_game_round_trips_finished_and_midway(name: str) -> None:
    game = hg.game(name)
    for seed in range(4):
        rng = random.Random(seed)
        players = rng.randint(2, min(5, game.max_players))
        stakes = STUD if "stud" in name or name in ("razz", "high-chicago", "low-chicago") else (FL, NL)[seed % 2]
        hand = game.deal([40] * players, stakes=stakes, button=seed % players, seed=seed)
        bots = [make_bot(("random", "rule")[s % 2], seed=s) for s in range(players)]
        stop = rng.randint(3, 40)
        while not hand.over:
            seat = hand.to_act[0]
            hand.act(seat, bots[seat].act(hand.view(seat)))
            if len(hand.history.actions) == stop:
                _same(hand, hg.from_phh(to_phh_extended(hand)))
        _same(hand, hg.from_phh(to_phh_extended(hand)))


def test_the_seed_games_steps_are_written_as_underscore_actions() -> None:
    hand = hg.game("pass-the-trash").deal([40, 40, 40], stakes=FL, seed=2)
    bot = make_bot("rule", seed=1)
    while not hand.over:
        seat = hand.to_act[0]
        hand.act(seat, bot.act(hand.view(seat)))
    text = to_phh_extended(hand)
    assert "variant = '_homegame'" in text and "_game = 'pass-the-trash'" in text
    verbs = {line.split()[1] for line in text.split("actions = [")[1].splitlines()[1:-1]}
    assert {"_pass", "_arrange"} <= verbs or "f" in verbs


def test_a_bad_extended_record_is_refused_with_the_reason() -> None:
    hand = hg.game("three-hole").deal([20, 20], stakes=FL, seed=1)
    text = to_phh_extended(hand)
    with pytest.raises(BadHistory, match="needed: _game"):
        hg.from_phh(text.replace("_deck", "_dek"))
    with pytest.raises(BadHistory, match="extended PHH action"):
        hg.from_phh(text.replace("actions = [\n", "actions = [\n  'p1 _declare sideways',\n"))
