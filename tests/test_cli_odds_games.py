"""``homegame odds`` for every game in hg.game_names() (played out where no kernel covers it), the
played-out model said with the result, and impossible hands refused with a clear message."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import homegame as hg
from homegame.cli import _load_commands, app

_load_commands()
runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "160", "NO_COLOR": "1"})
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def _shares(out: str) -> list[float]:
    return [float(word.strip().rstrip("%")) for line in out.splitlines() if line.startswith("│")
            for word in line.split("│")[4:5]]


@pytest.mark.parametrize("name", hg.game_names())
def test_odds_runs_for_every_game(name: str) -> None:
    hole = ["", ""] if name == "three-hole" else ["As Kd", ""]
    code, out = run("odds", name, *hole, "--trials", "8", "--seed", "1")
    assert code == 0, out
    shares = _shares(out)
    assert len(shares) == 2 and abs(sum(shares) - 100) < 0.02, out
    played = name not in ("passem", "sameem", "pass-the-trash", "three-hole", "holdem", "omaha", "stud",
                          "stud-hi-lo", "big-o", "omaha-hi-lo", "cincinnati", "five-card-stud", "tahoe")
    assert ("played out by the engine" in out) == played, out


@pytest.mark.parametrize("name", ["passem", "pass-the-trash", "three-hole"])
def test_play_out_plays_the_kernel_games_passes_and_exposures(name: str) -> None:
    code, out = run("odds", name, "As Kd", "", "--trials", "6", "--seed", "1", "--play-out")
    assert code == 0 and "played out by the engine" in out and "rule bot's choice" in out, out


def test_played_out_passem_pass_changes_the_winner() -> None:
    """Pass'Em, every card known: as final holdings player 2's kings win; played out, player 1 passes the As
    and gets the 2c (the least useful cards go), making sevens full."""
    hole, board = ["As 7d 7c", "Kh Kd 2c"], ["--board", "7h Ks 2d"]
    code, out = run("odds", "passem", *hole, *board)
    assert code == 0 and _shares(out) == [0.0, 100.0], out
    code, out = run("odds", "passem", *hole, *board, "--play-out")
    assert code == 0 and _shares(out) == [100.0, 0.0] and "exact over 1 outcome" in out, out


def test_unknown_cards_below_known_upcards() -> None:
    code, out = run("odds", "follow-the-queen", "Ah Kd Qs 7c", "? ? 7s", "--trials", "20", "--seed", "1")
    assert code == 0 and "1 listed, 2 unknown" in out, out


def test_an_unknown_card_in_a_kernel_game() -> None:
    code, out = run("odds", "holdem", "As ?", "Qh Qd", "--board", "2c 7d 9h Tc")
    assert code == 0 and "exact" in out and "1 unknown" in out, out


@pytest.mark.parametrize(("args", "says"), [
    (["five-card-draw", "As Ad Ac Ks Kd 2c", ""], "player 1's 2c (card 6 listed) is never dealt"),
    (["baseball", "As Ad 5h Ac Kd Kc Ks Qs", ""], "player 1's Qs (card 8 listed) is never dealt"),
    (["razz", "As Ks Qs Js Ts 9s 8s 7s", ""], "player 1 lists 8 cards; a razz player receives 7"),
    (["short-deck", "2s 3s", ""], "2s is not in short-deck's deck"),
    (["follow-the-queen", "? ? As", "As"], "card As is listed twice"),
    (["anaconda", "As", "Kd", "--play-out"], "anaconda"),  # accepted: anaconda is always played out
    (["holdem", "AKs", "QQ", "--play-out"], "--play-out takes cards, not ranges"),
    (["baseball", "As Kd", "", "--exposed", "1=As"], "--exposed is for Three-Hole"),
])
def test_impossible_hands_get_a_clear_error(args: list[str], says: str) -> None:
    code, out = run("odds", *args, "--trials", "5", "--seed", "1")
    if args[0] == "anaconda":
        assert code == 0, out
        return
    flat = " ".join(line.strip("│ ") for line in out.splitlines())
    assert code == 2 and says in flat, out
