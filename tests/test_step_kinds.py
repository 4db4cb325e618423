"""A new step kind is one module (issue 21, item 1): a rule registered by kind, then a game file that uses
it, played through the public API like any shipped game.

The kind here, ``burn``: the first player still in left of the button says how many cards, 0 to the
step's ``count``, the dealer burns before the next cards are turned ("burn 2"); a turn timer burns none.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import homegame as hg
from homegame.bots.abstraction import max_cards
from homegame.cards import Card, card_ids
from homegame.games.gamefile import GameFileError
from homegame.odds.shape import holding_size
from homegame.rules import dealing
from homegame.rules.spec import SEQUENTIAL, Game, Step, bet, board, deal
from homegame.rules.state import StepCards
from homegame.rules.steps import Automatic, InTurn, kinds, register, unregister


class Burn(InTurn):
    """``burn``: one seat chooses how many cards the dealer burns."""

    fields = {"count": ("int 1 3", 2)}
    label = "Burn"

    def order(self, h: hg.Hand, step: Step) -> list[int]:
        n = h.players
        return [next(s for s in ((h.button + i) % n for i in range(1, n + 1)) if not h.folded[s])]

    def legal(self, h: hg.Hand, seat: int, step: Step) -> list[str]:
        return [f"burn {k}" for k in range(step.count + 1)]

    def check(self, h: hg.Hand, seat: int, step: Step, verb: str, args: list[str]) -> tuple[str, Any]:
        text = " ".join([verb, *args])
        if text not in self.legal(h, seat, step):
            raise hg.IllegalAction(f"{text!r}: seat {seat} burns 0 to {step.count} cards ('burn N')")
        return text, int(args[0])

    def carry_out(self, h: hg.Hand, seat: int, step: Step, choice: Any) -> None:
        for _ in range(choice):
            dealing.burn_for_draw(h)  # the dealer's own burn (it keeps the last card when the deck runs short)
        h.log("burn", seat, "Seat {} has the dealer burn {}", seat, choice)

    def default(self, h: hg.Hand, seat: int, step: Step) -> str:
        return "burn 0"

    def describe(self, step: Step) -> str:
        return f"{step.label}: the player left of the button has the dealer burn 0 to {step.count} cards"


BURN_HOLDEM = """
name = "burn-holdem"
title = "Burn Hold'em"
players = [2, 6]

[[steps]]
kind = "deal"
faces = "down down"

[[steps]]
kind = "bet"

[[steps]]
kind = "burn"

[[steps]]
kind = "board"
count = 3

[[steps]]
kind = "bet"

[[steps]]
kind = "burn"
count = 1
label = "Last burn"

[[steps]]
kind = "board"
count = 2

[[steps]]
kind = "bet"

[[steps]]
kind = "showdown"
"""

NL = hg.Stakes("no-limit", blinds=(1, 2))


@pytest.fixture
def burn_kind() -> Iterator[None]:
    register("burn", Burn())
    yield
    unregister("burn")


def test_an_unknown_kind_is_refused_by_the_game_file_with_the_known_kinds() -> None:
    with pytest.raises(GameFileError, match=r"line 14: step kind 'burn' is not allowed: use one of deal, board, "
                       r"pass, expose, discard, draw, buy, strike, arrange, roll, declare, bet, showdown, repeat"):
        hg.load_game(BURN_HOLDEM)
    with pytest.raises(ValueError, match="step kind 'burn' is not known"):
        Game("x", "X", {}, (Step("deal", "Deal", faces=(False,)), Step("burn", "Burn")), 2, 6)


def test_a_registered_kind_is_a_game_file_kind_with_its_fields(burn_kind: None) -> None:
    assert "burn" in kinds() and "burn" in SEQUENTIAL
    g = hg.load_game(BURN_HOLDEM)
    burns = [s for s in g.steps if s.kind == "burn"]
    assert [(s.label, s.count) for s in burns] == [("Burn", 2), ("Last burn", 1)]
    assert "Last burn: the player left of the button has the dealer burn 0 to 1 cards" in g.describe()
    with pytest.raises(GameFileError, match="a burn step: count must be a whole number from 1 to 3"):
        hg.load_game(BURN_HOLDEM.replace("count = 1", "count = 9"))
    with pytest.raises(GameFileError, match="a burn step"):
        hg.load_game(BURN_HOLDEM.replace('label = "Last burn"', "keep = 2"))


def test_the_new_kind_is_asked_and_played_through_the_public_api(burn_kind: None) -> None:
    g = hg.load_game(BURN_HOLDEM)
    h = g.deal([100, 100, 100], stakes=NL, button=0, seed=3)
    while h.step is not None and h.step.kind != "burn":
        seat = h.to_act[0]
        h.act(seat, "check" if "check" in h.legal(seat) else "call")
    assert h.to_act == (1,) and h.legal(1) == ["burn 0", "burn 1", "burn 2"]
    assert [o.text for o in h.legal_actions(1)] == h.legal(1)
    assert h.default_action(1) == "burn 0"
    with pytest.raises(hg.IllegalAction, match="burns 0 to 2 cards"):
        h.act(1, "burn 3")
    with pytest.raises(hg.IllegalAction, match="not seat 2's turn"):
        h.act(2, "burn 1")
    burned = len(h.burned)
    h.apply(1, h.legal_actions(1)[2])
    assert h.actions[-1] == (1, "burn 2") and len(h.burned) == burned + 2 + 1  # and the flop's own burn
    assert [e["text"] for e in h.events][-2:] == ["Seat 1 has the dealer burn 2", f"Board: {' '.join(str(Card(c)) for c in h.board)}"]
    assert h.step is not None and h.step.kind == "bet" and len(h.board) == 3


@pytest.mark.parametrize("by_records", [False, True])
def test_random_hands_of_the_new_kind_keep_the_chips_and_every_card_once(burn_kind: None, by_records: bool) -> None:
    g = hg.load_game(BURN_HOLDEM)
    rng = random.Random(21)
    burned_by_choice = 0
    for i in range(200):
        players = rng.randint(2, 6)
        h = g.deal([rng.randint(20, 200) for _ in range(players)], stakes=NL, button=i % players, rng=rng)
        chose = 0
        while not h.over:
            seat = rng.choice(h.to_act)
            if by_records:
                option = rng.choice(h.legal_actions(seat))
                amount = rng.randint(option.min, option.max) if option.kind in ("bet", "raise") else None
                h.apply(seat, option, amount)
            else:
                action = rng.choice(h.legal(seat))
                if action.startswith(("bet", "raise")):
                    verb, span = action.split()
                    lo, _, hi = span.partition("..")
                    action = f"{verb} {rng.randint(int(lo), int(hi or lo))}"
                h.act(seat, action)
            if h.actions[-1][1].startswith("burn"):
                chose += int(h.actions[-1][1].split()[1])
        assert sum(h.payoffs) == 0
        seen = h.board + h.burned + [c for held in h.cards for c in held]
        assert len(seen) == len(set(seen))
        # each board step burns one card itself; the burn steps add what was chosen
        assert len(h.burned) == (len(h.board) >= 3) + (len(h.board) == 5) + chose
        burned_by_choice += chose
        view = h.view(0)
        assert view["step"]["kind"] == "over"
    assert burned_by_choice > 50  # the hands reached the burn steps and burned


@pytest.mark.parametrize(("kind", "rule", "why"), [
    ("Burn", Burn(), "a lower-case word"), ("burn 2", Burn(), "a lower-case word"), ("", Burn(), "a lower-case word"),
    ("repeat", Burn(), "a game file's loop"), ("burn", object(), "timing must be one of"),
])
def test_a_bad_registration_is_refused_and_changes_nothing(kind: str, rule: Any, why: str) -> None:
    before = kinds()
    with pytest.raises(ValueError, match=why):
        register(kind, rule)
    assert kinds() == before


def test_the_kind_sets_follow_the_registry() -> None:
    from homegame.rules.spec import AUTOMATIC, SIMULTANEOUS

    assert set(SIMULTANEOUS) == {"pass", "expose", "discard", "arrange", "declare"}
    assert set(SEQUENTIAL) == {"draw", "buy", "strike"} and set(AUTOMATIC) == {"deal", "board", "roll", "showdown"}
    assert "burn" not in SEQUENTIAL and 3 not in SIMULTANEOUS


class Widow(Automatic):
    """``widow``: ``count`` more cards face down to every player still in; it counts its own cards."""

    fields = {"count": ("int 1 3", 1)}
    label = "Widow"
    deals = True

    def cards(self, step: Step) -> StepCards:
        return StepCards(dealt=step.count)

    def start(self, h: hg.Hand, step: Step) -> bool:
        dealing.deal(h, Step("deal", step.label, faces=(False,) * step.count))
        return False

    def describe(self, step: Step) -> str:
        return f"{step.label}: {step.count} more down to each player"


def test_a_new_kind_counts_its_own_cards() -> None:
    """The game adds up what each step's rule says it takes (the rule's ``cards``), naming no kind: a hand
    of Widow Hold'em holds four cards, so a preset may name four, the deck must serve four a player, and
    the odds and the bots see four."""
    register("widow", Widow())
    try:
        steps = (deal(False, False), Step("widow", "Widow", count=2), bet("Preflop"), board(5, burn=True, label="Board"),
                 bet("River"), Step("showdown", "Showdown"))
        g = Game("widow-holdem", "Widow Hold'em", {}, steps, 2, 12)
        assert (g.hole_count(), g.final_counts(), g.most_held(), g.most_received()) == (4, (4, 5), 4, 4)
        assert g.cards_needed(10) == 10 * 4 + 5 + 1
        assert holding_size(g) == (4, 5) and max_cards(g) == 4
        h = g.deal([100, 100], stakes=NL, seed=1, hole={0: "As Ks Qs Js"})
        assert h.cards[0] == card_ids("As Ks Qs Js") and len(h.cards[1]) == 4
        with pytest.raises(ValueError, match="12 players need 54 cards in widow-holdem; the deck has 52"):
            g.deal([100] * 12, stakes=NL)
    finally:
        unregister("widow")
