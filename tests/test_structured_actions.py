"""The structured action API (issue 12): ``hand.legal_actions`` / ``hand.apply`` beside the text API.

Every game is played twice from the same seed, once by text and once by records making the same
choices; after every action both hands must be in the same state, and each record's text must be the
matching ``legal()`` string."""

from __future__ import annotations

import random

import pytest

import homegame as hg
from homegame.rules.action import Option

STAKES = {
    "no-limit": hg.Stakes("no-limit", blinds=(1, 2)),
    "pot-limit": hg.Stakes("pot-limit", ante=1, blinds=(1, 2)),
    "fixed-limit": hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4),
}


def _stakes(game: hg.Game, structure: str) -> hg.Stakes:
    if any(step.opener == "bring-in" for step in game.steps):
        return hg.Stakes(structure, ante=1, bring_in=1, small_bet=2, big_bet=4)
    return STAKES[structure]


def _pair(name: str, structure: str, seed: int) -> None:
    game = hg.game(name)
    players = min(game.max_players, 2 + seed % 5)
    deal = {"stakes": _stakes(game, structure), "button": seed % players, "seed": seed}
    stacks = [random.Random(seed).randint(5, 120) for _ in range(players)]
    by_text, by_record = game.deal(stacks, **deal), game.deal(stacks, **deal)
    rng = random.Random(seed)
    while not by_text.over:
        seat = by_text.to_act[0]
        legal, records = by_text.legal(seat), by_record.legal_actions(seat)
        assert [o.text for o in records] == legal
        assert all(type(o) is Option for o in records)
        i = rng.randrange(len(records))
        option = records[i]
        amount = rng.randint(option.min, option.max) if option.kind in ("bet", "raise") else None
        cards = None
        if option.kind in ("pass", "discard"):
            cards = rng.sample(by_record.cards[seat], option.min)
        elif option.kind == "expose":
            cards = [rng.choice([c for c, up in zip(by_record.cards[seat], by_record.faceup[seat], strict=True)
                                 if not up])]
        elif option.kind == "arrange":
            cards = rng.sample(by_record.cards[seat], option.min)
        by_record.apply(seat, option, amount, cards=cards)
        text = option.kind if amount is None else f"{option.kind} {amount}"
        if cards is not None:
            text = f"{option.kind} " + " ".join(str(hg.Card(c)) for c in cards) if cards else option.kind
        elif option.kind in ("call", "declare"):
            text = option.text
        by_text.act(seat, text)
        assert by_record.actions == by_text.actions
        assert by_record.to_act == by_text.to_act
        assert by_record.view(seat) == by_text.view(seat)
    assert by_record.over and by_record.payoffs == by_text.payoffs
    assert by_record.history.to_json() == by_text.history.to_json()


@pytest.mark.parametrize("name", hg.game_names())
def test_records_play_as_text_does(name: str) -> None:
    for seed in range(6):
        _pair(name, ("no-limit", "pot-limit", "fixed-limit")[seed % 3], seed)


def test_a_record_not_legal_now_is_refused_and_changes_nothing() -> None:
    h = hg.game("holdem").deal([100, 100], stakes=STAKES["no-limit"], seed=3)
    before = h.view(None)
    for seat, option, amount, why in (
        (0, Option("check"), None, "not legal now"),
        (1, Option("fold"), None, "not seat 1's turn"),
        (0, Option("raise", 4, 100), 3, "any total from 4 to 100"),
        (0, Option("raise", 4, 100), 101, "any total from 4 to 100"),
        (0, Option("raise", 4, 100), None, "say the total"),
        (0, Option("call", 5, 5), None, "not legal now"),
        (True, Option("fold"), None, "True is not a seat"),
    ):
        with pytest.raises(hg.IllegalAction, match=why):
            h.apply(seat, option, amount)  # type: ignore[arg-type]
        assert h.view(None) == before and h.actions == []
    h.apply(0, Option("fold"))
    with pytest.raises(hg.IllegalAction, match="the hand is over"):
        h.apply(1, Option("check"))


def test_legal_actions_is_empty_when_the_seat_owes_nothing() -> None:
    h = hg.game("holdem").deal([100, 100, 100], stakes=STAKES["no-limit"], seed=3)
    assert h.legal_actions(h.to_act[0])
    assert h.legal_actions((h.to_act[0] + 1) % 3) == ()
    assert h.legal_actions(7) == ()
