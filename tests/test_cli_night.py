"""The command line as a new player meets it (issue 8, section 7): short simulations, every hand file the
project writes replayed, the odds' models said out loud, players numbered one way, Ctrl-C keeps results."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

import homegame as hg
from homegame.cli import _load_commands, app
from homegame.sim import play_hand

_load_commands()
STAKES = hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def error_of(out: str) -> str:
    """The error box's text as one line (rich draws it in a box of │ characters)."""
    inside = [line.strip(" │") for line in out.splitlines() if line.startswith("│")]
    return " ".join(inside).strip()


# --- simulate with too few hands for an interval -------------------------------------------------------

@pytest.mark.parametrize("game", list(hg.game_names()))
def test_simulate_one_two_three_hands_of_every_game_with_a_chart(game: str, tmp_path: Path) -> None:
    for hands in (1, 2, 3):
        chart = tmp_path / f"{game}-{hands}.png"
        code, out = run("simulate", game, "--bots", "rule,random", "--hands", str(hands), "--seed", "3",
                        "--workers", "1", "--chart", str(chart))
        assert code == 0, out
        assert "nan" not in out.lower() and "inf" not in out.lower()
        assert ("n/a: need at least 2 hands" in out) == (hands == 1)
        assert chart.read_bytes()[:4] == b"\x89PNG"


def test_a_win_rate_of_one_hand_says_it_has_no_interval() -> None:
    import numpy as np

    from homegame.sim import win_rate

    rate = win_rate(np.array([8.0]), big_bet=4)
    assert not rate.known and str(rate) == "+200.0 bb/100 (interval n/a: need at least 2 hands)"
    assert win_rate(np.array([8.0, 0.0]), big_bet=4).known


# --- replay reads every hand file the project writes ---------------------------------------------------

def _finished_hand(game: str = "three-hole", seed: int = 3) -> hg.Hand:
    from homegame.bots import RuleBot

    return play_hand(hg.game(game), [RuleBot(seed=s) for s in range(3)], [50, 50, 50], stakes=STAKES, seed=seed)


def _server_hand_file(hand: hg.Hand) -> dict[str, object]:
    """What ``GET /api/tables/T/hands/2.json`` answers (server/app.py, hand_file), for a hand dealt seat for seat."""
    history = json.loads(hand.history.to_json())
    return {"format": "homegame-hand", "version": 1, "table_id": "T", "number": 2,
            "start": {"game": history["game"], "rules": history["rules"], "stakes": history["stakes"],
                      "stacks": history["stacks"], "button": history["button"], "dealt": [0, 1, 2]},
            "names": {"0": "Ann", "1": "Bob", "2": "Cy"}, "commitment": "ab" * 32, "deck": history["deck"].split(),
            "salt": "00" * 16, "actions": history["actions"], "payoffs": list(hand.payoffs), "history": history}


def test_replay_reads_the_servers_hand_download(tmp_path: Path) -> None:
    path = tmp_path / "hand-2.json"
    path.write_text(json.dumps(_server_hand_file(_finished_hand())), encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 0, out
    assert "Seat 0 is dealt" in out and "table T, hand 2" in out and "Ann" in out


def test_replay_reads_a_pretty_printed_history(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(json.loads(_finished_hand().history.to_json()), indent=2), encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 0 and "Seat 0 is dealt" in out, out


def test_replay_of_json_lines_lists_the_hands_and_takes_one(tmp_path: Path) -> None:
    path = tmp_path / "night.jsonl"
    hands = [_finished_hand("passem", seed) for seed in (1, 2, 3)]
    lines = [hands[0].history.to_json(), json.dumps(_server_hand_file(hands[1])), hands[2].history.to_json()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 0, out
    assert "holds 3 hands" in out and "--hand N" in out
    assert re.search(r"^\s*1\b.*Pass'Em", out, re.M) and re.search(r"^\s*3\b.*Pass'Em", out, re.M)
    assert "seat 0 (Ann)" in out and " net seat " in out
    code, out = run("replay", str(path), "--hand", "2")
    assert code == 0 and "table T, hand 2" in out, out
    code, out = run("replay", str(path), "--hand", "4")
    assert code == 2 and "holds 3 hands: --hand must be 1 to 3, not 4" in error_of(out)


@pytest.mark.parametrize(("text", "says"), [
    ("", "is empty"),
    ("hello", "is not JSON"),
    ('{"not": "a hand"}', "not a hand file homegame writes"),
    ('{"format": "homegame-hand", "version": 1}', "has no history"),
    ('{"format": "something-else/3"}', "format 'something-else/3'"),
    ('[1, 2]', "not a hand file homegame writes"),
    ('{"detail": "hand 1 is not over or does not exist"}', "the server's error answer, not a hand: hand 1 is not"),
    ('variant = "NT"\nantes = [0, 0]\n', "PHH"),
])
def test_replay_of_anything_else_is_one_clear_line(text: str, says: str, tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(text, encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 2
    message = error_of(out)
    assert says in message and "x.json" in message, message


def test_replay_of_a_folder_says_it_wants_a_file(tmp_path: Path) -> None:
    code, out = run("replay", str(tmp_path))
    assert code == 2 and "is a folder: give replay a hand file" in error_of(out)


def test_replay_of_a_hand_whose_actions_do_not_replay_says_which_hand(tmp_path: Path) -> None:
    data = json.loads(_finished_hand().history.to_json())
    data["actions"][0][1] = "raise 9999"
    path = tmp_path / "bad.jsonl"
    path.write_text(_finished_hand().history.to_json() + "\n" + json.dumps(data) + "\n", encoding="utf-8")
    code, out = run("replay", str(path), "--hand", "2")
    assert code == 2 and "hand 2" in error_of(out) and "does not replay" in error_of(out), out


# --- odds: what is assumed about each player's cards ---------------------------------------------------

def test_three_hole_face_up_cards_come_only_from_exposed() -> None:
    # Listing order used to decide which cards were face up ("Ks Kd 2c" 3.19%, "2c Ks Kd" 98.94%).
    for order in ("Ks Kd 2c", "2c Ks Kd"):
        code, out = run("odds", "three-hole", order, "")
        assert code == 2, out
        message = error_of(out)
        assert "player 1" in message and "--exposed" in message and "face up" in message, message
    shares = []
    for order in ("Ks Kd 2c", "2c Ks Kd"):
        code, out = run("odds", "three-hole", order, "", "--exposed", "1=Ks Kd")
        assert code == 0, out
        shares.append(re.findall(r"(\d+\.\d+)%", out))
        assert "face up K♠ K♦, face down 2♣" in out
        assert "face up 2 unknown, face down 1 unknown" in out
    assert shares[0] == shares[1]


def test_three_hole_one_listed_card_not_face_up_says_both_ways_to_fix_it() -> None:
    code, out = run("odds", "three-hole", "Ks Kd 2c", "Qh", "-e", "1=Ks Kd")
    message = error_of(out)
    assert code == 2 and "player 2 lists Qh, which --exposed does not name face up" in message
    assert 'say --exposed "2=Qh"' in message, message
    code, out = run("odds", "three-hole", "Ks Kd 2c", "Qh", "-e", "1=Ks Kd", "-e", "2=Qh")
    assert code == 0 and "face up Q♥ + 1 unknown, face down 1 unknown" in out


def test_three_hole_with_too_many_cards_says_so_first() -> None:
    code, out = run("odds", "three-hole", "As Ks Qd Jd", "")
    assert code == 2 and "player 1 lists 4 cards (As Ks Qd Jd): a Three-Hole player holds 3" in error_of(out)


def test_three_hole_with_only_face_up_cards_listed_needs_no_more() -> None:
    code, out = run("odds", "three-hole", "Kh", "Qd 9c", "-e", "1=Kh", "-e", "2=Qd 9c", "--trials", "2000",
                    "--seed", "1")
    assert code == 0, out
    assert "face up K♥ + 1 unknown, face down 1 unknown" in out and "face up Q♦ 9♣, face down 1 unknown" in out


@pytest.mark.parametrize(("given", "says"), [
    ("0=Kd", "--exposed names player 0: players are numbered from 1 to 2"),
    ("3=Kd", "--exposed names player 3: players are numbered from 1 to 2"),
    ("x=Kd", "--exposed 'x=Kd' must be PLAYER=CARDS"),
    ("2=Kd", "player 2 exposes Kd, a card not listed for them (they have Qs Qc)"),
])
def test_exposed_names_players_as_they_were_typed(given: str, says: str) -> None:
    code, out = run("odds", "three-hole", "Kd 9h", "Qs Qc", "--exposed", given)
    assert code == 2 and says in error_of(out), out


def test_odds_help_says_how_players_are_numbered() -> None:
    code, out = run("odds", "--help")
    assert code == 0 and "numbered from 1" in " ".join(out.split())


@pytest.mark.parametrize("game", ["pass-the-trash", "sameem"])
def test_a_declare_game_says_it_is_valued_as_cards_speak(game: str) -> None:
    rules = ["--rule", "split=declare"] if game == "sameem" else ["--rule", "keep=5"]
    code, out = run("odds", game, "As 2s 3d 4c 5h", "Kh Kd Kc Qs Qd", *rules, "--trials", "2000", "--seed", "1")
    assert code == 0, out
    text = " ".join(out.split())
    assert "declare" in text and "cards speak" in text and "high-low" in text


def test_a_high_game_says_nothing_about_declaring() -> None:
    code, out = run("odds", "holdem", "As Ks", "Qh Qd", "--board", "2c 7d 9h Tc")
    assert code == 0 and "declare" not in out


# --- Ctrl-C in simulate keeps what was played ----------------------------------------------------------

def _spawn(*args: str) -> pexpect.spawn:
    # A terminal that draws the progress bar (redrawn as each chunk of hands finishes), so the test can wait
    # for the first hands instead of guessing how long the machine takes.
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "160", "TERM": "xterm"}
    return pexpect.spawn(sys.executable, ["-c", "from homegame.cli import main; main()", *args], env=env,
                         encoding="utf-8", timeout=120)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_in_simulate_reports_and_saves_the_hands_played(workers: str, tmp_path: Path) -> None:
    save = tmp_path / "so-far.jsonl"
    child = _spawn("simulate", "passem", "--bots", "rule,random", "--hands", "200000", "--workers", workers,
                   "--save", str(save))
    child.expect(r"\b[1-9]\d*/200000\b")  # some hands have finished
    child.sendintr()
    child.expect(r"Stopped by Ctrl-C after ([\d,]+) of 200,000 hands")
    played = int(child.match.group(1).replace(",", ""))
    child.expect(pexpect.EOF, timeout=30)
    output = child.before or ""
    child.close()
    assert child.exitstatus == 130
    assert played > 0 and "bb/100" in output and "Traceback" not in output
    assert len(save.read_text(encoding="utf-8").splitlines()) == played


# --- what a new user types first -----------------------------------------------------------------------

@pytest.mark.parametrize("command", ["play", "odds", "simulate"])
def test_a_missing_game_lists_the_games(command: str) -> None:
    code, out = run(command)
    assert code == 2 and "name a game: passem, sameem, pass-the-trash, three-hole" in error_of(out), out


def test_odds_for_one_player_says_how_to_name_the_other() -> None:
    code, out = run("odds", "passem", "As Ks Qd")
    assert code == 2 and "at least two players (1 given)" in error_of(out) and '"" for a player' in error_of(out)


@pytest.mark.parametrize(("bots", "says"), [("rule", "--bots names 1 bot, one per seat, but Texas Hold'em takes 2"),
                                            ("rule,shark", "no bot named 'shark'")])
def test_simulate_checks_the_bots_before_it_starts(bots: str, says: str) -> None:
    code, out = run("simulate", "holdem", "--bots", bots)
    assert code == 2 and says in error_of(out) and "0/1000" not in out, out


def test_python_dash_m_runs_the_command_line() -> None:
    import subprocess

    done = subprocess.run([sys.executable, "-m", "homegame.cli", "games", "passem"], capture_output=True,
                          text=True, timeout=60, env={**os.environ, "NO_COLOR": "1"})
    assert done.returncode == 0 and "Pass'Em" in done.stdout, done.stderr


def test_the_odds_inside_a_three_hole_hand_say_which_cards_are_taken_face_up() -> None:
    from homegame.cli.play import chances

    hand = hg.game("three-hole").deal([100] * 3, stakes=STAKES, hole={0: "3c Js Th", 1: "3s 9d 4h", 2: "2c Kd 8s"})
    while not hand.legal(hand.to_act[0])[0].startswith("expose"):
        hand.act(hand.to_act[0], "check")
    for seat, card in ((0, "Js"), (1, "3s"), (2, "2c")):
        hand.act(seat, f"expose {card}")
    text = chances(hand.view(0))
    assert "J♠ 3♣ face up: about" in text and "J♠ T♥ face up: about" in text, text
    before = hg.game("three-hole").deal([100] * 3, stakes=STAKES, hole={0: "3c Js Th", 1: "3s 9d 4h", 2: "2c Kd 8s"})
    text = chances(before.view(0))
    assert text.count("face up: about") == 3 and "3♣ J♠ face up" in text, text


def test_games_shows_allowed_values_as_they_are_typed() -> None:
    code, out = run("games")
    assert code == 0 and "true or false" in out
    assert "True" not in out and "None" not in out and "'high'" not in out
