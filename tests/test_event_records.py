"""The hand's log is a list of frozen records (issue 21): each transition appends one
:class:`~homegame.rules.events.Event`; the wire's dicts (``hand.events``, ``view["log"]``) are written from
them and stay exactly what they were."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

import homegame as hg
from homegame.rules.events import Event
from random_play import play_to_the_end

NL = hg.Stakes("no-limit", blinds=(1, 2))
LIMIT = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4)
STUD = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4, bring_in=1)

# a hold'em hand checked down (seed 3), as the wire carried it before the records
CHECKED_DOWN = [
    {"type": "blind", "seat": 0, "text": "Seat 0 posts the small blind 1"},
    {"type": "blind", "seat": 1, "text": "Seat 1 posts the big blind 2"},
    {"type": "call", "seat": 0, "text": "Seat 0 calls 1"},
    {"type": "check", "seat": 1, "text": "Seat 1 checks"},
    {"type": "board", "seat": None, "text": "Flop: 4c 3h Kc", "cards": ["4c", "3h", "Kc"]},
    {"type": "check", "seat": 1, "text": "Seat 1 checks"},
    {"type": "check", "seat": 0, "text": "Seat 0 checks"},
    {"type": "board", "seat": None, "text": "Turn: 3d", "cards": ["3d"]},
    {"type": "check", "seat": 1, "text": "Seat 1 checks"},
    {"type": "check", "seat": 0, "text": "Seat 0 checks"},
    {"type": "board", "seat": None, "text": "River: 9h", "cards": ["9h"]},
    {"type": "check", "seat": 1, "text": "Seat 1 checks"},
    {"type": "check", "seat": 0, "text": "Seat 0 checks"},
    {"type": "show", "seat": 1, "text": "Seat 1 shows 5c 7c", "cards": ["5c", "7c"]},
    {"type": "show", "seat": 0, "text": "Seat 0 shows 9c Tc", "cards": ["9c", "Tc"]},
    {"type": "win", "seat": 0, "text": "Seat 0 wins 4 from the main pot"},
]


def _play(hand: hg.Hand, rng: random.Random) -> None:
    """Random legal records to the end."""
    play_to_the_end(hand, rng)


def test_a_checked_down_hand_logs_records_and_the_wire_is_unchanged() -> None:
    h = hg.game("holdem").deal([20, 20], stakes=NL, seed=3)
    while not h.over:
        s = h.to_act[0]
        h.act(s, "call" if any(a.startswith("call") for a in h.legal(s)) else "check")
    records = h.event_records
    assert all(type(e) is Event for e in records)
    assert [(e.kind, e.seat) for e in records[:4]] == [("blind", 0), ("blind", 1), ("call", 0), ("check", 1)]
    flop = records[4]
    assert (flop.kind, flop.seat, flop.text, [str(hg.Card(c)) for c in flop.cards]) == \
        ("board", None, "Flop: 4c 3h Kc", ["4c", "3h", "Kc"])
    assert json.loads(json.dumps(h.events)) == CHECKED_DOWN
    assert h.view(0)["log"] == [e["text"] for e in CHECKED_DOWN]


def test_an_event_record_cannot_be_changed() -> None:
    h = hg.game("holdem").deal([20, 20], stakes=NL, seed=3)
    first = h.event_records[0]
    with pytest.raises(AttributeError):
        first.kind = "win"  # type: ignore[misc]
    with pytest.raises((TypeError, dataclasses.FrozenInstanceError)):
        first[0] = "win"  # type: ignore[index]
    assert h.events[0] == {"type": "blind", "seat": 0, "text": "Seat 0 posts the small blind 1"}


@pytest.mark.parametrize("name", ["holdem", "seven-card-stud", "passem", "five-card-draw", "three-hole",
                                  "pass-the-trash", "follow-the-queen"])
def test_every_game_logs_records_that_write_the_wire(name: str) -> None:
    game = hg.game(name)
    stakes = STUD if any(step.opener == "bring-in" for step in game.steps) else LIMIT
    for seed in range(4):
        rng = random.Random(seed)
        h = game.deal([60] * min(4, game.max_players), stakes=stakes, seed=seed)
        _play(h, rng)
        records = h.event_records
        assert records and all(type(e) is Event for e in records)
        assert [e.to_dict() for e in records] == h.events
        assert h.view(None)["log"] == [e.text for e in records]
