"""Refusals in the simultaneous steps (RULES.md §1.6, issue 8 §8): every refusal of a pass, exposure,
discard, arrangement or declaration names the step, how many cards, and exactly the cards the seat may
choose now (face-up cards are not offered for an exposure), and leaves the hand unchanged."""

from __future__ import annotations

import re

import pytest

import homegame as hg
from test_rules_support import LIMIT, play_out


def refused(hand: hg.Hand, seat: int, action: str) -> str:
    """The refusal's text; the hand is checked unchanged."""
    before = hand.history.to_json()
    view = hand.view(seat)
    with pytest.raises(hg.IllegalAction) as e:
        hand.act(seat, action)
    assert hand.history.to_json() == before and hand.view(seat) == view
    return str(e.value)


def three_hole() -> hg.Hand:
    h = hg.game("three-hole").deal([50, 50], stakes=LIMIT, button=0, hole={0: "8s 6d Jc", 1: "2c 3c 4c"})
    return play_out(h, until="First exposure")


def test_expose_refusals_name_the_step_the_count_and_the_face_down_cards() -> None:
    h = three_hole()
    allowed = "First exposure: seat 0 exposes exactly 1 card, one of its face-down cards 8s 6d Jc"
    assert refused(h, 0, "expose 2c") == f"seat 0 does not hold 2c. {allowed}"
    assert refused(h, 0, "expose 8s 6d") == f"2 cards named, not 1. {allowed}"
    assert refused(h, 0, "expose") == f"0 cards named, not 1. {allowed}"
    assert refused(h, 0, "expose Zz").endswith(allowed)
    assert refused(h, 0, "discard 8s").endswith(allowed)
    h.act(0, "expose 8s")
    h.act(1, "expose 2c")
    play_out(h, until="Second exposure")
    allowed = "Second exposure: seat 0 exposes exactly 1 card, one of its face-down cards 6d Jc"
    assert refused(h, 0, "expose 8s") == f"8s is already face up. {allowed}"
    assert refused(h, 0, "expose 2c") == f"seat 0 does not hold 2c. {allowed}"
    assert refused(h, 1, "expose 8s 8s 8s") == ("seat 1 does not hold 8s. Second exposure: seat 1 exposes "
                                              "exactly 1 card, one of its face-down cards 3c 4c")


def trash(until: str, **rules: object) -> hg.Hand:
    h = hg.game("trash", **rules).deal([100] * 3, stakes=LIMIT, button=0, seed=3)
    return play_out(h, until=until)


def held(hand: hg.Hand, seat: int) -> str:
    return " ".join(hand.view(seat)["cards"])


def test_pass_refusals() -> None:
    h = trash("Pass 4")
    cards = h.view(0)["cards"]
    allowed = f"Pass 4: seat 0 passes exactly 4 cards of {held(h, 0)}"
    assert refused(h, 0, f"pass {cards[0]}") == f"1 card named, not 4. {allowed}"
    assert refused(h, 0, f"pass {cards[0]} {cards[0]} {cards[0]} {cards[1]}") == (
        f"{cards[0]} is named more than once in '{cards[0]} {cards[0]} {cards[0]} {cards[1]}'. {allowed}")
    other = h.view(1)["cards"][0]
    assert refused(h, 0, f"pass {other} {' '.join(cards[:3])}") == f"seat 0 does not hold {other}. {allowed}"
    assert refused(h, 0, "declare high") == f"now everyone chooses at once, not 'declare'; seat 0 may: pass 4. {allowed}"


def test_discard_refusals() -> None:
    h = trash("Discard to 5", keep=5)
    cards = h.view(2)["cards"]
    allowed = f"Discard to 5: seat 2 discards exactly 2 cards of {held(h, 2)}"
    assert refused(h, 2, f"discard {cards[0]}") == f"1 card named, not 2. {allowed}"
    assert refused(h, 2, f"discard {cards[0]} {cards[0]}") == (
        f"{cards[0]} is named more than once in '{cards[0]} {cards[0]}'. {allowed}")


def test_arrange_refusals() -> None:
    h = trash("Arrange")
    cards = h.view(1)["cards"]
    allowed = f"Arrange: seat 1 orders all 7 cards it holds, first to turn first, each once: {held(h, 1)}"
    assert refused(h, 1, f"arrange {' '.join(cards[:6])}") == f"6 cards named, not 7. {allowed}"
    assert refused(h, 1, f"arrange {' '.join(cards[:6])} {cards[0]}").endswith(allowed)


def test_declare_refusals() -> None:
    h = trash("Declare")
    allowed = "Declare: seat 0 declares high, low or both ('declare high', 'declare low', 'declare both')"
    assert refused(h, 0, "declare middle") == f"'declare middle' is not a declaration. {allowed}"
    assert refused(h, 0, "declare") == f"'declare' is not a declaration. {allowed}"
    assert refused(h, 0, "roll").endswith(allowed)


@pytest.mark.parametrize("name", ["passem", "trash", "three-hole"])
def test_every_choice_refusal_says_the_step_and_the_cards(name: str) -> None:
    """Whatever is wrong, the message ends with the step's label, the seat and (but for a declaration)
    exactly the cards that may be chosen."""
    h = hg.game(name, split="declare").deal([100] * 3, stakes=LIMIT, button=0, seed=11)
    kinds = set()
    while not h.over:
        step = h.step
        assert step is not None
        if step.kind == "bet":
            h.act(h.to_act[0], "check" if "check" in h.legal(h.to_act[0]) else "call")
            continue
        kinds.add(step.kind)
        for seat in h.to_act:
            view = h.view(seat)
            choosable = [c for c in view["cards"] if step.kind != "expose" or c not in view["up"]]
            for bad in ("pass 2c 2c", "expose Zz", "discard", "arrange Ah Ah", "declare sideways", "roll"):
                text = refused(h, seat, bad)
                assert re.search(rf"\. {re.escape(step.label)}: seat {seat} ", text), text
                if step.kind != "declare":
                    assert text.endswith(" ".join(choosable)), text
            h.act(seat, h.default_action(seat))
    assert kinds >= {"declare"} and len(kinds) >= 2


# ----- what a choice says in the log (issue 17: "Ann has chosen" said nothing) ----------------------------

def mine(hand: hg.Hand, seat: int) -> list[str]:
    """The hand log as ``seat`` reads it: the public lines, with its own private words in their place."""
    view = hand.view(seat)
    return [view["log_mine"].get(str(i), line) for i, line in enumerate(view["log"])]


def test_a_choice_says_what_was_chosen_and_only_to_whom_it_may() -> None:
    h = trash("Pass 4")
    passed = h.view(0)["cards"][:4]
    h.act(0, f"pass {' '.join(passed)}")
    public = h.view(None)["log"][-1]
    assert public == "Seat 0 has chosen to pass 4 cards"  # how many, never which
    assert h.view(1)["log"][-1] == public and h.view(1)["log_mine"] == {} and h.view(None)["log_mine"] == {}
    assert mine(h, 0)[-1] == f"Seat 0 has chosen to pass {' '.join(passed)}"
    receiver = h.view(0)["pass_to"]
    for seat in (1, 2):
        if h.to_act and seat in h.to_act:
            h.act(seat, f"pass {' '.join(h.view(seat)['cards'][:4])}")
    line = next(i for i, t in enumerate(h.view(None)["log"]) if t.startswith("Seat 0 passes 4 cards"))
    for seat in (0, receiver):  # the passed cards are the passer's and the receiver's to know
        assert mine(h, seat)[line] == f"Seat 0 passes {' '.join(passed)} to Seat {receiver}"
    other = ({0, 1, 2} - {0, receiver}).pop()
    assert mine(h, other)[line] == h.view(None)["log"][line] == f"Seat 0 passes 4 cards to Seat {receiver}"
    assert not any(c in " ".join(h.view(other)["log"] + list(h.view(other)["log_mine"].values())) for c in passed)


def test_a_declaration_is_said_to_the_declarer_and_to_the_others_once_everyone_has() -> None:
    h = trash("Declare")
    h.act(0, "declare low")
    assert h.view(1)["log"][-1] == "Seat 0 has chosen a declaration (shown when everyone has)"
    assert "low" not in h.view(1)["log"][-1] and mine(h, 0)[-1] == "Seat 0 has declared low"
    for seat in list(h.to_act):
        h.act(seat, "declare high")
    assert "Seat 0 declares low" in h.view(1)["log"]


def test_every_kind_of_choice_has_its_words() -> None:
    from homegame.rules.choices import chosen_words
    assert chosen_words("discard 7c 2d", mine=False) == "has chosen to discard 2 cards"
    assert chosen_words("discard 7c 2d", mine=True) == "has chosen to discard 7c 2d"
    assert chosen_words("expose Kd", mine=False) == "has chosen a card to expose"
    assert chosen_words("expose Kd", mine=True) == "has chosen to expose Kd"
    assert chosen_words("arrange 9s 8h 7d", mine=False) == "has chosen the order of 3 cards"
    assert chosen_words("arrange 9s 8h 7d", mine=True) == "has chosen the order 9s 8h 7d"
    assert chosen_words("pass Ks", mine=False) == "has chosen to pass 1 card"
