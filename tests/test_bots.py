"""The bots' decisions on hand-made views: every kind of decision, and the seed pages' strategy notes."""

from __future__ import annotations

from typing import Any

import pytest

from homegame.bots import (
    BotError,
    EquityBot,
    RandomBot,
    RuleBot,
    UnknownBot,
    bot_names,
    make_bot,
    parse_legal,
)
from homegame.bots.base import sized


def view(cards: str, legal: list[str], *, game: str = "passem", up: str = "", board: str = "",
         others: list[dict[str, Any]] | None = None, rules: dict[str, Any] | None = None,
         pot: int = 10) -> dict[str, Any]:
    seats = [{"seat": 0, "stack": 100, "bet": 0, "in_pot": 1, "folded": False, "all_in": False,
              "up": up.split(), "down": len(cards.split()) - len(up.split()), "shown": None,
              "declared": None, "ready": False}]
    for i, other in enumerate(others or [{}], start=1):
        seats.append({"seat": i, "stack": 100, "bet": 0, "in_pot": 1, "folded": False, "all_in": False,
                      "up": [], "down": 3, "shown": None, "declared": None, "ready": False, **other})
    return {"game": game, "rules": rules or {"split": "high"}, "seat": 0, "button": 0,
            "stakes": {"structure": "fixed-limit", "ante": 1, "blinds": [], "small_bet": 2, "big_bet": 4,
                       "bring_in": 0},
            "step": {"kind": "bet", "label": "Round 1"}, "cards": cards.split(), "up": up.split(),
            "board": board.split(), "seats": seats, "pot": pot, "pots": [], "to_act": [0], "legal": legal,
            "chosen": None, "over": False, "results": None, "log": []}


def test_parse_legal_reads_every_kind() -> None:
    options = parse_legal(["fold", "call 10", "raise 20..100"])
    assert options.fold and options.call == 10 and options.raise_range == ("raise", 20, 100)
    assert parse_legal(["raise 20"]).raise_range == ("raise", 20, 20)
    assert parse_legal(["discard 1"]).discard_count == 1
    assert parse_legal(["expose"]).expose and parse_legal(["arrange"]).arrange
    assert parse_legal(["declare high", "declare both"]).declares == ("high", "both")
    with pytest.raises(BotError, match="unknown legal action"):
        parse_legal(["shuffle"])


def test_sized_clamps_into_the_range() -> None:
    options = parse_legal(["check", "bet 4..50"])
    assert sized(options, 1) == "bet 4"
    assert sized(options, 500) == "bet 50"


@pytest.mark.parametrize("seed", range(20))
def test_random_bot_makes_concrete_actions(seed: int) -> None:
    bot = RandomBot(seed=seed)
    held = "As 7d 7c 2h 9s Kd Qc"
    passed = bot.act(view(held, ["pass 4"])).split()
    assert passed[0] == "pass" and len(set(passed[1:])) == 4 and set(passed[1:]) <= set(held.split())
    exposed = bot.act(view("As 7d 7c", ["expose"], up="7d")).split()
    assert exposed[0] == "expose" and exposed[1] in ("As", "7c")
    arranged = bot.act(view(held, ["arrange"])).split()
    assert arranged[0] == "arrange" and sorted(arranged[1:]) == sorted(held.split())
    amount = bot.act(view("As 7d", ["raise 10..200"])).split()
    assert amount[0] == "raise" and 10 <= int(amount[1]) <= 200
    assert bot.act(view("As 7d", ["fold", "call 2"])) in ("fold", "call")
    assert bot.act(view(held, ["declare high", "declare low", "declare both"])).startswith("declare ")


def test_a_bot_with_nothing_to_do_says_so() -> None:
    with pytest.raises(BotError, match="no legal action"):
        RuleBot().act(view("As 7d", []))


def test_rule_bot_passes_a_low_unpaired_card() -> None:
    # 000_4d47a75da2826cb4.txt: "Passing ... a low card of an unpaired rank, keeps the gift small."
    assert RuleBot().act(view("Ks 4d 9c", ["pass 1"])) == "pass 4d"
    assert RuleBot().act(view("As 7d 7c", ["pass 1"])) == "pass As"  # the only unpaired card


def test_rule_bot_passes_the_trash_and_keeps_its_pairs() -> None:
    chosen = RuleBot().act(view("Ks Kd 9c 9h 2s 4d 7c", ["pass 3"], game="pass-the-trash",
                                rules={"split": "declare", "low": "a5", "qualifier": None}))
    assert set(chosen.split()[1:]).isdisjoint({"Ks", "Kd", "9c", "9h"})


def test_rule_bot_rolls_its_worst_cards_first() -> None:
    order = RuleBot().act(view("Ks Kd 9c 9h 2s 4d Jc", ["arrange"], game="pass-the-trash",
                               rules={"split": "high"})).split()[1:]
    assert set(order[-4:]) == {"Ks", "Kd", "9c", "9h"}
    assert order[0] == "2s"


def test_rule_bot_does_not_expose_a_card_that_pairs_an_upcard() -> None:
    # 004_dd2d1f817d061823.txt: "Exposing a card that pairs another player's upcard can hand them a strong hand."
    chosen = RuleBot().act(view("Kd 3c 9s", ["expose"], game="three-hole",
                                others=[{"up": ["3h"], "down": 2}, {"up": ["9d"], "down": 2}]))
    assert chosen == "expose Kd"


def test_rule_bot_declares_the_side_it_is_likelier_to_win() -> None:
    # Seen: declaring by shape alone (as the exploiters do) gave the rule bot no edge in Pass The Trash.
    rules = {"split": "declare", "low": "a5", "qualifier": None}
    legal = ["declare high", "declare low", "declare both"]
    assert RuleBot(seed=1).act(view("As Ad Ac Ks Kd 9c 8h", legal, game="pass-the-trash", rules=rules)) == "declare high"
    assert RuleBot(seed=1).act(view("As 2d 3c 5h 7d Kc Qh", legal, game="pass-the-trash", rules=rules)) == "declare low"
    wheel = view("As 2d 3c 4h 5d Kc Qh", legal, game="pass-the-trash", rules=rules)
    assert RuleBot(seed=1).act(wheel) in ("declare low", "declare both")
    assert RuleBot().shape_declare(wheel, ["high", "low", "both"]) == "both"
    assert make_bot("allin").act(wheel) == "declare both"  # the exploiters declare by shape


def test_rule_bot_bets_strong_hands_and_folds_weak_ones_to_a_bet() -> None:
    bot = RuleBot(seed=1)
    strong = bot.act(view("As Ad Ac", ["fold", "call 4", "raise 8"], board="Ks 7d 2c", pot=30))
    assert strong == "raise 8"
    weak = bot.act(view("2s 5d 9c", ["fold", "call 4", "raise 8"], board="Ks Qd Jh", pot=8))
    assert weak == "fold"


def test_equity_bot_uses_pot_odds() -> None:
    bot = EquityBot(seed=1, trials=400)
    nuts = view("As Ad", ["fold", "call 4", "raise 8"], game="holdem", board="Ac Kd 2h 7s 9c", pot=40)
    assert nuts == nuts and bot.act(nuts) == "raise 8"
    hopeless = view("3s 2d", ["fold", "call 40"], game="holdem", board="Ac Kd Qh 7s 9c", pot=40,
                    others=[{"up": [], "down": 2}, {"up": [], "down": 2}, {"up": [], "down": 2}])
    assert bot.act(hopeless) == "fold"


def test_registry() -> None:
    assert bot_names() == ["random", "rule", "equity"]
    assert isinstance(make_bot("Equity", seed=3), EquityBot)
    with pytest.raises(UnknownBot, match="choose one of random, rule, equity"):
        make_bot("shark")


def test_equity_bot_remembers_the_card_it_passed_in_passem() -> None:
    # 000_4d47a75da2826cb4.txt: "You know one card in your left-hand neighbour's hand".
    bot = EquityBot(seed=2)
    others = [{"up": [], "down": 3}, {"up": [], "down": 3}]
    assert bot.act(view("Ks 4d 9c", ["pass 1"], others=others)) == "pass 4d"
    after = view("Ks 9c 2h", ["check", "bet 2"], others=others)
    assert bot.known_cards(after) == {1: ["4d"]}
    next_hand = view("Qs Jd 3c", ["check", "bet 2"], others=others)
    assert bot.known_cards(next_hand) == {}


def test_a_known_card_changes_the_estimate() -> None:
    from homegame.bots.estimate import sampled_share

    # Holding trip sevens on 7h Ks 2d, knowing the neighbour was given the case seven... and an ace.
    mine = view("7s 7d 4c", ["check"], board="7h Ks 2d", others=[{"up": [], "down": 3}])
    plain = sampled_share(mine, 4000, 1)
    assert sampled_share(mine, 4000, 1, known={1: ["Kd", "Kc"]}) < plain - 0.3


# -- facing a shove: not farmed by a friend who moves all in (issue 8, section 6) ---------------------

def shove_views(name: str, deals: int) -> list[dict[str, Any]]:
    """The first decision of the seat that faces a 100-big-blind all-in, heads-up, one per deal."""
    import homegame as hg

    game = hg.game(name)
    out = []
    for seed in range(deals):
        hand = game.deal(stacks=[200, 200], stakes=hg.Stakes("no-limit", blinds=(1, 2)), button=0, seed=seed)
        while not parse_legal(hand.legal(hand.to_act[0])).betting:  # Pass'Em passes first
            hand.act(hand.to_act[0], RuleBot().act(hand.view(hand.to_act[0])))
        hand.act(hand.to_act[0], "raise 200")
        out.append(hand.view(hand.to_act[0]))
    return out


@pytest.mark.parametrize("name", ["holdem", "passem", "three-hole", "sameem", "pass-the-trash"])
@pytest.mark.parametrize("kind", ["rule", "equity"])
def test_a_fresh_bot_folds_most_hands_to_a_shove(kind: str, name: str) -> None:
    # Seen: the rule bot called a 100-big-blind shove on its first decision 200 times in 200.
    views = shove_views(name, 60)
    calls = sum(make_bot(kind, seed=i).act(v) == "call" for i, v in enumerate(views))
    # Pass The Trash's ten passes to come and declared halves leave most hands near an even share
    most = 57 if name == "pass-the-trash" else 30
    assert 2 <= calls <= most, f"{kind} called {calls} of {len(views)} shoves in {name}"


@pytest.mark.parametrize("kind", ["rule", "equity"])
def test_a_fresh_bot_folds_junk_and_calls_aces_against_a_shove(kind: str) -> None:
    # Seen: bots called a shove with Q4, 77 and J9.
    base = shove_views("holdem", 1)[0]
    for cards, answer in [("Qh 4c", "fold"), ("Jd 9c", "fold"), ("7s 7d", "fold"), ("As Ah", "call"),
                          ("Kd Kc", "call")]:
        view = dict(base, cards=cards.split())
        assert make_bot(kind, seed=3).act(view) == answer, (kind, cards)


def test_a_bot_learns_that_a_maniac_shoves_anything() -> None:
    from homegame.bots.reads import Reads

    reads = Reads()
    views = shove_views("holdem", 40)
    first = reads.width(views[0], 0)
    for v in views:
        reads.read(v)
    assert first < 0.2 < 0.8 < reads.width(views[-1], 0)


# -- not farmed: maniacs, stations (issue 8, section 6) ---------------------------------------------------

def maniac_hands(hands: int) -> list[dict[str, Any]]:
    """Views of seat 1 in hold'em hands where seat 0 bets the pot on every round (heads-up)."""
    import homegame as hg

    out = []
    game = hg.game("holdem")
    for seed in range(hands):
        hand = game.deal(stacks=[200, 200], stakes=hg.Stakes("no-limit", blinds=(1, 2)), button=0, seed=seed)
        bots = [make_bot("raiser"), make_bot("station")]
        while not hand.over and len(hand.view(None)["board"]) < 3:
            seat = hand.to_act[0]
            hand.act(seat, bots[seat].act(hand.view(seat)))
        while not hand.over and hand.to_act[0] != 1:  # the flop: the raiser bets first
            hand.act(0, bots[0].act(hand.view(0)))
        if not hand.over:
            out.append(hand.view(1))
    return out


def test_a_bot_learns_that_a_pot_raiser_bets_anything_on_every_round() -> None:
    # Seen: against a player who raised the pot every time, the width stayed narrow on the flop (one
    # aggressive decision in many, counted per decision, with calls where it could not raise) and
    # the bots folded top pair to its third bet.
    from homegame.bots.reads import Reads

    reads = Reads()
    views = maniac_hands(30)
    first = reads.width(views[0], 0)
    for v in views:
        reads.read(v)
    assert first < 0.5 and reads.width(views[-1], 0) > 0.85


def test_no_bluff_into_a_calling_station() -> None:
    # Seen: the rule bot bet its junk now and then against a player who never folds.
    import homegame as hg
    from homegame.bots.estimate import share

    game = hg.game("holdem")
    bot = make_bot("rule", seed=4)
    station = make_bot("station")
    bluffs = 0
    for seed in range(120):
        hand = game.deal(stacks=[200, 200], stakes=hg.Stakes("no-limit", blinds=(1, 2)), button=1, seed=seed)
        bots = {0: bot, 1: station}
        while not hand.over:
            seat = hand.to_act[0]
            v = hand.view(seat)
            action = bots[seat].act(v)
            if seat == 0 and action.startswith("bet") and share(v, 2000, seed=1) < 0.45:  # behind any hand
                bluffs += 1
            hand.act(seat, action)
    assert bluffs == 0


def test_three_hole_shares_do_not_depend_on_the_order_of_the_cards_held() -> None:
    # Seen: the share counted the first two cards held as the ones the seat would turn up.
    from homegame.bots.estimate import sampled_share

    a = view("Ks 8h 5d", ["check"], game="three-hole", others=[{"up": [], "down": 3}])
    b = view("5d 8h Ks", ["check"], game="three-hole", others=[{"up": [], "down": 3}])
    assert sampled_share(a, 2000, 3) == sampled_share(b, 2000, 3)


# -- copies: the bot panel plays each run-out with copies of the bots as they are (issue 21) ---------------

def test_a_copied_bot_plays_on_exactly_as_the_original_and_apart_from_it() -> None:
    import copy

    import homegame as hg

    views = shove_views("holdem", 12)
    bot = make_bot("equity", seed=3)
    for v in views[:6]:
        bot.act(v)
    twin = copy.deepcopy(bot)
    assert type(twin) is EquityBot and twin.reads is not bot.reads and twin.rng is not bot.rng
    assert [twin.act(v) for v in views[6:]] == [bot.act(v) for v in views[6:]]
    assert twin.rng.random() == bot.rng.random() and twin.reads.stats == bot.reads.stats
    twin.act(hg.game("holdem").deal([200, 200], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=99).view(0))
    assert twin.rng.getstate() != bot.rng.getstate()  # the copy's choices do not move the original's


def test_copying_a_bot_does_not_walk_its_random_state_word_by_word(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seen: copy.deepcopy walked the generator's 625-word state one word at a time (through the generator's
    # __reduce_ex__), which was about 40% of the bot panel's CPU time in the heads-up cells (a copy of every
    # bot before each run-out). A bot's copy takes the state whole: with that walk made impossible, the
    # copy still works and plays on as the original.
    import copy
    import random

    bots = [make_bot("equity", seed=1), make_bot("allin", seed=2), make_bot("rule", seed=3)]

    def walked(self: random.Random, protocol: object) -> object:
        raise AssertionError("a bot's generator was copied word by word")

    monkeypatch.setattr(random.Random, "__reduce_ex__", walked)
    twins = copy.deepcopy(bots)
    assert [t.rng.random() for t in twins] == [b.rng.random() for b in bots]


@pytest.mark.parametrize("k", [0, 1, 3, 7, 8, 9, 20])
def test_the_first_places_of_a_random_order_are_argsorts(k: int) -> None:
    # the bots' samples take the first k places of each row's random order without sorting the row
    # (issue 21): the draw, and so every decision, must stay the one argsort gave
    import numpy as np

    from homegame.bots.estimate import smallest_first

    keys = np.random.default_rng(k).random((500, 45))
    assert np.array_equal(smallest_first(keys, k), keys.argsort(axis=1)[:, :k])


def test_the_range_cut_is_numpys_quantile_to_the_last_bit() -> None:
    import numpy as np

    from homegame.bots.ranges import quantile

    rng = np.random.default_rng(7)
    for n in (1, 2, 5, 80, 799, 800, 2400):
        values = rng.integers(0, 40, n) / 7.0  # scores tie often, as the strength scores do
        for q in (0.0, 0.3, 0.5, 0.7, 0.88, 0.89, 0.96, 0.999, 1.0, float(rng.random())):
            assert quantile(values, q) == float(np.quantile(values, q)), (n, q)
