"""Betting by text: an action written as ``legal()`` writes it is taken without parsing it in full (issue 12),
and that shortcut changes nothing a caller can see.

Every spelling of every legal betting move, and a set of illegal ones, is played on copies of hands in
progress (no-limit, pot-limit, fixed-limit, a stud bring-in), once as the engine takes it and once with the
shortcut switched off (everything parsed in full): the two hands must then read the same (history, log,
stacks, whose turn, what is legal next), or both refuse with the same words and stay as they were. Each
is tried with and without ``legal()`` asked first, since the shortcut reuses what ``legal()`` worked out.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import homegame as hg
from homegame.rules import betting

NL = hg.Stakes("no-limit", blinds=(1, 2))
PL = hg.Stakes("pot-limit", blinds=(1, 2))
FL = hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)
STUD = hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4)
CASES = [("holdem", NL), ("holdem", PL), ("holdem", FL), ("stud", STUD)]


def _spellings(option: hg.rules.action.Option, rng: random.Random) -> list[str]:
    """Ways to write the move (legal or not), the plain ones first."""
    kind, lo, hi = option.kind, option.min, option.max
    if kind in ("fold", "check"):
        return [kind, kind.upper(), f" {kind} ", f"{kind},", f"{kind} 0", f"{kind} {lo}"]
    if kind == "call":
        return ["call", f"call {lo}", "Call", f"call  {lo}", f"call {lo + 1}", f"call {lo - 1}", "call x",
                f"call {lo} {lo}", "call "]
    other = "bet" if kind == "raise" else "raise"
    total = rng.randint(lo, hi)
    return [f"{kind} {total}", f"{kind} {lo}", f"{kind} {hi}", f"{other} {total}", f"{kind.upper()} {total}",
            f"{kind} {total} ", f"{kind} 0{total}", f"{kind} {hi + 1}", f"{kind} {lo - 1}", kind, f"{kind} x",
            f"{kind} {total}.0", f"{kind} {lo}..{hi}", f"{kind} +{total}", f"{kind} {total} {total}",
            f"{kind} ٣", f"{kind} 1,000", f"{kind} -{total}"]


def _read(hand: hg.Hand) -> Any:
    """What a caller can read of the hand now (its betting included)."""
    nxt = hand.to_act[0] if hand.to_act else None
    return (json.loads(hand.history.to_json()), hand.events, hand.stacks, hand.bets, hand.to_act, hand.over,
            hand.legal(nxt) if nxt is not None else None, hand.payoffs if hand.over else None)


def _outcome(text: str, seat: int, action: str, ask_first: bool) -> Any:
    hand = hg.replay(text)
    if ask_first:
        hand.legal(seat)
    before = _read(hand)
    try:
        hand.act(seat, action)
    except hg.IllegalAction as e:
        assert _read(hand) == before, f"{action!r} was refused but changed the hand"
        return ("refused", str(e))
    return ("taken", _read(hand))


@pytest.mark.parametrize(("name", "stakes"), CASES, ids=[f"{n}-{s.structure}" for n, s in CASES])
def test_every_spelling_of_a_betting_move_reads_the_same_with_or_without_the_shortcut(
        name: str, stakes: hg.Stakes, monkeypatch: pytest.MonkeyPatch) -> None:
    game = hg.game(name)
    taken = refused = 0
    for seed in range(2):
        rng = random.Random(f"{name}/{stakes.structure}/{seed}")
        hand = game.deal([rng.randint(20, 60) for _ in range(4)], stakes=stakes, button=seed % 4, seed=seed)
        while not hand.over:
            seat = hand.to_act[0]
            text = hand.history.to_json()
            for option in hand.legal_actions(seat):
                for action in _spellings(option, rng):
                    for ask_first in (False, True):
                        got = _outcome(text, seat, action, ask_first)
                        with monkeypatch.context() as m:
                            m.setattr(betting, "said", lambda h, s, a: None)  # everything parsed in full
                            full = _outcome(text, seat, action, ask_first)
                        assert got == full, (seed, hand.actions, action, ask_first)
                        taken += got[0] == "taken"
                        refused += got[0] == "refused"
            option = rng.choice(hand.legal_actions(seat))
            hand.apply(seat, option, rng.randint(option.min, option.max) if option.min != option.max else None)
    assert taken and refused  # both kinds were tried


def test_the_plain_spellings_are_taken_by_the_shortcut() -> None:
    """The shortcut is used (so the test above compares two different paths): each plain spelling is
    carried out by it, and what it declines it leaves untouched."""
    hand = hg.game("holdem").deal([100] * 3, stakes=NL, seed=1)
    seat = hand.to_act[0]
    assert hand.legal(seat) == ["fold", "call 2", "raise 4..100"]
    before = json.loads(hand.history.to_json())
    for declined in ("Fold", "call 3", "raise 101", "raise 3", "raise", "check", " fold"):
        assert betting.said(hand, seat, declined) is None
        assert json.loads(hand.history.to_json()) == before and hand.bets[seat] == 0
    assert betting.said(hand, seat, "raise 10") == "raise 10" and hand.bets[seat] == 10
