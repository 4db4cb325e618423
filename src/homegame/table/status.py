"""What a table tells people in words: who is waited for and why no hand starts.

Every text here names people by name and counts seats from 1, as the host panel does.

>>> people(["Ann"]), people(["Ann", "Bob"]), people(["Ann", "Bob", "Cy"])
('Ann', 'Ann and Bob', 'Ann, Bob and Cy')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from homegame.table.state import TableState

_COUNT = {1: "a second player", 2: "two players", 3: "three players"}


def people(names: list[str]) -> str:
    """Names joined as in a sentence."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _why_out(table: TableState, pos: int) -> str | None:
    seat = table.seats[pos]
    who = f"{seat.name} (seat {pos + 1})"
    if seat.status == "pending":
        return f"{who} waits for the host's approval"
    if seat.status == "leaving":
        return f"{who} is leaving"
    if seat.sitting_out:
        return f"{who} sits out"
    if table.out_of_chips(pos):
        return f"{who} has no chips"
    return None


def out_of_chips_notice(table: TableState, pos: int | None, *, host: bool) -> dict[str, Any] | None:
    """What the seat at ``pos`` is told while it is out of chips (see :meth:`Table.out_of_chips`), or ``None``.

    ``by`` says who may buy it in again: ``"you"`` (the host's own seat: the host panel's top-up) or
    ``"host"`` (a player waits for the host); ``buy_in`` is the table's buy-in; ``message`` says it in words;
    ``rebuy`` is what a player's Request rebuy button does (the ``rebuy`` message): ``"host"`` (asks the host),
    ``"auto"`` (the table grants it at once) or ``"asked"`` (asked already, waiting for the host); ``None`` for the host.
    """
    if pos is None or not table.out_of_chips(pos):
        return None
    buy_in = table.settings.buy_in
    if host:
        message = f"You are out of chips: buy in again for {buy_in} with the button below, or leave the table"
    elif table.seats[pos].rebuy_asked:
        message = f"You asked to rebuy {buy_in}: you are dealt in once the host approves it, or leave the table"
    elif table.settings.rebuy == "auto":
        message = f"You are out of chips: rebuy {buy_in} with the button below (this table grants it at once), or leave"
    else:
        message = f"You are out of chips: request a rebuy of {buy_in} with the button below (the host approves it), or leave"
    return {"by": "you" if host else "host", "buy_in": buy_in, "message": message,
            "rebuy": None if host else "asked" if table.seats[pos].rebuy_asked else table.settings.rebuy}


def waiting_reason(table: TableState) -> dict[str, Any] | None:
    """Why no hand is being played or can start now (``None`` while the table moves by itself).

    ``code`` is ``paused`` (the host paused), ``start`` (the host has not started the night yet: nothing is
    dealt and nobody's clock runs before), ``players`` (too few players can be dealt in), ``people``
    (people hold seats but none of them can be dealt in: the bots do not play on alone) or
    ``choosing`` (dealer's choice: the dealer picks the game); ``message`` says it in words.
    """
    if table.paused:
        what = "this hand continues" if table.live else "the next hand starts"
        return {"code": "paused", "message": f"the host has paused the game; {what} when the host resumes"}
    if table.live:
        return None
    if not table.started:
        return {"code": "start", "message": "the game starts when the host taps Start or sits down"}
    eligible = table.eligible()
    need = table.min_players()
    if len(eligible) < need:
        missing = need - len(eligible)
        if len(eligible) == 1 and need == 2:
            head = "waiting for a second player"
        else:
            head = f"waiting for {_COUNT.get(missing, f'{missing} more players')}" + (
                f" (the game takes at least {need})" if need > 2 else "")
        reasons = [r for r in (_why_out(table, p) for p in sorted(table.seats)) if r]
        return {"code": "players", "message": head + (": " + "; ".join(reasons) if reasons else "")}
    if table.no_person_dealt_in():
        reasons = [r for r in (_why_out(table, p) for p, s in sorted(table.seats.items()) if s.kind == "human") if r]
        return {"code": "people", "message": "waiting for a player with chips" + (
            ": " + "; ".join(reasons) if reasons else "")}
    if table.chooser is not None and table.chooser in table.seats:
        seat = table.seats[table.chooser]
        return {"code": "choosing", "message": f"{seat.name} (seat {seat.position + 1}) is choosing the game"}
    return None


__all__ = ["out_of_chips_notice", "people", "waiting_reason"]
