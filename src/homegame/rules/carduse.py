"""How a hand is made at the showdown, as data: which cards count as shared, how many of a player's own
cards the hand takes, and the board's lines when the board is laid out (a game file's ``[usage]`` table,
docs/games/format.md). No game is named here: a game file says what its game needs.

- ``shared``: ``"board"`` (the board cards), ``"none"`` (only a player's own cards: stud, draw games) or
  ``"face-up"`` (every other player's face-up cards, folded or not).
- ``own``: the numbers of own cards a hand may take, the rest of five from the shared cards (``(2,)``:
  exactly two, as in Omaha; ``(2, 3)``: two or three; ``(0, 1, 2)``: at most two); ``()``: any five of
  own and shared together.
- ``all_own``: every own card, with the best of the shared cards to make five.
- ``lines``: the board's lines (board indices, in the order the cards are turned); a hand takes one line
  whole, with its own cards under the ``own`` rule. ``layout`` names the drawing of them for the page.
- ``boards``: two or more boards (each a list of board positions, in the order its cards are turned); a
  hand is made on every board, each with its own cards under the ``own`` rule, and ``split`` says how a
  pot is shared between the boards: ``"boards"``, in equal parts, each part to the best hand on its board
  (hi/lo within the part in a high-low game; odd chips to the first boards). One winner over all the
  boards is ``lines`` instead (each board one line).

>>> CardUse(own=(2,)).describe()
'exactly 2 own cards with 3 board cards'
>>> CardUse(own=(0, 1, 2)).describe()
'at most 2 own cards, with board cards to make five'
>>> CardUse(own=(2, 3)).describe()
'2 or 3 own cards, with board cards to make five'
>>> CardUse(own=(0, 1, 2)).usage(3)
Usage(kind='split', splits=((0, 5), (1, 4), (2, 3)), pool=0)
>>> CardUse(all_own=True, shared="face-up").usage(3)
Usage(kind='own-plus', splits=(), pool=2)
>>> CardUse(lines=((0, 2, 4), (1, 3, 4)), layout="cross").drawing()
{'name': 'cross', 'lines': [[0, 2, 4], [1, 3, 4]]}
>>> CardUse(boards=((0, 1, 2, 6, 8), (3, 4, 5, 7, 9))).describe()
'any five of own cards and board cards, on each of 2 boards (the pot split between them)'
>>> CardUse(boards=((0, 1, 2, 6, 8), (3, 4, 5, 7, 9))).drawing()["boards"]
[[0, 1, 2, 6, 8], [3, 4, 5, 7, 9]]
>>> CardUse(own=(6,))
Traceback (most recent call last):
...
ValueError: usage: own must list numbers of own cards from 0 to 5, not (6,)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from homegame.evaluate.usage import Usage

#: Where a hand's shared cards come from.
SHARED = ("board", "none", "face-up")
#: The most lines a laid-out board may have, and the most cards on it.
MAX_LINES = 10
MAX_BOARD = 16
#: The most boards a game may have, and how a pot may be split between them.
MAX_BOARDS = 4
SPLITS = ("boards",)


@dataclass(frozen=True, slots=True)
class CardUse:
    """Which cards make a player's hand at the showdown (see the module's text)."""

    shared: str = "board"
    own: tuple[int, ...] = ()
    all_own: bool = False
    lines: tuple[tuple[int, ...], ...] = ()
    layout: str = ""
    boards: tuple[tuple[int, ...], ...] = ()
    split: str = ""

    def __post_init__(self) -> None:
        if self.shared not in SHARED:
            raise ValueError(f"usage: shared must be one of {', '.join(map(repr, SHARED))}, not {self.shared!r}")
        if (not isinstance(self.own, tuple) or len(self.own) > 6 or len(set(self.own)) != len(self.own)
                or not all(type(n) is int and 0 <= n <= 5 for n in self.own)):
            raise ValueError(f"usage: own must list numbers of own cards from 0 to 5, not {self.own!r}")
        if self.own and self.all_own:
            raise ValueError("usage: a hand takes either some of its own cards (own) or all of them (all_own), not both")
        if (self.own or self.all_own) and self.shared == "none":
            raise ValueError("usage: own and all_own need shared cards to make five with (shared is 'none')")
        if self.lines:
            if self.shared != "board":
                raise ValueError("usage: lines are lines of the board (shared must be 'board')")
            if len(self.lines) > MAX_LINES or not all(
                    isinstance(line, tuple) and 1 <= len(line) <= 5 and len(set(line)) == len(line)
                    and all(type(i) is int and 0 <= i < MAX_BOARD for i in line) for line in self.lines):
                raise ValueError(f"usage: lines must be up to {MAX_LINES} lists of 1 to 5 distinct board positions "
                                 f"(0 to {MAX_BOARD - 1}), not {self.lines!r}")
        if self.boards and not self.split:
            object.__setattr__(self, "split", SPLITS[0])  # the one way to split yet: equal parts
        if self.boards or self.split:
            self._check_boards()
        if self.layout and (not (self.lines or self.boards) or not self.layout.replace("-", "").isalnum() or len(self.layout) > 30):
            raise ValueError(f"usage: layout names the drawing of the lines (letters, digits and -), not {self.layout!r}")

    def _check_boards(self) -> None:
        """The ``boards`` and ``split`` keys make sense together (see the module's text)."""
        if not self.boards:
            raise ValueError("usage: split says how a pot is shared between boards: declare the boards too")
        if self.split not in SPLITS:
            raise ValueError(f"usage: split must be one of {', '.join(map(repr, SPLITS))} (for one winner over every "
                             f"board, write the boards as lines), not {self.split!r}")
        if self.lines:
            raise ValueError("usage: a game has lines (a hand takes the best one) or boards (the pot split between "
                             "them), not both")
        if self.shared != "board":
            raise ValueError("usage: boards are boards of community cards (shared must be 'board')")
        if not 2 <= len(self.boards) <= MAX_BOARDS or not all(
                isinstance(b, tuple) and 1 <= len(b) <= 5 and all(type(i) is int and 0 <= i < MAX_BOARD for i in b)
                for b in self.boards):
            raise ValueError(f"usage: boards must be 2 to {MAX_BOARDS} lists of 1 to 5 board positions "
                             f"(0 to {MAX_BOARD - 1}), not {self.boards!r}")
        every = [i for b in self.boards for i in b]
        if len(set(every)) != len(every):
            raise ValueError(f"usage: a board card is on one board only, not {self.boards!r}")

    @property
    def free(self) -> bool:
        """Any five of the player's own and shared cards together (within one line of a laid-out board):
        no rule on how many own cards."""
        return not self.own and not self.all_own

    def usage(self, own_cards: int) -> Usage:
        """The evaluator's rule (:class:`homegame.evaluate.usage.Usage`) for a player holding ``own_cards``
        at the showdown (within one line, for a laid-out board)."""
        from homegame.evaluate.usage import ANY, Usage

        if self.own:
            return Usage("split", tuple((n, 5 - n) for n in self.own))
        if self.all_own:
            return Usage("own-plus", pool=max(0, 5 - own_cards))
        return ANY

    def board_size(self) -> int:
        """The board cards the lines (or the boards) name (0 without either)."""
        return 1 + max((i for line in self.lines + self.boards for i in line), default=-1)

    def drawing(self) -> dict[str, object] | None:
        """How a client draws the board: ``{"name", "lines"}`` for a laid-out board, ``{"name", "boards"}``
        (each board's positions) for several boards, else ``None`` (a row)."""
        if self.boards:
            return {"name": self.layout or "boards", "boards": [list(b) for b in self.boards]}
        if not self.lines:
            return None
        return {"name": self.layout or "lines", "lines": [list(line) for line in self.lines]}

    def describe(self) -> str:
        """The rule in words."""
        source = {"board": "board cards", "none": "", "face-up": "cards face up at the other seats"}[self.shared]
        if self.shared == "none":
            return "the best five of the player's own cards"
        if self.all_own:
            return f"all own cards with the best {source} to make five"
        if len(self.own) == 1:
            base = f"exactly {self.own[0]} own cards with {5 - self.own[0]} {source}"
        elif self.own:
            counts = sorted(self.own)
            if counts == list(range(counts[-1] + 1)):
                base = f"at most {counts[-1]} own cards, with {source} to make five"
            else:
                base = f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} own cards, with {source} to make five"
        else:
            base = f"any five of own cards and {source}"
        if self.lines:
            base += f", the {source} from one line of the board"
        if self.boards:
            base += f", on each of {len(self.boards)} boards (the pot split between them)"
        return base

    def to_toml(self) -> dict[str, object]:
        """The ``[usage]`` table that declares this rule (defaults left out)."""
        out: dict[str, object] = {}
        if self.shared != "board":
            out["shared"] = self.shared
        if self.own:
            out["own"] = list(self.own)
        if self.all_own:
            out["all_own"] = True
        if self.lines:
            out["lines"] = [list(line) for line in self.lines]
        if self.boards:
            out["boards"] = [list(b) for b in self.boards]
            out["split"] = self.split
        if self.layout:
            out["layout"] = self.layout
        return out


__all__ = ["SHARED", "SPLITS", "CardUse"]
