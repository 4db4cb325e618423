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


# ---------------------------------------------------------------- game-file catalogue games (issue 11, part 2)

CHICAGO = {0: "Kc Kd Kh 9d 5c 4h 2c", 1: "Qs 3d 7c 8d Jh 6h Td", 2: "Tc 2d As 9c Jc 8c 4d"}


def sides(hand: hg.Hand) -> dict[str, tuple[int, int]]:
    return {a["side"]: (a["seat"], a["amount"]) for a in hand.view(None)["results"]["awards"]}


def test_high_chicago_the_best_spade_in_the_hole_takes_half() -> None:
    """Wikibooks, "Poker/HighChicago": seven-card stud in which the best hand takes half the pot and the
    highest spade in the hole (a down card) the other half; gambiter.com, "Chicago": face-up spades do not
    count (the ace of spades showing is no use). Seat 2's ace of spades is face up, so seat 1's queen of
    spades in the hole takes half; seat 0's three kings the other half (the odd chip with the high half)."""
    h = play_out(hg.game("high-chicago").deal([50] * 3, stakes=STUD, button=2, hole=CHICAGO))
    got = sides(h)
    assert set(got) == {"high", "spade"} and got["high"][0] == 0 and got["spade"][0] == 1
    assert got["high"][1] - got["spade"][1] in (0, 1)
    award = next(a for a in h.view(None)["results"]["awards"] if a["side"] == "spade")
    assert award["hand"] == "the highest spade in the hole, Qs" and award["cards"] == ["Qs"]
    assert h.game.describe()[-1] == "Pot: half to the best hand, half to the highest spade in the hole"


def test_chicago_without_a_spade_in_the_hole_or_with_both_halves_scoops() -> None:
    """azurebaycasino.com, "High Low Chicago": with no spade in the hole at the showdown the best hand wins
    the whole pot, and a player with both the best hand and the best spade takes it all. Low Chicago: the
    lowest spade in the hole (gambiter.com: aces count high, the deuce is lowest)."""
    no_spade = {**CHICAGO, 1: "Qh 3d 7c 8d Jh 6h Td"}
    h = play_out(hg.game("high-chicago").deal([50] * 3, stakes=STUD, button=2, hole=no_spade))
    assert list(sides(h)) == ["all"] and sides(h)["all"][0] == 0
    deuce = {**CHICAGO, 0: "Kc Kd Kh 9d 5c 4h 2s"}  # seat 0 has the deuce of spades down as well
    low = play_out(hg.game("low-chicago").deal([50] * 3, stakes=STUD, button=2, hole=deuce))
    assert list(sides(low)) == ["all"] and sides(low)["all"][0] == 0
    high = play_out(hg.game("high-chicago").deal([50] * 3, stakes=STUD, button=2, hole=deuce))
    assert sides(high)["spade"][0] == 1  # the queen beats the deuce for high
    hi_lo = play_out(hg.game("high-chicago", split="high-low").deal([50] * 3, stakes=STUD, button=2, hole=CHICAGO))
    assert set(sides(hi_lo)) == {"high", "spade"}  # no low of eight or better: the high takes the other half


def test_anaconda_passes_three_two_one_left_keeps_five_rolls_four_and_declares() -> None:
    """Wikibooks, "Poker/Anaconda" (3-2-1 left): seven cards down; pass three to the left, then two, then
    one; keep the best five; arrange them and roll them up one at a time until four show, then declare
    high, low or both. beterpoker.com, "Anaconda poker rules": a betting round after the deal and after
    each pass."""
    g = hg.game("anaconda")
    assert [s.label for s in g.steps if s.kind in ("pass", "discard", "roll", "declare")] == [
        "Pass 3", "Pass 2", "Pass 1", "Discard to 5", "Roll 1", "Roll 2", "Roll 3", "Roll 4", "Declare"]
    assert g.steps[-2].kind == "declare" and g.split == "declare"
    h = g.deal([50] * 3, stakes=ANTES, button=2, seed=11)
    play_out(h, until="Pass 3")
    given = h.view(0)["cards"][:3]
    for s in range(3):
        h.act(s, "pass " + " ".join(h.view(s)["cards"][:3]) if s else "pass " + " ".join(given))
    assert set(given) <= set(h.view(1)["cards"])  # to the left: the next seat
    play_out(h, until="Declare")
    assert all(len(h.view(s)["cards"]) == 5 and len(h.view(None)["seats"][s]["up"]) == 4 for s in range(3))
    play_out(h)
    assert sum(h.payoffs) == 0


def test_cincinnati_four_down_five_community_cards_one_at_a_time_any_five() -> None:
    """top15poker.com, "Rules of Cincinnati Poker": four hole cards, a betting round, then five community
    cards dealt one at a time with a betting round after each; any five of a player's four and the five
    on the board. A royal flush using one hole card beats four aces using three."""
    g = hg.game("cincinnati")
    assert sum(1 for s in g.steps if s.kind == "bet") == 6 and sum(1 for s in g.steps if s.kind == "board") == 5
    h = g.deal([50, 50], stakes=FL, button=1, hole={0: "Th 3c 4d 5s", 1: "Ac Ad As 2d"},
               board="Ah Kh Qh Jh 2c")
    play_out(h)
    assert winners(h) == {0: max(h.payoffs)}
    assert h.view(None)["results"]["awards"][0]["hand"].lower().startswith(("royal", "straight flush"))


def test_pineapple_discards_one_before_the_flop() -> None:
    """p4poker.com, "Pineapple poker rules": three hole cards and one discarded before the preflop betting
    (predictem.com, "How to play Pineapple": after it; house rule discard='after-betting'); then hold'em."""
    for when, order in (("before-betting", ["Deal", "Discard to 2", "Preflop", "Flop"]),
                        ("after-betting", ["Deal", "Preflop", "Discard to 2", "Flop"])):
        g = hg.game("pineapple", discard=when)
        assert [s.label for s in g.steps][:4] == order
        h = g.deal([50] * 3, stakes=FL, button=0, seed=3)
        play_out(h, until="Discard to 2")
        assert h.view(None)["board"] == []
        for s in range(3):
            h.act(s, "discard " + h.view(s)["cards"][0])
        assert all(len(h.view(s)["cards"]) == 2 for s in range(3))
        play_out(h)
        assert len(h.view(None)["board"]) == 5 or h.over


def test_omaha_high_low_two_hole_cards_for_each_half() -> None:
    """Robert's Rules of Poker, Omaha high-low split (eight or better): exactly two hole cards and three
    from the board for the high and for the low. Seat 1's two hearts with the board's three make the flush
    for high; seat 0's 4-5 with A-2-3 the wheel for low; seat 1's nines make no low."""
    h = hg.game("omaha-hi-lo").deal([50, 50], stakes=FL, button=1, hole={0: "4s 5s Kc Kh", 1: "Jh Th 9c 9d"},
                                    board="Ah 2h 3h Kd Qc")
    play_out(h)
    got = sides(h)
    assert got["high"][0] == 1 and got["low"][0] == 0


def test_five_card_stud_low_card_brings_in_then_the_high_hand_showing() -> None:
    """Robert's Rules of Poker, five-card stud: one card down and one up; the lowest up card brings in; on
    later streets the highest hand showing acts first."""
    h = hg.game("five-card-stud").deal([50] * 3, stakes=STUD, button=2,
                                       hole={0: "Ac 2d 7h", 1: "Kc Qd Qs", 2: "3c Ah 4s"})
    assert h.to_act == (0,) and "fold" not in h.legal(0)  # the deuce brings in
    script(h, [(0, "call"), (1, "call"), (2, "call")])
    assert h.view(None)["seats"][1]["up"] == ["Qd", "Qs"] and h.to_act == (1,)  # a pair of queens showing
    play_out(h)
    assert sum(h.payoffs) == 0 and all(len(h.view(None)["results"]["shown"][str(s)]) == 5 for s in range(3))


def test_odds_for_the_new_flop_and_stud_games_agree_with_their_showdowns() -> None:
    """hg.equity plays Omaha high-low, Cincinnati and five-card stud (the worked examples above, with every
    card known: the share is the showdown's)."""
    assert hg.equity(hg.game("omaha-hi-lo"), ["4s 5s Kc Kh", "Jh Th 9c 9d"], board="Ah 2h 3h Kd Qc").shares == [
        0.5, 0.5]
    assert hg.equity(hg.game("cincinnati"), ["Th 3c 4d 5s", "Ac Ad As 2d"], board="Ah Kh Qh Jh 2c").shares == [
        1.0, 0.0]
    r = hg.equity(hg.game("five-card-stud"), ["Ac 2d 7h 9s Td", "Kc Qd Qs 3h 4h"])
    assert r.exact and r.shares == [0.0, 1.0]


def test_iron_cross_one_line_of_the_cross() -> None:
    """how-to-play-poker.co.uk, "Iron Cross poker": five hole cards and five community cards in a cross,
    turned one at a time with betting, the centre last; a hand is any of the five hole cards with either
    the three horizontal or the three vertical cards, never both (umatno.info: turned left, top, right,
    bottom, centre). Board Ah (left) Kd (top) Kh (right) Qh (bottom) Jh (centre): seat 1's two kings make
    three kings with either line (four kings only by mixing them); seat 0's Q-T make the ace-high straight
    with the row, and win."""
    g = hg.game("iron-cross")
    assert [s.label for s in g.steps if s.kind == "board"] == ["Left", "Top", "Right", "Bottom", "Centre"]
    assert sum(1 for s in g.steps if s.kind == "bet") == 5
    h = g.deal([50, 50], stakes=FL, button=1, hole={0: "Qc Tc 2c 3d 4s", 1: "Kc Ks 7d 8d 9c"},
               board="Ah Kd Kh Qh Jh")
    play_out(h)
    award = h.view(None)["results"]["awards"][0]
    assert award["seat"] == 0 and award["hand"] == "Straight, ace high"
    assert sorted(award["cards"]) == sorted(["Ah", "Kh", "Qc", "Jh", "Tc"])
    column = g.deal([50, 50], stakes=FL, button=1, hole={0: "Qc Tc 2c 3d 4s", 1: "Kc Ks 7d 8d 9c"},
                    board="2d Ah 7s Kh Jh")  # now the column (Ah, Kh, Jh) makes seat 0's straight
    play_out(column)
    award = column.view(None)["results"]["awards"][0]
    assert award["seat"] == 0 and sorted(award["cards"]) == sorted(["Ah", "Kh", "Qc", "Jh", "Tc"])


def test_elevator_one_row_across_the_h() -> None:
    """pokertips.org, "Elevator": two cards down and two up; seven community cards in an H, turned one at a
    time (the left column, then the right, the centre last) with a betting round after each; a hand is the
    four hole cards with three community cards in a line across: the centre and the card of each column
    level with it (top15poker.com: the centre slides up and down the shaft). Board: left Qh 2s 5c, right
    Jh 8c 6d, centre Th. Seat 1's nines would make a queen-high straight with Q-J-T-8 from the whole board,
    but no row holds those; its pair of nines loses to seat 0's aces."""
    g = hg.game("elevator")
    assert [s.label for s in g.steps if s.kind == "board"][-1] == "Centre"
    assert sum(1 for s in g.steps if s.kind == "bet") == 8 and g.steps[0].faces == (False, False, True, True)
    h = g.deal([80, 80], stakes=FL, button=1, hole={0: "Ac Ad 3s 4c", 1: "9s 9d 3c 4d"}, board="Qh 2s 5c Jh 8c 6d Th")
    play_out(h)
    award = h.view(None)["results"]["awards"][0]
    assert award["seat"] == 0 and award["hand"].startswith("One pair, aces")
    royal = g.deal([80, 80], stakes=FL, button=1, hole={0: "Ah Kh 2c 7d", 1: "9s 9d 3c 4d"},
                   board="Qh 2s 5c Jh 8c 6d Th")  # the top row (Qh, Th, Jh) with the ace and king of hearts
    play_out(royal)
    assert royal.view(None)["results"]["awards"][0]["hand"] == "Royal flush"


def test_tahoe_at_most_two_of_three_hole_cards() -> None:
    """imaconlinepoker.com, "Tahoe Poker rules": three hole cards, a hand uses 0, 1 or 2 of them with the
    board, never all three (the declaration ``usage = { own = [0, 1, 2] }``). Seat 0's three aces would be a
    full house with the board's kings; only two of them play, so aces and kings lose to seat 1's three kings."""
    h = hg.game("tahoe").deal([50, 50], stakes=FL, button=1, hole={0: "As Ah Ad", 1: "Kh 9s 8s"},
                              board="Kc Kd 7s 4h 2c")
    play_out(h)
    award = h.view(None)["results"]["awards"][0]
    assert award["seat"] == 1 and award["hand"].startswith("Three of a kind, kings")
    from homegame.evaluate.usage import best_high

    assert str(best_high("As Ah Ad", "Kc Kd 7s 4h 2c", hg.game("tahoe").usage)) == "Two pair, aces and kings"
    assert str(best_high("As Ah Ad", "Kc Kd 7s 4h 2c", hg.game("holdem").usage)).startswith("Full house, aces")
    board_plays = hg.game("tahoe").deal([50, 50], stakes=FL, button=1, hole={0: "2s 3h 4d", 1: "2h 3d 4c"},
                                        board="Ts Js Qs Ks As")  # none of the hole cards: the board's royal flush
    play_out(board_plays)
    assert len(board_plays.view(None)["results"]["awards"]) == 2  # split
