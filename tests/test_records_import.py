"""Hand histories from outside (issue 19, items 7 and 8): PokerStars text (mucked hands, free folds, the
games' names, euro stakes, missing blinds) and PHH (big-blind antes, single blinds, fractional stacks,
omaha-hi-lo's export). Every PokerStars fixture here is written by hand in PokerStars' format."""

from __future__ import annotations

import pytest

import homegame as hg
from homegame.records.phh_import import BadHistory
from homegame.records.pokerstars import pokerstars_to_phh
from test_phh_import import HAND_WRITTEN, pokerkit_stacks

MUCKED = """\
PokerStars Hand #1001: Hold'em No Limit ($0.05/$0.10 USD) - 2021/03/02 20:00:00 ET
Table 'Vega' 6-max Seat #1 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Villain ($10 in chips)
Hero: posts small blind $0.05
Villain: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [7c 2d]
Hero: raises $0.20 to $0.30
Villain: calls $0.20
*** FLOP *** [Ks 8h 3c]
Villain: checks
Hero: checks
*** TURN *** [Ks 8h 3c] [4d]
Villain: checks
Hero: checks
*** RIVER *** [Ks 8h 3c 4d] [9s]
Villain: checks
Hero: checks
*** SHOW DOWN ***
Hero: shows [7c 2d] (high card King)
Villain: mucks hand
Hero collected $0.60 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0
Board [Ks 8h 3c 4d 9s]
Seat 1: Hero (button) (small blind) showed [7c 2d] and won ($0.60) with high card King
Seat 2: Villain (big blind) mucked
"""


def test_a_player_who_mucks_never_wins_the_pot() -> None:
    """Hero's seven-high wins: the mucked hand is dealt cards that lose, whatever the seed."""
    from homegame.records.pokerstars import collected

    assert collected(MUCKED) == {1: 60}  # heads-up the button (Hero) is the last seat
    for seed in range(30):
        h = hg.from_pokerstars(MUCKED, seed=seed)
        assert h.payoffs == [-30, 30], seed


def test_a_hand_mucked_in_the_summary_is_dealt_as_shown() -> None:
    text = MUCKED.replace("Seat 2: Villain (big blind) mucked", "Seat 2: Villain (big blind) mucked [6c 5c]")
    assert "'d dh p1 6c5c'" in pokerstars_to_phh(text)
    assert hg.from_pokerstars(text).payoffs == [-30, 30]


FREE_FOLD = """\
PokerStars Hand #1002: Hold'em No Limit (€0.05/€0.10 EUR) - 2021/03/02 20:01:00 CET
Table 'Deneb' 6-max Seat #3 is the button
Seat 1: Ana (€5 in chips)
Seat 2: Bo (€7.50 in chips)
Seat 3: Cy (€6 in chips)
Ana: posts small blind €0.05
Bo: posts big blind €0.10
*** HOLE CARDS ***
Dealt to Ana [Qs Qd]
Cy: calls €0.10
Ana: calls €0.05
Bo: folds
*** FLOP *** [2c 7d 9h]
Ana: bets €0.20
Cy: folds
Uncalled bet (€0.20) returned to Ana
Ana collected €0.30 from pot
*** SUMMARY ***
Total pot €0.30 | Rake €0
"""


def test_folding_when_checking_is_free_and_euro_stakes() -> None:
    phh = pokerstars_to_phh(FREE_FOLD)
    assert "starting_stacks = [500, 750, 600]" in phh  # euros in cents, from the button's left
    h = hg.from_pokerstars(FREE_FOLD)
    assert h.over and h.payoffs == [20, -10, -10]
    assert pokerstars_to_phh(FREE_FOLD.replace("€", "£").replace("EUR", "GBP")) == phh


def test_a_free_fold_checks_when_asked_and_folds_once_it_owes() -> None:
    text = FREE_FOLD.replace("Ana: bets €0.20\nCy: folds\nUncalled bet (€0.20) returned to Ana\nAna collected",
                             "Ana: checks\nCy: bets €0.20\nAna: folds\nUncalled bet (€0.20) returned to Cy\nCy collected")
    h = hg.from_pokerstars(text)
    assert h.over and h.folded == [True, True, False] and h.payoffs == [-10, -10, 20]
    assert [a for s, a in h.history.actions if s == 1][-2:] == ["check", "fold"]


@pytest.mark.parametrize(("name", "game", "holes"), [
    ("5 Card Omaha Pot Limit", "big-o", 5),
    ("Hold'em Pot Limit", "holdem", 2),
])
def test_the_games_are_read_as_what_they_are(name: str, game: str, holes: int) -> None:
    text = FREE_FOLD.replace("Hold'em No Limit", name).replace("Dealt to Ana [Qs Qd]",
                                                               "Dealt to Ana [" + " ".join(["Qs", "Qd", "As", "Ad", "Ks"][:holes]) + "]")
    h = hg.from_pokerstars(text)
    assert h.game.name == game and len(h.cards[0]) == holes and h.over
    if name.startswith("Hold'em"):
        assert h.stakes.structure == "pot-limit"
        assert h.payoffs == [20, -10, -10]
    else:
        assert h.game.split == "high"


def test_six_plus_holdem_is_short_deck_with_trips_over_straights() -> None:
    text = FREE_FOLD.replace("Hold'em No Limit", "6+ Hold'em No Limit").replace("[2c 7d 9h]", "[6c 7d 9h]")
    h = hg.from_pokerstars(text)
    assert h.game.name == "short-deck" and h.game.ranking == "short-trips"


def test_six_card_omaha_is_refused_by_name() -> None:
    with pytest.raises(BadHistory, match="6 Card Omaha Pot Limit is not a game homegame imports"):
        pokerstars_to_phh(FREE_FOLD.replace("Hold'em No Limit", "6 Card Omaha Pot Limit"))


def test_a_missing_small_blind_plays_and_a_dead_blind_is_refused_clearly() -> None:
    text = FREE_FOLD.replace("Ana: posts small blind €0.05\n", "").replace("Ana: calls €0.05", "Ana: calls €0.10")
    text = text.replace("Ana collected €0.30", "Ana collected €0.30")
    assert "blinds_or_straddles = [0, 10, 0]" in pokerstars_to_phh(text)
    assert hg.from_pokerstars(text).payoffs == [20, -10, -10]
    dead = FREE_FOLD.replace("Bo: posts big blind €0.10", "Bo: posts big blind €0.10\nCy: posts small & big blinds €0.15")
    with pytest.raises(BadHistory, match="no dead blinds"):
        pokerstars_to_phh(dead)
    extra = FREE_FOLD.replace("Bo: posts big blind €0.10", "Bo: posts big blind €0.10\nCy: posts big blind €0.10")
    with pytest.raises(BadHistory, match="extra blinds"):
        pokerstars_to_phh(extra)


PHH = HAND_WRITTEN


@pytest.mark.parametrize(("old", "new", "stakes"), [
    ("antes = [0, 0, 0]", "antes = [0, 20, 0]", hg.Stakes("no-limit", blinds=(5, 10), bb_ante=20)),
    ("[5, 10, 0]", "[10, 0, 0]", hg.Stakes("no-limit", blinds=(10,))),
])
def test_phh_big_blind_ante_and_single_blind_import_and_play_as_pokerkit_does(old: str, new: str,
                                                                              stakes: hg.Stakes) -> None:
    text = PHH.replace(old, new)
    if len(stakes.blinds) == 1:  # the single blind on p1 acts last: p2 opens
        text = text.replace("  'p3 cbr 30',\n  'p1 cbr 90',\n  'p2 f',\n", "  'p2 f',\n  'p3 cbr 30',\n  'p1 cbr 90',\n")
    h = hg.from_phh(text)
    assert h.stakes == stakes and h.over and h.stacks == pokerkit_stacks(text)


@pytest.mark.parametrize(("old", "new", "words"), [
    ("[1000, 800, 1200]", "[1000.5, 800, 1200]", "1000.5 is not a whole number of chips"),
    ("[1000, 800, 1200]", "[1000, 800.25, 1200]", "800.25 is not a whole number of chips"),
])
def test_phh_stakes_homegame_cannot_play_are_refused_by_name(old: str, new: str, words: str) -> None:
    with pytest.raises(BadHistory, match=words):
        hg.from_phh(PHH.replace(old, new))


def test_whole_stacks_written_as_floats_are_read() -> None:
    assert hg.from_phh(PHH.replace("[1000, 800, 1200]", "[1000.0, 800.0, 1200.0]")).payoffs == [40, -10, -30]


def test_omaha_hi_lo_exports_as_fo8_and_pokerkit_replays_it() -> None:
    stakes = hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)
    for seed in range(6):
        h = hg.game("omaha-hi-lo").deal([60, 80, 100], stakes=stakes, seed=seed)
        while not h.over:
            seat = h.to_act[0]
            legal = h.legal(seat)
            h.act(seat, "call" if any(a.startswith("call") for a in legal) else "check")
        text = h.phh()
        assert text.startswith("variant = 'FO/8'")
        order = [(h.button + 1 + i) % 3 for i in range(3)]
        assert pokerkit_stacks(text) == [h.stacks[s] for s in order]
