"""The command line with game files: ``homegame games --file F`` checks and describes a file,
``homegame play --game-file F`` deals it in the terminal (and saved hands of it replay)."""

from __future__ import annotations

from pathlib import Path

import pexpect

from test_cli import run
from test_cli_play import PROMPT, choose, ends_cleanly, replays, spawn

FILES = Path(__file__).parent / "game_files"


def test_games_file_describes_a_valid_file() -> None:
    code, out = run("games", "--file", str(FILES / "roll-your-own.toml"))
    assert code == 0
    assert "Roll Your Own" in out and "Roll 2 of 3" in out and "--rule rolls=" in out and "a valid game file" in out
    code, out = run("games", "--file", str(FILES / "roll-your-own.toml"), "--rule", "rolls=1")
    assert code == 0 and "Roll 1 of 1" in out and "Roll 2" not in out


def test_games_file_names_the_line_of_an_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\n[[steps]]\nkind = "dael"\n', encoding="utf-8")
    code, out = run("games", "--file", str(bad))
    assert code == 2
    assert "bad.toml line 3: step kind 'dael' is not allowed: use one of deal," in " ".join(out.split())
    code, out = run("games", "--file", str(tmp_path / "missing.toml"))
    assert code == 2 and "cannot read the game file" in out


def test_play_a_game_file_and_replay_its_saved_hand(tmp_path: Path) -> None:
    save = tmp_path / "mine.jsonl"
    child = spawn("play", "--game-file", str(FILES / "two-hole-draw.toml"), "--seats", "3", "--hands", "1",
                  "--seed", "3", "--bots", "rule", "--save", str(save))
    seen = []
    while child.expect([PROMPT, r"hands? played", pexpect.EOF]) == 0:
        cards_line, legal_line = child.match.group(1), child.match.group(2)
        legal = [item.strip() for item in legal_line.split("|")]
        seen.append(legal)
        child.sendline(choose(cards_line, legal))
    ends_cleanly(child)
    assert any(item.startswith("pass 1") for legal in seen for item in legal)  # the file's pass step was played
    replays(save, 1)


def test_play_wants_a_game_or_a_file_not_both() -> None:
    code, out = run("play", "holdem", "--game-file", str(FILES / "mini-stud.toml"))
    assert code == 2 and "not both" in out
    code, out = run("play")
    assert code == 2 and "--game-file" in out


def test_simulate_a_game_file() -> None:
    code, out = run("simulate", "--game-file", str(FILES / "mini-stud.toml"), "--bots", "rule,random", "--hands", "30",
                    "--seed", "1", "--workers", "1")
    assert code == 0 and "Five-Card Stud: 30 hands" in " ".join(out.split()), out
