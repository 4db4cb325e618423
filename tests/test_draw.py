"""The draw step (docs/games/draw.md, issue 11): discard up to N and be dealt as many, in turn from the
button's left; standing pat; the stub's last card shuffled with the discards and burns (Robert's Rules of
Poker, draw poker); nothing of another seat's draw in any view; replay; bots."""

from __future__ import annotations

import json
import random

import pytest

import homegame as hg
from homegame.bots import make_bot
from homegame.table.autoplay import simple_action
from test_rules_support import play_out, script

FL = hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)


def draw_hand(**kw: object) -> hg.Hand:
    hole = {0: "As Ad 7c 4h 2s Kd Qd", 1: "Kc Ks 9d 8d 3c 5h", 2: "Jh Ts 6s 6c 2d Ac Ah"}
    h = hg.game("five-card-draw", **kw).deal([100] * 3, stakes=FL, button=2, hole=hole)  # type: ignore[arg-type]
    return play_out(h, until="Draw")


def test_draw_in_turn_from_the_buttons_left_up_to_the_limit() -> None:
    h = draw_hand()
    assert h.to_act == (0,)
    assert h.legal(0) == ["discard 0", "discard 1", "discard 2", "discard 3", "discard 4", "discard 5"]
    assert h.legal(1) == []
    h.act(0, "discard 7c 4h")
    assert h.view(0)["cards"] == ["As", "Ad", "2s", "Kd", "Qd"]  # the preset's next cards replace them
    assert h.to_act == (1,)
    assert h.events[-1]["text"] == "Seat 0 draws 2"


def test_standing_pat_three_ways_and_the_draw_limit() -> None:
    h = draw_hand(draw_max=3)
    assert h.legal(0) == ["discard 0", "discard 1", "discard 2", "discard 3"]
    with pytest.raises(hg.IllegalAction, match=r"4 cards named, more than 3\. Draw: seat 0 discards 0 to 3 "
                                               r"cards of As Ad 7c 4h 2s"):
        h.act(0, "discard Ad 7c 4h 2s")
    with pytest.raises(hg.IllegalAction, match="seat 0 does not hold Kc"):
        h.act(0, "discard Kc")
    h.act(0, "discard")
    h.act(1, "stand pat")
    h.act(2, "pat")
    assert [a for _, a in h.actions[-3:]] == ["discard", "discard", "discard"]
    assert [e["text"] for e in h.events if e["type"] == "draw"] == [f"Seat {s} stands pat" for s in (0, 1, 2)]
    assert h.step is not None and h.step.label == "After the draw"


def test_views_never_show_another_seats_discards_or_replacements() -> None:
    h = draw_hand()
    h.act(0, "discard 7c 4h")
    for seat in (None, 1, 2):
        text = json.dumps(h.view(seat))
        for card in ("7c", "4h", "Kd", "Qd", "As"):
            assert card not in text, (seat, card)
    assert h.view(1)["seats"][0]["down"] == 5


def test_the_stub_runs_short_the_last_card_is_shuffled_with_the_discards_and_burns() -> None:
    """Seven players draw five each three times: the deck runs short; the bottom card is not dealt but
    shuffled with the discards and burns (never the discards of the player being served)."""
    h = hg.game("27-triple-draw").deal([100] * 7, stakes=FL, button=0, seed=1)
    seen_shuffle = False
    while not h.over:
        seat = h.to_act[0]
        if h.step is not None and h.step.kind == "draw":
            mine = set(h.view(seat)["cards"])
            h.act(seat, "discard " + " ".join(mine))
            assert not mine & set(h.view(seat)["cards"]), "a player got back its own discards"
            seen_shuffle = seen_shuffle or h.events[-2]["type"] == "reshuffle"
        else:
            h.act(seat, "check" if "check" in h.legal(seat) else "call")
        everything = [c for cs in h.cards for c in cs] + h.burned + h.mucked
        assert len(everything) == len(set(everything))
    assert seen_shuffle
    assert any(e["type"] == "reshuffle" for e in h.events)
    again = hg.replay(h.history.to_json())
    assert again.payoffs == h.payoffs and all(again.view(s) == h.view(s) for s in [None, *range(7)])


def test_a_history_round_trips_through_a_draw() -> None:
    h = draw_hand()
    script(h, [(0, "discard 7c"), (1, "discard 3c 8d 9d"), (2, "discard")])
    again = hg.replay(h.history.to_json())
    assert again.view(1) == h.view(1) and again.actions == h.actions
    play_out(h)
    assert hg.replay(h.history.to_json()).payoffs == h.payoffs


def test_timer_default_stands_pat() -> None:
    h = draw_hand()
    assert h.default_action(0) == "discard"


@pytest.mark.parametrize("name", ["five-card-draw", "27-triple-draw"])
def test_every_bot_and_the_table_autoplay_play_the_draw(name: str) -> None:
    game = hg.game(name)
    for bot_name in ("random", "rule", "equity"):
        bot = make_bot(bot_name, seed=3)
        h = game.deal([60] * 4, stakes=FL, button=1, seed=9)
        rng = random.Random(2)
        while not h.over:
            seat = h.to_act[0]
            view = h.view(seat)
            h.act(seat, bot.act(view) if seat % 2 else simple_action(view, rng))
        assert sum(h.payoffs) == 0


def test_the_terminal_explains_the_draw() -> None:
    from homegame.cli.prompts import step_hint

    h = draw_hand(draw_max=3)
    hint = step_hint(h.view(0))
    assert "up to 3 cards" in hint and "stand pat" in hint
