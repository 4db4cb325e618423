"""Dealing a hand's cards: where they come from, and the automatic steps that need no decision.

Where the cards come from is one record per hand, :class:`~homegame.rules.deck.Dealer` (``hand.dealer``:
the deck, the cards named in advance, the draw's stub), written only by this module. The functions work on a
:class:`~homegame.rules.hand.Hand` (which runs them as its steps come up): the hole cards of a ``deal``
step, the community cards of a ``board`` step, a ``roll`` step's card turned up, a draw's replacements
and burns (the forced bets are :mod:`homegame.rules.betting.forced`'s). Each writes its public log
entry as :meth:`~homegame.rules.hand.Hand.log` would.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from homegame.cards import Card
from homegame.rules.deck import Stub
from homegame.rules.events import Event, Shown, new_event
from homegame.rules.state import StepCards
from homegame.rules.steps import Automatic

if TYPE_CHECKING:
    from homegame.rules.state import HandState
    from homegame.rules.step import Step

_STR = [str(Card(i)) for i in range(52)]


def deal(h: HandState, step: Step) -> None:
    """One card at a time clockwise from the button's left, to every player still in."""
    n, folded = h.players, h.folded
    live = [s for s in h.rows[(h.button + 1) % n] if not folded[s]]
    d = h.dealer
    presets, dealt, cards, faceup = d.hole_preset, d.dealt, h.cards, h.faceup
    if not presets:  # nothing preset: the cards come off the deck in dealing order
        m = len(live)
        drawn = d.deck.draw_many(len(step.faces) * m)
        faces = list(step.faces)
        for i, s in enumerate(live):
            cards[s] += drawn[i::m]
            faceup[s] += faces
    else:
        draw = d.draw
        for up in step.faces:
            for s in live:
                k = dealt[s]
                preset = presets.get(s)
                cards[s].append(preset[k] if preset is not None and k < len(preset) else draw())
                dealt[s] = k + 1
                faceup[s].append(up)
    if any(step.faces):
        m = len(step.faces)
        for s in live:
            shown = [_STR[c] for c, f in zip(cards[s][-m:], step.faces, strict=True) if f]
            h.log("deal", s, f"Seat {s} is dealt {' '.join(shown)} face up", cards=shown)


def turn_board(h: HandState, step: Step) -> None:
    """Turn the step's community cards (burning one first if it says so)."""
    start = len(h.board)
    d = h.dealer
    preset = d.board_preset[start:start + step.count] if d.board_preset else None
    if preset:
        if step.burn:
            h.burned.append(d.draw())
        turned = preset + d.deck.draw_many(step.count - len(preset))
    elif step.burn:  # the burn and the cards in one go (as many draws, in order)
        turned = d.deck.draw_many(step.count + 1)
        h.burned.append(turned.pop(0))
    else:
        turned = d.deck.draw_many(step.count)
    h.board += turned
    shown = Shown(turned)
    h._log.append(new_event(Event, ("board", None, "{}: {}", (step.label, shown), {"cards": shown})))  # as log() does


def burn_for_draw(h: HandState) -> None:
    """Burn a card before a draw, unless only the stub's last card is left."""
    d = h.dealer
    stub = d.stub
    if stub is not None:
        if len(stub.cards) <= 1:
            return
        c = stub.cards.pop(0)
    elif d.deck.left() > 1:
        c = d.draw()
    else:
        return
    h.burned.append(c)
    d.spent.append(c)


def spend(h: HandState, ids: list[int]) -> None:
    """A draw's discards: they may be shuffled back in when the deck runs short."""
    h.dealer.spent.extend(ids)


def next_card(h: HandState, s: int) -> int:
    """The next card for a seat's draw: its preset card if any, else the deck's; the deck's last
    card is shuffled with the spent cards instead of being dealt (:mod:`homegame.rules.draw`)."""
    d = h.dealer
    if d.hole_preset:
        k = d.dealt[s]
        d.dealt[s] = k + 1
        preset = d.hole_preset.get(s)
        if preset is not None and k < len(preset):
            return preset[k]
    stub = d.stub
    if stub is None:
        left = d.deck.left()
        if left > 1 or (left == 1 and not d.spent):
            return d.draw()
        stub = d.stub = Stub()
        pool = d.spent + ([d.draw()] if left else [])
    elif len(stub.cards) <= 1 and d.spent:
        pool = d.spent + stub.cards
        stub.cards = []
    else:
        pool = []
    if pool:
        back = set(pool)
        h.mucked = [c for c in h.mucked if c not in back]
        h.burned = [c for c in h.burned if c not in back]
        d.spent = []
        stub.reshuffle(h.deck_order(), pool)
        h.log("reshuffle", None, "The dealer shuffles the last card with {} discards and burn cards",
              len(pool) - 1)
    if not stub.cards:
        raise RuntimeError(f"{h.game.name}: no card left for a draw")  # max_players prevents it
    return stub.cards.pop(0)


Presets = tuple[list[int], dict[int, list[int]], list[int]]


def presets(h: HandState) -> Presets:
    """What a second run of the board starts from: the cards dealt per seat so far, and the presets."""
    d = h.dealer
    return list(d.dealt), d.hole_preset, d.board_preset


def second_run(h: HandState, kept: Presets, board: int) -> None:
    """Back to where the runs part (:func:`presets`), the board at ``board`` cards: the cards named in
    advance are the first run's, so the second run's all come off the deck."""
    d = h.dealer
    dealt, hole_preset, board_preset = kept
    d.dealt = list(dealt)
    d.board_preset = board_preset[:board]
    d.hole_preset = {s: v[:dealt[s]] for s, v in hole_preset.items()}


def runs_dealt(h: HandState, kept: Presets) -> None:
    """Both runs are dealt: the presets are the hand's again (its history names them)."""
    h.dealer.hole_preset, h.dealer.board_preset = kept[1], kept[2]


def roll(h: HandState) -> None:
    """Every player still in turns up its first face-down card (a roll step)."""
    for s in range(h.players):
        if h.folded[s]:
            continue
        ups = h.faceup[s]
        for i, f in enumerate(ups):
            if not f:
                ups[i] = True
                c = _STR[h.cards[s][i]]
                h.log("roll", s, f"Seat {s} rolls {c}", cards=[c])
                break


class Deal(Automatic):
    """``deal``: :func:`deal`."""

    deals: bool = True
    fields: Mapping[str, tuple[str, Any]] = {"faces": ("faces", "required")}
    label: str = "Deal"

    def cards(self, step: Step) -> StepCards:
        return StepCards(dealt=len(step.faces))

    def start(self, h: HandState, step: Step) -> bool:
        deal(h, step)
        return False

    def describe(self, step: Step) -> str:
        down = sum(1 for f in step.faces if not f)
        up = len(step.faces) - down
        parts = [f"{down} down" if down else "", f"{up} up" if up else ""]
        return f"{step.label}: deal {' and '.join(p for p in parts if p)} to each player"


class Board(Automatic):
    """``board``: :func:`turn_board`."""

    deals: bool = True
    fields: Mapping[str, tuple[str, Any]] = {"count": ("int 1 5", "required"), "burn": ("bool", True)}
    label: str = "Board"

    def cards(self, step: Step) -> StepCards:
        return StepCards(board=step.count, burned=1 if step.burn else 0)

    def start(self, h: HandState, step: Step) -> bool:
        turn_board(h, step)
        return False

    def describe(self, step: Step) -> str:
        """
        >>> from homegame.rules.step import Step
        >>> Board().describe(Step("board", "Flop", count=3, burn=True))
        'Flop: burn one, turn 3 community cards'
        """
        return f"{step.label}: {'burn one, ' if step.burn else ''}turn {step.count} community card" + (
            "s" if step.count > 1 else "")


class Roll(Automatic):
    """``roll``: :func:`roll`."""

    label: str = "Roll"

    def start(self, h: HandState, step: Step) -> bool:
        roll(h)
        return False

    def describe(self, step: Step) -> str:
        return f"{step.label}: everyone turns their next card face up"
