"""hypothesis fuzzing of ``act`` (issue 3): any text or amount either is a legal action or raises
IllegalAction leaving the hand exactly as it was; nothing else ever escapes."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import homegame as hg

STAKES = {"fixed-limit": hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4),
          "no-limit": hg.Stakes("no-limit", ante=1, blinds=(1, 2)),
          "pot-limit": hg.Stakes("pot-limit", blinds=(1, 2))}
VERBS = ["fold", "check", "call", "bet", "raise", "pass", "discard", "expose", "arrange", "declare", "FOLD", "Raise"]
TOKENS = st.one_of(
    st.integers(min_value=-5, max_value=500).map(str),
    st.sampled_from([str(c) for c in hg.cards("As Kd 7c 2h Th 9s")] + ["high", "low", "both", "1..2", "-0",
                                                                     "10s", "A♠", "", "..", "1e3", "٣"]),
    st.text(max_size=4),
)


def hand_at(name: str, structure: str, steps: int, seed: int) -> hg.Hand:
    """A hand of ``name`` after ``steps`` random legal actions."""
    rng = random.Random(seed)
    stakes = STAKES["fixed-limit"] if name == "stud" else STAKES[structure]
    hand = hg.game(name).deal([rng.choice([5, 30, 100]) for _ in range(3)], stakes=stakes, seed=seed)
    for _ in range(steps):
        if hand.over:
            break
        seat = rng.choice(hand.to_act)
        legal = rng.choice(hand.legal(seat))
        if legal.split()[0] in ("pass", "discard", "expose", "arrange"):
            legal = hand.default_action(seat)
        hand.act(seat, legal.split("..")[0])
    return hand


def snapshot(hand: hg.Hand) -> str:
    return json.dumps([hand.view(s) for s in (None, 0, 1, 2)]) + hand.history.to_json()


def try_action(hand: hg.Hand, seat: object, action: object) -> None:
    before = snapshot(hand)
    legal_before = {s: hand.legal(s) for s in hand.to_act}
    try:
        hand.act(seat, action)  # type: ignore[arg-type]
    except hg.IllegalAction as e:
        assert str(e)
        assert snapshot(hand) == before
    else:
        assert seat in legal_before  # only a seat that owed an action could act


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(hg.game_names()), structure=st.sampled_from(sorted(STAKES)),
       steps=st.integers(0, 40), seed=st.integers(0, 10**6), seat=st.integers(-1, 3),
       verb=st.sampled_from(VERBS), args=st.lists(TOKENS, max_size=3))
def test_structured_actions(name: str, structure: str, steps: int, seed: int, seat: int, verb: str,
                            args: list[str]) -> None:
    hand = hand_at(name, structure, steps, seed)
    try_action(hand, seat, " ".join([verb, *args]))


@settings(max_examples=100, deadline=None)
@given(name=st.sampled_from(hg.game_names()), steps=st.integers(0, 30), seed=st.integers(0, 10**6),
       seat=st.one_of(st.integers(-3, 5), st.none(), st.text(max_size=2), st.booleans()),
       action=st.one_of(st.text(max_size=30), st.none(), st.integers(), st.binary(max_size=5)))
def test_arbitrary_input(name: str, steps: int, seed: int, seat: object, action: object) -> None:
    hand = hand_at(name, "no-limit", steps, seed)
    try_action(hand, seat, action)
