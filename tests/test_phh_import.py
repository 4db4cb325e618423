"""Hand histories in (issue 13, part 5): ``hg.from_phh`` imports PHH into a homegame hand in the same state,
every exported hand round-trips, PokerKit replays imported hands to the same stacks, and a PokerStars
hand history imports through PHH."""

from __future__ import annotations

import random
import warnings

import pokerkit as pk
import pytest

import homegame as hg
from homegame.records.phh_import import BadHistory
from homegame.records.pokerstars import pokerstars_to_phh

FL = hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)
STUD = hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4)
CASES = {
    "holdem no-limit": ("holdem", {}, hg.Stakes("no-limit", blinds=(1, 2))),
    "holdem fixed-limit": ("holdem", {}, FL),
    "omaha pot-limit": ("omaha", {}, hg.Stakes("pot-limit", blinds=(1, 2))),
    "omaha high-low fixed-limit": ("omaha", {"split": "high-low"}, FL),
    "stud": ("stud", {}, STUD),
    "stud-hi-lo": ("stud-hi-lo", {}, STUD),
    "razz": ("razz", {}, STUD),
}


def random_hand(name: str, rules: dict[str, object], stakes: hg.Stakes, k: int, *, finish: bool = True) -> hg.Hand:
    rng = random.Random(k)
    n = rng.randint(2, 6)
    h = hg.game(name, **rules).deal([rng.randint(5, 200) for _ in range(n)], stakes=stakes,
                                    button=rng.randrange(n), seed=k)
    stop = None if finish else rng.randint(0, 6)
    while not h.over and (stop is None or len(h.history.actions) < stop):
        seat = h.to_act[0]
        action = rng.choice(h.legal(seat))
        if ".." in action:
            verb, span = action.split()
            lo, hi = map(int, span.split(".."))
            action = f"{verb} {rng.choice([lo, hi, (lo + hi) // 2])}"
        h.act(seat, action)
    return h


@pytest.mark.parametrize("case", sorted(CASES))
def test_round_trip_hand_phh_hand(case: str) -> None:
    name, rules, stakes = CASES[case]
    for k in range(40):
        h = random_hand(name, rules, stakes, k, finish=k % 4 != 3)
        again = hg.from_phh(h.phh(), button=h.button)
        assert again.history.actions == h.history.actions, (k, h.phh())
        assert (again.cards, again.board, again.stacks, again.over) == (h.cards, h.board, h.stacks, h.over)
        if h.over:
            assert again.payoffs == h.payoffs
        else:
            assert again.to_act == h.to_act and again.legal(again.to_act[0]) == h.legal(h.to_act[0])
        assert again.phh() == h.phh()  # and out again, the same text


def pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, state = iter(pk.HandHistory.loads(text))
    return list(state.stacks)


@pytest.mark.parametrize("case", ["holdem no-limit", "omaha pot-limit"])
def test_pokerkit_replays_imported_hands_to_the_same_stacks(case: str) -> None:
    """Fixed-limit and stud hands are left to test_pokerkit_phh, which plays them within stock PokerKit's
    four-bet cap (random hands here can raise more, rightly for homegame, and PokerKit refuses them)."""
    name, rules, stakes = CASES[case]
    for k in range(15):
        text = random_hand(name, rules, stakes, 100 + k).phh()
        imported = hg.from_phh(text)  # PHH's p1 is seat 0, the button the last seat
        assert imported.over
        assert pokerkit_stacks(text) == imported.stacks


HAND_WRITTEN = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 800, 1200]
actions = [
  'd dh p1 AcKd',
  'd dh p2 7h7s',
  'd dh p3 ????',
  'p3 cbr 30',
  'p1 cbr 90',
  'p2 f',
  'p3 f',
]
"""


def test_hand_written_phh_with_unknown_cards() -> None:
    h = hg.from_phh(HAND_WRITTEN)
    assert h.over and h.payoffs == [40, -10, -30]
    assert [str(hg.Card(c)) for c in h.cards[0]] == ["Ac", "Kd"] and len(h.cards[2]) == 2
    assert pokerkit_stacks(HAND_WRITTEN) == h.stacks


@pytest.mark.parametrize(("text", "words"), [
    ("variant = 'NT'", "'starting_stacks' is missing"),
    ("variant = 'XX'\nstarting_stacks = [1, 2]", "variant 'XX' is not one homegame plays"),
    ("not toml [", "not TOML"),
    (HAND_WRITTEN.replace("'p2 f'", "'p2 dance'"), "homegame imports f, cc, cbr AMOUNT"),
    (HAND_WRITTEN.replace("'p2 f'", "'p3 f'"), "not that player's turn"),
    (HAND_WRITTEN.replace("'p1 cbr 90'", "'p1 cbr 12'"), "'p1 cbr 12'"),
    (HAND_WRITTEN.replace("7h7s", "AcKs"), "dealt twice"),
    (HAND_WRITTEN.replace("p9", "p9").replace("'p3 f'", "'p9 f'"), "players are p1 to p3"),
    (HAND_WRITTEN.replace("[5, 10, 0]", "[5, 10, 20]"), "no straddles"),
])
def test_bad_phh(text: str, words: str) -> None:
    with pytest.raises(BadHistory) as info:
        hg.from_phh(text)
    assert words in str(info.value)


POKERSTARS = """\
PokerStars Hand #208973912345:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/01/15 21:03:07 ET
Table 'Alcyone III' 6-max Seat #2 is the button
Seat 1: Robin ($10 in chips)
Seat 2: Sasha ($12.40 in chips)
Seat 4: Tove ($9.05 in chips)
Seat 6: Umar ($4.20 in chips)
Tove: posts small blind $0.05
Umar: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Tove [Ah Qh]
Robin: folds
Sasha: raises $0.20 to $0.30
Tove: raises $0.70 to $1
Umar: folds
Sasha: calls $0.70
*** FLOP *** [Qd 7h 2h]
Tove: bets $1.25
Sasha: calls $1.25
*** TURN *** [Qd 7h 2h] [Kc]
Tove: checks
Sasha: bets $2.50
Tove: calls $2.50
*** RIVER *** [Qd 7h 2h Kc] [3s]
Tove: checks
Sasha: checks
*** SHOW DOWN ***
Tove: shows [Ah Qh] (a pair of Queens)
Sasha: shows [Kh Jd] (a pair of Kings)
Sasha collected $9.30 from pot
*** SUMMARY ***
Total pot $9.60 | Rake $0.30
Board [Qd 7h 2h Kc 3s]
Seat 1: Robin folded before Flop (didn't bet)
Seat 2: Sasha (button) showed [Kh Jd] and won ($9.30) with a pair of Kings
Seat 4: Tove (small blind) showed [Ah Qh] and lost with a pair of Queens
Seat 6: Umar (big blind) folded before Flop
"""


def test_pokerstars_hand_imports() -> None:
    text = pokerstars_to_phh(POKERSTARS)
    assert "starting_stacks = [905, 420, 1000, 1240]" in text  # from the button's left, in cents
    assert "'p1 cbr 100'" in text and "'d db Kc'" in text and "'d dh p1 AhQh'" in text
    h = hg.from_pokerstars(POKERSTARS)
    assert h.over and [str(hg.Card(c)) for c in h.board] == ["Qd", "7h", "2h", "Kc", "3s"]
    assert h.payoffs == [-475, -10, 0, 485]  # Sasha wins Tove's 4.75 and Umar's blind (homegame takes no rake)
    assert pokerkit_stacks(text) == h.stacks


def test_bad_pokerstars() -> None:
    with pytest.raises(BadHistory, match="not a PokerStars hand"):
        pokerstars_to_phh("Full Tilt Poker Game #1")
    with pytest.raises(BadHistory, match="HOLE CARDS"):
        pokerstars_to_phh(POKERSTARS.split("*** HOLE CARDS ***")[0])


@pytest.mark.parametrize(("game", "structure"), [("stud", "fixed-limit"), ("holdem", "fixed-limit"),
                                                 ("razz", "fixed-limit")])
def test_pokerkit_replays_imported_capped_hands(game: str, structure: str) -> None:
    """Fixed-limit and stud hands played within stock PokerKit's four-bet cap (test_pokerkit_support)."""
    from test_pokerkit_support import run

    _, played = run(game, structure, 15, players=(2, 6), pokerkit_caps=True)
    checked = 0
    for _, hand, kit in played:
        if not hand.over or kit.idle_checks:  # known: test_pokerkit_phh.test_phh_writes_the_check_pokerkit_asks_for
            continue
        text = hand.phh()
        imported = hg.from_phh(text)
        assert pokerkit_stacks(text) == imported.stacks
        assert sorted(imported.payoffs) == sorted(hand.payoffs)
        checked += 1
    assert checked >= 10


def test_pokerstars_tournament_chips_stay_whole() -> None:
    text = POKERSTARS.replace("PokerStars Hand #208973912345:  Hold'em No Limit ($0.05/$0.10 USD)",
                              "PokerStars Hand #1: Tournament #9, $1+$0.10 USD Hold'em No Limit - Level I (10/20)")
    for cash, chips in (("$0.05", "10"), ("$0.10", "20"), ("$0.20", "40"), ("$0.30", "60"), ("$0.70", "140"),
                        ("$1.25", "250"), ("$2.50", "500"), ("$1 ", "200 "), ("$1\n", "200\n"),
                        ("$10 ", "2000 "), ("$12.40", "2480"), ("$9.05", "1810"), ("$4.20", "840"), ("$9.30", "1860"),
                        ("$9.60", "1920")):
        text = text.replace(cash, chips)
    phh = pokerstars_to_phh(text)
    assert "starting_stacks = [1810, 840, 2000, 2480]" in phh and "blinds_or_straddles = [10, 20, 0, 0]" in phh
    h = hg.from_pokerstars(text)
    assert h.payoffs == [-950, -20, 0, 970]
