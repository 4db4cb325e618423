"""Odds (issue 4, CONTRACT.md section Odds): known equities, hand-checked seed-game cases, exact against
brute force and against sampling, bad input."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

import pytest

import homegame as hg
from homegame.cards import DECK, Card
from homegame.evaluate.usage import best_high, best_low
from homegame.odds import BadOdds, equity
from homegame.odds.calculator import played_out
from homegame.odds.games import kernel_facts


@dataclass
class StandIn:
    """What the calculator needs from a game: its engine name and house rules."""

    name: str
    rules: dict[str, Any] = field(default_factory=dict)


def test_aces_kings_suited_against_queens_exactly() -> None:
    result = hg.equity(hg.game("holdem"), ["As Ks", "Qh Qd"])
    assert result.exact and result.outcomes == 1_712_304
    assert round(result.shares[0] * 100, 4) == 46.2145
    assert sum(result.shares) == pytest.approx(1.0)
    assert result.stderr == [0.0, 0.0]


def test_a_stand_in_game_object_is_enough() -> None:
    result = equity(StandIn("holdem", {"split": "high"}), ["As Ks", "Qh Qd"], board="2c 7d 9h Tc")
    assert result.shares == pytest.approx([6 / 44, 38 / 44])  # six outs: three aces, three kings


def test_passem_river_by_hand() -> None:
    """000_4d47a75da2826cb4.txt's A♠7♦7♣ against K♥K♦2♣, board 7♥K♠ and one card to come.

    Kings full or kings set beat sevens unless the last card is the 7♠ (quads, two hole with three
    board) or an ace (sevens full of aces, three hole with two board): 4 of the 44 unseen cards."""
    result = equity(hg.game("passem"), ["A♠7♦7♣", "K♥K♦2♣"], board="7♥K♠")
    assert result.exact and result.outcomes == 44
    assert result.shares == pytest.approx([4 / 44, 40 / 44])


def test_sameem_seed_hands_with_the_river_to_come() -> None:
    """001_9b4a2539f1ed78a4.txt: B's kings full of nines already beats A's seven-high straight, and no
    river gives A a straight flush or better."""
    game = hg.game("sameem")
    result = equity(game, ["3♦5♣6♠A♥K♦", "K♥K♣9♠8♥3♣"], board="K♠9♦7♣4♥")
    assert result.exact and result.outcomes == 52 - 14
    assert result.shares == pytest.approx([0.0, 1.0])
    done = equity(game, ["3♦5♣6♠A♥K♦", "K♥K♣9♠8♥3♣"], board="K♠9♦7♣4♥2♠")
    assert done.outcomes == 1 and done.shares == [0.0, 1.0]


def test_three_hole_seed_hand() -> None:
    """004_dd2d1f817d061823.txt: Anna (K♠9♦ up, K♣) beats Ben (K♥4♣ up, 4♦); Cara folded with 9♥ up."""
    game = hg.game("three-hole")
    exposed = {0: "K♠9♦", 1: "K♥4♣"}
    known = equity(game, ["K♠9♦K♣", "K♥4♣4♦"], board="9♥", exposed=exposed)
    assert known.exact and known.shares == [1.0, 0.0]
    # from Ben's seat Anna's last card is unknown, yet she always has kings and nines with his K♥ and 9♥
    bens_view = equity(game, ["K♠9♦", "K♥4♣4♦"], board="9♥", exposed=exposed)
    assert bens_view.exact and bens_view.outcomes == 46 and bens_view.shares == [1.0, 0.0]


def test_three_hole_hidden_card_by_hand() -> None:
    """Aces up against kings up, heads-up: each plays the other's pair. Player 1's hidden card beats the
    deuce kicker except a deuce (tie, 3 cards); a king or ace makes a full house. 47 cards unseen."""
    game = hg.game("three-hole")
    result = equity(game, ["As Ad 2c", "Kh Kd"], exposed={0: "As Ad", 1: "Kh Kd"})
    assert result.exact and result.outcomes == 47
    assert result.shares == pytest.approx([1.5 / 47, 45.5 / 47])


def test_three_hole_showdown_cards_count() -> None:
    """004_dd2d1f817d061823.txt rule 4.3 as the house rule showdown_cards_count: 2♣2♦ up with 7♥ hidden
    against K♠Q♠ up with 7♦ hidden. Without it both play a pair of deuces with K-Q-7 (a tie); with it
    player 0 takes the 7♦ for deuces and sevens, player 1 only makes a pair of sevens."""
    hole = ["2c 2d 7h", "Ks Qs 7d"]
    exposed = {0: "2c 2d", 1: "Ks Qs"}
    assert equity(hg.game("three-hole"), hole, exposed=exposed).shares == [0.5, 0.5]
    counted = equity(hg.game("three-hole", showdown_cards_count=True), hole, exposed=exposed)
    assert counted.shares == [1.0, 0.0]


def test_pass_the_trash_declare_proxy() -> None:
    """003_599930a08deb212e.txt is a declare game: valued as cards speak (documented proxy)."""
    game = hg.game("trash")
    assert game.rules["split"] == "declare"
    split = equity(game, ["As Ks Qs Js Ts 9s 8s", "2c 3d 4h 5c 7d 9c Kd"])
    assert split.shares == [0.5, 0.5]  # royal flush high, 7-5-4-3-2 low
    scoop = equity(game, ["As 2s 3s 4s 5s Kd Kh", "9c 9d Jh Qs 7c 8d Td"])
    assert scoop.shares == [1.0, 0.0]  # steel wheel: best high and best low
    # keeping six of seven is a discard: the cards listed are those dealt so far, and the rest of the hand
    # (a seventh card, the passes, the discard) is played out by the engine
    six = hg.game("trash", passes=(3, 2, 1), keep=6, declare_after=4)
    short = equity(six, ["As 2s 3s 4s 5s Kd", ""], trials=2_000, seed=1)
    assert short == played_out(six, ["As 2s 3s 4s 5s Kd", ""], trials=2_000, seed=1) and short.shares[0] > 0.65


def test_omaha_high_low_scoop_and_split() -> None:
    game = hg.game("omaha", split="high-low")
    scoop = equity(game, ["Ah 2h Kc Kd", "Qs Qd Jc Jh"], board="3s 4s 5c Qc 9d")
    assert scoop.shares == [1.0, 0.0]  # the wheel is the best high and the best low; no low for player 1
    quartered = equity(game, ["Ah 2h Kc Kd", "As 2d Qs Qh", "Ts Td 9c 9h"], board="3s 4c 5d Qc 9d")
    # players 0 and 1 tie both ways with the wheel (5-high straight and 5-4-3-2-A low); player 2 has trips
    assert quartered.shares == pytest.approx([0.5, 0.5, 0.0])


def test_stud_hands_all_known() -> None:
    assert equity(hg.game("stud"), ["As Ad Ac 2s 2d 9h 8h", "Ks Kd Kc 2c 2h 9c 8c"]).shares == [1.0, 0.0]


def _brute(game: Any, hole: list[str], board: str, exposed: dict[int, str] | None = None) -> list[float]:
    """Enumerate in Python, every unknown card of every player and the board, each order once."""
    facts = kernel_facts(game)
    assert facts is not None
    rules = game.rules
    size = facts.hole
    held = [list(hg.cards(h)) for h in hole]
    shown = list(hg.cards(board))
    used = {c for h in held for c in h} | set(shown)
    rest = [c for c in DECK if c not in used]
    needs = [size - len(h) for h in held] + [0 if facts.table_cards else facts.board - len(shown)]
    totals = [0.0] * len(held)
    count = 0

    def deals(pool: list[Card], sizes: list[int]) -> Any:
        if not sizes:
            yield []
            return
        for chosen in itertools.combinations(pool, sizes[0]):
            left = [c for c in pool if c not in chosen]
            for more in deals(left, sizes[1:]):
                yield [list(chosen)] + more

    for parts in deals(rest, needs):
        hands = [held[p] + parts[p] for p in range(len(held))]
        table = shown + parts[-1]
        if facts.table_cards:
            ups = []
            for p, h in enumerate(hands):
                up = list(hg.cards((exposed or {}).get(p, "")))
                ups.append((up + [c for c in h if c not in up])[:2])
            pools = [[c for q, u in enumerate(ups) if q != p for c in u] + shown for p in range(len(hands))]
        else:
            pools = [table] * len(hands)
        highs = [best_high(h, pool, facts.usage).strength for h, pool in zip(hands, pools, strict=True)]
        shares = [0.0] * len(hands)
        winners = [p for p, v in enumerate(highs) if v == max(highs)]
        low_part = 0.0
        if rules.get("split", "high") != "high":
            lows = [best_low(h, pool, facts.usage, rules.get("low", "a5"), rules.get("qualifier"))
                    for h, pool in zip(hands, pools, strict=True)]
            strengths = [0 if v is None else v.strength for v in lows]
            if max(strengths) > 0:
                low_part = 0.5
                low_winners = [p for p, v in enumerate(strengths) if v == max(strengths)]
                for p in low_winners:
                    shares[p] += 0.5 / len(low_winners)
        for p in winners:
            shares[p] += (1 - low_part) / len(winners)
        totals = [t + s for t, s in zip(totals, shares, strict=True)]
        count += 1
    return [t / count for t in totals]


@pytest.mark.parametrize(("game", "hole", "board", "exposed"), [
    (("holdem", {}), ["As Ks", "Qh"], "2c 7d 9h Tc", None),
    (("omaha", {"split": "high-low"}), ["Ah 2h Kc Kd", "Qs Qd Jc"], "3s 4c 5d Qc", None),
    (("passem", {}), ["As 7d", "Kh Kd 2c"], "7h Ks", None),
    (("passem", {"split": "high-low", "qualifier": 8}), ["As 2d 3c", "4h 5h 6c"], "7d 8s", None),
    (("sameem", {}), ["As Ks 2c 7d", "Qh Qd 3d 3c 9s"], "Kh 8h 4c 2s", None),
    (("three-hole", {}), ["As Ad", "Kh Kd 7c", "Qs 9s"], "", {0: "As Ad", 1: "Kh", 2: "Qs 9s"}),
    (("three-hole", {"showdown_cards_count": True}), ["As Ad 2c", "Kh Kd", "Qs 9s 9c"], "4d",
     {0: "As", 1: "Kh Kd", 2: "Qs 9s"}),
    (("stud", {"split": "high-low", "qualifier": 8}), ["As 2d 3c 4h 9s 9d", "Kh Kd 2c 7c 8c Tc"], "", None),
])
def test_exact_matches_brute_force(game: tuple[str, dict[str, Any]], hole: list[str], board: str,
                                   exposed: dict[int, str] | None) -> None:
    g = hg.game(game[0], **game[1])
    result = equity(g, hole, board=board, exposed=exposed)
    assert result.exact
    assert result.shares == pytest.approx(_brute(g, hole, board, exposed), abs=1e-12)


@pytest.mark.parametrize(("game", "hole", "board"), [
    ("holdem", ["As Ks", "Qh Qd", "Jc Td"], "2c 7h"),
    ("sameem", ["As Ks 2c 5d", "Qh Qd 3d 6s", "7h 8h 9h Tc"], "Kd 4s 4c 2h"),
    ("omaha", ["Ah Kh Qc Jd", "9s 9d 8c 7c"], "2h 3h 9h"),
])
def test_sampling_agrees_with_exact(game: str, hole: list[str], board: str) -> None:
    exact = equity(hg.game(game), hole, board=board)
    sampled = equity(hg.game(game), hole, board=board, trials=100_000, seed=5)
    assert exact.exact and not sampled.exact and sampled.outcomes == 100_000
    for e, s, err in zip(exact.shares, sampled.shares, sampled.stderr, strict=True):
        assert 0 < err < 0.01
        assert abs(e - s) < 4.5 * err
    assert sum(sampled.shares) == pytest.approx(1.0)


def test_sampling_is_reproducible_and_large_jobs_sample() -> None:
    game = hg.game("holdem")
    a = equity(game, ["As Ks", "", ""], trials=20_000, seed=11)
    b = equity(game, ["As Ks", "", ""], trials=20_000, seed=11)
    assert a == b
    big = equity(game, ["As Ks", "", ""])  # far too many outcomes to enumerate
    assert not big.exact and big.outcomes > 0 and all(e > 0 for e in big.stderr)
    assert 0.45 < big.shares[0] < 0.53  # AKs three-handed is about 50%


def test_future_hole_cards_of_sameem_are_unknown() -> None:
    result = equity(hg.game("sameem"), ["As Ks Qs", "2c 2d 7h"], board="Js Ts 3d", trials=20_000, seed=2)
    assert result.shares[0] > 0.6  # a made royal flush draw... already a straight with the jack-ten


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"hole": ["As Ks", "As Qd"]}, "card As is used twice"),
    ({"hole": ["As Ks", "Qh Qd"], "board": "Qh 2c 3c"}, "card Qh is used twice"),
    ({"hole": ["As Ks"] + [""] * 23}, "too many players"),
    ({"hole": ["As Ks", "Qh Qd"], "trials": 0}, "trials must be"),
    ({"hole": ["As Ks", "Qh Qd"], "trials": -5}, "trials must be"),
    ({"hole": ["As Ks", "Qh Qd"], "trials": 2.5}, "trials must be"),
    ({"hole": ["As Ks", "Qh Qd"], "trials": True}, "trials must be"),
    ({"hole": ["As Ks", "Qh Qd"], "seed": "x"}, "seed must be"),
    ({"hole": ["As Ks Qs", "Qh Qd"]}, "player 0 holds 3 cards, but a player holds at most 2 in holdem"),
    ({"hole": ["As Ks", "Qh Qd"], "board": "2c 3c 4c 5c 6c 7c"}, "board has 6 cards"),
    ({"hole": ["As Ks"]}, "at least two players"),
    ({"hole": "As Ks"}, "one entry per player"),
    ({"hole": ["As Ks", "Qh Qd"], "exposed": {0: "As"}}, "exposed cards are for games whose face-up cards are shared"),
    ({"hole": ["As Kx", "Qh Qd"]}, "'Kx' is not a card"),
])
def test_bad_input(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        equity(hg.game("holdem"), **kwargs)


def test_bad_three_hole_exposures_and_games() -> None:
    game = hg.game("three-hole")
    with pytest.raises(BadOdds, match="player 0 exposes Qs, a card they do not hold"):
        equity(game, ["As Ks Kd", "Qh Qd"], exposed={0: "Qs"})
    with pytest.raises(BadOdds, match="exposes 3 cards"):
        equity(game, ["As Ks Kd", "Qh Qd"], exposed={0: "As Ks Kd"})
    with pytest.raises(BadOdds, match="players are 0 to 1"):
        equity(game, ["As Ks Kd", "Qh Qd"], exposed={2: "Qh"})
    # a stand-in is the game it names: razz (lowball only) is played out, wheel against kings full
    assert equity(StandIn("razz"), ["As 2s 3d 4c 5h Kd Ks", "Kh Kc Qs Qd Qc 9s 9d"]).shares == [1.0, 0.0]
    with pytest.raises(BadOdds, match="with .name and .rules"):
        equity(object(), ["As Ks", "Qh Qd"])


def test_outcome_count_formula() -> None:
    result = equity(hg.game("holdem"), ["As Ks", "", "7c 7d"], board="2c 7h 9d Tc")
    assert result.exact and result.outcomes == math.comb(52 - 8, 1) * math.comb(52 - 9, 2)
