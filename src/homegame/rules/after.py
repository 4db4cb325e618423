"""After the hand: showing cards by choice, and the rabbit hunt (issue 10).

A player whose cards were not shown (a winner nobody called, a player who mucked or folded) may show
all or some of them once the hand is over: :func:`show`, recorded in the history's ``shows`` so a replay
shows them too. The engine has no clock: the table decides how long the offer stands.

A rabbit hunt (the hand option ``rabbit``): after a hand ends before its last community card, the
cards that would have come (:func:`rabbit`), taken from the same deck order in the same way (burns
included; hole cards that would have been dealt with the board to the players still in are skipped).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homegame.cards import Card, card_ids
from homegame.rules.deck import Deck
from homegame.rules.errors import IllegalAction

if TYPE_CHECKING:
    from homegame.rules.state import CardsIn, HandState

_STR = [str(Card(i)) for i in range(52)]


def showable(h: HandState, seat: int) -> list[str]:
    """The seat's cards it may still show: once the hand is over, those nobody has seen yet."""
    if not h.over or not 0 <= seat < h.players:
        return []
    seen = set((h.results or {}).get("shown", {}).get(str(seat), []))
    for s, ids in h.shows:
        if s == seat:
            seen |= {_STR[c] for c in ids}
    return [_STR[c] for c, up in zip(h.cards[seat], h.faceup[seat], strict=True) if not up and _STR[c] not in seen]


def show(h: HandState, seat: int, shown: CardsIn | None = None) -> list[str]:
    """Show some (``shown``) or all (None) of the seat's unseen cards after the hand; returns them.
    IllegalAction, nothing changed, if the hand is not over or a card is not the seat's to show."""
    if not h.over:
        raise IllegalAction("cards are shown by choice only once the hand is over")
    if type(seat) is not int or not 0 <= seat < h.players:
        raise IllegalAction(f"{seat!r} is not a seat: seats are 0 to {h.players - 1}")
    may = showable(h, seat)
    if shown is None:
        ids = [Card(c).id for c in may]
    else:
        try:
            ids = card_ids(shown)
        except ValueError as e:
            raise IllegalAction(f"show: {e}") from None
    if not ids:
        raise IllegalAction(f"seat {seat} has no card left to show" if not may else "show: name one card or more")
    bad = [_STR[c] for c in ids if _STR[c] not in may]
    if bad or len(set(ids)) != len(ids):
        raise IllegalAction(f"seat {seat} may show {' '.join(may) or 'nothing'}, not {' '.join(bad) or 'a card twice'}")
    h.shows.append((seat, ids))
    text = [_STR[c] for c in ids]
    results = h.results
    if results is not None:
        mine = results["shown"].setdefault(str(seat), [])
        mine.extend(t for t in text if t not in mine)
    h.log("show", seat, "Seat {} shows {}", seat, " ".join(text), cards=text)
    return text


def rabbit(h: HandState) -> list[str]:
    """The community cards that would have come after a hand ended early (the option ``rabbit``).
    IllegalAction when the host does not allow it or the hand is not over; [] when the board is full."""
    if not h.options.rabbit:
        raise IllegalAction("the host does not allow a rabbit hunt in this hand (option rabbit)")
    if not h.over:
        raise IllegalAction("the rabbit hunt comes once the hand is over")
    if h.runs is not None:
        return []
    steps = h.game.steps[h.step_index:]
    dealer = h.dealer
    taken = set(c for ids in dealer.hole_preset.values() for c in ids) | set(dealer.board_preset)
    deck = Deck(dealer.deck.order(), None, taken).resume(dealer.deck.drawn)
    still_in = sum(1 for f in h.folded if not f)
    board = len(h.board)
    out: list[int] = []
    started = False
    for step in steps:
        if step.kind == "board":
            # the step the hand stopped on may have been turned already
            if not started and board >= _board_through(h, step):
                continue
            started = True
            if step.burn:
                deck.draw()
            preset = dealer.board_preset[board:board + step.count]
            out += preset + deck.draw_many(step.count - len(preset))
            board += step.count
        elif step.kind == "deal" and started:
            deck.draw_many(len(step.faces) * still_in)
    return [_STR[c] for c in out]


def _board_through(h: HandState, step: object) -> int:
    """How many community cards are out once ``step`` (a board step of the hand's game) is turned."""
    total = 0
    for s in h.game.steps:
        if s.kind == "board":
            total += s.count
        if s is step:
            break
    return total
