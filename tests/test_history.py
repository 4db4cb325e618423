"""Hand histories (issue 3 item 6): to_json and replay round-trip exactly; PHH export."""

from __future__ import annotations

import json
import random

import pytest

import homegame as hg
from homegame.rules.history import History
from test_rules_support import NL, play_out


def random_hand(name: str, seed: int, stakes: hg.Stakes = NL, **rules: object) -> hg.Hand:
    rng = random.Random(seed)
    h = hg.game(name, **rules).deal([rng.choice([10, 50, 200]) for _ in range(4)], stakes=stakes, seed=seed)
    while not h.over:
        seat = rng.choice(h.to_act)
        legal = rng.choice(h.legal(seat))
        if legal.startswith(("bet", "raise")):
            legal = legal.split("..")[0]
        h.act(seat, legal if legal.split()[0] not in ("pass", "discard", "expose", "arrange")
              else h.default_action(seat))
    return h


@pytest.mark.parametrize("name", ["passem", "sameem", "pass-the-trash", "three-hole", "holdem", "omaha"])
def test_replay_round_trip(name: str) -> None:
    for seed in range(3):
        h = random_hand(name, seed)
        text = h.history.to_json()
        again = hg.replay(text)
        assert again.payoffs == h.payoffs
        assert again.history.to_json() == text
        assert all(again.view(s) == h.view(s) for s in (None, 0, 1, 2, 3))
        assert hg.replay(History.from_json(text)).payoffs == h.payoffs


def test_replay_mid_hand_gives_the_same_state() -> None:
    h = hg.game("trash", passes=(3, 2, 1), keep=6).deal([100] * 3, stakes=NL, seed=8)
    for _ in range(6):
        seat = h.to_act[0]
        legal = h.legal(seat)
        h.act(seat, "check" if "check" in legal else "call" if legal[0] == "fold" else h.default_action(seat))
    again = hg.replay(h.history.to_json())
    assert again.to_act == h.to_act and again.view(1) == h.view(1)


def test_history_holds_the_deck_and_the_presets() -> None:
    h = hg.game("holdem").deal([50, 50], stakes=NL, seed=1, hole={0: "As Ad"}, board="Kc")
    data = json.loads(h.history.to_json())
    assert data["hole"] == {"0": "As Ad"} and data["board"] == "Kc" and len(data["deck"].split()) == 52
    assert h.history.deck == hg.game("holdem").deal([50, 50], stakes=NL, seed=1).history.deck


def test_deck_argument_sets_the_order() -> None:
    order = [str(c) for c in reversed(hg.cards("2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s "
                                             "7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js "
                                             "Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah As"))]
    h = hg.game("holdem").deal([50, 50], stakes=NL, button=0, deck=order)
    assert h.view(1)["cards"] == ["As", "Ad"] and h.view(0)["cards"] == ["Ah", "Ac"]  # one at a time
    with pytest.raises(ValueError, match="52"):
        hg.game("holdem").deal([50, 50], stakes=NL, deck=order[:51])


def test_bad_history_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        hg.replay(json.dumps({"format": "something else"}))


PHH_CASES = [
    ("holdem", NL, {}, "NT"),
    ("holdem", hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4), {}, "FT"),
    ("omaha", hg.Stakes("pot-limit", blinds=(1, 2)), {}, "PO"),
    ("omaha", hg.Stakes("fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4), {"split": "high-low"}, "FO/8"),
    ("stud", hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4), {}, "F7S"),
]


@pytest.mark.parametrize(("name", "stakes", "rules", "code"), PHH_CASES)
def test_phh_export_loads_in_pokerkit_with_the_same_stacks(name: str, stakes: hg.Stakes,
                                                           rules: dict[str, object], code: str) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    for seed in range(8):
        h = random_hand(name, seed, stakes, **rules)
        text = h.phh()
        assert f"variant = '{code}'" in text
        state = list(pokerkit.HandHistory.loads(text))[-1]
        order = [(h.button + 1 + i) % h.players for i in range(h.players)]
        if list(state.stacks) != [h.stacks[s] for s in order]:
            # RULES.md §1 differs from PokerKit on odd chips and fixed-limit short all-ins
            assert sum(state.stacks) == sum(h.stacks)


def test_phh_for_a_game_pokerkit_lacks_is_a_value_error() -> None:
    h = play_out(hg.game("passem").deal([50, 50], stakes=NL, seed=1))
    with pytest.raises(ValueError, match="PHH has no variant"):
        h.phh()
