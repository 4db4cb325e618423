"""The terminal game driven end to end through a pseudo-terminal: a full hand of each seed game, typed."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

SUITS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
CARD = re.compile(r"([2-9TJQKA])([♣♦♥♠])")
PROMPT = r"Your cards: ([^\r\n]*)\r?\nLegal: ([^\r\n]*)\r?\n> "


def spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120", "TERM": "dumb"}
    return pexpect.spawn(sys.executable, ["-c", "from homegame.cli import main; main()", *args], env=env,
                         encoding="utf-8", timeout=60)


def ends_cleanly(child: pexpect.spawn) -> str:
    """Wait for the program to end and check it exited 0; returns what it printed last."""
    child.expect(pexpect.EOF)
    output = child.before or ""
    child.close()
    assert child.exitstatus == 0, output
    return output


def replays(save: Path, hand: int) -> None:
    """``homegame replay`` deals hand ``hand`` of the saved file again and exits 0."""
    replayed = spawn("replay", str(save), "--hand", str(hand))
    replayed.expect(r"Seat 0 is dealt")
    ends_cleanly(replayed)


def phrase(text: str) -> str:
    """A regular expression for ``text`` wherever the terminal wraps its lines."""
    return r"\s+".join(re.escape(word) for word in text.split())


def cards_in(text: str) -> list[str]:
    return [rank + SUITS[suit] for rank, suit in CARD.findall(text)]


def choose(cards_line: str, legal: list[str]) -> str:
    """What a careful human types: check or call, pass the first cards, expose a hidden one, etc."""
    held, _, up_part = cards_line.partition("(face up:")
    mine, up = cards_in(held), cards_in(up_part)
    kinds = {item.split()[0]: item for item in legal}
    if "check" in kinds:
        return "check"
    if "call" in kinds:
        return "call"
    for verb in ("pass", "discard"):
        if verb in kinds:
            count = int(kinds[verb].split()[1])
            return f"{verb} " + " ".join(mine[:count])
    if "expose" in kinds:
        return "expose " + next(c for c in mine if c not in up)
    if "arrange" in kinds:
        return "arrange " + " ".join(reversed(mine))
    if "declare" in kinds:
        return legal[0]
    return legal[0]


@pytest.mark.parametrize("game", ["passem", "sameem", "pass-the-trash", "three-hole"])
def test_a_full_hand_typed_in_the_terminal(game: str) -> None:
    child = spawn("play", game, "--seats", "3", "--hands", "1", "--seed", "7", "--bots", "rule,equity")
    typed: list[str] = []
    tried_nonsense = False
    while True:
        index = child.expect([PROMPT, r"hands? played", pexpect.EOF])
        if index != 0:
            break
        cards_line, legal_line = child.match.group(1), child.match.group(2)
        legal = [item.strip() for item in legal_line.split("|")]
        if not tried_nonsense:
            child.sendline("raise banana")
            child.expect("Not allowed")
            tried_nonsense = True
            continue
        action = choose(cards_line, legal)
        typed.append(action)
        child.sendline(action)
        assert len(typed) < 80, "the hand does not end"
    assert index == 1, child.before
    transcript = child.before
    ends_cleanly(child)
    assert typed, "the player was never asked to act"
    assert "win" in transcript or "wins" in transcript
    if game in ("passem", "pass-the-trash"):
        assert any(a.startswith("pass ") for a in typed)
    if game == "three-hole":
        assert any(a.startswith("expose ") for a in typed)


def test_quitting_mid_hand_exits_cleanly() -> None:
    child = spawn("play", "passem", "--seats", "2", "--seed", "1", "--bots", "rule")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("Shortcuts")
    child.sendline("quit")
    ends_cleanly(child)


def test_bad_options_exit_nonzero_without_traceback() -> None:
    child = spawn("play", "passem", "--rule", "low=a9")
    child.expect(pexpect.EOF)
    output = child.before
    child.close()
    assert child.exitstatus == 2
    assert "Usage" in output and "Traceback" not in output


def test_raises_are_typed_with_an_amount_in_no_limit() -> None:
    child = spawn("play", "holdem", "--seats", "2", "--hands", "1", "--seed", "3", "--bots", "rule",
                  "--stakes", "nl 1/2", "--stack", "60")
    raised = 0
    while True:
        index = child.expect([PROMPT, r"hands? played", pexpect.EOF])
        if index != 0:
            break
        legal = [item.strip() for item in child.match.group(2).split("|")]
        opening = next((a for a in legal if a.startswith(("bet ", "raise "))), None)
        if opening is not None and raised < 3:
            verb, amounts = opening.split()
            child.sendline(f"{verb} {amounts.split('..')[0]}")
            raised += 1
        else:
            child.sendline("call" if any(a.startswith("call") for a in legal) else "check")
    assert index == 1
    ends_cleanly(child)
    assert raised >= 1


def test_the_odds_command_gives_the_players_chances() -> None:
    child = spawn("play", "three-hole", "--seats", "3", "--hands", "1", "--seed", "2", "--bots", "rule")
    child.expect(PROMPT)
    child.sendline("odds")
    child.expect(r"about (\d+)%")
    assert 0 <= int(child.match.group(1)) <= 100
    child.sendline("quit")
    ends_cleanly(child)


def test_the_player_is_told_the_rules_and_what_the_pass_brought() -> None:
    child = spawn("play", "passem", "--seats", "3", "--seed", "1", "--bots", "rule")
    child.expect(phrase("House rules: split high · pass_direction left · burn yes. Stakes: fixed-limit, ante 1, bets 2/4."))
    child.expect(phrase("Choose 1 card to pass to Seat 1; you receive 1 card from Seat 2."))
    child.expect(PROMPT)
    first = cards_in(child.match.group(1))[0]
    child.sendline("")  # an empty line only reminds, it does not act
    child.expect("Type one of the legal actions")
    child.expect(PROMPT)
    child.sendline(f"pass {first}")
    child.expect(r"You\s+passed\s+(\S+)\s+to\s+Seat\s+1\s+and\s+received\s+(\S+)\s+from\s+Seat\s+2\.")
    assert cards_in(child.match.group(1)) == [first]
    child.expect(PROMPT)
    child.sendeof()  # Ctrl-D leaves the table cleanly, on a fresh line
    child.expect(r"\r?\n0 hands played; you are even\.")
    ends_cleanly(child)


def test_played_hands_can_be_saved_and_replayed(tmp_path: Path) -> None:
    save = tmp_path / "mine.jsonl"
    child = spawn("play", "three-hole", "--seats", "2", "--hands", "2", "--seed", "4", "--bots", "rule",
                  "--save", str(save))
    while child.expect([PROMPT, r"hands? played", pexpect.EOF]) == 0:
        cards_line, legal_line = child.match.group(1), child.match.group(2)
        child.sendline(choose(cards_line, [item.strip() for item in legal_line.split("|")]))
    ends_cleanly(child)
    assert len(save.read_text(encoding="utf-8").splitlines()) == 2
    replays(save, 2)


def test_ctrl_c_leaves_the_table_with_the_summary() -> None:
    child = spawn("play", "passem", "--seats", "2", "--seed", "1", "--bots", "rule")
    child.expect(PROMPT)
    child.sendintr()
    child.expect(phrase("0 hands played; you are even."))
    assert "Traceback" not in ends_cleanly(child)


def test_typing_the_count_instead_of_the_card_is_explained() -> None:
    child = spawn("play", "passem", "--seats", "2", "--seed", "1", "--bots", "rule")
    child.expect(PROMPT)
    child.sendline("pass 1")
    child.expect(phrase("Not allowed: name the cards themselves, not how many: pass"))
    child.expect(PROMPT)
    child.sendline("[/] [bold]")  # text that looks like rich markup is printed, not parsed (it crashed)
    child.expect(re.escape("Not allowed:"))
    child.expect(PROMPT)
    child.sendline("quit")
    ends_cleanly(child)


def test_a_shortcut_that_is_not_a_move_now_says_what_is() -> None:
    child = spawn("play", "passem", "--seats", "2", "--seed", "1", "--bots", "rule")
    child.expect(PROMPT)
    child.sendline("c")  # check or call, typed at the pass step
    child.expect(phrase("Not allowed: 'c' (call) is not a move now; legal now: pass 1"))
    child.expect(phrase("Type e.g. pass"))
    child.expect(PROMPT)
    child.sendline("quit")
    ends_cleanly(child)
