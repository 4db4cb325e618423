"""A big-blind ante and a single blind (issue 19, item 8): the engine plays them, PHH reads and writes
them, and PokerKit replays the same PHH text to the same final stacks.

PHH lists forced bets by position: ``antes = [0, 120000, 0, 0, 0]`` is the big blind (p2) anteing for the
whole table (real WSOP hands), ``blinds_or_straddles = [250000, 0, 0, 0]`` a single blind on p1 that the
others must call. The hands below are written by hand in the dataset's form."""

from __future__ import annotations

import pytest

import homegame as hg
from homegame.records.phh_import import BadHistory
from test_phh_import import pokerkit_stacks, random_hand
from test_pokerkit_phh import replay_strictly

BB_ANTE = """\
variant = 'NT'
antes = [0, 120000, 0, 0, 0]
blinds_or_straddles = [60000, 120000, 0, 0, 0]
min_bet = 120000
starting_stacks = [4000000, 3000000, 2500000, 5000000, 1800000]
actions = [
  'd dh p1 AsKs',
  'd dh p2 QhQd',
  'd dh p3 7c2d',
  'd dh p4 JcTc',
  'd dh p5 9h9s',
  'p3 f',
  'p4 cbr 300000',
  'p5 cc',
  'p1 f',
  'p2 cbr 1000000',
  'p4 f',
  'p5 cc',
  'd db 9d5c2h',
  'p2 cbr 800000',
  'p5 cc',
  'p2 sm QhQd',
  'p5 sm 9h9s',
  'd db Kh',
  'd db 3s',
]
"""

SINGLE_BLIND = """\
variant = 'NT'
antes = [0, 0, 0, 0]
blinds_or_straddles = [250000, 0, 0, 0]
min_bet = 250000
starting_stacks = [6000000, 4000000, 3000000, 7000000]
actions = [
  'd dh p1 8c8d',
  'd dh p2 AhJh',
  'd dh p3 6s5s',
  'd dh p4 KdQc',
  'p2 cc',
  'p3 cc',
  'p4 cc',
  'p1 cbr 1000000',
  'p2 cc',
  'p3 f',
  'p4 f',
  'd db Jd8s2c',
  'p1 cbr 900000',
  'p2 cc',
  'd db 4h',
  'p1 cc',
  'p2 cc',
  'd db Ts',
  'p1 cc',
  'p2 cc',
  'p1 sm 8c8d',
  'p2 sm AhJh',
]
"""


def imported_and_replayed(text: str) -> hg.Hand:
    """The hand imported, played to its end, with PokerKit's replay of the same text at the same stacks."""
    h = hg.from_phh(text)
    assert h.over
    assert h.stacks == pokerkit_stacks(text) == list(replay_strictly(text).stacks)
    return h


def test_a_big_blind_ante_is_posted_by_the_big_blind_alone_and_plays_out() -> None:
    h = imported_and_replayed(BB_ANTE)
    assert h.stakes.bb_ante == 120000 and h.stakes.ante == 0
    antes = [e for e in h.events if e["type"] == "ante"]
    assert [(e["seat"], e["text"]) for e in antes] == [(1, "Seat 1 antes 120000 for the table")]
    assert h.payoffs[1] == -(120000 + 1000000 + 800000)  # the queens lose to the set; the ante is dead money


def test_a_single_blind_on_p1_is_called_and_acts_last_before_the_flop() -> None:
    before = hg.from_phh(SINGLE_BLIND.split("  'p2 cc',")[0] + "]\n")
    assert before.stakes.blinds == (250000,) and before.to_act == (1,)  # p2 first, the blind last
    assert before.bets == [250000, 0, 0, 0]
    h = imported_and_replayed(SINGLE_BLIND)
    assert h.payoffs == [2400000, -1900000, -250000, -250000]  # the set of eights


SHORT_BIG_BLIND = """\
variant = 'NT'
antes = [0, 120, 0]
blinds_or_straddles = [60, 120, 0]
min_bet = 120
starting_stacks = [5000, STACK, 5000]
actions = [
  'd dh p1 AsAd',
  'd dh p2 KsKd',
  'd dh p3 QsQd',
  'p3 cbr 300',
  'p1 cc',
  'd db 2c7h9d',
  'p1 cc',
  'p3 cc',
  'd db Jc',
  'p1 cc',
  'p3 cc',
  'd db 3h',
  'p1 cc',
  'p3 cc',
  'p1 sm AsAd',
  'p2 sm KsKd',
  'p3 sm QsQd',
]
"""


@pytest.mark.parametrize("stack", [90, 120, 150, 240])
def test_a_short_big_blind_antes_first_as_pokerkit_does(stack: int) -> None:
    """TDA: with a big-blind ante a short big blind posts the ante first, the blind with what is left."""
    text = SHORT_BIG_BLIND.replace("STACK", str(stack))
    h = hg.from_phh(text)
    posted = [e["text"] for e in h.events if e["seat"] == 1][:2]
    assert posted[0] == f"Seat 1 antes {min(stack, 120)} for the table"
    assert posted[1] == f"Seat 1 posts the big blind {max(0, stack - 120)}"
    assert h.over and h.stacks == pokerkit_stacks(text)
    assert h.stacks[0] == 5000 + 300 + stack  # the aces win the ante (dead money) and the short blind


@pytest.mark.parametrize("text", [BB_ANTE, SINGLE_BLIND])
def test_the_hands_export_to_the_same_fields_and_round_trip(text: str) -> None:
    h = hg.from_phh(text)
    out = h.phh()
    assert out.splitlines()[1:3] == text.splitlines()[1:3]  # antes and blinds_or_straddles as written
    again = hg.from_phh(out, button=h.button)
    assert (again.history.actions, again.stacks, again.stakes) == (h.history.actions, h.stacks, h.stakes)
    assert again.phh() == out
    assert pokerkit_stacks(out) == h.stacks
    assert hg.Stakes.from_dict(h.stakes.to_dict()) == h.stakes


@pytest.mark.parametrize("stakes", [
    hg.Stakes("no-limit", blinds=(1, 2), bb_ante=2),
    hg.Stakes("no-limit", blinds=(3,)),
    hg.Stakes("no-limit", ante=1, blinds=(2,)),
    hg.Stakes("pot-limit", blinds=(0, 2), bb_ante=3),
], ids=str)
def test_random_hands_with_these_stakes_agree_with_pokerkit(stakes: hg.Stakes) -> None:
    """Random hands at 2 to 6 seats with short stacks, exported: PokerKit replays every action strictly
    to the same stacks, and the export imports back to the same hand."""
    name = "omaha" if stakes.structure == "pot-limit" else "holdem"
    for k in range(40):
        h = random_hand(name, {}, stakes, 500 + k)
        text = h.phh()
        order = [(h.button + 1 + i) % h.players for i in range(h.players)]
        assert list(replay_strictly(text).stacks) == [h.stacks[s] for s in order], (k, text)
        again = hg.from_phh(text, button=h.button)
        assert again.history.actions == h.history.actions and again.stacks == h.stacks


def test_the_extended_phh_keeps_a_big_blind_ante_and_a_single_blind() -> None:
    from homegame.rules.phh_extended import to_phh_extended

    for stakes in (hg.Stakes("fixed-limit", blinds=(2,), small_bet=2, big_bet=4),
                   hg.Stakes("fixed-limit", blinds=(1, 2), bb_ante=4, small_bet=2, big_bet=4)):
        h = random_hand("big-o", {}, stakes, 9)
        again = hg.from_phh(to_phh_extended(h))
        assert (again.stakes, again.stacks, again.history.actions) == (h.stakes, h.stacks, h.history.actions)


@pytest.mark.parametrize(("antes", "blinds", "words"), [
    ("[5, 20, 5, 5, 5]", "[60000, 120000, 0, 0, 0]", "not both, and no other antes"),
    ("[0, 0, 20, 0, 0]", "[60000, 120000, 0, 0, 0]", "no other antes"),
    ("[0, 120000, 0, 0, 0]", "[120000, 0, 0, 0, 0]", "needs a big blind on p2"),
    ("[0, 0, 0, 0, 0]", "[60000, 120000, 240000, 0, 0]", "no straddles"),
    ("[0, 0, 0, 0, 0]", "[120000, 60000, 0, 0, 0]", "p1 posts more than p2"),
])
def test_forced_bets_homegame_cannot_play_are_refused_by_name(antes: str, blinds: str, words: str) -> None:
    text = BB_ANTE.replace("antes = [0, 120000, 0, 0, 0]", f"antes = {antes}").replace(
        "[60000, 120000, 0, 0, 0]", blinds)
    with pytest.raises(BadHistory, match=words):
        hg.from_phh(text)


def test_stakes_refuse_a_big_blind_ante_without_blinds() -> None:
    with pytest.raises(ValueError, match="needs blinds"):
        hg.Stakes("fixed-limit", small_bet=2, big_bet=4, bb_ante=1)
    with pytest.raises(ValueError, match="not both"):
        hg.Stakes("no-limit", ante=1, blinds=(1, 2), bb_ante=1)
    with pytest.raises(ValueError, match=r"\(\), \(blind,\) or \(small, big\)"):
        hg.Stakes("no-limit", blinds=(1, 2, 4))


def test_options_that_need_two_blinds_refuse_a_single_blind() -> None:
    with pytest.raises(ValueError, match="not a single blind"):
        hg.game("holdem").deal([100] * 4, stakes=hg.Stakes("no-limit", blinds=(2,)), options={"straddle": "utg"})
    with pytest.raises(ValueError, match="the big blind 5 is not a whole"):
        hg.game("holdem").deal([100] * 4, stakes=hg.Stakes("no-limit", blinds=(5,)), options={"chip": 2})
    with pytest.raises(ValueError, match="the big-blind ante 3 is not a whole"):
        hg.game("holdem").deal([100] * 4, stakes=hg.Stakes("no-limit", blinds=(2, 4), bb_ante=3),
                               options={"chip": 2})


def test_the_datasets_ante_trimming_flag_leaves_the_big_blind_ante_in_the_pot() -> None:
    """The WSOP records write ``ante_trimming_status = true`` with a big-blind ante and finishing stacks in
    which the big blind's ante is lost to the pot. PokerKit with trimming on hands that ante back (nobody
    else anted as much); homegame plays the ante as dead money, as the records' finishing stacks and
    PokerKit without trimming (PHH's default) do."""
    loser = 120000 + 1000000 + 800000
    text = BB_ANTE.replace("variant = 'NT'\n", "variant = 'NT'\nante_trimming_status = true\n")
    finishing = [4000000 - 60000, 3000000 - loser, 2500000, 5000000 - 300000, 1800000 + loser + 300000 + 60000]
    h = hg.from_phh(text)
    assert h.stacks == finishing == pokerkit_stacks(BB_ANTE)
    assert pokerkit_stacks(text)[1] == finishing[1] + 120000  # PokerKit's trimming returns the ante


@pytest.mark.parametrize("text", [BB_ANTE, SINGLE_BLIND])
def test_the_history_keeps_the_stakes_and_replays_the_hand(text: str) -> None:
    h = hg.from_phh(text)
    again = hg.replay(type(h.history).from_json(h.history.to_json()))
    assert (again.stakes, again.stacks, again.events) == (h.stakes, h.stacks, h.events)


def test_the_pot_before_the_first_action_holds_the_big_blind_ante_and_the_blinds() -> None:
    h = hg.from_phh(BB_ANTE.split("  'p3 f',")[0] + "]\n")
    assert h.view(None)["pots"] == [{"amount": 120000 + 60000 + 120000, "eligible": [0, 1, 2, 3, 4]}]
    assert h.legal(2) == ["fold", "call 120000", "raise 240000..2500000"]  # as PokerKit: raise to 2 blinds
