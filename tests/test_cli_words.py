"""What the terminal says in words: every shown hand at the showdown, borrowed Three-Hole cards, what you
passed and received, what each step asks, folded hands, and the typing shortcuts."""

from __future__ import annotations

from typing import Any

from rich.console import Console

import homegame as hg
from homegame.cli.play import _expand
from homegame.cli.prompts import card_changes, pass_partners, rules_line, step_hint
from homegame.cli.render import render_view, showdown_words

STAKES = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4)


def play_out(hand: Any, action: str = "check") -> None:
    while not hand.over:
        seat = hand.to_act[0]
        legal = hand.legal(seat)
        hand.act(seat, action if action in legal else legal[0])


def text_of(renderable: Any) -> str:
    console = Console(width=120, no_color=True, record=True)
    console.print(renderable)
    return console.export_text()


def test_the_showdown_describes_the_losing_hand_too() -> None:
    # Pass'Em page's example (seeds/000_4d47a75da2826cb4.txt): A♠7♦7♣ on 7♥K♠2♦ is 7-7-7-A-K.
    hand = hg.game("passem").deal([100, 100], stakes=STAKES, hole={0: "As 7d 2c", 1: "7c Kd 3h"},
                                  board="7h Ks 2d")
    hand.act(0, "pass 2c")
    hand.act(1, "pass 7c")
    play_out(hand)
    lines = showdown_words(hand.view(1))
    assert "Seat 0 shows A♠ 7♦ 7♣: three of a kind, sevens" in lines[0]
    assert lines[1].startswith("You show K♦ 3♥ 2♣: two pair, kings and twos")
    assert any(line.startswith("Seat 0 wins 2 from the pot with three of a kind, sevens") for line in lines)


def test_three_hole_says_whose_cards_the_winner_used() -> None:
    hand = hg.game("three-hole").deal([100] * 3, stakes=STAKES, hole={0: "Kh Kc 9s", 1: "Ks 4d 4c", 2: "9h 2c 3d"})
    exposes = {0: ["expose 9s", "expose Kc"], 1: ["expose 4d", "expose Ks"], 2: ["expose 9h", "expose 2c"]}
    while not hand.over:
        seat = hand.to_act[0]
        if hand.legal(seat)[0].startswith("expose"):
            hand.act(seat, exposes[seat].pop(0))
        else:
            hand.act(seat, "check")
    words = "\n".join(showdown_words(hand.view(0)))
    assert "You win" in words and "using" in words and "from Seat" in words


def test_a_split_game_describes_high_and_low() -> None:
    hand = hg.game("omaha", split="high-low").deal([100, 100], stakes=STAKES,
                                                    hole={0: "Ah 2h Kc Kd", 1: "Qs Qd Jc Jd"},
                                                    board="3s 4s 5d Qh 9c")
    play_out(hand)
    words = "\n".join(showdown_words(hand.view(0)))
    assert "for low 5-4-3-2-A low" in words and "; for low no qualifying low" in words


def test_passing_says_to_whom_and_what_came_back() -> None:
    hand = hg.game("passem").deal([100] * 3, stakes=STAKES, hole={0: "As 7d 2c", 1: "7c Kd 3h", 2: "9s 9d 4c"})
    before = hand.view(0)
    assert pass_partners(before) == (1, 2)
    assert "to Seat 1; you receive 1 card from Seat 2" in step_hint(before)
    for seat, card in ((0, "2c"), (1, "7c"), (2, "4c")):
        hand.act(seat, f"pass {card}")
    assert card_changes(before["cards"], hand.view(0), (1, 2)) == "You passed 2♣ to Seat 1 and received 4♣ from Seat 2."


def test_right_passes_and_dealt_cards() -> None:
    hand = hg.game("passem", pass_direction="right").deal([100] * 3, stakes=STAKES, seed=3)
    assert pass_partners(hand.view(0)) == (2, 1)
    assert card_changes(["As"], {"cards": ["As", "Kd"]}) == "You are dealt K♦."


def _choice(view: dict[str, Any], legal: list[str]) -> str:
    kind = view["step"]["kind"]
    if kind == "bet":
        return "check" if "check" in legal else legal[0]
    if kind == "pass":
        return "pass " + " ".join(view["cards"][:int(legal[0].split()[1])])
    if kind == "discard":
        return "discard " + view["cards"][0]
    return {"arrange": "arrange", "declare": "declare high"}[kind]


def test_every_choice_step_says_what_to_type() -> None:
    hand = hg.game("trash", passes=(3, 2, 1), keep=6, declare_after=4).deal([100] * 2, stakes=STAKES, seed=5)
    seen: dict[str, str] = {}
    while not hand.over:
        seat = hand.to_act[0]
        view = hand.view(seat)
        kind = view["step"]["kind"]
        if seat == 0 and kind != "bet":
            seen.setdefault(kind, step_hint(view))
        hand.act(seat, _choice(view, hand.legal(seat)))
    assert "Choose 3 cards to pass to Seat 1" in seen["pass"]
    assert "discard" in seen["discard"] and "keeping 6" in seen["discard"]
    assert "order" in seen["arrange"] and "locked" in seen["arrange"]
    assert "high, low or both" in seen["declare"]


def test_three_hole_shows_the_table_cards_and_what_to_expose() -> None:
    hand = hg.game("three-hole").deal([100] * 3, stakes=STAKES, hole={0: "Kh Kc 9s", 1: "Ks 4d 4c", 2: "9h 2c 3d"})
    while hand.view(0)["step"]["kind"] == "bet":
        hand.act(hand.to_act[0], "check")
    assert "expose" in step_hint(hand.view(0)) and "K♥ K♣ 9♠" in step_hint(hand.view(0))
    for seat, card in ((0, "9s"), (1, "4d"), (2, "9h")):
        hand.act(seat, f"expose {card}")
    assert step_hint(hand.view(0)) == "Table cards you may use (two of them with your three): 4♦ 9♥."


def test_a_folded_hand_shows_no_face_down_cards() -> None:
    hand = hg.game("holdem").deal([100] * 3, stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=1)
    seat = hand.to_act[0]
    hand.act(seat, "fold")
    row = next(line for line in text_of(render_view(hand.view(None))).splitlines() if f"Seat {seat} " in line)
    assert "▒" not in row and "folded" in row


def test_the_house_rules_line_names_the_variation() -> None:
    chosen = hg.game("trash", passes=(3, 2, 1), keep=6, declare_after=4)
    line = rules_line(chosen.rules, STAKES.to_dict())
    assert "passes 3,2,1" in line and "keep 6" in line and "declare_after 4" in line
    assert "Stakes: fixed-limit, ante 1, bets 2/4." in line


def test_shortcuts_allin_and_raise_to() -> None:
    view = {"legal": ["fold", "call 2", "raise 4..100"]}
    assert _expand("allin", view) == "raise 100"
    assert _expand("all in", view) == "raise 100" == _expand("pot", view)
    assert _expand("raise to 12", view) == "raise 12"
    assert _expand("allin", {"legal": ["fold", "call 20"]}) == "call 20"
    assert _expand("allin", {"legal": ["check", "bet 2"]}) == "bet 2"


def _run(*args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from homegame.cli import _load_commands, app

    _load_commands()
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "120", "NO_COLOR": "1"})
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_games_shows_a_variation_and_defaults_as_typed() -> None:
    code, out = _run("games", "trash", "--rule", "passes=3,2,1", "--rule", "keep=6", "--rule", "declare_after=4")
    assert code == 0
    assert "Discard to 6" in out and "Pass 4" not in out and "passes=3,2,1" in out
    assert "4,3,2,1" in out and "[4, 3, 2, 1]" not in out
    code, out = _run("games", "--rule", "keep=6")
    assert code == 2 and "needs a game name" in out


def test_odds_numbers_players_from_one_in_errors_and_counts_one_outcome() -> None:
    code, out = _run("odds", "three-hole", "As Ks Qd", "2c 2d 7h", "--exposed", "1=Jc")
    assert code == 2 and "player 1 exposes Jc" in out
    code, out = _run("odds", "three-hole", "As Ks Qd", "2c 2d 7h", "-e", "1=As Ks", "-e", "2=2c 2d")
    assert code == 0 and "exact over 1 outcome," in out


def test_replay_reveals_the_deal_and_the_face_down_choices(tmp_path: Any) -> None:
    hand = hg.game("passem").deal([100, 100], stakes=STAKES, hole={0: "As 7d 2c", 1: "7c Kd 3h"}, board="7h Ks 2d")
    hand.act(0, "pass 2c")
    hand.act(1, "pass 7c")
    hand.act(hand.to_act[0], "bet 2")
    hand.act(hand.to_act[0], "fold")
    path = tmp_path / "hand.json"
    path.write_text(hand.history.to_json(), encoding="utf-8")
    code, out = _run("replay", str(path))
    assert code == 0
    assert "Seat 0 is dealt A♠ 7♦ 2♣" in out and "Seat 1 chooses: pass 7♣" in out
    assert "House rules: split high" in out and "at the end (not shown)" in out
    code, out = _run("replay", str(path), "--no-reveal")
    assert code == 0 and "is dealt" not in out


def test_a_declare_showdown_describes_only_the_declared_sides() -> None:
    from homegame.cli.hands import lower_first

    assert lower_first("J-J-8-8-T low") == "J-J-8-8-T low"
    seats = [{"seat": 0, "up": [], "shown": ["Ts", "8c", "8h", "Js", "Jh", "Jd"], "folded": False, "declared": "high"},
             {"seat": 1, "up": [], "shown": ["Ac", "2d", "3s", "4h", "5c", "9d"], "folded": False, "declared": "low"},
             {"seat": 2, "up": ["6c"], "shown": None, "folded": True, "declared": "high"}]
    view = {"game": "pass-the-trash", "rules": {"keep": 6, "declare_after": 4}, "seat": 0, "board": [],
            "seats": seats, "results": {"shown": {"0": seats[0]["shown"], "1": seats[1]["shown"]}, "awards": []}}
    lines = showdown_words(view)
    assert lines[0] == "You show T♠ 8♣ 8♥ J♠ J♥ J♦: a full house, jacks full of eights (J♠ J♥ J♦ 8♣ 8♥)."
    assert lines[1] == "Seat 1 shows A♣ 2♦ 3♠ 4♥ 5♣ 9♦: 5-4-3-2-A low (5♣ 4♥ 3♠ 2♦ A♣)."
    assert lines[2] == "Declared: You high, Seat 1 low."


def test_arrange_with_the_first_cards_only_keeps_the_rest_in_order() -> None:
    view = {"cards": ["Js", "8c", "Jh", "Jd", "8h", "Ts"], "legal": ["arrange"]}
    assert _expand("arrange ts 8♣", view) == "arrange Ts 8c Js Jh Jd 8h"
    assert _expand("arrange 2c", view) == "arrange 2c"  # not held: left for the engine to refuse
    assert _expand("arrange", view) == "arrange Js 8c Jh Jd 8h Ts"


def test_simulate_refuses_a_chart_in_a_missing_folder_before_playing(tmp_path: Any) -> None:
    code, out = _run("simulate", "passem", "--hands", "100000", "--chart", str(tmp_path / "no" / "x.png"))
    assert code == 2 and "does not exist" in out and "bb/100" not in out


def test_side_pots_are_named_with_their_players() -> None:
    hand = hg.game("holdem").deal([10, 50, 50], stakes=hg.Stakes("no-limit", blinds=(1, 2)),
                                  hole={0: "As Ah", 1: "Ks Kh", 2: "Qs Qh"}, board="2c 3d 7h 9s Jd", button=0)
    hand.act(0, "raise 10")
    hand.act(1, "raise 30")
    hand.act(2, "call")
    text = text_of(render_view(hand.view(0)))
    assert "main 30 (You, Seat 1, Seat 2)" in text and "side 1 40 (Seat 1, Seat 2)" in text


def test_three_hole_hint_mentions_showdown_cards_when_they_count() -> None:
    hand = hg.game("three-hole", showdown_cards_count=True).deal(
        [100] * 3, stakes=STAKES, hole={0: "Kh Kc 9s", 1: "Ks 4d 4c", 2: "9h 2c 3d"})
    while hand.view(0)["step"]["kind"] == "bet":
        hand.act(hand.to_act[0], "check")
    for seat, card in ((0, "9s"), (1, "4d"), (2, "9h")):
        hand.act(seat, f"expose {card}")
    assert step_hint(hand.view(0)).endswith("At the showdown the other players' hidden cards count too.")


def test_low_27_is_a_word_on_the_command_line() -> None:
    code, out = _run("odds", "omaha", "As Ks Qd Jd", "2c 3d 7h 8h", "--rule", "split=high-low", "--rule", "low=27",
                     "--trials", "2000", "--seed", "1")
    assert code == 0, out
    code, out = _run("games", "passem", "--rule", "low=27", "--rule", "split=high-low")
    assert code == 0 and "low=27" in out


def test_three_hole_odds_show_the_face_up_cards_and_name_the_folded_cards() -> None:
    # The Three-Hole page's example (seeds/004_dd2d1f817d061823.txt): Anna K♠9♦ up and K♣ hidden, Ben K♥4♣ up,
    # Cara's folded 9♥ on the table: Anna's kings full of nines cannot lose.
    code, out = _run("odds", "three-hole", "Ks 9d Kc", "Kh 4c", "-e", "1=Ks 9d", "-e", "2=Kh 4c", "--board", "9h")
    assert code == 0, out
    assert "face up K♠ 9♦, face down K♣" in out and "face up K♥ 4♣, face down 1 unknown" in out and "folded players' face-up cards 9♥" in out and "100.0000%" in out


def test_one_chip_is_singular() -> None:
    hand = hg.game("holdem").deal([100, 100], stakes=hg.Stakes("no-limit", blinds=(1, 2)), seed=1, button=0)
    hand.act(0, "fold")  # heads-up the button posts the small blind and folds it
    assert showdown_words(hand.view(0))[-1] == "You lost 1 chip this hand."


def test_play_says_which_option_is_wrong() -> None:
    code, out = _run("play", "passem", "--stack", "0")
    assert code == 2 and "--stack must be 1 chip or more, not 0" in out
    code, out = _run("play", "passem", "--hands", "-1")
    assert code == 2 and "--hands must be 0" in out and "--stack" not in out.split("Error")[-1]


def _checked_down(hole: dict[int, str], board: str) -> list[str]:
    hand = hg.game("holdem").deal([100] * 3, stakes=STAKES, hole=hole, board=board)
    play_out(hand)
    return showdown_words(hand.view(0))


def test_the_showdown_says_why_kickers_and_ties() -> None:
    lines = _checked_down({0: "Qh 9c", 1: "Qc Kd", 2: "Qs 9d"}, "Qd 5d Ah 2c 7s")
    assert "; you and Seat 2 also had one pair, queens, beaten on the side cards (kickers)." in lines[3]
    lines = _checked_down({0: "Qh 9c", 1: "Qc 9d", 2: "2s 3d"}, "Qd 5d Ah Jc 7s")
    assert lines[3].endswith(", a tie with you: split.") and lines[4].endswith(", a tie with Seat 1: split.")


def test_odds_prints_the_readme_example_exactly() -> None:
    code, out = _run("odds", "holdem", "As Ks", "Qh Qd")  # README: exact: 46.2145% v 53.7855%
    assert code == 0 and "46.2145%" in out and "53.7855%" in out and "1,712,304 outcomes" in out


def test_the_rules_line_leaves_out_low_rules_in_a_high_game() -> None:
    line = rules_line(hg.game("passem").rules, STAKES.to_dict())
    assert line.startswith("House rules: split high · pass_direction left · burn yes.") and "low" not in line
    line = rules_line(hg.game("omaha", split="high-low").rules, STAKES.to_dict())
    assert "low a5 · qualifier 8" in line and "swing_ties" not in line
