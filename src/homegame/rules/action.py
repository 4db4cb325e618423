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


#: Action verbs anyone may see in full: betting is public as it happens.
_PUBLIC_VERBS = frozenset({"fold", "check", "call", "bet", "raise", "complete", "bring-in"})
#: Verbs whose cards are private: only how many is public (as the log says, "Seat 2 discards 3").
_COUNTED_VERBS = frozenset({"pass", "discard", "arrange"})


def public_action(text: str) -> str:
    """What anyone but the seat that acted may see of an action (the spectator replay's, the page's, and
    the public log's words for a committed choice): a bet in full; a pass, a discard or an arrangement as
    how many cards (``"pass 2"``, ``"discard 0"`` to stand pat, ``"arrange 5"``); an exposure, a
    declaration, a show by choice, and any verb not known here as the verb alone (the card turned up, the
    side and the cards shown reach everyone through the view, once they are public). The one place this is
    decided (``homegame.rules.views.public_action`` is this function).

    >>> [public_action(a) for a in ("raise 12", "pass 8s 6d", "discard", "arrange 2c 3d", "expose Qs", "declare both")]
    ['raise 12', 'pass 2', 'discard 0', 'arrange 2', 'expose', 'declare']
    """
    verb, *rest = text.split() or [""]
    if verb in _PUBLIC_VERBS:
        return " ".join([verb, *rest])
    if verb in _COUNTED_VERBS:
        return f"{verb} {len(rest)}"
    return verb
