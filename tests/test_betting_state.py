"""The betting state is one small record owned by rules/betting (issue 21): ``hand.betting`` holds the
bets, the amount to match, the raises, who acts and the forced bets' seats; only the betting package
writes it, everyone else reads it (``hand.bets``, ``hand.in_round`` and the blinds' seats stay as
read-only properties)."""

from __future__ import annotations

import pathlib

import pytest

import homegame as hg
from homegame.rules.betting import Betting
from homegame.rules.hand import Hand
from state_owners import writers

NL = hg.Stakes("no-limit", blinds=(1, 2))
SRC = pathlib.Path(hg.__file__).parent
BETTING_FIELDS = ("bets", "high", "level", "last_raise", "raises", "capped", "bring_in_open", "bring_in_due",
                  "seq", "acted", "faced", "seen_seq", "free", "need_openers", "aggressor", "offer",
                  "blinds_due", "straddle_seat", "bet_unit", "limit", "pot_limit", "in_round")


def test_the_betting_state_is_a_record_with_slots_not_the_hands_attributes() -> None:
    h = hg.game("holdem").deal([100] * 4, stakes=NL, seed=1, options={"straddle": "utg"})
    assert type(h.betting) is Betting and not hasattr(h.betting, "__dict__")
    assert not set(BETTING_FIELDS) & set(Hand.__slots__), set(BETTING_FIELDS) & set(Hand.__slots__)
    b = h.betting
    assert (b.sb_seat, b.bb_seat, b.straddle_seat, b.bets, b.high) == (1, 2, 3, [0, 1, 2, 4], 4)
    assert (h.sb_seat, h.bb_seat, h.straddle_seat, h.bets, h.in_round) == (1, 2, 3, [0, 1, 2, 4], True)
    h.act(0, "raise 12")
    assert (b.high, b.aggressor, h.bets) == (12, 0, [12, 1, 2, 4])


@pytest.mark.parametrize("name", ["bets", "in_round", "sb_seat", "bb_seat", "straddle_seat"])
def test_the_hands_betting_properties_cannot_be_written(name: str) -> None:
    h = hg.game("holdem").deal([100] * 3, stakes=NL, seed=1)
    with pytest.raises(AttributeError):
        setattr(h, name, 0)


def test_only_the_betting_package_writes_the_betting_state() -> None:
    assert writers(SRC, "betting", "rules/betting") == {}
