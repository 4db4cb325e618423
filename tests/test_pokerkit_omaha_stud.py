"""Differential tests against PokerKit (issue 3): fixed-limit Omaha eight-or-better
(``split="high-low"``) and pot-limit Omaha (high) with 2 to 6 players, and seven-card stud with 2 to
7, random stacks, played move for move on homegame and PokerKit with the same cards, compared at every
decision and in the payoffs (see ``test_pokerkit_holdem`` and ``test_pokerkit_support``)."""

from __future__ import annotations

from test_pokerkit_support import assert_agrees, run

OMAHA_HANDS = 300
POT_LIMIT_OMAHA_HANDS = 150
STUD_HANDS = 200
SHORT_HANDS = 100


def test_omaha_high_low_matches_pokerkit() -> None:
    tally, _ = run("omaha", "fixed-limit", OMAHA_HANDS)
    assert_agrees("omaha high-low fixed-limit", tally, OMAHA_HANDS)


def test_pot_limit_omaha_matches_pokerkit() -> None:
    tally, _ = run("omaha", "pot-limit", POT_LIMIT_OMAHA_HANDS)
    assert_agrees("omaha pot-limit", tally, POT_LIMIT_OMAHA_HANDS)


def test_stud_matches_pokerkit() -> None:
    tally, _ = run("stud", "fixed-limit", STUD_HANDS, players=(2, 7))
    assert_agrees("stud fixed-limit", tally, STUD_HANDS)
    # the low card both posts the bring-in and completes instead (PokerKit's pb and cbr)
    assert tally.bring_ins > STUD_HANDS // 4 and tally.completions > STUD_HANDS // 10


def test_omaha_high_low_with_forced_bets_all_in_matches_pokerkit() -> None:
    tally, _ = run("omaha", "fixed-limit", SHORT_HANDS, short=True)
    assert_agrees("omaha high-low fixed-limit, forced bets all in", tally, SHORT_HANDS)
    assert tally.stopped < SHORT_HANDS // 4


def test_stud_with_antes_all_in_matches_pokerkit() -> None:
    tally, _ = run("stud", "fixed-limit", SHORT_HANDS, players=(2, 7), short=True)
    assert_agrees("stud fixed-limit, antes all in", tally, SHORT_HANDS)
    assert tally.stopped < SHORT_HANDS // 4
