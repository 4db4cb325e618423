"""The structured form of an action: a small frozen record per thing a seat may do now.

``hand.legal_actions(seat)`` gives one :class:`Option` per string of ``hand.legal(seat)``, in the same
order, and ``hand.apply(seat, option, amount)`` takes one: no text is built or parsed on the way, which is
what bots and simulations want. The text API (``legal`` / ``act``) is unchanged and does the same thing.

>>> Option("raise", 4, 200).text, Option("call", 2, 2).text, Option("declare", choice="both").text
('raise 4..200', 'call 2', 'declare both')
"""

from __future__ import annotations

from typing import NamedTuple


class Option(NamedTuple):
    """One legal action: its ``kind`` and the range of its number.

    - ``fold``, ``check``: no number (0, 0);
    - ``call``: ``min == max`` = the chips it costs;
    - ``bet``, ``raise``: the smallest and largest total the seat's bet in this round may come to
      (equal in fixed-limit, or for an all in below the smallest raise);
    - ``pass``, ``discard``: how many cards (a draw offers one option per count, 0 = stand pat);
    - ``expose``: 1 card; ``arrange``: all the seat's cards;
    - ``declare``: ``choice`` is ``"high"``, ``"low"`` or ``"both"``.

    ``text`` is the same action as :meth:`Hand.legal` writes it.
    """

    kind: str
    min: int = 0
    max: int = 0
    choice: str = ""

    @property
    def text(self) -> str:
        """The action as ``hand.legal`` lists it.

        >>> [o.text for o in (Option("fold"), Option("bet", 10, 10), Option("pass", 3, 3), Option("arrange", 5, 5))]
        ['fold', 'bet 10', 'pass 3', 'arrange']
        """
        kind = self.kind
        if kind in ("fold", "check", "expose", "arrange"):
            return kind
        if kind == "declare":
            return f"declare {self.choice}"
        if kind in ("bet", "raise") and self.min != self.max:
            return f"{kind} {self.min}..{self.max}"
        return f"{kind} {self.min}"


FOLD = Option("fold")
CHECK = Option("check")
DECLARE = (Option("declare", choice="high"), Option("declare", choice="low"), Option("declare", choice="both"))
