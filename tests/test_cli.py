"""The study commands and the CLI's handling of bad input: message and usage, exit 2, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from homegame.cli import _load_commands, app

_load_commands()
runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "120", "NO_COLOR": "1"})
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


@pytest.mark.parametrize("command", ["play", "games", "replay", "odds", "simulate"])
def test_every_command_has_help(command: str) -> None:
    code, out = run(command, "--help")
    assert code == 0 and "Usage" in out


def test_games_lists_steps_and_house_rules() -> None:
    code, out = run("games")
    assert code == 0
    for title in ("Pass'Em", "Same'Em", "Pass The Trash", "Three-Hole"):
        assert title in out
    code, out = run("games", "trash")
    assert code == 0 and "declare_after" in out and "passes" in out


def test_odds_prints_each_players_share() -> None:
    code, out = run("odds", "holdem", "As Ks", "Qh Qd", "--trials", "20000", "--seed", "1")
    assert code == 0
    assert "46." in out or "45." in out or "47." in out


def test_simulate_prints_results_and_saves_histories_and_chart(tmp_path: Path) -> None:
    save, chart = tmp_path / "h.jsonl", tmp_path / "c.png"
    code, out = run("simulate", "passem", "--bots", "rule,random", "--hands", "30", "--seed", "1",
                    "--workers", "1", "--save", str(save), "--chart", str(chart))
    assert code == 0, out
    assert "bb/100" in out and "95% CI" in out
    assert len(save.read_text().splitlines()) == 30
    assert chart.read_bytes()[:4] == b"\x89PNG"
    code, out = run("replay", str(save), "--hand", "3")
    assert code == 0 and "Seat 0 is dealt" in out


def test_replay_of_a_single_history(tmp_path: Path) -> None:
    import homegame as hg
    from homegame.bots import RuleBot
    from homegame.sim import play_hand

    hand = play_hand(hg.game("three-hole"), [RuleBot(seed=s) for s in range(3)], [50, 50, 50],
                     stakes=hg.Stakes("fixed-limit", ante=1, small_bet=2, big_bet=4), seed=3)
    path = tmp_path / "hand.json"
    path.write_text(hand.history.to_json())
    code, out = run("replay", str(path), "--seat", "1")
    assert code == 0 and ("wins" in out or "win" in out)


@pytest.mark.parametrize("args", [
    ["play", "pokerface"],
    ["play", "passem", "--rule", "split=sideways"],
    ["play", "passem", "--rule", "nonsense"],
    ["play", "passem", "--seats", "40"],
    ["play", "passem", "--stakes", "banana 1/2"],
    ["play", "passem", "--bots", "shark"],
    ["games", "pokerface"],
    ["odds", "holdem", "As Ks", "As Qd"],
    ["odds", "holdem", "As Kx", "Qh Qd"],
    ["odds", "holdem", "As Ks", "Qh Qd", "--trials", "0"],
    ["odds", "three-hole", "Ks 9d Kc", "Kh 4c 4d", "--exposed", "1=Ah"],
    ["simulate", "passem", "--bots", "random,shark"],
    ["simulate", "passem", "--hands", "-5"],
    ["simulate", "passem", "--chart", "out.gif"],
    ["replay", "/no/such/file.json"],
])
def test_bad_input_prints_error_and_usage_and_exits_nonzero(args: list[str], tmp_path: Path) -> None:
    code, out = run(*args)
    assert code != 0
    assert "Usage" in out and "Error" in out


def test_a_broken_history_file_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"not": "a history"}))
    code, out = run("replay", str(path))
    assert code == 2 and "Usage" in out
