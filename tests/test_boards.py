"""Several boards as data (issue 21, item 2): a game file's ``usage.boards`` with ``split = "boards"`` (the pot
split between the boards, each part to the best hand on its board), and a laid-out board whose lines are
paths (Chowaha). Each catalogue game's worked example comes from the public source its docs page cites."""

from __future__ import annotations

from typing import Any

import pytest

import homegame as hg
from homegame.games import GameFileError, load_game
from homegame.games.dump import dump
from homegame.rules.carduse import CardUse
from test_rules_support import play_out, script

FL = hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)


def awards(h: hg.Hand) -> list[tuple[int | None, int, int, str]]:
    """(board, seat, chips, hand in words) of every award, in the results' order."""
    return [(a.get("board"), a["seat"], a["amount"], a["hand"]) for a in h.view(None)["results"]["awards"]]


def test_double_board_worked_example_each_board_wins_half() -> None:
    """neverwinpoker.com, "Double flop Hold'em": holding AQ with a top board of A 3 Q 4 9 and a bottom board of
    K J 10 8 4, "on the top board, you have two pair, and on the bottom you have the nut straight". Our
    addition: a second player with a pair of nines (a set on the top board, a king-high straight on the bottom)
    and a small blind who folds, so the pot of 5 has an odd chip: it goes with the first (top) board's half
    (The Asian Poker Tour's handbook: "it is awarded to the hand that wins the top board")."""
    g = hg.game("double-board-holdem")
    # the first flop, the second flop, the two turns, the two rivers, in the order they are turned
    h = g.deal([100, 100, 100], stakes=FL, button=2, hole={0: "7c 2d", 1: "9h 9s", 2: "Ac Qd"},
               board="Ah 3c Qs Kd Js Tc 4d 8s 9c 4h")
    script(h, [(2, "call"), (0, "fold"), (1, "check")])
    play_out(h)
    assert h.view(None)["board"] == ["Ah", "3c", "Qs", "Kd", "Js", "Tc", "4d", "8s", "9c", "4h"]
    assert awards(h) == [(1, 1, 3, "Three of a kind, nines"), (2, 2, 2, "Straight, ace high")]
    assert h.payoffs == [-1, 1, 0]
    wins = [e["text"] for e in h.events if e["type"] == "win"]
    assert wins == ["Seat 1 wins 3 from the main pot on board 1", "Seat 2 wins 2 from the main pot on board 2"]
    from homegame.evaluate.usage import best_high

    # the example's own words for AQ on the top board
    assert str(best_high("Ac Qd", "Ah 3c Qs 4d 9c", g.usage)).startswith("Two pair, aces and queens")
    assert hg.replay(h.history.to_json()).payoffs == h.payoffs


def test_double_board_a_hand_is_made_on_one_board_only() -> None:
    """pokertips.org, "Double Flop Hold'em": AA with Board 1 A2345 and Board 2 K8875 is "a straight, ace to five
    for board one and a two pair, aces and eights for board two. You do NOT have a full house". Seat 0 holds the
    aces and scoops: both halves, each described on its own board."""
    h = hg.game("double-board-holdem").deal([50, 50], stakes=FL, button=1, hole={0: "Ah Ad", 1: "Qc Jd"},
                                            board="As 2c 3h Kd 8s 8c 4d 7h 5c 5d")
    play_out(h)
    assert awards(h) == [(1, 0, 1, "Straight, five high"), (1, 1, 1, "Straight, five high"),
                         (2, 0, 2, "Two pair, aces and eights")]


def test_double_board_high_low_halves_each_board() -> None:
    """In a high-low game each board's half is split high and low within it (odd chip to the high side)."""
    h = hg.game("double-board-holdem", split="high-low").deal(
        [50, 50], stakes=FL, button=1, hole={0: "Ac 2d", 1: "6h 7d"}, board="3s 4h 5c Qs Qc Jd 8d Ks 9c 7h")
    play_out(h)
    # board 1 (3 4 5 8 9): seat 1's nine-high straight, seat 0's wheel for low; board 2 (Q Q J K 7): seat 1's
    # queens and sevens, and nobody has a low (seat 0 has three cards of eight or under)
    assert awards(h) == [(1, 1, 1, "Straight, nine high"), (1, 0, 1, "5-4-3-2-A low"),
                         (2, 1, 2, "Two pair, queens and sevens")]


def test_chowaha_worked_example_a_hand_takes_one_path() -> None:
    """onlineslotsguru.co.uk, "Chowaha": the example layout has J♥ in the top row, turns 4♥ and K♠ and the river
    A♠; "selecting the J♥ from the top row means you would also be selecting the 4♥ and the A♠". The other board
    cards and the hole cards are ours. Seat 0 (Jc 4c) takes the top path: jacks and fours. Seat 1 (Kd Qc) would
    have a broadway straight with the middle row's Jd and the bottom row's Tc, but no path holds both: its best
    is the kings with the middle row, the second turn and the river, and it loses."""
    g = hg.game("chowaha")
    top, middle, bottom, turns, river = "Jh 8h 2c", "Jd 5c 3d", "Tc 6s 7d", "4h Ks", "As"
    h = g.deal([50, 50], stakes=FL, button=1, hole={0: "Jc 4c", 1: "Kd Qc"},
               board=" ".join([top, middle, bottom, turns, river]))
    play_out(h)
    assert awards(h) == [(None, 0, 4, "Two pair, jacks and fours")]
    assert sorted(h.view(None)["results"]["awards"][0]["cards"]) == sorted(["Jc", "Jh", "4c", "4h", "As"])
    from homegame.evaluate.usage import best_high

    assert str(best_high("Kd Qc", "Jd Tc As 4h 2c", g.usage)).startswith("Straight, ace high")  # no such path
    assert g.use.drawing() == {"name": "chowaha", "lines": [[0, 1, 2, 9, 11], [3, 4, 5, 9, 11], [3, 4, 5, 10, 11],
                                                            [6, 7, 8, 10, 11]]}


#: Three boards of three cards, a game no shipped file has: the pot in three parts, the odd chips to the first.
THREE_BOARDS = '''name = "three-boards"
title = "Three Boards"
usage = { own = [2], boards = [[0, 3, 6], [1, 4, 7], [2, 5, 8]], split = "boards", layout = "three-rows" }

[[steps]]
kind = "deal"
faces = "down down"

[[steps]]
kind = "bet"

[[steps]]
kind = "board"
label = "Three"
count = 3

[[steps]]
kind = "board"
label = "Three more"
count = 3
burn = false

[[steps]]
kind = "board"
label = "The last three"
count = 3
burn = false

[[steps]]
kind = "bet"

[[steps]]
kind = "showdown"
'''


def test_a_three_board_game_written_in_a_file() -> None:
    g = load_game(THREE_BOARDS)
    assert g.use.boards == ((0, 3, 6), (1, 4, 7), (2, 5, 8)) and load_game(dump(g)) == g
    # boards: (As 5c 9d), (Kh 6h 8h), (2s 3d Th); exactly two hole cards with a board's three. Seats 0 and 1
    # tie the first and the third with ace-queen; seat 1's hearts take the second. Seat 2 folds its big blind:
    # the pot of 10 is 4, 3 and 3, and each tie's odd chip goes to seat 1, the first left of the button
    h = g.deal([50, 50, 50], stakes=FL, button=0, hole={0: "Ac Qs", 1: "Ah Qh", 2: "7c 2c"},
               board="As Kh 2s 5c 6h 3d 9d 8h Th")
    script(h, [(0, "raise 4"), (1, "call"), (2, "fold")])
    play_out(h)
    assert [(b, s, c) for b, s, c, _ in awards(h)] == [(1, 1, 2), (1, 0, 2), (2, 1, 3), (3, 1, 2), (3, 0, 1)]
    assert sum(h.payoffs) == 0


@pytest.mark.parametrize(("usage", "said"), [
    ("{ boards = [[0, 1, 2, 3, 4]] }", "boards must be 2 to 4 lists"),
    ("{ boards = [[0, 1, 2], [2, 3, 4]] }", "a board card is on one board only"),
    ("{ boards = [[0, 1, 2], [3, 4, 5]], split = \"best\" }", "write the boards as lines"),
    ("{ split = \"boards\" }", "declare the boards too"),
    ("{ boards = [[0, 1, 2], [3, 4, 5]], lines = [[0, 1, 2]] }", "not both"),
    ("{ boards = [[0, 1], \"x\"] }", "usage.boards must be lists of board positions"),
    ("{ boards = [[0, 1, 2], [3, 4, 5]], split = 2 }", "usage.split are text"),
])
def test_a_bad_boards_declaration_is_refused_with_its_line(usage: str, said: str) -> None:
    bad = THREE_BOARDS.replace(
        'usage = { own = [2], boards = [[0, 3, 6], [1, 4, 7], [2, 5, 8]], split = "boards", layout = "three-rows" }',
        f"usage = {usage}")
    with pytest.raises(GameFileError, match=said) as e:
        load_game(bad)
    assert "line 3" in str(e.value)


def test_a_board_that_the_steps_do_not_fill_is_refused() -> None:
    bad = THREE_BOARDS.replace("[2, 5, 8]]", "[2, 5, 9]]")
    with pytest.raises(GameFileError, match="a board of 10 [(]its boards[)]"):
        load_game(bad)


def test_the_view_says_which_board_each_card_is_on() -> None:
    h = hg.game("double-board-holdem").deal([50, 50], stakes=FL, button=1, hole={0: "Ah Ad", 1: "Qc Jd"},
                                            board="As 2c 3h Kd 8s 8c 4d 7h 5c 5d")
    assert h.view(0)["boards"] == [[], []]
    play_out(h, until="Flop")
    view: dict[str, Any] = h.view(0)
    assert view["board"] == ["As", "2c", "3h", "Kd", "8s", "8c"]
    assert view["boards"] == [["As", "2c", "3h"], ["Kd", "8s", "8c"]]
    play_out(h)
    assert h.view(None)["boards"] == [["As", "2c", "3h", "4d", "5c"], ["Kd", "8s", "8c", "7h", "5d"]]
    assert "boards" not in hg.game("holdem").deal([50, 50], stakes=FL, button=1, seed=3).view(0)
    assert hg.game("double-board-holdem").use.drawing() == {"name": "boards", "boards": [[0, 1, 2, 6, 8],
                                                                                        [3, 4, 5, 7, 9]]}


def test_card_use_in_words_and_back() -> None:
    use = CardUse(own=(2,), boards=((0, 1, 2), (3, 4, 5)))
    assert use.split == "boards" and use.describe() == (
        "exactly 2 own cards with 3 board cards, on each of 2 boards (the pot split between them)")
    assert use.to_toml() == {"own": [2], "boards": [[0, 1, 2], [3, 4, 5]], "split": "boards"}


def test_equity_on_two_boards_is_the_average_share_of_the_pot() -> None:
    """The worked example's cards: each player takes one board, so each has half the pot; A-A against Q-J on
    the pokertips boards has half of the first board's half and all of the second's."""
    g = hg.game("double-board-holdem")
    first = hg.equity(g, ["Ac Qd", "9h 9s"], board="Ah 3c Qs Kd Js Tc 4d 8s 9c 4h")
    assert first.shares == [0.5, 0.5] and first.exact
    assert hg.equity(g, ["Ah Ad", "Qc Jd"], board="As 2c 3h Kd 8s 8c 4d 7h 5c 5d").shares == [0.75, 0.25]


def test_a_bot_estimates_its_share_over_both_boards() -> None:
    """Seat 0's aces are quads on board 1 (no straight flush can come) and aces full on board 2, beaten there
    only by the last king (2 of the 40 unseen cards for the opponent's two): a share of 0.5 + 0.5 × 0.95."""
    from homegame.bots.estimate import share

    h = hg.game("double-board-holdem").deal([50, 50], stakes=FL, button=1, hole={0: "Ac As"},
                                            board="Ah Ad 7c Kd Kh Kc 2s 4s 9h 8d")
    play_out(h, until="River")  # the river betting: every board card is out
    assert 0.95 < share(h.view(0), trials=4000, seed=1) < 0.99


def test_two_boards_run_twice_pay_a_quarter_each() -> None:
    """Run twice (issue 10) on two boards: every pot is halved between the runs (odd chip to the first run),
    each half between the boards (odd chip to the first board), each part to the best hand on its board of
    its run; checked against that rule written out here, on 20 seeded deals all in before the flop."""
    from homegame.rules.pots import side_pots

    nl = hg.Stakes("no-limit", blinds=(1, 2), small_bet=2)
    g = hg.game("double-board-holdem")
    for seed in range(20):
        h = g.deal([101, 100, 100], stakes=nl, button=2, seed=seed, options={"run_twice": [1, 2]})
        script(h, [(2, "raise 100"), (0, "fold"), (1, "call")])
        assert h.over and h.runs is not None
        won = [0] * h.players
        for pot in side_pots(h.totals, h.folded):
            first_run = pot.amount - pot.amount // 2
            for (board, cards), half in zip(h.runs, [first_run, pot.amount - first_run], strict=True):
                for positions, part in zip(g.use.boards, [half - half // 2, half // 2], strict=True):
                    on = [str(hg.Card(board[i])) for i in positions]
                    values = {s: hg.evaluate([str(hg.Card(c)) for c in cards[s]] + on) for s in pot.eligible}
                    top = max(values.values())
                    winners = sorted((s for s in pot.eligible if values[s] == top), key=lambda s: (s - 2 - 1) % 3)
                    base, odd = divmod(part, len(winners))
                    for i, s in enumerate(winners):
                        won[s] += base + (i < odd)
        assert h.payoffs == [won[s] - h.totals[s] for s in range(3)], seed
        assert {(a.get("run"), a.get("board")) for a in h.results["awards"]} <= {(1, 1), (1, 2), (2, 1), (2, 2)}


def test_the_command_line_tells_each_board_apart() -> None:
    """`homegame play`'s words at the showdown: each shown hand on each board, each award's board, and a
    player who takes both boards is not "a tie with" themself. Iron Cross's hands are described on a line of
    the cross (they were described with all five board cards: a pair of twos from the column with the row's
    queen)."""
    from homegame.cli.render import showdown_words

    h = hg.game("double-board-holdem").deal([50, 50], stakes=FL, button=1, hole={0: "Ah Ad", 1: "Qc Jd"},
                                            board="As 2c 3h Kd 8s 8c 4d 7h 5c 5d")
    play_out(h)
    words = showdown_words(h.view(0))
    assert words[0] == ("You show A♥ A♦: on board 1 a straight, five high (5♣ 4♦ 3♥ 2♣ A♥); on board 2 two pair, "
                        "aces and eights (A♥ A♦ 8♠ 8♣ K♦).")
    assert words[2].startswith("You win 1 from the pot on board 1 with a straight") and "a tie with Seat 1" in words[2]
    assert words[4] == "You win 2 from the pot on board 2 with two pair, aces and eights (A♥ A♦ 8♠ 8♣ K♦)."
    scoop = hg.game("double-board-holdem").deal([50, 50], stakes=FL, button=1, hole={0: "Ah Ad", 1: "7c 6d"},
                                                board="As 9c 3h Kd 8s 8c 4d Jh Qc 5d")
    play_out(scoop)
    assert not any("tie" in line for line in showdown_words(scoop.view(0)))
    cross = hg.game("iron-cross").deal([50, 50], stakes=FL, button=1, hole={0: "Ah Kh 2c 7d 3s", 1: "9s 9d 3c 4d 5s"},
                                       board="Qh 2s 5c Jh 8c")
    play_out(cross)
    assert showdown_words(cross.view(0))[0] == "You show A♥ K♥ 2♣ 7♦ 3♠: one pair, twos (2♣ 2♠ A♥ K♥ J♥)."


def test_chowaha_high_low_each_side_takes_its_own_path() -> None:
    """The high-low version (andreasterpa.blogspot.com: "two different boards, one for the high and one for
    the low"): seat 1's kings full come from the top row's three kings; seat 0's low, 6-4-3-2-A, from the bottom
    row, the second turn and the river; the pot is halved between them."""
    h = hg.game("chowaha", split="high-low").deal(
        [50, 50], stakes=FL, button=1, hole={0: "Ac 2d", 1: "Qh Qd"},
        board="Kh Kd Ks Jc Tc 5h 3c 4d 6s 9c 7c 8h")
    play_out(h)
    assert awards(h) == [(None, 1, 2, "Full house, kings full of queens"), (None, 0, 2, "6-4-3-2-A low")]


@pytest.mark.parametrize("name", ["double-board-holdem", "chowaha"])
def test_a_street_dealt_board_by_board_is_named_once(name: str) -> None:
    """Play-test: "SECOND FLOP · BETTING" read as a second betting round; the betting after both flops is
    the flop's."""
    g = hg.game(name)
    hand = g.deal([100] * 3, stakes=hg.Stakes("fixed-limit", small_bet=2, big_bet=4, ante=1), seed=1)
    streets = []
    while not hand.over:
        seat = hand.to_act[0]
        street = hand.view(seat)["street"]
        if not streets or streets[-1] != street:
            streets.append(street)
        legal = hand.legal(seat)
        hand.act(seat, "check" if "check" in legal else next(m for m in legal if m.startswith("call")))
    assert streets == ["Preflop", "Flop", "Turn", "River"]
