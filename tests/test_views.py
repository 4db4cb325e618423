"""Views (issue 3 item 5): one function decides what a seat or a spectator may see."""

from __future__ import annotations

import json
import re

import homegame as hg
from test_rules_support import LIMIT, NL, play_out, script


def test_view_layout_of_docs_engine_api() -> None:
    h = hg.game("passem").deal([50, 50, 50], stakes=NL, button=0, seed=9)
    v = h.view(1)
    for key in ("game", "title", "rules", "stakes", "seat", "button", "step", "cards", "up", "board", "seats",
                "pot", "pots", "to_act", "legal", "chosen", "over", "results", "log"):
        assert key in v, key
    assert v["step"] == {"kind": "pass", "label": "Pass"} and v["legal"] == ["pass 1"]
    assert v["pot"] == 3 and v["pots"] == [{"amount": 3, "eligible": [0, 1, 2]}]
    seat = v["seats"][2]
    assert seat == {"seat": 2, "stack": 48, "bet": 2, "in_pot": 2, "folded": False, "all_in": False, "up": [],
                    "down": 3, "shown": None, "declared": None, "ready": False}
    json.dumps(v)


def test_spectator_sees_only_public_cards() -> None:
    h = hg.game("stud").deal([50, 50], stakes=hg.Stakes("fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4),
                             button=0, hole={0: "As Ks Qs", 1: "2c 3c 4c"})
    v = h.view(None)
    assert v["cards"] == [] and v["legal"] == [] and v["seat"] is None
    assert v["seats"][0]["up"] == ["Qs"] and v["seats"][0]["down"] == 2
    text = json.dumps(v)
    assert "As" not in text and "Ks" not in text and "2c" not in text
    assert h.view(0)["cards"] == ["As", "Ks", "Qs"] and h.view(0)["up"] == ["Qs"]


def test_folded_hand_is_mucked_unseen_but_its_up_cards_stay() -> None:
    h = hg.game("three-hole").deal([50, 50, 50], stakes=LIMIT, button=2,
                                   hole={0: "Ks 9d Kc", 1: "Kh 4c 4d", 2: "9h 2c 5s"})
    play_out(h, {"First exposure": {0: "expose Ks", 1: "expose Kh", 2: "expose 9h"}}, until="Round 2")
    script(h, [(0, "bet"), (1, "call"), (2, "fold")])
    play_out(h)
    for seat in (None, 0, 1):
        text = json.dumps(h.view(seat))
        assert "9h" in text and "2c" not in text and "5s" not in text


def test_showdown_shows_every_hand_still_in() -> None:
    h = play_out(hg.game("holdem").deal([50, 50], stakes=NL, button=0, hole={0: "As Ad", 1: "Ks Kd"},
                                        board="2c 7d 9h Jc 3s"))
    v = h.view(None)
    assert v["over"] and v["step"]["kind"] == "over"
    assert v["results"]["shown"] == {"0": ["As", "Ad"], "1": ["Ks", "Kd"]}
    assert v["seats"][1]["shown"] == ["Ks", "Kd"]
    assert v["results"]["payoffs"] == [2, -2]
    assert any("wins" in line for line in v["log"])


def test_simultaneous_choice_hidden_until_all_are_in() -> None:
    h = hg.game("passem").deal([50, 50, 50], stakes=NL, button=0, hole={0: "As Ks Qs", 1: "2c 3c 4c"})
    h.act(0, "pass As")
    for seat in (None, 1, 2):
        v = h.view(seat)
        assert "As" not in json.dumps(v)
        assert v["seats"][0]["ready"] and v["to_act"] == [1, 2]
    assert h.view(0)["chosen"] == "pass As" and h.legal(0) == []
    assert all("As" not in e["text"] for e in h.events)


def test_events_are_public() -> None:
    h = play_out(hg.game("passem").deal([50, 50, 50], stakes=NL, button=0, seed=2))
    hidden = {str(hg.Card(c)) for c in h.burned}
    for e in h.events:
        assert not hidden & set(re.findall(r"\b[2-9TJQKA][cdhs]\b", e["text"]))
        assert set(e) >= {"type", "text"}
