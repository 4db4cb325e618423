"""The worked examples of the seed rule pages (/work/shared/seeds/), each played through the engine."""

from __future__ import annotations

import pytest

import homegame as hg
from test_rules_support import LIMIT, NL, play_out


def test_passem_three_hole_cards_with_two_from_the_board() -> None:
    """Seed 000_4d47a75da2826cb4.txt, "Using all three hole cards": after the pass a player holds
    A♠7♦7♣ on 7♥K♠2♦ and makes 7-7-7-A-K, not the weaker 7-7-7-K-2."""
    g = hg.game("passem")
    hand = g.deal([100, 100], stakes=NL, button=0,
                  hole={0: "A♠ 7♦ 2c", 1: "7♣ 3h 4h"}, board="7♥ K♠ 2♦")
    play_out(hand, {"Pass": {0: "pass 2c", 1: "pass 7c"}})
    assert sorted(hand.view(0)["cards"]) == sorted(["As", "7d", "7c"])
    award = hand.view(0)["results"]["awards"][0]
    assert award["seat"] == 0 and award["hand"] == "Three of a kind, sevens"
    assert sorted(award["cards"]) == sorted(["7h", "7d", "7c", "As", "Ks"])
    assert hand.payoffs == [2, -2]


def test_passem_pass_is_to_the_left_and_hidden_until_all_have_passed() -> None:
    """Seed 000: "Each player chooses one card ... places it face down in front of the player to their
    left. The pass is simultaneous: no player picks up the card they are receiving until every player
    has passed their own card." """
    hand = hg.game("passem").deal([50, 50, 50], stakes=NL, button=0,
                                  hole={0: "As Ks Qs", 1: "2c 3c 4c", 2: "7d 8d 9d"})
    assert hand.to_act == (0, 1, 2) and hand.legal(0) == ["pass 1"]
    hand.act(0, "pass As")
    assert hand.view(1)["cards"] == ["2c", "3c", "4c"]  # nothing received yet
    assert hand.view(0)["chosen"] == "pass As" and hand.view(1)["chosen"] is None
    assert "As" not in str(hand.view(1)) and "As" not in str(hand.view(None))
    hand.act(1, "pass 2c")
    hand.act(2, "pass 9d")
    assert hand.view(1)["cards"] == ["3c", "4c", "As"]  # seat 1 is left of seat 0
    assert hand.view(2)["cards"] == ["7d", "8d", "2c"]
    assert hand.view(0)["cards"] == ["Ks", "Qs", "9d"]


def test_sameem_kings_full_beat_the_straight() -> None:
    """Seed 001_9b4a2539f1ed78a4.txt, Example: board K♠9♦7♣4♥2♠; player A 3♦5♣6♠A♥K♦ makes the
    seven-high straight, player B K♥K♣9♠8♥3♣ makes kings full of nines and wins."""
    hand = hg.game("sameem").deal([100, 100], stakes=NL, button=0,
                                  hole={0: "3♦ 5♣ 6♠ A♥ K♦", 1: "K♥ K♣ 9♠ 8♥ 3♣"}, board="K♠ 9♦ 7♣ 4♥ 2♠")
    assert len(hand.view(0)["cards"]) == 3
    play_out(hand)
    assert hand.view(0)["cards"] == ["3d", "5c", "6s", "Ah", "Kd"]
    results = hand.view(None)["results"]
    assert [a["seat"] for a in results["awards"]] == [1]
    assert results["awards"][0]["hand"] == "Full house, kings full of nines"
    assert sorted(results["awards"][0]["cards"]) == sorted(["Kh", "Kc", "Ks", "9s", "9d"])
    assert hand.payoffs == [-2, 2]
    from homegame.evaluate.usage import ANY, best_high
    a = best_high(hg.cards("3d 5c 6s Ah Kd"), hg.cards("Ks 9d 7c 4h 2s"), ANY)
    assert a.category == "straight" and sorted(map(str, a.cards)) == sorted(["3d", "4h", "5c", "6s", "7c"])


@pytest.mark.parametrize("showdown_cards_count", [False, True])
def test_three_hole_anna_ben_cara(showdown_cards_count: bool) -> None:
    """Seed 004_dd2d1f817d061823.txt, "A full house from the table": Anna exposed K♠9♦, Ben K♥4♣,
    Cara exposed 9♥ then folded. Anna's final K♣ gives kings full of nines with Ben's K♥ and Cara's 9♥;
    Ben has two pair, kings and fours, or kings full of fours if Anna's final king counts (rule 4.3,
    `showdown_cards_count`). Either way Anna wins."""
    g = hg.game("three-hole", showdown_cards_count=showdown_cards_count)
    anna, ben, cara = 0, 1, 2
    hand = g.deal([50, 50, 50], stakes=LIMIT, button=2,
                  hole={anna: "K♠ 9♦ K♣", ben: "K♥ 4♣ 4♦", cara: "9♥ 2c 5s"})

    play_out(hand, {"First exposure": {anna: "expose Ks", ben: "expose Kh", cara: "expose 9h"}},
             until="Round 2")
    # round 2: kings showing tie; the first clockwise from the button (Anna) opens; Cara folds
    assert hand.to_act == (anna,)
    hand.act(anna, "bet")
    hand.act(ben, "call")
    hand.act(cara, "fold")
    play_out(hand, {"Second exposure": {anna: "expose 9d", ben: "expose 4c"}})
    view = hand.view(None)
    assert view["seats"][cara]["folded"] and view["seats"][cara]["up"] == ["9h"]
    assert view["seats"][cara]["shown"] is None and "2c" not in str(view)
    awards = view["results"]["awards"]
    assert [a["seat"] for a in awards] == [anna]
    assert awards[0]["hand"] == "Full house, kings full of nines"
    assert sorted(awards[0]["cards"]) == sorted(["Ks", "9d", "Kc", "Kh", "9h"])
    from homegame.evaluate.usage import THREE_HOLE, best_high
    table = ["Ks", "9d", "9h"] + (["Kc"] if showdown_cards_count else [])
    ben_hand = best_high(hg.cards("Kh 4c 4d"), hg.cards(" ".join(table)), THREE_HOLE)
    assert str(ben_hand) == ("Full house, kings full of fours" if showdown_cards_count
                             else "Two pair, kings and fours")
    assert hand.payoffs[anna] > 0 > hand.payoffs[ben]
