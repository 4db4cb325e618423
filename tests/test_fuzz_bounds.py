"""Issue 18, fuzzing in ``make test``: the protocol's message parser and the game-file loader, fed
generated hostile input, answer every input with a result or their own error, let no other exception
escape, and spend at most 100 ms of CPU on any one input.

Bounded and stable: derandomized (the same examples every run), no example database, ``max_examples``
set so each test takes a few seconds. The calling thread's CPU time (``time.thread_time``) is what is bounded, so a busy
machine does not fail the test; an input over it fails the test, named with its time.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from homegame.server import protocol as p
from homegame.table import TableError
from homegame.table.gamefiles import checked_file

#: CPU seconds any one input may take.
MOST_CPU = 0.1
FUZZ = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
GOOD = (Path(__file__).parent / "game_files" / "mini-stud.toml").read_text(encoding="utf-8")


def within_cpu(call: Callable[[], Any], given: str) -> None:
    """Run ``call``; fail naming the input if it took more than :data:`MOST_CPU` seconds of CPU, twice.

    The CPU counted is this thread's: a process's clock also counts its other threads (a server an earlier
    test in this worker left running, numba compiling), which failed a 50,000-character input that takes
    26 ms alone. And an input that is slow to answer is slow every time, while a first call may pay a
    one-time cost (a module imported on first use, a cache filled, a garbage collection: 116 ms once, for a
    plain stud file), so an input over the limit is timed again before it is blamed."""
    spent = 0.0
    for _ in range(2):
        started = time.thread_time()
        call()
        spent = time.thread_time() - started
        if spent <= MOST_CPU:
            return
    raise AssertionError(f"{spent * 1000:.0f} ms of CPU on {given[:120]!r}… ({len(given)} characters), twice")


# ----- the protocol's message parser ----------------------------------------------------------------
scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.text(max_size=10), inner, max_size=4), max_leaves=20)
fields = st.sampled_from(["v", "action", "seat", "stack", "name", "text", "game", "rules", "stakes", "decision",
                          "hand", "value", "emoji", "cards", "remove", "filename", "token", "buy_in", "x"])
messages = st.builds(lambda kind, body: json.dumps({"type": kind, **body}),
                     st.sampled_from([*p.CLIENT_TYPES, "dance"]) | json_values,
                     st.dictionaries(fields, json_values, max_size=6))


@st.composite
def protocol_bombs(draw: st.DrawFn) -> str:
    """Big or deep inputs near and past the size limits: nesting, long numbers, long strings, repeats."""
    unit = draw(st.sampled_from(["[", "{\"a\":", "[1,", "9", "\\u0000", "\"x\",", " ", "{\"type\":\"game_file\","]))
    size = draw(st.sampled_from([10, 1000, p.MAX_MESSAGE, p.MAX_MESSAGE + 1, 50_000, p.MAX_UPLOAD - 20,
                                 p.MAX_UPLOAD + 1]))
    head = draw(st.sampled_from(["", '{"type": "game_file", "text": "', '{"type": "chat", "text": ',
                                 '{"type": "adjust", "seat": 0, "stack": ']))
    return head + unit * (size // len(unit))


@FUZZ
@given(st.one_of(messages, protocol_bombs(), st.text(max_size=300)))
def test_the_message_parser_answers_every_input_fast(text: str) -> None:
    def parse() -> None:
        try:
            p.parse_client(text)
        except p.ProtocolError as exc:
            assert exc.code and str(exc)

    within_cpu(parse, text)


# ----- the game-file loader ------------------------------------------------------------------------
fragments = st.sampled_from([
    "a.", "a . ", "\"a\".", "[", "]", "{", "}", "[[steps]]\n", "[[steps.steps]]\n", "[options.x]\n", "=", " = ",
    "1", "-1", "1e308", "99999999999999999999", "\"$x + 1\"", "\"$x\"", "'lit'", "\"\"\"", "'''", "#", "\n",
    ",", "kind = \"repeat\"\n", "each = \"i\"\n", "from = 0\n", "to = 52\n", "to = 1000000000\n",
    "to = \"$n + 9999999\"\n", "kind = \"bet\"\n", "kind = \"deal\"\nfaces = \"down\"\n", "type = \"whole\"\n",
    "min = 0\nmax = 1000000\ndefault = 1000000\n", "label = \"{round}{i}\"\n", "label = \"{0.__class__}\"\n",
    "when = \"$x == y\"\n", "players = [2, 10]\n", "name = \"fz\"\n", "wild = \"Q follow-queen\"\n",
    "deck = \"short\"\n", "\\u0000", "\t", "1979-05-27T07:32:00Z", "inf", "nan", "true",
])


@st.composite
def game_files(draw: st.DrawFn) -> str:
    """A good file with fragments spliced in, or fragments alone, or one fragment repeated many times."""
    how = draw(st.sampled_from(["splice", "pieces", "repeat"]))
    if how == "pieces":
        return "".join(draw(st.lists(fragments, max_size=60)))
    if how == "repeat":
        piece = draw(fragments)
        return draw(st.sampled_from(["", "name = \"fz\"\nx = ", "[[steps]]\n"])) + piece * draw(
            st.integers(1, 63_000 // max(1, len(piece))))
    text = GOOD
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(fragments) * draw(st.integers(1, 40)) + text[at:]
    return text


@FUZZ
@given(game_files())
def test_the_game_file_loader_answers_every_input_fast(text: str) -> None:
    def load() -> None:
        try:
            checked_file(text, {}, "fuzz.toml")
        except TableError as exc:
            assert str(exc).strip()

    within_cpu(load, text)
