"""Odds played out through the engine (homegame.odds.playout, docs/odds.md "Played out"): each modelled feature
against an answer worked out independently (a brute force over every unknown card, or a count from the rules),
the policy's choices, and refused hands."""

from __future__ import annotations

import itertools

import pytest

import homegame as hg
from homegame.cards import card_ids
from homegame.evaluate import evaluate
from homegame.odds.playout import card_slots, final_shares, play_once, playout_equity

QUEEN = 10


def _close(sampled: hg.Equity, exact: float, player: int = 0) -> None:
    """Within four standard errors (and a little slack for a very small error)."""
    assert not sampled.exact
    assert abs(sampled.shares[player] - exact) <= 4 * sampled.stderr[player] + 0.01, (sampled, exact)


def _ftq_brute(p0: str, p1: str) -> float:
    """Follow the Queen heads-up, both players' first six cards known (down, down, then four up cards dealt
    seat 0 first on each street): player 0's share over every pair of seventh-street cards, the wild rank
    found here from the rule's words (queens, and the rank of the card dealt up after the last face-up
    queen; none when a queen is the last card up)."""
    a, b = card_ids(p0), card_ids(p1)
    ups = [c for k in range(2, 6) for c in (a[k], b[k])]
    follow, after = None, False
    for c in ups:
        if c >> 2 == QUEEN:
            after, follow = True, None
        elif after:
            follow, after = c >> 2, False
    wild = 0xF << 4 * QUEEN | (0xF << 4 * follow if follow is not None else 0)
    rest = [c for c in range(52) if c not in a + b]
    mine = {x: evaluate([*a, x], wild=wild) for x in rest}
    theirs = {y: evaluate([*b, y], wild=wild) for y in rest}
    outcomes = list(itertools.permutations(rest, 2))
    total = sum(1.0 if mine[x] > theirs[y] else 0.5 if mine[x] == theirs[y] else 0.0 for x, y in outcomes)
    return total / len(outcomes)


def test_follow_the_queen_a_queen_up_on_sixth_street_takes_the_wild_rank_away() -> None:
    """Player 1's Qs on third street is followed by player 0's 8h on fourth: eights are wild. When player 1's
    sixth-street card is a queen too, it is the last card up, nothing follows it, and eights are no longer
    wild: the brute force says player 0 drops from about a half to about 4%; the played-out odds agree."""
    early = ("Ah Kd 5c 8h 7s 9d", "Kh Jd Qs 6h 4c Tc")
    late = ("Ah Kd 5c 8h 7s 9d", "Kh Jd Qs 6h 4c Qc")
    exact_early, exact_late = _ftq_brute(*early), _ftq_brute(*late)
    assert exact_early > 0.45 and exact_late < 0.1
    game = hg.game("follow-the-queen")
    for hole, exact in ((early, exact_early), (late, exact_late)):
        _close(hg.equity(game, list(hole), trials=300, seed=3), exact)


def test_follow_the_queen_the_follower_is_another_players_card() -> None:
    """Seat 0's Qs is followed by seat 1's 7s on the same street (seat 1 is dealt after seat 0): sevens are
    wild, so seat 0 holds three wild cards (four aces at least; about 90% by brute force). With queens alone
    wild it would hold three sevens, about 72%."""
    hole = ("Ah Kd Qs 7c 7d 9h", "Kh Kc 7s 3c 4c 5c")
    exact = _ftq_brute(*hole)
    assert 0.85 < exact < 0.95
    _close(hg.equity("follow-the-queen", list(hole), trials=300, seed=1), exact)


def test_baseball_a_face_up_four_buys_one_more_card() -> None:
    """A four dealt face up brings one more card face down (free by default, bought at a price by the
    policy): the player ends with eight cards, the others with seven."""
    hole = [card_slots("Ks Kd 4h"), card_slots("2c 5d 6h 7c 8d Tc Jd")]
    for rules in ({}, {"four_price": 5}):
        h = play_once(hg.game("baseball", **rules), hole, [], seed=1)
        assert [len(c) for c in h.cards] == [8, 7]
        assert h.faceup[0][3] is False  # the bought card comes face down, right after the four
    decline = hg.game("baseball", four_price=5)
    h = play_once(decline, hole, [], seed=1, policy=_Decliner())
    assert [len(c) for c in h.cards] == [7, 7]


class _Decliner:
    """The odds policy, except that it never buys."""

    def __init__(self) -> None:
        from homegame.odds.policy import Policy

        self.policy = Policy()

    def act(self, h: object, seat: int) -> str:
        legal = h.legal(seat)  # type: ignore[attr-defined]
        return "check" if "check" in legal and not h.in_round else self.policy.act(h, seat)  # type: ignore[attr-defined]


def test_baseball_the_bought_card_counts_as_a_brute_force_says() -> None:
    """Player 0's four comes up on sixth street; the seventh card listed is the card it buys, and one card is
    still to come (seventh street). Brute force: player 0's best of eight (threes and nines wild) against
    player 1's seven known cards, over every card left."""
    p0, p1 = "Ah Kd 5c 8h 7s 4d Ac", "Kh Kc Ts 6h 6c Jd 2s"
    a, b = card_ids(p0), card_ids(p1)
    wild = 0xF << 4 | 0xF << 28  # threes and nines
    rest = [c for c in range(52) if c not in a + b]
    theirs = evaluate(b, wild=wild)
    exact = sum(1.0 if evaluate([*a, x], wild=wild) > theirs else 0.5 if evaluate([*a, x], wild=wild) == theirs
                else 0.0 for x in rest) / len(rest)
    r = hg.equity("baseball", [p0, p1], trials=400, seed=2)
    _close(r, exact)
    h = play_once(hg.game("baseball"), [a, b], [], seed=5)
    assert len(h.cards[0]) == 8 and h.cards[0][:7] == a


def test_baseball_a_face_up_three_under_each_house_rule() -> None:
    """A three face up: struck out under three_up=fold (no share at all), pays the pot and plays on under
    match-pot (the policy pays), plays on for free under free: then the three is wild, and wins."""
    hole = ["As Ad 3h Ac Kd Kc Ks", "2c 5d 6h 7c 8d Tc Jd"]
    assert hg.equity(hg.game("baseball", three_up="fold"), hole, trials=10, seed=1).shares == [0.0, 1.0]
    for rule in ("match-pot", "free"):
        assert hg.equity(hg.game("baseball", three_up=rule), hole, trials=10, seed=1).shares == [1.0, 0.0]


def test_baseball_an_eighth_card_without_a_four_is_refused() -> None:
    with pytest.raises(ValueError, match="player 0's Qs \\(card 8 listed\\) is never dealt in baseball"):
        hg.equity("baseball", ["As Ad 5h Ac Kd Kc Ks Qs", ""], trials=10, seed=1)


def test_a_draw_to_a_flush_against_a_pat_straight() -> None:
    """Five-card draw: a four-flush draws one (the policy), the straight stands pat; the flush wins with any
    of the 9 hearts among the 42 cards unseen: 9/42 (the burn card changes nothing)."""
    hole = ["Ah Kh 7h 2h 9c", "Ts 9d 8c 7s 6d"]
    _close(hg.equity("five-card-draw", hole, trials=800, seed=4), 9 / 42)
    exact = hg.equity("five-card-draw", hole)  # every card the draw can bring (the burn not enumerated)
    assert exact.exact and exact.outcomes == 42 and exact.shares[0] == pytest.approx(9 / 42)


def test_deuces_wild_a_deuce_is_kept_in_the_draw() -> None:
    """Deuces wild: the deuce stays with the pair of aces and two cards are drawn (the policy), against kings
    full standing pat; brute force over every two-card draw to 2c Ah Ad."""
    mine, theirs = card_ids("2c Ah Ad 7s 4h"), card_ids("Kc Kd Ks 5c 5d")
    rest = [c for c in range(52) if c not in mine + theirs]
    wild = 0xF
    best = evaluate(theirs, wild=wild)
    draws = list(itertools.combinations(rest, 2))
    exact = sum(1.0 if evaluate([*mine[:3], *d], wild=wild) > best else 0.0 for d in draws) / len(draws)
    assert 0.05 < exact < 0.5
    every = hg.equity("deuces-wild", ["2c Ah Ad 7s 4h", "Kc Kd Ks 5c 5d"])  # every draw, in either order
    assert every.exact and every.shares[0] == pytest.approx(exact)


def test_triple_draw_a_made_seven_five_stands_pat() -> None:
    """2-7 triple draw: a made 7-5-4-3-2 stands pat through three draws and is the nuts (only the same low
    ties it)."""
    r = hg.equity("27-triple-draw", ["7c 5d 4h 3s 2d", ""], trials=60, seed=1)
    assert r.shares[0] > 0.97


def test_anaconda_passes_move_the_passed_cards_to_the_left() -> None:
    """Anaconda, everything known: the three cards seat 0 passes first are in seat 1's hand straight after
    the pass; the hand ends with five cards each, and with nothing left to chance the odds are that one
    played-out hand."""
    from homegame.odds.playout import STACK, stakes_for
    from homegame.odds.policy import Policy

    game = hg.game("anaconda")
    hole = ["Ac Ad Ah As 9c 5d 2h", "Kc Kd Kh Qs 8c 6d 3h"]
    h = game.deal([STACK] * 2, stakes=stakes_for(game), button=1, hole=dict(enumerate(hole)))
    policy = Policy()
    passed: list[int] = []
    while not passed:
        step = h.step
        seat = h.to_act[0]
        action = policy.act(h, seat)
        if step is not None and step.kind == "pass" and seat == 0:
            passed = card_ids(action.removeprefix("pass "))
        h.act(seat, action)
    while h.step is not None and h.step.kind == "pass":
        h.act(h.to_act[0], policy.act(h, h.to_act[0]))
    assert len(passed) == 3 and all(c in h.cards[1] for c in passed) and not set(passed) & set(h.cards[0])
    played = play_once(game, [card_slots(x) for x in hole], [], seed=1)
    assert [len(c) for c in played.cards] == [5, 5]
    r = hg.equity(game, hole, trials=5, seed=1)
    assert r.exact and r.outcomes == 1
    assert r.shares == final_shares(played)


def test_high_chicago_the_spade_half_needs_a_spade_in_the_hole() -> None:
    """High Chicago: player 0's As is face up (third street) and does not count; player 1's 2s is in the hole,
    the only spade there, so it takes the spade half while player 0's kings take the high half."""
    r = hg.equity("high-chicago", ["Kd Kc As 7d 8c 9h Jd", "2s 3d 4c 7h Th Qc 8h"])
    assert r.exact and r.shares == [0.5, 0.5]


def test_a_played_out_game_without_choices_matches_the_exact_kernels() -> None:
    """Hold'em through the playout (every card dealt by the engine) agrees with the exact enumeration:
    sampled preflop, and exactly from the flop (every turn and river in either order, burns aside)."""
    from homegame.odds.calculator import played_out

    exact = hg.equity("holdem", ["As Ks", "Qh Qd"])
    _close(played_out("holdem", ["As Ks", "Qh Qd"], trials=1500, seed=7), exact.shares[0])
    for board in ("Ah 7c 2d", "Ah 7c 2d Qs"):
        kernels = hg.equity("holdem", ["As Ks", "Qh Qd"], board=board)
        played = played_out("holdem", ["As Ks", "Qh Qd"], board=board)
        assert played.exact and played.shares == pytest.approx(kernels.shares, abs=1e-12)


def test_an_unknown_card_may_sit_below_known_upcards() -> None:
    """'?' stands for a card not known: player 1's hole cards are unknown, its upcards known."""
    r = hg.equity("razz", ["As 2d 3c 4h", "? ? Kc Kd"], trials=200, seed=1)
    assert r.shares[0] > 0.9
    with pytest.raises(ValueError, match="is listed twice"):
        hg.equity("razz", ["As 2d 3c 4h", "? ? As Kd"], trials=10)


@pytest.mark.parametrize(("game", "hole", "words"), [
    ("five-card-draw", ["As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s", ""], "receives 5 and at most 5 more"),
    ("follow-the-queen", ["As Ks", "As Kd"], "listed twice"),
    ("short-deck", ["2s 3s", ""], "not in short-deck's deck"),
    ("iron-cross", ["As Ks", ""], None),
    ("razz", ["As"] * 9, "for 2 to 7 players, not 9"),
    ("five-card-draw", ["As Ad Ac Ks Kd 2c", ""], "2c .card 6 listed. is never dealt"),
])
def test_impossible_hands_are_refused(game: str, hole: list[str], words: str | None) -> None:
    if words is None:  # possible: it runs
        assert len(hg.equity(game, hole, trials=5, seed=1).shares) == 2
        return
    with pytest.raises(ValueError, match=words):
        hg.equity(game, hole, trials=5, seed=1)


def test_the_seed_reproduces_the_played_out_odds() -> None:
    game = hg.game("anaconda")
    first = playout_equity(game, [card_slots("As Ks"), []], [], trials=30, seed=9)
    assert first == playout_equity(game, [card_slots("As Ks"), []], [], trials=30, seed=9)


def test_irish_keeps_the_two_cards_that_make_the_best_hand_with_the_flop() -> None:
    """Irish: after the flop Ts 9s 2s player 1 keeps Qs Js (a flush), not the pair of kings; player 0 keeps
    the aces. Brute force over every turn and river with those two-card hands (sampled), and over every
    river once the turn is known (exact)."""
    flop = card_ids("Ts 9s 2s")
    a, b = card_ids("As Ad"), card_ids("Qs Js")
    rest = [c for c in range(52) if c not in flop + card_ids("As Ad 7c 4h Kh Kc Qs Js")]
    boards = list(itertools.combinations(rest, 2))
    exact = sum(1.0 if (va := evaluate([*a, *flop, *t])) > (vb := evaluate([*b, *flop, *t])) else
                0.5 if va == vb else 0.0 for t in boards) / len(boards)
    r = hg.equity("irish", ["As Ad 7c 4h", "Kh Kc Qs Js"], board="Ts 9s 2s", trials=500, seed=8)
    _close(r, exact)
    assert exact < 0.3
    turn = card_ids("5d")
    rivers = [c for c in rest if c not in turn]
    by_river = sum(1.0 if (va := evaluate([*a, *flop, *turn, x])) > (vb := evaluate([*b, *flop, *turn, x])) else
                   0.5 if va == vb else 0.0 for x in rivers) / len(rivers)
    every = hg.equity("irish", ["As Ad 7c 4h", "Kh Kc Qs Js"], board="Ts 9s 2s 5d")
    assert every.exact and every.outcomes == len(rivers) and every.shares[0] == pytest.approx(by_river)


def test_low_chicago_the_lowest_spade_in_the_hole() -> None:
    """Low Chicago: player 0's 2s is face up (no use), its 5s is in the hole; player 1's 3s is in the hole and
    is the lowest spade there; player 0's pair of kings takes the high half."""
    r = hg.equity("low-chicago", ["Kd 5s 2s Kc 8c 9h Jd", "3s 4d 6c 7h Th Qc 8h"])
    assert r.exact and r.shares == [0.5, 0.5]


def test_kings_and_little_ones_each_players_lowest_rank_is_wild() -> None:
    """Every card known: kings are wild, and so is each player's own lowest rank (kings aside), counted here
    from the rule's words."""
    hole = ["Kh 4c 4d 9s Jh Jc 3d", "Ks Qs Js 7s 6d 2c 2h"]
    values = []
    for held in hole:
        ids = card_ids(held)
        lowest = min(c >> 2 for c in ids if c >> 2 != 11)
        values.append(evaluate(ids, wild=0xF << 44 | 0xF << 4 * lowest))
    expected = [1.0, 0.0] if values[0] > values[1] else [0.0, 1.0] if values[1] > values[0] else [0.5, 0.5]
    r = hg.equity("kings-and-little-ones", hole)
    assert r.exact and r.shares == expected


def test_iron_cross_a_hand_uses_one_line_of_the_cross() -> None:
    """Iron Cross: the cross is turned left, top, right, bottom, centre; a hand is its own five cards with the
    row (left, right, centre) or the column (top, bottom, centre). Player 1's flush needs three hearts of one
    line: the row has them; player 0's quads need the column's two nines."""
    board = "2h 9c 5h 9d 7h"
    mine, theirs = card_ids("9s 9h Ac Kc Qd"), card_ids("Ah Kh 3c 4d 6s")
    lines = [card_ids("2h 5h 7h"), card_ids("9c 9d 7h")]
    best = [max(evaluate([*own, *line]) for line in lines) for own in (mine, theirs)]
    assert best[0] > best[1]
    r = hg.equity("iron-cross", ["9s 9h Ac Kc Qd", "Ah Kh 3c 4d 6s"], board=board)
    assert r.exact and r.shares == [1.0, 0.0]


def test_a_game_file_reusing_a_kernel_name_with_other_rules_is_played_out() -> None:
    """A game file named "holdem" with deuces wild: the hold'em kernels know no wild cards, so it is played
    out: the two deuces with the board's three kings are five kings, beating kings full."""
    from pathlib import Path

    import homegame.games as games

    text = (Path(games.__file__).parent / "data" / "holdem.toml").read_text()
    wild = hg.load_game(text.replace('name = "holdem"', 'name = "holdem"\nwild = "2"'))
    hole, board = ["2c 2d", "Ah Ad"], "Ks Kd Kh 7c 3s"
    assert hg.equity("holdem", hole, board=board).shares == [0.0, 1.0]
    r = hg.equity(wild, hole, board=board)
    assert r.exact and r.shares == [1.0, 0.0]


@pytest.mark.parametrize("name", hg.game_names())
def test_every_game_plays_out_three_handed(name: str) -> None:
    """Every game, three players, kernels or not: the played-out shares add up to the whole pot."""
    r = hg.equity(name, ["Ad ?", "", "? Kd"], trials=5, seed=2,
                  play_out=True)
    assert len(r.shares) == 3 and abs(sum(r.shares) - 1) < 1e-9 and r.outcomes == 5


def test_an_unknown_card_in_a_kernel_game_is_a_card_not_listed() -> None:
    board = "2c 7d 9h Tc"
    unknown = hg.equity("holdem", ["As ?", "Qh Qd"], board=board)
    assert unknown.exact and unknown == hg.equity("holdem", ["As", "Qh Qd"], board=board)
