"""The wild-card, buy-a-card and short-deck games: each checked against a worked example from a public rule
page (cited at each test), and every catalogue game with every bot and in the odds."""

from __future__ import annotations

import random

import pytest

import homegame as hg
from homegame.bots import bot_names, make_bot
from homegame.evaluate import evaluate
from homegame.evaluate.short import evaluate_many_short, evaluate_short
from homegame.rules.wilds import follow_rank

STUD = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4)
NL = hg.Stakes("no-limit", blinds=(1, 2))


def passive(hand: hg.Hand, until: str | None = None) -> None:
    """Check or call every decision (stand pat in a draw) until the hand ends or reaches step ``until``."""
    while not hand.over and (until is None or hand.step is None or hand.step.label != until):
        seat = hand.to_act[0]
        legal = hand.legal(seat)
        if hand.step is not None and hand.step.kind == "draw":
            hand.act(seat, "discard")
            continue
        hand.act(seat, "check" if "check" in legal else next((a for a in legal if a.startswith("call")), legal[0]))


def test_follow_the_queen_worked_example() -> None:
    """top15poker.com, "Rules of Follow the Queen Poker": queens are always wild; when a queen is dealt face up
    the next card dealt face up names a wild rank; a later face-up queen replaces it with the card after it;
    if a queen is the last card dealt face up, only queens are wild."""
    game = hg.game("follow-the-queen")
    # deal order: seats 0, 1, 2 (button 2); cards: two down, four up, one down
    hole = {0: "As Ad Qh 5d 3c 4h 2s", 1: "9s 9d 7c Qs Th 8c 2d", 2: "Kc Kh Kd 9h 6s Qd 2h"}
    hand = game.deal([100] * 3, stakes=STUD, button=2, hole=hole)
    assert hand.view(None)["wild"]["now"] == ["7", "Q"]  # Qh then 7c: sevens wild
    passive(hand, until="Fifth street")
    assert hand.view(None)["wild"]["now"] == ["9", "Q"]  # Qs then 9h: nines replace sevens
    assert hand.view(1)["wild"]["mine"] == ["9s", "9d", "Qs"]
    passive(hand)
    assert hand.view(None)["wild"]["now"] == ["Q"]  # Qd was the last card up: only queens
    award = hand.view(None)["results"]["awards"][0]
    assert award["seat"] == 2 and award["hand"].startswith("Four of a kind, kings")
    assert follow_rank([]) is None


def test_baseball_worked_example() -> None:
    """Wikipedia, "Baseball (poker)": nines are wild; a three dealt face up is bought by matching the pot
    (then wild) or the player folds; a four dealt face up brings one more card face down."""
    game = hg.game("baseball")
    hole = {0: "Ks Kd 3c", 1: "9s 8d 4c", 2: "7h 7d Jc"}
    # seeded: a later face-up four would bring player 1 a ninth card (unseeded, 1 deal in 3 did)
    hand = game.deal([100] * 3, stakes=STUD, button=2, hole=hole, seed=1)
    assert hand.to_act == (0,) and hand.legal(0) == ["call 3", "fold"]  # the antes: 3
    before = list(hand.events)
    with pytest.raises(hg.IllegalAction, match="pays 3, as much as the pot"):
        hand.act(0, "raise 9")
    assert hand.events == before
    hand.act(0, "pay")
    assert hand.dead[0] == 3 and hand.view(None)["pot"] == 6
    assert len(hand.cards[1]) == 4 and hand.faceup[1] == [False, False, True, False]  # the four's extra card
    passive(hand)
    assert sum(hand.payoffs) == 0 and len(hand.cards[1]) == 8
    # the pot match is dead money: won by the best hand, never handed back as uncalled
    winners = {a["seat"] for a in hand.view(None)["results"]["awards"]}
    assert sum(a["amount"] for a in hand.view(None)["results"]["awards"]) == sum(hand.totals)
    assert winners


def test_baseball_house_rules() -> None:
    """The price of the four's card and what a face-up three costs are house rules (docs/games/baseball.md)."""
    hole = {0: "Ks Kd 3c", 1: "9s 8d 4c", 2: "7h 7d Jc"}
    hand = hg.game("baseball", four_price=5, three_up="fold").deal([100] * 3, stakes=STUD, button=2, hole=hole)
    assert hand.folded[0] and hand.to_act == (1,) and hand.legal(1) == ["call 5", "check"]
    hand.act(1, "decline")
    assert len(hand.cards[1]) == 3
    free = hg.game("baseball", three_up="free").deal([100] * 3, stakes=STUD, button=2, hole=hole)
    assert not free.folded[0] and free.step is not None and free.step.kind == "bet"
    # a fold that leaves one player ends the hand
    two = hg.game("baseball").deal([50, 50], stakes=STUD, button=1, hole={0: "Ks Kd 3c", 1: "5s 5d 3h"})
    two.act(0, "fold")
    assert two.over and two.payoffs == [-1, 1]


def test_kings_and_little_ones_worked_example() -> None:
    """onlinepoker.net, "How to Play Kings and Little Ones": seven-card stud; kings and the smallest card in
    each player's hand are wild; five of a kind beats a straight flush."""
    game = hg.game("kings-and-little-ones")
    hole = {0: "Kd Kh 4c 4d 9c Jh 4s", 1: "Ah Qh Jd Th 9h 8h 3c"}
    hand = game.deal([100, 100], stakes=STUD, button=1, hole=hole)
    passive(hand)
    assert hand.view(0)["wild"]["mine"] == ["Kd", "Kh", "4c", "4d", "4s"]
    award = hand.view(None)["results"]["awards"][0]
    assert award["seat"] == 0 and award["hand"].startswith("Five of a kind, aces")


def test_deuces_wild_draw_worked_example() -> None:
    """Wikipedia, "Poker probability", deuces wild: the four deuces are wild and five of a kind ranks above a
    straight flush; played as five-card draw (Robert's Rules of Poker)."""
    hand = hg.game("deuces-wild").deal([100, 100], stakes=NL, hole={0: "2c 2d Ah Ad Ac", 1: "Ks Qs Js Ts 9s"})
    passive(hand)
    award = hand.view(None)["results"]["awards"][0]
    assert award["seat"] == 0 and award["hand"].startswith("Five of a kind, aces (two wild: 2c as the ace of")
    assert evaluate("2c 2d Ah Ad Ac", wild="2").category == "five of a kind"


def test_short_deck_worked_example() -> None:
    """Ladbrokes Poker, "Short Deck Hand Rankings": 36 cards; a flush beats a full house; the ace plays low
    in A-6-7-8-9, the lowest straight; T-J-Q-K-A the highest."""
    game = hg.game("short-deck")
    assert len(game.cards) == 36 and game.max_players == 9
    hand = game.deal([100, 100], stakes=NL, hole={0: "Ah 6s", 1: "Ts Js"}, board="9c 8d 7h Kc 2d".replace("2d", "Kd"))
    passive(hand)
    award = hand.view(None)["results"]["awards"][0]
    assert award["seat"] == 1 and award["hand"] == "Straight, jack high"
    assert str(evaluate_short("Ah 6s 9c 8d 7h Kc Kd")) == "Straight, nine high (A-6-7-8-9)"
    flush, full = evaluate_short("Ah Kh 9h 7h 6h Ac Ad"), evaluate_short("As Ad Ac Kh Kd 6c 7c")
    assert flush > full and flush.category == "flush" and full.category == "full house"
    trips, straight = "9c 9d 9h Ks 6d Th Jc", "Tc Jd Qh Ks 9d 6h 7c"
    assert evaluate_short(straight) > evaluate_short(trips)
    assert evaluate_short(trips, "short-trips") > evaluate_short(straight, "short-trips")
    assert hg.game("short-deck", trips_beat_straight=True).ranking == "short-trips"
    with pytest.raises(ValueError, match="2d is not in short-deck's deck"):
        game.deal([100, 100], stakes=NL, hole={0: "2d 6s"})


def test_short_batch_equals_scalar() -> None:
    rng = random.Random(5)
    deck = list(hg.game("short-deck").cards)
    rows = [rng.sample(deck, 7) for _ in range(300)]
    for ranking in ("short", "short-trips"):
        batch = evaluate_many_short(rows, ranking).tolist()
        assert batch == [evaluate_short(r, ranking).strength for r in rows]


def test_short_deck_category_counts() -> None:
    """All C(36, 5) = 376,992 five-card hands of the 36-card deck: the category counts follow from
    combinatorics (9 ranks of 4 suits; A-6-7-8-9 is a straight): straight flushes 6 x 4 = 24, four of a kind
    9 x 32 = 288, full houses 9 x 4 x 8 x 6 = 1,728, flushes C(9,5) x 4 - 24 = 480, straights 6 x 4^5 - 24
    = 6,120, three of a kind 9 x 4 x C(8,2) x 16 = 16,128."""
    from itertools import combinations

    import numpy as np

    deck = list(hg.game("short-deck").cards)
    rows = np.array(list(combinations(deck, 5)), dtype=np.int64)
    strengths = evaluate_many_short(rows, "short")
    # short scale, low to high: high card, pair, two pair, trips, straight, full house, flush, quads, SF
    sizes = [1277, 2860, 858, 858, 10, 156, 1277, 156, 10]
    edges = np.cumsum([0, *sizes])
    counts = [int(((strengths > edges[i]) & (strengths <= edges[i + 1])).sum()) for i in range(9)]
    assert counts[8] == 24 and counts[7] == 288 and counts[6] == 480 and counts[5] == 1728
    assert counts[4] == 6120 and counts[3] == 16128 and sum(counts) == 376992


@pytest.mark.parametrize("name", hg.game_names())
def test_every_catalogue_game_plays_with_every_bot(name: str) -> None:
    game = hg.game(name)
    stakes = STUD if any(s.opener == "bring-in" or s.kind == "draw" for s in game.steps) or game.use.shared != "board" else NL
    for b in bot_names():
        bots = [make_bot(b, seed=i) for i in range(3)]
        hand = game.deal([60] * 3, stakes=stakes, seed=len(b))
        steps = 0
        while not hand.over:
            seat = hand.to_act[0]
            hand.act(seat, bots[seat].act(hand.view(seat)))
            steps += 1
            assert steps < 500
        assert sum(hand.payoffs) == 0


@pytest.mark.parametrize("name", hg.game_names())
def test_every_catalogue_game_has_odds(name: str) -> None:
    result = hg.equity(name, ["", ""], trials=40, seed=1)
    assert len(result.shares) == 2 and abs(sum(result.shares) - 1) < 1e-9


def test_odds_with_wild_cards_and_a_short_deck() -> None:
    sure = hg.equity("deuces-wild", ["2c 2d Ah Ad Ac", "Ks Qs Js Ts 9s"])
    assert sure.shares == [1.0, 0.0]
    short = hg.equity("short-deck", ["Ts Js", "Ah 6s"], board="9c 8d 7h Kc Kd")
    assert short.shares == [1.0, 0.0]
    with pytest.raises(ValueError, match="not in short-deck's deck"):
        hg.equity("short-deck", ["2s 3s", ""], trials=10)


GAME_FILES = __import__("pathlib").Path(__file__).parent / "game_files"


def test_a_wild_card_is_the_best_low_card_in_a_high_low_game() -> None:
    """One-eyed jacks on the board play for everyone; for low a wild card is the best low card the hand lacks
    (Jh with A-2-3 plays as a four: 5-4-3-2-A... here A-2-3-6 plus the wild: a wheel's 4 or 5)."""
    game = hg.load_game(GAME_FILES / "one-eyed-jacks-hilo.toml")
    hand = game.deal([100, 100], stakes=NL, hole={0: "As 2d", 1: "Kc Kd"}, board="3c 6h Jh Qd Ks")
    passive(hand)
    awards = {a["side"]: a for a in hand.view(None)["results"]["awards"]}
    assert awards["low"]["seat"] == 0 and awards["low"]["hand"].startswith("6-4-3-2-A low (one wild: Jh as the four")
    assert awards["high"]["seat"] == 1 and awards["high"]["hand"].startswith("Four of a kind, kings")


def test_the_lowest_face_down_rank_is_wild_only_for_its_player() -> None:
    game = hg.load_game(GAME_FILES / "low-hole-buy.toml")
    hand = game.deal([100, 100], stakes=STUD, button=1, hole={0: "7c 9d Kh Ks Kd", 1: "Tc Th 8s 8c 8d"})
    passive(hand)
    assert hand.view(0)["wild"]["mine"] == ["7c"] and hand.view(1)["wild"]["mine"] == ["Tc", "Th"]
    award = hand.view(None)["results"]["awards"][0]
    # seat 1's two tens in the hole are wild (its face-up eights, lower, are not face down)
    assert award["seat"] == 1 and award["hand"].startswith("Five of a kind, eights (two wild: Tc as")
    with pytest.raises(ValueError, match="not supported with the 'short' ranking"):
        __import__("dataclasses").replace(hg.game("short-deck"), wild="2")


@pytest.mark.parametrize("name", ["follow-the-queen", "baseball", "kings-and-little-ones", "deuces-wild"])
def test_showdown_batch_equals_each_players_value(name: str) -> None:
    """The showdown's one batch call (each row with its own wild cards) agrees with each player's scalar
    value, high and low."""
    from homegame.rules import special

    game = hg.game(name, split="high-low")
    for seed in range(40):
        hand = game.deal([100] * 5, stakes=STUD, seed=seed)
        passive(hand)
        still = [s for s in range(5) if not hand.folded[s]]
        if len(still) < 2:
            continue
        highs, lows = special.strengths(hand, still, True)
        for s in still:
            high, low = special.value(hand, s, still, low=False), special.value(hand, s, still, low=True)
            assert highs[s] == high.strength and lows[s] == (low.strength if low is not None else 0)


def test_wild_cards_count_for_the_best_hand_showing() -> None:
    """Follow the Queen: after Qh, 7c, Kd on third street and Ad, 2h, Kh on fourth, seat 0's Qh Ad shows a pair
    of aces (the queen wild) and opens over seat 2's natural kings; in plain stud seat 2 opens."""
    hole = {0: "3s 4s Qh Ad", 1: "5s 6s 7c 2h", 2: "8s Ts Kd Kh"}
    hands = [hg.game(name).deal([100] * 3, stakes=STUD, button=2, hole=hole) for name in ("follow-the-queen", "stud")]
    for hand in hands:
        passive(hand, until="Fourth street")
    assert hands[0].to_act == (0,) and hands[1].to_act == (2,)


@pytest.mark.parametrize("name", ["follow-the-queen", "baseball", "kings-and-little-ones", "deuces-wild", "short-deck"])
def test_the_new_games_simulate_with_every_bot_and_replay(name: str, tmp_path: object) -> None:
    """``homegame simulate`` for each new game: every bot seated, zero-sum, and every hand's history replays."""
    import json
    from pathlib import Path

    from homegame.sim import simulate

    path = Path(str(tmp_path)) / "hands.jsonl"
    result = simulate(hg.game(name), bot_names(), 6, seed=3, workers=1, history=path)
    assert result.hands == 6 and int(result.payoffs.sum()) == 0
    for line in path.read_text().splitlines():
        history = json.loads(line)
        again = hg.replay(line)
        assert again.over and sum(again.payoffs) == 0 and history
