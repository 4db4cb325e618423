"""The catalogue's worked examples (issue 11, docs/games/): one hand per game, each checking what the cited
public rule source says the game does."""

from __future__ import annotations

import pytest

import homegame as hg
from test_rules_support import LIMIT, play_out, script

FL = hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)
STUD = hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4)


def winners(hand: hg.Hand) -> dict[int, int]:
    return {s: p for s, p in enumerate(hand.payoffs) if p > 0}


def test_five_card_draw_pair_draws_three_pat_straight_wins() -> None:
    """Robert's Rules of Poker, draw poker: a player draws once, up to five cards, after the first betting
    round; the best high hand wins. Seat 0 keeps a pair of kings and draws three (making kings up); seat 1
    stands pat on a straight, which wins."""
    hole = {0: "Kc Kd 7h 4s 2c 9d 9s 3h", 1: "5c 6d 7s 8h 9c"}
    h = hg.game("five-card-draw").deal([50, 50], stakes=FL, button=1, hole=hole)
    script(h, [(1, "call"), (0, "check")])
    assert h.step is not None and h.step.label == "Draw" and h.to_act == (0,)
    script(h, [(0, "discard 7h 4s 2c"), (1, "discard")])
    assert h.view(0)["cards"] == ["Kc", "Kd", "9d", "9s", "3h"]
    assert [e["text"] for e in h.events if e["type"] == "draw"] == ["Seat 0 draws 3", "Seat 1 stands pat"]
    play_out(h)
    assert winners(h) == {1: 2}


def test_27_triple_draw_straights_count_and_aces_are_high() -> None:
    """Robert's Rules of Poker, lowball (deuce-to-seven): aces are high and straights and flushes count, so
    the best hand is 7-5-4-3-2; a 6-5-4-3-2 is a straight and A-5-4-3-2 is ace high. Everyone stands pat
    three times; the seven low takes the whole pot."""
    hole = {0: "2c 3d 4h 5s 6c", 1: "2d 3h 4s 5c 7d", 2: "Ah 5h 4d 3c 2s"}
    h = hg.game("27-triple-draw").deal([50] * 3, stakes=FL, button=0, hole=hole)
    assert [s.label for s in h.game.steps if s.kind == "draw"] == ["First draw", "Second draw", "Third draw"]
    play_out(h)
    assert winners(h) == {1: 4}
    assert h.view(None)["results"]["awards"][0]["hand"] == "7-5-4-3-2 low"


def test_razz_high_card_brings_in_low_hand_acts_first_best_low_wins() -> None:
    """Robert's Rules of Poker, razz: the highest up card brings in (aces low: the king, not the ace);
    afterwards the lowest hand showing acts first; the best ace-to-five low wins (no qualifier)."""
    hole = {0: "Ac 2c Kd 9s 4h 6d Qc", 1: "3d 4d Ah 2h 5s Jc Jd", 2: "7c 8c 2d Ks Kh 3s Th"}
    h = hg.game("razz").deal([50] * 3, stakes=STUD, button=2, hole=hole)
    assert h.to_act == (0,) and "fold" not in h.legal(0)  # the king of diamonds brings in
    script(h, [(0, "call"), (1, "call"), (2, "call")])
    assert h.view(None)["seats"][1]["up"] == ["Ah", "2h"]
    assert h.to_act == (1,)  # A-2 showing is the lowest: it acts first on fourth street
    play_out(h)
    assert list(winners(h)) == [1]
    assert h.view(None)["results"]["awards"][0]["hand"] == "5-4-3-2-A low"


def test_stud_high_low_splits_with_an_eight_low_and_scoops_without() -> None:
    """Robert's Rules of Poker, seven-card stud high-low split: the best high hand and the best low of
    eight or better share the pot; with no qualifying low the high hand takes it all."""
    hole = {0: "Ks Kd Kc 9s 9d 2c Qh", 1: "Ac 2d 3h 7s 8c Jd Jh", 2: "Tc Td 9h 9c Js Qs Qd"}
    h = hg.game("stud-hi-lo").deal([50] * 3, stakes=STUD, button=2, hole=hole)
    play_out(h)
    sides = {(a["seat"], a["side"]) for a in h.view(None)["results"]["awards"]}
    assert sides == {(0, "high"), (1, "low")}
    hole[1] = "Ac 2d 3h Th Ts Jd Jh"  # no low of eight or better now
    h = hg.game("stud-hi-lo").deal([50] * 3, stakes=STUD, button=2, hole=hole)
    play_out(h)
    assert [(a["seat"], a["side"]) for a in h.view(None)["results"]["awards"]] == [(0, "all")]


def test_big_o_exactly_two_of_five_hole_cards() -> None:
    """PokerNews, Big O rules: five hole cards, and a hand uses exactly two of them with three of the board
    (as in Omaha), split high-low eight or better. With four hearts on the board, one heart in the hand makes
    no flush; seat 1's two hole kings make the high, seat 0's A-2 the low."""
    hole = {0: "Ah 2c 9s 9d Tc", 1: "Kc Kd 3s Js Qc"}
    h = hg.game("big-o").deal([50, 50], stakes=FL, button=1, hole=hole, board="4h 6h 8h Kh 5c")
    play_out(h)
    awards = {a["side"]: a for a in h.view(None)["results"]["awards"]}
    assert awards["high"]["seat"] == 1 and awards["high"]["hand"].startswith("Three of a kind")
    assert awards["low"]["seat"] == 0 and awards["low"]["hand"] == "6-5-4-2-A low"


@pytest.mark.parametrize(("name", "hole", "keep"), [("crazy-pineapple", 3, 2), ("irish", 4, 2)])
def test_discard_after_the_flop_betting_before_the_turn(name: str, hole: int, keep: int) -> None:
    """Crazy Pineapple (Wikipedia, "Pineapple (poker)") and Irish (setthings.com, "Irish poker"): the extra
    hole cards are discarded after the flop's betting round, before the turn; the hand then ends as
    hold'em. The discards are unseen."""
    g = hg.game(name)
    assert [s.label for s in g.steps][3:6] == ["Flop", "Discard to 2", "Turn"]
    h = g.deal([50] * 3, stakes=FL, button=0, seed=8)
    assert all(len(h.view(s)["cards"]) == hole for s in range(3))
    play_out(h, until="Discard to 2")
    assert len(h.view(None)["board"]) == 3 and sorted(h.to_act) == [0, 1, 2]
    thrown = {s: h.view(s)["cards"][keep:] for s in range(3)}
    for s in range(3):
        h.act(s, "discard " + " ".join(thrown[s]))
    assert all(len(h.view(s)["cards"]) == keep for s in range(3))
    for viewer in (None, 0, 1, 2):
        text = str(h.view(viewer))
        assert not any(c in text for s, cs in thrown.items() for c in cs if s != viewer)
    play_out(h)
    assert sum(h.payoffs) == 0 and len(h.view(None)["board"]) == 5


def test_catalogue_games_list_their_pages() -> None:
    """Every catalogue game has its page in docs/games/."""
    from pathlib import Path

    pages = Path(__file__).resolve().parent.parent / "docs" / "games"
    for name in hg.game_names()[7:]:
        assert (pages / f"{name}.md").is_file(), name
    assert LIMIT.structure == "fixed-limit"


ANTES = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4)


def test_jacks_or_better_to_open_and_a_hand_nobody_opens_is_passed_out() -> None:
    """Robert's Rules of Poker, draw poker (jackpots): a player needs a pair of jacks or better to open
    the betting; if nobody opens, the deal is passed out (here every chip goes back; a table may let the
    antes ride). Played with antes: with blinds the big blind is the open and the rule changes nothing."""
    g = hg.game("five-card-draw", openers="jacks")
    blinds = g.deal([50, 50], stakes=FL, button=0, hole={0: "2c 3d 7h 8s 9c", 1: "2d 4c 6h Ts Qc"})
    assert blinds.legal(0) == ["fold", "call 1", "raise 4"]  # with blinds the big blind has opened
    hole = {0: "Tc Td Ah Ks Qc", 1: "2c 2d 7h 8s 9c", 2: "Jc Jd 4h 5s 3c"}
    h = g.deal([50] * 3, stakes=ANTES, button=2, hole=hole)
    assert h.legal(0) == ["check"] and h.legal(0) == h.view(0)["legal"]  # tens do not open
    h.act(0, "check")
    assert h.legal(1) == ["check"]
    h.act(1, "check")
    assert h.legal(2) == ["check", "bet 2"]  # jacks open
    h.act(2, "bet")
    assert h.legal(0) == ["fold", "call 2", "raise 4"]  # once open, anyone may raise
    h = g.deal([50] * 3, stakes=ANTES, button=2, hole={**hole, 2: "Tc Td 4h 5s 3c".replace("Tc Td", "Th Ts")})
    script(h, [(0, "check"), (1, "check"), (2, "check")])
    assert h.over and h.payoffs == [0, 0, 0] and h.stacks == [50, 50, 50]
    assert h.events[-1]["type"] == "passed-out" and h.view(0)["results"]["awards"] == []
    assert hg.replay(h.history.to_json()).payoffs == [0, 0, 0]
    for seed in range(20):  # random play keeps chips and cards
        rh = g.deal([20] * 4, stakes=ANTES, button=seed % 4, seed=seed)
        play_out(rh)
        assert sum(rh.payoffs) == 0


def test_default_stakes_give_every_stud_game_a_bring_in() -> None:
    from homegame.sim import default_stakes

    assert [default_stakes(n).bring_in for n in ("stud", "razz", "stud-hi-lo", "five-card-draw")] == [1, 1, 1, 0]


def test_odds_for_big_o_and_stud_high_low() -> None:
    """The worked Big O and stud high-low hands above, as exact equities: each side takes half."""
    from homegame.odds import equity

    assert equity(hg.game("big-o"), ["Ah 2c 9s 9d Tc", "Kc Kd 3s Js Qc"], board="4h 6h 8h Kh 5c").shares == [0.5, 0.5]
    assert equity(hg.game("stud-hi-lo"), ["Ks Kd Kc 9s 9d 2c Qh", "Ac 2d 3h 7s 8c Jd Jh"]).shares == [0.5, 0.5]
