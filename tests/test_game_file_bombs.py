"""Issue 18, seen 1-3: game files built to make the reader work without end are refused before the work,
fast, with an error naming the limit (never a stall, a ``MemoryError`` or a ``RecursionError``)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import homegame as hg
from homegame.games.gamefile import GameFileError
from homegame.table import TableError
from homegame.table.gamefiles import checked_file

REPEAT = ('name = "bomb"\n[[steps]]\nkind = "deal"\nfaces = "down down"\n[[steps]]\nkind = "repeat"\n'
          'each = "i"\nfrom = 1\nto = {to}\n[[steps.steps]]\nkind = "bet"\n[[steps]]\nkind = "showdown"\n')
WHOLE_REPEAT = ('name = "bomb"\n[options.n]\ntype = "whole"\nmin = 0\nmax = 1000000\ndefault = 1000000\n'
                '[[steps]]\nkind = "deal"\nfaces = "down down"\n[[steps]]\nkind = "repeat"\neach = "i"\n'
                'from = 1\nto = "$n"\n[[steps.steps]]\nkind = "bet"\n[[steps]]\nkind = "showdown"\n')

#: name -> (the file's text, words the refusal must hold)
BOMBS = {
    "dotted key 12,000 deep": ('name = "bomb"\n' + "a." * 12_000 + "a = 1\n", "MAX_KEY_PARTS"),
    "dotted key with spaces": ('name = "bomb"\n' + "a . " * 12_000 + "a = 1\n", "MAX_KEY_PARTS"),
    "quoted dotted key": ('name = "bomb"\n' + '"a".' * 9_000 + '"a" = 1\n', "MAX_KEY_PARTS"),
    "table header 10,000 deep": ("[" + "a." * 10_000 + "a]\nx = 1\n", "MAX_KEY_PARTS"),
    "array 30,000 deep": ('name = "bomb"\nplayers = ' + "[" * 30_000 + "]" * 30_000 + "\n", "MAX_NESTING"),
    "inline table 10,000 deep": ("x = " + "{a=" * 10_000 + "1" + "}" * 10_000 + "\n", "MAX_NESTING"),
    "repeat to 30,000,000": (REPEAT.format(to=30_000_000), "from 0 to 52"),
    "repeat to 10**18": (REPEAT.format(to=10**18), "from 0 to 52"),
    "repeat to an option of 1,000,000": (WHOLE_REPEAT, "the most is 52"),
    "5,000 keys": ("".join(f"k{i} = 1\n" for i in range(5_000)), "MAX_KEYS"),
}


@pytest.mark.parametrize("name", list(BOMBS))
def test_a_bomb_is_refused_fast_naming_the_limit(name: str) -> None:
    text, words = BOMBS[name]
    assert len(text.encode()) < 64_000  # under the size limit: the other limits must catch it
    for attempt in (lambda: checked_file(text, {}, "bomb.toml"), lambda: hg.load_game(text)):
        cpu, wall = time.thread_time(), time.perf_counter()
        with pytest.raises((TableError, GameFileError)) as caught:
            attempt()
        cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
        assert words in str(caught.value), str(caught.value)
        assert cpu < 0.1, f"{name}: {cpu * 1000:.0f} ms of CPU before the refusal (wall {wall * 1000:.0f} ms)"


def test_files_within_the_limits_still_load() -> None:
    """The limits leave room for every real file: the catalogue's own files and one at each limit."""
    for file in sorted((Path(hg.__file__).parent / "games" / "data").glob("*.toml")):
        hg.load_game(file.read_text(encoding="utf-8"))
    deep = ('name = "deep"\n[[steps]]\nkind = "deal"\nfaces = "down down down down down"\n[[steps]]\n'
            'kind = "repeat"\neach = "i"\n'
            'from = 1\nto = 4\n[[steps.steps]]\nkind = "repeat"\neach = "j"\nfrom = 1\nto = 52\n'
            '[[steps.steps.steps]]\nkind = "bet"\nlabel = "Bet {i}.{j}"\n[[steps]]\nkind = "showdown"\n')
    with pytest.raises(GameFileError, match="more than 200 steps"):  # built only after the range is counted
        hg.load_game(deep)
    assert hg.load_game(deep.replace("to = 4\n", "to = 3\n")).name == "deep"
